"""The rules of tournaments (EVENT_FORMAT.md): pure Python, no Django, like the scoring engine.

An event document in, standings, every table's result and the next round's seating out. Each
game is scored by the engine (HAND_FORMAT.md); entrants are indexes into the event's entrants.

>>> hand = {"players": [{"opened": "sets", "finished": True}, {"opened": "sets", "remaining": {"points": 40}},
...                     {"opened": "sets", "remaining": {"points": 12}}, {}]}
>>> result = score_event({"name": "Cuma", "ruleset": "loca", "hands_per_game": 1, "seed": 7,
...     "entrants": ["Ayşe", "Bora", "Cem", "Deniz"], "format": {"kind": "points", "rounds": 2},
...     "rounds": [{"tables": [{"seats": ["Ayşe", "Bora", "Cem", "Deniz"], "games": [{"hands": [hand]}]}]}]},
...     next_round=True)
>>> [(s.place, result.event.entrants[s.entrant].name, int(s.points)) for s in result.standings]
[(1, 'Ayşe', 3), (2, 'Cem', 2), (3, 'Bora', 1), (4, 'Deniz', 0)]
>>> result.next_round.tables
((0, 2, 1, 3),)
"""

from collections.abc import Mapping
from dataclasses import dataclass

from scorer.engine import InvalidInput
from scorer.engine.errors import ErrorList
from scorer.engine.i18n import _

from .document import parse_event
from .evaluate import RoundResult, evaluate
from .model import Entrant, Event, Format, Kind, Round, Table
from .nextround import NoRound, next_round
from .output import event_dict
from .seating import Seating, draw, plan
from .standings import Standing, knockout_standings, points_standings
from .tables import TableResult


@dataclass(frozen=True, slots=True)
class EventResult:
    event: Event
    rounds: tuple[RoundResult, ...]
    standings: tuple[Standing, ...]
    complete: bool
    next_round: Seating | NoRound | None = None
    """Only when asked for: the next round's seating, None (nothing to seat) or why it cannot be."""

    def to_dict(self) -> dict:
        seating = self.next_round if isinstance(self.next_round, Seating) else None
        return event_dict(self.event, self.rounds, self.standings, self.complete, seating)


def score_event(data: object, *, next_round: bool = False, known: Mapping | None = None) -> EventResult:
    """Validate and score an event document; raises :class:`InvalidInput` naming every bad field
    (``known``: games already scored, by path: :func:`~scorer.events.rules.document.parse_event`)."""
    return evaluate_event(parse_event(data, known=known), next_round=next_round)


def evaluate_event(event: Event, *, next_round: bool = False) -> EventResult:
    """Score an already validated :class:`Event` (the web app builds one from its tables)."""
    errors = ErrorList()
    rounds = evaluate(event, errors)
    errors.raise_if_any()
    standings = knockout_standings(event, rounds) if event.knockout else points_standings(event, rounds)
    result = EventResult(event, rounds, standings, is_complete(event, rounds))
    if not next_round:
        return result
    seating = _seat_next(event, rounds, standings, errors)
    errors.raise_if_any()
    return EventResult(event, rounds, standings, result.complete, seating)


def _seat_next(event: Event, rounds, standings, errors: ErrorList):
    if is_complete(event, rounds):
        return None
    seating = next_round(event, rounds, standings)
    if isinstance(seating, Seating) and not event.knockout:
        points = event.format.placement_points
        size = max((len(table) for table in seating.tables), default=0)
        if len(points) < size:
            message = _("A table of {size} needs {size} placement points.").format(size=size)
            errors.add("format.placement_points", message)
    return seating


def is_complete(event: Event, rounds: tuple[RoundResult, ...]) -> bool:
    """Points: every round played and complete. Knockout: the final is complete and decided."""
    if not rounds or not rounds[-1].complete:
        return False
    if event.knockout:
        return rounds[-1].final
    return len(rounds) == event.format.rounds


__all__ = [
    "Entrant",
    "Event",
    "EventResult",
    "Format",
    "InvalidInput",
    "Kind",
    "NoRound",
    "Round",
    "RoundResult",
    "Seating",
    "Standing",
    "Table",
    "TableResult",
    "draw",
    "evaluate_event",
    "plan",
    "score_event",
]
