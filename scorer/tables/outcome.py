"""What a hand records beside its input: who finished it and how (stored with the hand, shown on
the board, the scoresheet and the CSV). Works on a stored hand's validated input; no Django here,
so that the migration that filled existing hands uses the same definition.
"""

from collections.abc import Mapping, Sequence

FINISH_KINDS = ("pairs", "okey_discard", "elden", "nine_pairs_run")
"""The ways of going out a hand records, in the order they are written (``Hand.finish``)."""
SEPARATOR = ","


def stored_finish(data: Mapping, scored_flags: Sequence[str]) -> tuple[int | None, str]:
    """``(finisher, finish)`` of a validated hand: the finisher's seat (None for a deck-out or a
    draw) and how they went out, as the rule set scores it: ``pairs`` when they opened with pairs,
    and each finish flag the rule set has (``scored_flags``; an unscored flag is not recorded)."""
    for seat, player in enumerate(data.get("players") or ()):
        if isinstance(player, Mapping) and player.get("finished") is True:
            flags = player.get("finish")
            features = (
                {flag for flag, on in flags.items() if on is True} if isinstance(flags, Mapping) else set()
            )
            if player.get("opened") == "pairs":
                features.add("pairs")
            kept = [
                kind
                for kind in FINISH_KINDS
                if kind in features and (kind == "pairs" or kind in scored_flags)
            ]
            return seat, SEPARATOR.join(kept)
    return None, ""


def finish_kinds(finish: str) -> list[str]:
    """``Hand.finish`` as its kinds, in order."""
    return [kind for kind in finish.split(SEPARATOR) if kind in FINISH_KINDS]


def next_dealer(last_dealer: int | None, first_dealer: int, players: int) -> int:
    """Who deals the next hand: the seat after the last live hand's dealer (the table's first
    dealer before any hand). Follows what is stored, so a deleted hand changes nobody's deal."""
    return first_dealer % players if last_dealer is None else (last_dealer + 1) % players
