"""An event's changes, pushed to its open standings, venue displays and organizer pages
(scorer/platform/push/).

The event's topic is published by every organizer change (scorer/events/services/) and, through
:func:`tables_events` registered with the tables (scorer/tables/push.py), by every write to one of
its tables. The stamp the hub reads is :func:`scorer.events.selectors.document.event_stamp`.
"""

from django.db.models import F
from django.utils import timezone

from scorer.events.models import Event, EventGame
from scorer.events.selectors.document import event_stamp
from scorer.platform import push
from scorer.tables import freshness
from scorer.tables import push as table_push

KIND = "event"
SETTLE_SECONDS = 0.1
"""An event's pages wait this long after a change for the others of that moment (its tables'
scorekeepers save at once at the end of a hand): one render of the standings for all of them."""


def _stamps(keys: list[int]) -> dict[int, object]:
    return {event.pk: event_stamp(event) for event in Event.objects.filter(pk__in=keys)}


def tables_events(game_pks: list[int]) -> list[str]:
    """The topics of the events these tables belong to."""
    events = EventGame.objects.filter(game_id__in=game_pks).values_list("table__round__event_id", flat=True)
    return [push.topic_name(KIND, pk) for pk in set(events)]


def event_bump(event_pk: int) -> None:
    """Move the event's version and publish its topic once the write commits: what
    scorer/tables/freshness.py does for an event's pages."""
    Event.objects.filter(pk=event_pk).update(version=F("version") + 1, updated_at=timezone.now())
    push.publish(KIND, event_pk)


def connect() -> None:
    push.register(push.Kind(KIND, _stamps, settle=SETTLE_SECONDS))
    table_push.register_related(tables_events)
    freshness.register_event_bump(event_bump)
