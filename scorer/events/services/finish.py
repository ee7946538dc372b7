"""Finishing an event, and undoing it while no table changed since."""

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from scorer.events.models import Event, EventGame, EventRecord, EventTable, Round
from scorer.events.selectors.document import event_data, finish_undoable
from scorer.events.services.base import check_version, invalid, lock_event, lock_tables, record, writable
from scorer.models import Game
from scorer.tables.freshness import Change, changed


@transaction.atomic
def event_finish(*, event: Event, device=None, version=None) -> Event:
    """Finish the event (decision E12): every table is closed to any change; the standings stand.
    What it locks is kept (``Event.finish_undo``), so that :func:`event_unfinish` can undo it."""
    locked = lock_event(event)
    check_version(locked, version)
    writable(locked)
    data = event_data(locked)
    tables = [table for tables in data.tables.values() for table in tables if not table.locked]
    lock_tables(tables)
    undo = {
        "tables": [table.pk for table in tables],
        "rounds": [[rnd.pk, rnd.status] for rnd in data.rounds],
        "at": timezone.now().isoformat(),
    }
    Round.objects.filter(event=locked).update(status=Round.LOCKED)
    Event.objects.filter(pk=locked.pk).update(status=Event.FINISHED, finish_undo=undo)
    event.status, event.finish_undo = Event.FINISHED, undo
    record(locked, EventRecord.FINISH, device=device, round_number=len(data.rounds) or None)
    return event


def _finished_games(event: Event) -> list[int]:
    return list(
        EventGame.objects.filter(table__pk__in=event.finish_undo.get("tables", [])).values_list(
            "game_id", flat=True
        )
    )


@transaction.atomic
def event_unfinish(*, event: Event, device=None, version=None) -> Event:
    """Undo finishing, while no table changed since: the tables it locked open again with their
    scorekeepers' links and rights as they were, and the rounds are as they were."""
    locked = lock_event(event)
    check_version(locked, version)
    if not finish_undoable(locked):
        raise invalid("", _("Finishing can no longer be undone: a table has changed since."))
    undo = locked.finish_undo
    EventTable.objects.filter(pk__in=undo["tables"]).update(locked=False)
    game_ids = _finished_games(locked)
    # The links and grants of before count again.
    Game.objects.filter(pk__in=game_ids).update(secret_version=F("secret_version") - 1)
    changed(Change.EVENT_TABLES, games=game_ids)
    for pk, status in undo["rounds"]:
        Round.objects.filter(pk=pk, event=locked).update(status=status)
    Event.objects.filter(pk=locked.pk).update(status=Event.RUNNING, finish_undo={})
    event.status, event.finish_undo = Event.RUNNING, {}
    rounds = len(undo["rounds"])
    record(locked, EventRecord.UNFINISH, device=device, round_number=rounds or None)
    return event
