"""Backup and restore of events (turnuva), beside the tables' (scorer/tables/backup.py).

An event travels as one entry, ``{"event": {...}}``: the event's own fields (its public id, and
what the organizer link is derived from: its version and key, so that on a server with the same
``SECRET_KEY`` the organizer link keeps working), its entrants in order, its rounds with their
tables, each table's games by the public id of their table (``Game``), and its records (what the
organizer decided). Every row is written field by field (scorer/tables/backuprows.py); the
entrant ids the seats, byes and decided ties hold are written as the entrants' positions.
Organizer grants are devices' rights, not the event's data, and are not exported, nor which
device decided a record: a device claims the event again with its organizer link. Its table
cards (scorer/events/cards.py) travel with their version, key and code, so that the printed cards
keep working; which devices held them does not.

An event is restored after the tables of its games (``import_tables`` reads every table first),
in one transaction: one whose id exists already is skipped, one that names a table not in the
database, or one another event holds, is refused by its path and stores nothing.
"""

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scorer.engine import InvalidInput
from scorer.engine.errors import FieldError
from scorer.events.models import (
    Entrant,
    Event,
    EventGame,
    EventRecord,
    EventTable,
    Round,
    TableCard,
    TieBreak,
)
from scorer.models import Game
from scorer.tables.backup import PUBLIC_ID
from scorer.tables.backuprows import Exported, entries_of, row_fields, row_from

ENTRANT_LISTS = {"byes": Round, "seats": EventTable, "decided": EventTable}
"""The fields holding entrant ids, written as their positions."""
MSG_NO_TABLE = gettext_noop("No table with this id in the database: restore the tables first.")
MSG_TAKEN = gettext_noop("This table belongs to another event already.")
MSG_NO_ENTRANT = gettext_noop("Not an entrant of this event.")


@dataclass(frozen=True, slots=True)
class RestoredEvent:
    """One event read from a backup: the new row, or why it was skipped."""

    event: Event | None
    skipped: str = ""


# --- export ------------------------------------------------------------------------------------


def tie_break_fields(tie_break: TieBreak, positions) -> dict:
    """A tie-break game at the cut: its own table (by public id), the tied as positions."""
    fields = row_fields(tie_break) | {"table": tie_break.game.public_id}
    return fields | {"entrants": positions(tie_break.entrants)}


def event_entry(event: Event) -> dict:
    """The backup entry of one event (see the module docstring)."""
    entrants = list(event.entrants.all())
    position = {entrant.pk: entrant.position for entrant in entrants}

    def positions(ids: list | None) -> list | None:
        return None if ids is None else [position[pk] for pk in ids]

    rounds = []
    for rnd in event.rounds.prefetch_related("tables__games__game", "tables__tie_breaks__game"):
        tables = [
            row_fields(table)
            | {"seats": positions(table.seats), "decided": positions(table.decided)}
            | {"games": [{"number": link.number, "table": link.game.public_id} for link in table.games.all()]}
            | {"tie_breaks": [tie_break_fields(tie_break, positions) for tie_break in table.tie_breaks.all()]}
            for table in rnd.tables.all()
        ]
        seated_from = [[position[pk], place] for pk, place in rnd.seated_from if pk in position]
        rounds.append(
            row_fields(rnd) | {"byes": positions(rnd.byes), "seated_from": seated_from, "tables": tables}
        )
    return {
        "event": row_fields(event)
        | {
            "entrants": [row_fields(entrant) for entrant in entrants],
            "rounds": rounds,
            "records": [row_fields(record) for record in event.records.all()],
            "cards": [row_fields(card) for card in event.cards.all()],
        }
    }


def event_entries(*, indent: int | None = None) -> Iterator[Exported]:
    """Every event's entry, oldest first, each read on its own (like the tables')."""
    return entries_of(Event, event_entry, indent=indent)


# --- restore -----------------------------------------------------------------------------------


def is_event_entry(data: object) -> bool:
    return isinstance(data, Mapping) and set(data) == {"event"}


def _items(data: Mapping, key: str, path: str) -> list:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise InvalidInput([FieldError(f"{path}.{key}", _("Not a value okeycalc writes here."))])
    return value


