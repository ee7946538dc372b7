"""The game's fixed costs and the words for its fouls, finish flags and tiles.

Shared by the scoring pipeline and by everything that shows or explains a hand (the hand form,
the calculator, the rules pages, compare): re-exported by :mod:`scorer.engine`. Labels are English
msgids, translated where they are shown (``_``).

>>> FOUL_LABELS["okey_discard"], FOUL_COST
('Discarded a real okey', 101)
"""

from .i18n import _, gettext_noop

__all__ = [
    "FLAG_LABELS",
    "FOUL_COST",
    "FOUL_LABELS",
    "NOT_OPENED_BASE",
    "OKEY_COST",
    "TILE_WORDS",
    "tile_words",
]
"""What :mod:`scorer.engine` re-exports (this list only: its ``__init__`` takes it whole)."""

NOT_OPENED_BASE = 202
"""What a player who never opened writes, before any multiplier, in every published rule set
(a rule set's own number is its ``not_opened_cost``: a house rule set may change it)."""
OKEY_COST = 101
"""What each okey (and in LOCA each fake okey) left in an opener's hand costs (``okey_cost``)."""
FOUL_COST = 101
"""What each foul costs (``foul_cost``)."""

FOUL_LABELS = {
    "okey_discard": gettext_noop("Discarded a real okey"),
    "islek_discard": gettext_noop("Discarded an işlek tile"),
    "take_back": gettext_noop("Took back what was laid down"),
    "side_tile_unused": gettext_noop("Took the side tile and did not use it"),
    "below_threshold": gettext_noop("Tried to open below the threshold"),
    "okey_taken_from_discard": gettext_noop("Own discarded okey was taken"),
    "okey_swapped": gettext_noop("Own okey was swapped out of a group"),
}
FLAG_LABELS = {
    "okey_discard": gettext_noop("Finished by discarding the okey"),
    "elden": gettext_noop("Elden (opened and finished in one move)"),
    "nine_pairs_run": gettext_noop("9 pairs + 1 run"),
}
TILE_WORDS = {
    "red": gettext_noop("red"),
    "yellow": gettext_noop("yellow"),
    "blue": gettext_noop("blue"),
    "black": gettext_noop("black"),
    "fake": gettext_noop("fake okey"),
    "okey": gettext_noop("okey"),
}


def signed(points: int) -> str:
    """A number as the rules write it, with a true minus sign: ``-101`` → "−101"."""
    return f"−{-points}" if points < 0 else str(points)


def tile_words(tile: str) -> str:
    """``red-7`` → "red 7" in the active language; ``fake`` → "fake okey"."""
    colour, _sep, number = tile.partition("-")
    return f"{_(TILE_WORDS[colour])} {number}".rstrip()
