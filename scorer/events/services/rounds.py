"""An event's rounds: seating and opening the next one, seating the current one again, keeping a
round's seating after a correction moved the standings it was seated from."""

from django.db import transaction
from django.utils.translation import gettext as _

from scorer.engine import InvalidInput
from scorer.events.corrections import seating_shifts
from scorer.events.models import Entrant, Event, EventRecord, EventTable, Round
from scorer.events.selectors.document import event_data
from scorer.events.selectors.standings import event_standings
from scorer.events.services.base import (
    check_version,
    invalid,
    lock_event,
    lock_tables,
    open_game,
    record,
    writable,
)
from scorer.events.services.cards import cards_ensure
from scorer.models import Game
from scorer.tables.freshness import Change, changed


def _seat(event: Event, number: int, seating, entrants: list[Entrant], standings=()) -> Round:
    """Store a round's seating: its tables, each with a normal table (Game) for its first game.
    Seated by the standings, the round keeps the places it was seated from (``standings``): a
    correction in an earlier round that moves them is then shown to the organizer."""
    names = [entrant.name for entrant in entrants]
    repeats = [[[names[a], names[b]] for a, b in table] for table in seating.repeats]
    rnd = Round.objects.create(
        event=event,
        number=number,
        byes=[entrants[e].pk for e in seating.byes],
        repeats=repeats,
        method=seating.method,
        seated_from=[[row.entrant.pk, row.place] for row in standings]
        if seating.method == "standings"
        else [],
    )
    for k, seats in enumerate(seating.tables):
        table = EventTable.objects.create(round=rnd, number=k + 1, seats=[entrants[e].pk for e in seats])
        open_game(event, table, [entrants[e] for e in seats], number=1)
    cards_ensure(event, len(seating.tables))
    return rnd


def _why_not_seated(view) -> InvalidInput:
    if view.errors:
        return InvalidInput(list(view.errors))
    if view.next_round_problem:
        return invalid("rounds", view.next_round_problem)
    if view.complete:
        return invalid("rounds", _("The event is complete: finish it to close every table."))
    return invalid(
        "rounds", _("The next round starts once every table of this round is complete and every tie decided.")
    )


@transaction.atomic
def round_start(*, event: Event, device=None, version: int | None = None) -> Round:
    """Seat and open the next round: round 1 by the seeded draw, later points rounds by the
    standings, knockout rounds by drawing who advanced (scorer.events.rules). Every table gets a
    normal okeycalc table (Game) with the seats' players, partners opposite. In a knockout, the
    round before is locked (decision E12)."""
    locked = lock_event(event)
    check_version(locked, version)
    if locked.finished:
        raise invalid("", _("The event is finished."))
    view = event_standings(locked, next_round=True)
    if view.next_round is None:
        raise _why_not_seated(view)
    data = view.data
    if locked.knockout and data.rounds:
        last = data.rounds[-1]
        lock_tables(data.tables.get(last.pk, []))
        Round.objects.filter(pk=last.pk).update(status=Round.LOCKED)
    elif data.rounds:
        Round.objects.filter(pk=data.rounds[-1].pk).update(status=Round.DONE)
        tell_boards(data, data.rounds[-1])
    number = len(data.rounds) + 1
    rnd = _seat(locked, number, view.next_round, data.entrants, view.standings)
    Event.objects.filter(pk=locked.pk).update(status=Event.RUNNING)
    event.status = Event.RUNNING
    record(locked, EventRecord.ROUND, device=device, round_number=number)
    if rnd.byes:
        names = [e.name for e in data.entrants if e.pk in rnd.byes]
        record(locked, EventRecord.BYE, device=device, round_number=number, entrants=names)
    return rnd


def tell_boards(data, rnd: Round) -> None:
    """The boards of the round before show that the next round has started (and where the table
    card's holder goes now): a new version of each of its games, pushed to the open boards."""
    game_ids = [
        link.game_id for table in data.tables.get(rnd.pk, []) for link in data.games.get(table.pk, [])
    ]
    changed(Change.EVENT_TABLES, games=game_ids)


def _current_round(data) -> Round | None:
    return data.rounds[-1] if data.rounds else None


@transaction.atomic
def round_reseat(*, event: Event, device=None, version: int | None = None, note: str = "") -> Round:
    """Seat the current round again (decision E11): only while none of its tables has a hand.
    Late arrivals and no-shows written down meanwhile are then taken into account, and so are
    corrections made since in the rounds before (``note`` says who they moved)."""
    locked = lock_event(event)
    check_version(locked, version)
    writable(locked)
    data = event_data(locked)
    rnd = _current_round(data)
    if rnd is None:
        raise invalid("rounds", _("No round is seated yet."))
    games = [link.game_id for table in data.tables.get(rnd.pk, []) for link in data.games.get(table.pk, [])]
    if any(data.hands.get(game) for game in games):
        raise invalid("rounds", _("A hand has been entered in this round: its seating stands."))
    Game.objects.filter(pk__in=games).delete()
    rnd.delete()
    if len(data.rounds) > 1:  # the round before becomes the last again (a knockout's stays locked)
        before = data.rounds[-2]
        if before.status == Round.DONE:
            Round.objects.filter(pk=before.pk).update(status=Round.PLAYING)
    view = event_standings(locked, next_round=True)
    if view.next_round is None:
        raise _why_not_seated(view)
    again = _seat(locked, rnd.number, view.next_round, view.data.entrants, view.standings)
    record(locked, EventRecord.RESEAT, device=device, round_number=rnd.number, note=note)
    return again


@transaction.atomic
def seating_keep(*, event: Event, round_number: int, device=None, version: int | None = None) -> Round:
    """Keep a round's seating although a correction since moved the standings it was seated from:
    the places as they stand now become the ones it is compared with, and who moved is written
    down."""
    locked = lock_event(event)
    check_version(locked, version)
    writable(locked)
    view = event_standings(locked, next_round=False)
    shift = next((s for s in seating_shifts(view) if s.round_number == round_number), None)
    if shift is None:
        raise invalid("rounds", _("The standings this round was seated from have not changed."))
    rnd = next(r for r in view.data.rounds if r.number == round_number)
    Round.objects.filter(pk=rnd.pk).update(seated_from=[list(pair) for pair in shift.places])
    names = [move.name for move in shift.moves]
    record(
        locked, EventRecord.KEEP, device=device, round_number=round_number, entrants=names, note=shift.note
    )
    return rnd
