"""Services of tournaments: score an event document, and (below) the writes of the web app."""

import datetime

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from scorer.engine import InvalidInput
from scorer.engine.errors import FieldError
from scorer.events.models import Entrant, Event, EventGame, EventRecord, EventTable, Round, new_seed
from scorer.events.rules import NoRound, score_event
from scorer.events.rules.document import parse_event
from scorer.events.selectors import event_standings
from scorer.models import Game
from scorer.tables.services import MSG_NESTED, game_create


def event_score_document(data: object, *, next_round: bool = False) -> tuple[bool, dict]:
    """Score an event document: ``(True, result)`` or ``(False, {"errors": [...]})``.

    The rules refuse text no answer could hold (lone surrogates) first, naming its path."""
    try:
        result = score_event(data, next_round=next_round)
    except InvalidInput as exc:
        return False, exc.to_dict()
    except RecursionError:
        return False, InvalidInput([FieldError("", _(MSG_NESTED))]).to_dict()
    if isinstance(result.next_round, NoRound):
        return False, InvalidInput([FieldError("rounds", result.next_round.message)]).to_dict()
    return True, result.to_dict()


# --- the web app's writes ---------------------------------------------------------------------


def _invalid(path: str, message: str) -> InvalidInput:
    return InvalidInput([FieldError(path, message)])


def event_document_of(
    *,
    name: str,
    date: str | None,
    ruleset: str,
    options: dict,
    hands_per_game: int,
    kind: str,
    entrants: list,
    seed: int,
    rounds: int | None = None,
    placement_points: list[int] | None = None,
    advance: int | None = None,
    games_per_match: int | None = None,
) -> dict:
    """The event document of a new event (no rounds yet), as the create form describes it."""
    fmt: dict = {"kind": kind}
    if kind == Event.POINTS:
        fmt["rounds"] = rounds
        if placement_points is not None:
            fmt["placement_points"] = list(placement_points)
    else:
        if advance is not None:
            fmt["advance"] = advance
        if games_per_match is not None:
            fmt["games_per_match"] = games_per_match
    document = {
        "name": name,
        "ruleset": ruleset,
        "options": options,
        "hands_per_game": hands_per_game,
        "entrants": entrants,
        "format": fmt,
        "seed": seed,
    }
    if date:
        document["date"] = date
    return document


def _record(
    event: Event, kind: str, *, device=None, round_number=None, table_number=None, entrants=(), note=""
):
    return EventRecord.objects.create(
        event=event,
        kind=kind,
        device=device,
        round_number=round_number,
        table_number=table_number,
        entrants=list(entrants),
        note=note[:200],
    )


def _event_from_parsed(parsed, *, device=None) -> Event:
    """Store a validated event (scorer.events.rules.Event) and its entrants (no rounds)."""
    fmt = parsed.format
    event = Event.objects.create(
        name=parsed.name,
        date=datetime.date.fromisoformat(parsed.date) if parsed.date else None,
        ruleset=parsed.ruleset,
        options=dict(parsed.options),
        hands_per_game=parsed.hands_per_game,
        kind=fmt.kind.value,
        rounds_planned=fmt.rounds if not parsed.knockout else None,
        placement_points=list(fmt.placement_points),
        advance=fmt.advance,
        games_per_match=fmt.games_per_match,
        seed=parsed.seed,
    )
    Entrant.objects.bulk_create(
        Entrant(event=event, position=k, name=entrant.name, players=list(entrant.players))
        for k, entrant in enumerate(parsed.entrants)
    )
    return event


@transaction.atomic
def create_event(*, device=None, seed: int | None = None, **fields) -> tuple[Event, str]:
    """Create an event from the create form's fields (see :func:`event_document_of`); returns it
    and its organizer link's secret. Raises InvalidInput naming the document's paths."""
    document = event_document_of(seed=new_seed() if seed is None else seed, **fields)
    parsed = parse_event(document)
    event = _event_from_parsed(parsed, device=device)
    _record(event, EventRecord.CREATED, device=device)
    return event, event.link_secret


def _lock_event(event: Event) -> Event:
    """The event's row, locked until the transaction ends: one organizer change at a time."""
    locked = Event.objects.select_for_update().get(pk=event.pk)
    Event.objects.filter(pk=event.pk).update(version=F("version") + 1, updated_at=timezone.now())
    locked.version += 1
    event.version = locked.version
    return locked


