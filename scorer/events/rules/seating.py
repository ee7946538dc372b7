"""Seating a round: how many tables of which size, the seeded draw, and seating by standings.

The draw is a Fisher–Yates shuffle whose random numbers are SHA-256 digests of the seed, the
round's number and the position, so anyone can redo it from the page, in any language:

>>> draw(["Ayşe", "Bora", "Cem", "Deniz", "Ece"], seed=1907, round_number=1)
['Cem', 'Bora', 'Ayşe', 'Deniz', 'Ece']
>>> plan(14, teams=False, allow_three=True)
((4, 4, 3, 3), 0)
>>> plan(5, teams=False, allow_three=True)
((4,), 1)
>>> plan(7, teams=True, allow_three=False)
((2, 2, 2), 1)
"""

import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

SEARCH_STEPS = 200_000
"""How many partial tables the search for a seating without repeat opponents may try."""


@dataclass(frozen=True, slots=True)
class Seating:
    """A round's tables (entrant indexes in turn order) and who sits out (bye)."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()
    repeats: tuple[tuple[tuple[int, int], ...], ...] = ()
    """Per table, the pairs who had met before (standings seating, when it could not be avoided)."""
    method: str = "draw"
    """``draw`` (round 1, knockout) or ``standings`` (later points rounds)."""


def draw_number(seed: int, round_number: int, position: int) -> int:
    digest = hashlib.sha256(f"{seed}:{round_number}:{position}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def draw(items: Sequence, *, seed: int, round_number: int) -> list:
    """The items in drawn order: for i from the last position down to 1, swap item i with item
    ``draw_number(seed, round, i) % (i + 1)``."""
    drawn = list(items)
    for i in range(len(drawn) - 1, 0, -1):
        j = draw_number(seed, round_number, i) % (i + 1)
        drawn[i], drawn[j] = drawn[j], drawn[i]
    return drawn


def plan(count: int, *, teams: bool, allow_three: bool) -> tuple[tuple[int, ...], int]:
    """Table sizes (tables of 4 first) and how many sit out, for ``count`` entrants.

    Teams: tables of 2 teams, an odd team out. Individuals: tables of 4, with as few tables of 3
    as make the count fit (when ``allow_three``); whoever is still left over sits out.
    """
    if teams:
        return (2,) * (count // 2), count % 2
    if count < 3:
        return (), count
    if count <= 4:
        return (count,), 0
    threes = (-count) % 4
    if allow_three and 3 * threes <= count:
        return (4,) * ((count - 3 * threes) // 4) + (3,) * threes, 0
    return (4,) * (count // 4), count % 4


def seat_draw(entrants: Iterable[int], *, seed: int, round_number: int, sizes, byes: int) -> Seating:
    """Draw the entrants and seat them in drawn order; the last ``byes`` drawn sit out."""
    drawn = draw(list(entrants), seed=seed, round_number=round_number)
    tables, start = [], 0
    for size in sizes:
        tables.append(tuple(drawn[start : start + size]))
        start += size
    return Seating(tuple(tables), tuple(drawn[start : start + byes]))


# --- seating by standings (points rounds after the first) ------------------------------------


def pick_byes(order: Sequence[int], byes: int, sat_out: Callable[[int], int]) -> tuple[int, ...]:
    """Who sits out: those who sat out least so far, the lowest-ranked of them first."""
    ranked = sorted(range(len(order)), key=lambda k: (sat_out(order[k]), -k))
    return tuple(order[k] for k in sorted(ranked[:byes], reverse=True))


def seat_by_standings(order: Sequence[int], sizes, met: Callable[[int, int], bool]) -> Seating:
    """Table 1 takes the leader and the best-ranked entrants it has not met, and so on down.

    The first such seating in standings order with no repeat opponent at all is searched for
    (backtracking, at most :data:`SEARCH_STEPS` steps); if there is none, each table in turn takes
    the best-ranked entrants that add the fewest repeats.
    """
    try:
        found = _search(list(order), list(sizes), met, [0])
    except _OutOfSteps:
        found = None
    tables = found if found is not None else _fewest_repeats(list(order), sizes, met)
    repeats = tuple(
        tuple((a, b) for i, a in enumerate(table) for b in table[i + 1 :] if met(a, b)) for table in tables
    )
    return Seating(tuple(tables), (), repeats if any(repeats) else (), "standings")


class _OutOfSteps(Exception):
    pass


def _search(remaining: list[int], sizes: list[int], met, steps: list[int]) -> list[tuple[int, ...]] | None:
    if not sizes:
        return []
    anchor, rest = remaining[0], remaining[1:]
    for table in _tables_without_repeats((anchor,), rest, sizes[0], met, steps):
        left = [e for e in rest if e not in table]
        below = _search(left, sizes[1:], met, steps)
        if below is not None:
            return [table, *below]
    return None


def _tables_without_repeats(chosen: tuple[int, ...], candidates: list[int], size: int, met, steps):
    """Tables extending ``chosen`` with no two members who met, in standings (lexicographic) order."""
    if len(chosen) == size:
        yield chosen
        return
    for k, candidate in enumerate(candidates):
        steps[0] += 1
        if steps[0] > SEARCH_STEPS:
            raise _OutOfSteps
        if len(candidates) - k < size - len(chosen):
            return
        if not any(met(candidate, member) for member in chosen):
            yield from _tables_without_repeats((*chosen, candidate), candidates[k + 1 :], size, met, steps)


def _fewest_repeats(remaining: list[int], sizes, met) -> list[tuple[int, ...]]:
    rank = {entrant: k for k, entrant in enumerate(remaining)}
    tables = []
    for size in sizes:
        table = [remaining.pop(0)]
        while len(table) < size:
            best = min(range(len(remaining)), key=lambda k: (sum(met(remaining[k], m) for m in table), k))
            table.append(remaining.pop(best))
        tables.append(tuple(sorted(table, key=rank.__getitem__)))
    return tables
