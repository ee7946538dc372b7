"""The rate limits' store without Redis: counts in a table every worker shares,
changed in single statements, so concurrent increments are never lost (SQLite and PostgreSQL)."""

import threading

import pytest
from django.core.cache import caches
from django.db import connection

from scorer.platform.counters import DatabaseCounterCache

pytestmark = pytest.mark.django_db(transaction=True)

THREADS, EACH = 8, 25


@pytest.fixture
def counts() -> DatabaseCounterCache:
    store = caches["limits"]
    assert isinstance(store, DatabaseCounterCache)  # the settings without REDIS_URL
    store.clear()
    yield store
    store.clear()


def test_concurrent_increments_from_many_connections_are_all_counted(counts):
    assert counts.add("window", 1, 60)
    start = threading.Barrier(THREADS)

    def bump() -> None:
        start.wait()
        try:
            for _ in range(EACH):
                counts.incr("window")
        finally:
            connection.close()  # each thread had its own connection

    threads = [threading.Thread(target=bump) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert counts.get("window") == 1 + THREADS * EACH


def test_add_is_refused_while_the_window_lives_and_taken_again_once_it_expired(counts):
    assert counts.add("w", 1, 60) and not counts.add("w", 1, 60)
    assert counts.add("old", 1, -1)  # already expired
    assert counts.get("old") is None
    assert counts.add("old", 1, 60) and counts.incr("old") == 2
    with pytest.raises(ValueError):
        counts.incr("missing")
    with pytest.raises(TypeError):
        counts.set("text", "not a count", 60)