def event_restore(*, data: Mapping) -> RestoredEvent:
    """Restore one event entry with its public id (skipped if present), in one transaction."""
    raw = data["event"]
    event = row_from(Event, raw, path="event")
    if not _is_public_id(raw.get("public_id")):
        raise InvalidInput([FieldError("event.public_id", _("Not a value okeycalc writes here."))])
    if Event.objects.filter(public_id=event.public_id).exists():
        return RestoredEvent(None, skipped=_("An event with this id exists already."))
    with transaction.atomic():
        event.save()
        ids = _add_entrants(event, _items(raw, "entrants", "event"))
        for r, raw_round in enumerate(_items(raw, "rounds", "event")):
            _add_round(event, raw_round, ids, path=f"event.rounds[{r}]")
        EventRecord.objects.bulk_create(
            row_from(EventRecord, record, path=f"event.records[{k}]", event=event)
            for k, record in enumerate(_items(raw, "records", "event"))
        )
        TableCard.objects.bulk_create(
            row_from(TableCard, card, path=f"event.cards[{k}]", event=event)
            for k, card in enumerate(_items(raw, "cards", "event"))
        )
    return RestoredEvent(event)


def _is_public_id(value: object) -> bool:
    return isinstance(value, str) and PUBLIC_ID.fullmatch(value) is not None


def _add_entrants(event: Event, entrants: list) -> dict[int, int]:
    """The entrants in order; returns each one's position → its new id."""
    rows = [
        row_from(Entrant, entrant, path=f"event.entrants[{k}]", event=event)
        for k, entrant in enumerate(entrants)
    ]
    Entrant.objects.bulk_create(rows)
    return dict(event.entrants.values_list("position", "pk"))


def _entrant_ids(raw: Mapping, key: str, ids: dict[int, int], path: str) -> list | None:
    value = raw.get(key)
    if value is None and key == "decided":
        return None
    if not isinstance(value, list) or not all(type(p) is int and p in ids for p in value):
        raise InvalidInput([FieldError(f"{path}.{key}", _(MSG_NO_ENTRANT))])
    return [ids[p] for p in value]


def _seated_from(raw: Mapping, ids: dict[int, int], path: str) -> list:
    """The places a round was seated from, as [entrant position, place] pairs (none in a backup
    written before rounds kept them)."""
    value = raw.get("seated_from", [])
    pairs = value if isinstance(value, list) else None
    if pairs is None or not all(
        isinstance(pair, list)
        and len(pair) == 2
        and type(pair[0]) is int
        and pair[0] in ids
        and type(pair[1]) is int
        for pair in pairs
    ):
        raise InvalidInput([FieldError(f"{path}.seated_from", _(MSG_NO_ENTRANT))])
    return [[ids[position], place] for position, place in pairs]


def _add_round(event: Event, raw: Mapping, ids: dict[int, int], *, path: str) -> None:
    rnd = row_from(Round, raw, path=path, event=event)
    rnd.byes = _entrant_ids(raw, "byes", ids, path)
    rnd.seated_from = _seated_from(raw, ids, path)
    rnd.save()
    for t, raw_table in enumerate(_items(raw, "tables", path)):
        where = f"{path}.tables[{t}]"
        table = row_from(EventTable, raw_table, path=where, round=rnd)
        table.seats = _entrant_ids(raw_table, "seats", ids, where)
        table.decided = _entrant_ids(raw_table, "decided", ids, where)
        table.save()
        for g, link in enumerate(_items(raw_table, "games", where)):
            _link_game(table, link, path=f"{where}.games[{g}]")
        for k, raw_tie in enumerate(raw_table.get("tie_breaks") or []):  # older backups have none
            _add_tie_break(table, raw_tie, ids, path=f"{where}.tie_breaks[{k}]")


def _add_tie_break(table: EventTable, raw: object, ids: dict[int, int], *, path: str) -> None:
    public_id = raw.get("table") if isinstance(raw, Mapping) else None
    game = Game.objects.filter(public_id=public_id).first() if _is_public_id(public_id) else None
    if game is None:
        raise InvalidInput([FieldError(f"{path}.table", _(MSG_NO_TABLE))])
    tie_break = row_from(TieBreak, raw, path=path, table=table, game=game)
    tie_break.entrants = _entrant_ids(raw, "entrants", ids, path)
    tie_break.save()


def _link_game(table: EventTable, link: object, *, path: str) -> None:
    """An event table's game: the restored table of that public id, marked as an event's."""
    public_id = link.get("table") if isinstance(link, Mapping) else None
    game = Game.objects.filter(public_id=public_id).first() if _is_public_id(public_id) else None
    if game is None:
        raise InvalidInput([FieldError(f"{path}.table", _(MSG_NO_TABLE))])
    if EventGame.objects.filter(game=game).exists():
        raise InvalidInput([FieldError(f"{path}.table", _(MSG_TAKEN))])
    row_from(EventGame, link, path=path, table=table, game=game).save()
    if not game.in_event:  # a table exported before it knew: its guards and purge follow the event
        Game.objects.filter(pk=game.pk).update(in_event=True)
