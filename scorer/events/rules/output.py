"""An event's result as the JSON of EVENT_FORMAT.md ("Result")."""

from fractions import Fraction

from .evaluate import RoundResult
from .model import Event
from .seating import Seating
from .standings import Standing
from .tables import TableResult

FORMAT = 1


def number(value: Fraction) -> int | float:
    """Points as JSON numbers: whole, or a half when shared (other shares, from uneven custom
    placement points, to two decimals)."""
    if value.denominator == 1:
        return int(value)
    return float(value) if value.denominator == 2 else round(float(value), 2)


def event_dict(event: Event, rounds, standings, complete: bool, next_round: Seating | None) -> dict:
    names = [entrant.name for entrant in event.entrants]
    body = {
        "format": FORMAT,
        "name": event.name,
        "kind": event.format.kind.value,
        "complete": complete,
        "standings": [standing_dict(s, names, event.knockout) for s in standings],
        "rounds": [round_dict(r, names, event.knockout) for r in rounds],
    }
    if next_round is not None:
        body["next_round"] = seating_dict(next_round, names)
    return body


def standing_dict(standing: Standing, names: list[str], knockout: bool) -> dict:
    if knockout:
        return {
            "place": standing.place,
            "entrant": names[standing.entrant],
            "round": standing.round,
            "position": standing.position,
            "total": standing.total,
            "wins": standing.wins,
            "games": standing.games,
        }
    return {
        "place": standing.place,
        "entrant": names[standing.entrant],
        "points": number(standing.points),
        "total": standing.total,
        "games": standing.games,
        "wins": standing.wins,
    }


def round_dict(rnd: RoundResult, names: list[str], knockout: bool) -> dict:
    body: dict = {"tables": [table_dict(t, names, knockout) for t in rnd.tables]}
    if rnd.byes:
        body["byes"] = [names[e] for e in rnd.byes]
    if rnd.final:
        body["final"] = True
    return body


def table_dict(table: TableResult, names: list[str], knockout: bool) -> dict:
    body: dict = {
        "seats": [names[e] for e in table.seats],
        "complete": table.complete,
        "hands": list(table.hands),
        "totals": list(table.totals),
    }
    if knockout:
        body["wins"] = list(table.wins)
        if table.positions:
            body["positions"] = list(table.positions)
        body["advancing"] = [names[e] for e in table.advancing]
        if table.tie_at_cut:
            body["tie_at_cut"] = [names[e] for e in table.tie_at_cut]
        if table.decided is not None:
            body["decided"] = [names[e] for e in table.decided]
    else:
        body["points"] = [number(p) for p in table.points]
    if table.closed:
        body["closed"] = True
    return body


def seating_dict(seating: Seating, names: list[str]) -> dict:
    tables = []
    for k, seats in enumerate(seating.tables):
        table: dict = {"seats": [names[e] for e in seats]}
        if seating.repeats and seating.repeats[k]:
            table["repeat_opponents"] = [[names[a], names[b]] for a, b in seating.repeats[k]]
        tables.append(table)
    body: dict = {"tables": tables}
    if seating.byes:
        body["byes"] = [names[e] for e in seating.byes]
    return body
