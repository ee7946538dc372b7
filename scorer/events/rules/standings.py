"""The standings: points events by points, total and wins; knockout by how far each entrant got.

Entrants equal on every key share a place (1 + the number strictly ahead) and are listed in
entrants order. An entrant who withdrew before playing at all (a no-show) is not listed.
"""

from dataclasses import dataclass
from fractions import Fraction

from .evaluate import RoundResult
from .model import Event


@dataclass(frozen=True, slots=True)
class Standing:
    place: int
    entrant: int
    total: int
    games: int
    wins: int
    points: Fraction = Fraction(0)
    """Points events: the sum of the entrant's placement points."""
    round: int = 0
    """Knockout: the last round the entrant reached (1-based; 0 before the first)."""
    position: int | None = None
    """Knockout: its place in its table's match order in that round (None: bye or still playing)."""
    state: str = ""
    """Knockout: ``advanced``, ``bye``, ``playing``, ``tied`` (waiting for the decision), ``out``,
    or at the final ``champion`` and ``second``."""


def listed(event: Event) -> list[int]:
    """Entrants in the standings: all but those who withdrew without ever being seated."""
    seated = {e for rnd in event.rounds for e in rnd.seated}
    return [e for e in range(len(event.entrants)) if e not in event.withdrawn or e in seated]


def placed(keyed: list[tuple[tuple, int, dict]]) -> tuple[Standing, ...]:
    """(key, entrant, fields) → standings in key order, equal keys sharing a place."""
    keyed = sorted(keyed, key=lambda item: (item[0], item[1]))
    standings, ahead = [], 0
    for k, (key, entrant, fields) in enumerate(keyed):
        if k and key != keyed[k - 1][0]:
            ahead = k
        standings.append(Standing(place=ahead + 1, entrant=entrant, **fields))
    return tuple(standings)


def points_standings(event: Event, results: tuple[RoundResult, ...]) -> tuple[Standing, ...]:
    sums = {e: {"points": Fraction(0), "total": 0, "games": 0, "wins": 0} for e in listed(event)}
    for rnd in results:
        for table in rnd.tables:
            for i, entrant in enumerate(table.seats):
                row = sums[entrant]
                row["points"] += table.points[i] if table.points else 0
                row["total"] += table.totals[i]
                row["games"] += len(table.counted)
                row["wins"] += table.wins[i]
    keyed = [((-row["points"], row["total"], -row["wins"]), e, row) for e, row in sums.items()]
    return placed(keyed)


def knockout_standings(event: Event, results: tuple[RoundResult, ...]) -> tuple[Standing, ...]:
    keyed = []
    for entrant in listed(event):
        key, fields = knockout_key(entrant, results)
        keyed.append((key, entrant, fields))
    return placed(keyed)


def knockout_key(entrant: int, results: tuple[RoundResult, ...]) -> tuple[tuple, dict]:
    """By the last round reached (later first), then the place in that round's match order, then
    the match total there. A bye sorts after the last place that advances and a table still
    playing after the byes: both ahead of every place that is out."""
    for r in range(len(results) - 1, -1, -1):
        rnd = results[r]
        number = r + 1
        if entrant in rnd.byes:
            return (-number, (rnd.cut, 1), 0), fields(number, None, 0, 0, 0, "bye")
        table = rnd.table_of(entrant)
        if table is None:
            continue
        if not table.complete:
            return (-number, (rnd.cut, 2), 0), fields(number, None, 0, 0, 0, "playing")
        i = table.seat_of(entrant)
        position, total = table.positions[i], table.totals[i]
        state = table_state(entrant, table, rnd)
        return (-number, (position, 0), total), fields(
            number, position, total, table.wins[i], len(table.counted), state
        )
    return (0, (0, 0), 0), fields(0, None, 0, 0, 0, "")


# How the final table's other places are named (its first is the champion).
FINAL_PLACES = {2: "second", 3: "third", 4: "fourth"}


def table_state(entrant: int, table, rnd: RoundResult) -> str:
    if entrant in table.tie_at_cut:
        return "tied"
    if entrant in table.advancing:
        return "champion" if rnd.final else "advanced"
    if rnd.final and table.positions:
        return FINAL_PLACES.get(table.positions[table.seat_of(entrant)], "out")
    return "out"


def fields(number: int, position: int | None, total: int, wins: int, games: int, state: str) -> dict:
    return {
        "round": number,
        "position": position,
        "total": total,
        "wins": wins,
        "games": games,
        "state": state,
    }
