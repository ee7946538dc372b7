"""How the app-server processes tell each other of changes: Redis pub/sub when ``REDIS_URL`` is
set, else PostgreSQL ``LISTEN/NOTIFY`` on PostgreSQL, else nothing (the embedded SQLite default:
each hub reads its open topics' stamps). :func:`announce` is the sending side, used by saves;
:func:`listen_redis` and :func:`listen_postgresql` the receiving side, one thread of each
process's hub (``to``): it hands the hub every message (``to.heard``), says when it listens
(``to.listened()``: the hub reads what changed meanwhile) and when it lost its connection
(``to.lost(what)``: the hub reads the stamps until it is back)."""

import logging
import time

from django.conf import settings
from django.db import connections

logger = logging.getLogger("scorer.platform.push")

REDIS_CHANNEL = "okeycalc:push"
PG_CHANNEL = "okeycalc_push"
LISTEN_WAIT_SECONDS = 0.25
"""How long a listener waits for a message before it looks whether its hub was stopped."""
REDIS_RETRY_SECONDS = 5.0
"""After a failed publish, saves do not try Redis again for this long (the safety poll carries
the changes meanwhile): a save never waits for a Redis that is down."""

_redis_client = None
_redis_down_until = 0.0


def backend_name() -> str:
    chosen = getattr(settings, "OKEYCALC_PUSH_BACKEND", "")
    if chosen:
        return chosen
    if settings.REDIS_URL:
        return "redis"
    if connections["default"].vendor == "postgresql":
        return "postgresql"
    return "poll"


def _redis():
    global _redis_client
    if _redis_client is None:
        import redis

        _redis_client = redis.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=0.5, socket_timeout=0.5
        )
    return _redis_client


def announce(names: list[str]) -> bool:
    """Publish ``names`` to the other processes; whether Redis took them."""
    global _redis_down_until
    backend = backend_name()
    if backend == "redis":
        if time.monotonic() < _redis_down_until:
            return False
        try:
            client = _redis()
            for name in names:
                client.publish(REDIS_CHANNEL, name)
        except Exception:
            _redis_down_until = time.monotonic() + REDIS_RETRY_SECONDS
            raise
        return True
    if backend == "postgresql":
        with connections["default"].cursor() as cursor:
            for name in names:
                cursor.execute("SELECT pg_notify(%s, %s)", [PG_CHANNEL, name])
    return False


def listen_redis(to) -> None:
    import redis

    while not to.stopped.is_set():
        try:
            client = redis.Redis.from_url(
                settings.REDIS_URL, socket_connect_timeout=1, health_check_interval=10
            )
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            pubsub.subscribe(REDIS_CHANNEL)
            to.listened()
            while not to.stopped.is_set():
                message = pubsub.get_message(timeout=LISTEN_WAIT_SECONDS)
                if message is not None:
                    to.heard(message["data"].decode())
            pubsub.close()
        except Exception:
            to.lost("Redis")


def listen_postgresql(to) -> None:
    import psycopg

    while not to.stopped.is_set():
        try:
            with psycopg.connect(_pg_conninfo(), autocommit=True) as connection:
                connection.execute(f"LISTEN {PG_CHANNEL}")
                to.listened()
                while not to.stopped.is_set():
                    for notify in connection.notifies(timeout=LISTEN_WAIT_SECONDS):
                        to.heard(notify.payload)
        except Exception:
            to.lost("PostgreSQL")


LISTENERS = {"redis": listen_redis, "postgresql": listen_postgresql}


def _pg_conninfo() -> str:
    import psycopg.conninfo

    params = connections["default"].get_connection_params()
    params.pop("cursor_factory", None)
    params.pop("context", None)
    params.pop("prepare_threshold", None)
    params.pop("pool", None)
    return psycopg.conninfo.make_conninfo(**{k: v for k, v in params.items() if isinstance(v, str | int)})
