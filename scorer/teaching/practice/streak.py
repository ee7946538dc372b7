"""The learner's streak (hands in a row with every answer right), kept in the session: no account.

A hand counts once: answering the same permalink again (or reloading after marking) neither adds to
the streak nor breaks it.
"""

SEEN = 30
"""How many answered hands the session remembers, to count each once."""


def streak_after(state: dict | None, key: str, all_right: bool) -> dict:
    """The streak state after this hand was marked (a new dict; ``state`` is left as it was)."""
    current = {"streak": 0, "best": 0, "seen": [], **(state or {})}
    if key in current["seen"]:
        return current
    streak = current["streak"] + 1 if all_right else 0
    return {"streak": streak, "best": max(current["best"], streak), "seen": [*current["seen"], key][-SEEN:]}
