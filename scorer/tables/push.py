"""A table's changes, pushed to its open boards (scorer/platform/push/).

Every write to a table names what it changed to scorer/tables/freshness.py, which bumps its
``version`` and has :func:`tables_changed` publish the table's topic when that write commits, and
the topics of whatever registered as related (an event shows its tables' hands:
scorer/events/push.py). The stamp the hub reads for a table is its version.
"""

from collections.abc import Callable, Iterable

from django.db import transaction

from scorer.models import Game
from scorer.platform import push

KIND = "table"

Related = Callable[[list[int]], list[str]]
"""``related(game_pks) -> topic names`` that change with these tables (read after the commit)."""

_related: list[Related] = []


def register_related(related: Related) -> None:
    if related not in _related:
        _related.append(related)


def _versions(keys: list[int]) -> dict[int, object]:
    return dict(Game.objects.filter(pk__in=keys).values_list("pk", "version"))


push.register(push.Kind(KIND, _versions))


def topic(key: int) -> str:
    return push.topic_name(KIND, key)


def tables_changed(game_pks: Iterable[int], *, events: bool = True) -> None:
    """Publish, once the write commits, that these tables changed, and with ``events`` the topics
    registered as related to them (their events' pages). Called by scorer/tables/freshness.py,
    which decides what a change makes stale."""
    keys = list(dict.fromkeys(game_pks))
    if not keys:
        return
    if not events or not _related:
        push.publish(KIND, *keys)
        return

    def send() -> None:
        names = [push.topic_name(KIND, key) for key in keys]
        for related in _related:
            names.extend(related(keys))
        push.send(names)

    transaction.on_commit(send)