def _check_version(event: Event, version: int | None) -> None:
    if version is not None and version + 1 != event.version:
        raise _invalid(
            "version", _("The event was changed meanwhile (on another device). Look again and retry.")
        )


def _lock_games(game_ids) -> None:
    """Nobody can change these games any more: a new secret version revokes every edit grant and
    the old edit links (the organizer's rights on the event no longer open them either)."""
    Game.objects.filter(pk__in=list(game_ids)).update(
        secret_version=F("secret_version") + 1, version=F("version") + 1, updated_at=timezone.now()
    )


def _lock_tables(tables) -> None:
    tables = [table for table in tables if not table.locked]
    if not tables:
        return
    EventTable.objects.filter(pk__in=[t.pk for t in tables]).update(locked=True)
    _lock_games(EventGame.objects.filter(table__in=tables).values_list("game_id", flat=True))


def _seat(event: Event, number: int, seating, entrants: list[Entrant]) -> Round:
    """Store a round's seating: its tables, each with a normal table (Game) for its first game."""
    names = [entrant.name for entrant in entrants]
    repeats = [[[names[a], names[b]] for a, b in table] for table in seating.repeats]
    rnd = Round.objects.create(
        event=event,
        number=number,
        byes=[entrants[e].pk for e in seating.byes],
        repeats=repeats,
        method=seating.method,
    )
    for k, seats in enumerate(seating.tables):
        table = EventTable.objects.create(round=rnd, number=k + 1, seats=[entrants[e].pk for e in seats])
        _open_game(event, table, [entrants[e] for e in seats], number=1)
    return rnd


def game_players(event: Event, seated: list[Entrant]) -> list[str]:
    """A table's players in turn order: with teams, team 1's first, team 2's first, team 1's second…"""
    if event.partners:
        first, second = (entrant.players for entrant in seated)
        return [first[0], second[0], first[1], second[1]]
    return [entrant.name for entrant in seated]


def _open_game(event: Event, table: EventTable, seated: list[Entrant], *, number: int, first_dealer: int = 0):
    game, _secret = game_create(
        ruleset=event.ruleset,
        options=event.options,
        players=game_players(event, seated),
        hands_planned=event.hands_per_game,
        first_dealer=first_dealer,
    )
    return EventGame.objects.create(table=table, number=number, game=game)


def _why_not_seated(view) -> InvalidInput:
    if view.errors:
        return InvalidInput(list(view.errors))
    if view.next_round_problem:
        return _invalid("rounds", view.next_round_problem)
    if view.complete:
        return _invalid("rounds", _("The event is complete: finish it to close every table."))
    return _invalid(
        "rounds", _("The next round starts once every table of this round is complete and every tie decided.")
    )


@transaction.atomic
def start_round(event: Event, *, device=None, version: int | None = None) -> Round:
    """Seat and open the next round: round 1 by the seeded draw, later points rounds by the
    standings, knockout rounds by drawing who advanced (scorer.events.rules). Every table gets a
    normal okeycalc table (Game) with the seats' players, partners opposite. In a knockout, the
    round before is locked (decision E12)."""
    locked = _lock_event(event)
    _check_version(locked, version)
    if locked.finished:
        raise _invalid("", _("The event is finished."))
    view = event_standings(locked, next_round=True)
    if view.next_round is None:
        raise _why_not_seated(view)
    data = view.data
    if locked.knockout and data.rounds:
        last = data.rounds[-1]
        _lock_tables(data.tables.get(last.pk, []))
        Round.objects.filter(pk=last.pk).update(status=Round.LOCKED)
    elif data.rounds:
        Round.objects.filter(pk=data.rounds[-1].pk).update(status=Round.DONE)
    number = len(data.rounds) + 1
    rnd = _seat(locked, number, view.next_round, data.entrants)
    Event.objects.filter(pk=locked.pk).update(status=Event.RUNNING)
    event.status = Event.RUNNING
    _record(locked, EventRecord.ROUND, device=device, round_number=number)
    if rnd.byes:
        names = [e.name for e in data.entrants if e.pk in rnd.byes]
        _record(locked, EventRecord.BYE, device=device, round_number=number, entrants=names)
    return rnd
