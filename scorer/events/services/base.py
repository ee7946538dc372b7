"""What every write of an event shares: the event's lock and version, what the organizer decided
written down (``EventRecord``), the tables and games nobody can change any more, a table's game."""

from django.db.models import F
from django.utils.translation import gettext as _

from scorer.engine import InvalidInput
from scorer.engine.errors import FieldError
from scorer.events.models import Entrant, Event, EventGame, EventRecord, EventTable
from scorer.models import Game
from scorer.tables.freshness import Change, changed
from scorer.tables.services.games import game_create


def invalid(path: str, message: str) -> InvalidInput:
    return InvalidInput([FieldError(path, message)])


def record(
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


def lock_event(event: Event) -> Event:
    """The event's row, locked until the transaction ends: one organizer change at a time."""
    locked = Event.objects.select_for_update().get(pk=event.pk)
    changed(Change.EVENT, event_pk=event.pk)  # its version moves, pushed once the change commits
    locked.version += 1
    event.version = locked.version
    return locked


def check_version(event: Event, version: int | None) -> None:
    if version is not None and version + 1 != event.version:
        raise invalid(
            "version", _("The event was changed meanwhile (on another device). Look again and retry.")
        )


def lock_games(game_ids) -> None:
    """Nobody can change these games any more: a new secret version revokes every edit grant and
    the old edit links (the organizer's rights on the event no longer open them either)."""
    game_ids = list(game_ids)
    Game.objects.filter(pk__in=game_ids).update(secret_version=F("secret_version") + 1)
    changed(Change.EVENT_TABLES, games=game_ids)


def lock_tables(tables) -> None:
    tables = [table for table in tables if not table.locked]
    if not tables:
        return
    EventTable.objects.filter(pk__in=[t.pk for t in tables]).update(locked=True)
    lock_games(EventGame.objects.filter(table__in=tables).values_list("game_id", flat=True))


def _game_players(event: Event, seated: list[Entrant]) -> list[str]:
    """A table's players in turn order: with teams, team 1's first, team 2's first, team 1's second…"""
    if event.partners:
        first, second = (entrant.players for entrant in seated)
        return [first[0], second[0], first[1], second[1]]
    return [entrant.name for entrant in seated]


def open_game(event: Event, table: EventTable, seated: list[Entrant], *, number: int, first_dealer: int = 0):
    game, _secret = game_create(
        ruleset=event.ruleset,
        house=event.house_copy,
        options=event.options,
        players=_game_players(event, seated),
        hands_planned=event.hands_per_game,
        first_dealer=first_dealer,
        in_event=True,
    )
    return EventGame.objects.create(table=table, number=number, game=game)


def table_of(data, table_id: int) -> EventTable:
    for tables in data.tables.values():
        for table in tables:
            if table.pk == table_id:
                return table
    raise invalid("table", _("No such table in this event."))


def writable(event: Event) -> None:
    if event.finished:
        raise invalid("", _("The event is finished: nothing can change any more."))


def link_rotation_record(*, event: Event, device=None) -> None:
    """Write down that the organizer made a new organizer link (the old one no longer works)."""
    record(event, EventRecord.LINK, device=device)


def card_replace_record(*, event: Event, number: int, device=None) -> None:
    """Write down that table ``number`` has a new card (the old one no longer opens it)."""
    record(event, EventRecord.CARD, device=device, table_number=number)
