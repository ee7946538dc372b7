"""Where a normal table sits in an event: what its board shows of the event, round and table."""

from dataclasses import dataclass

from django.db.models import Max

from scorer.events.clock import timer_of
from scorer.events.models import Event, EventGame


@dataclass(frozen=True)
class TablePlace:
    """Where a normal table sits in an event: shown on its board, which links back to the event."""

    event: Event
    round_number: int
    rounds: int | None
    """The event's number of rounds (points); None in a knockout, which plays until its final."""
    table_number: int
    game_number: int
    games_per_match: int
    locked: bool
    closed: bool
    rounds_started: int = 0
    """How many rounds the event has seated: past this table's round, its card leads elsewhere."""
    first_dealer: int = 0
    timer: object = None
    """The round's timer (scorer/events/timer.py), None while it was never started."""

    @property
    def later_round(self) -> int | None:
        """The round now running when it is not this table's (its card's holder goes there)."""
        if self.event.finished or self.rounds_started <= self.round_number:
            return None
        return self.rounds_started

    @property
    def next_game(self) -> int | None:
        """The number of the match's next game its scorekeeper may open as the rematch (knockout,
        best of N), or None: a table's rematch is otherwise no game of the event."""
        if self.locked or self.closed or self.game_number >= self.games_per_match:
            return None
        return self.game_number + 1

    @property
    def lock_reason(self) -> str:
        """Why nobody can change this table any more (E8, E12), or "" while it can be changed."""
        if not self.locked:
            return ""
        if self.event.finished:
            return "finished"
        return "closed" if self.closed else "round"


def table_place(game) -> TablePlace | None:
    """The event, round and table of ``game`` (one query), or None for a table of no event (no
    query: ``Game.in_event`` says so)."""
    if not game.in_event:
        return None
    link = (
        EventGame.objects.filter(game_id=game.pk)
        .select_related("table__round__event")
        .annotate(rounds_started=Max("table__round__event__rounds__number"))
        .first()
    )
    if link is None:
        return None
    table, event = link.table, link.table.round.event
    return TablePlace(
        event=event,
        round_number=table.round.number,
        rounds=None if event.knockout else event.rounds_planned,
        table_number=table.number,
        game_number=link.number,
        games_per_match=event.games_per_match if event.knockout else 1,
        locked=table.locked,
        closed=table.closed,
        rounds_started=link.rounds_started or 0,
        first_dealer=game.first_dealer,
        timer=timer_of(table.round) if link.rounds_started == table.round.number else None,
    )
