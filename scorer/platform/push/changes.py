"""The writing side: a write :func:`publish`\\ es its topics once its transaction commits, and
:func:`send` tells this process's hub and every other process's (through the backend). With a
shared cache, :func:`rendered_once` has one process of all render a part the viewers share."""

import json
import logging
from collections.abc import Callable

from django.conf import settings
from django.db import transaction

from scorer.platform import cache
from scorer.platform.push import backends, hub
from scorer.platform.push.parts import AGAIN, Elsewhere, topic_name

logger = logging.getLogger("scorer.platform.push")

RENDER_FLAG_SECONDS = 10
"""How long the flag of a process rendering a shared part holds, should that process die."""


def publish(kind: str, *keys: int) -> None:
    """Announce, once the current transaction commits, that these topics changed."""
    names = [topic_name(kind, key) for key in keys]
    if names:
        transaction.on_commit(lambda: send(names))


def send(names: list[str]) -> None:
    """Tell this process's streams and every other process's hub that ``names`` changed. With a
    Redis listener connected this process hears it from Redis too, and only then."""
    try:
        sent = backends.announce(names)
    except Exception:  # a push lost is a push late (the safety poll): never a failed save
        # The topics only: a ready message carries a whole rendered part after its first line.
        logger.warning("could not publish %s", [name.split("\n", 1)[0] for name in names], exc_info=True)
        sent = False
    the_hub = hub.running()
    if the_hub is not None and not (sent and the_hub.listening and the_hub.backend == "redis"):
        for name in names:
            the_hub.heard(name)


def rendered_once(key: str, render: Callable[[], object], *, topic: str, seconds: float) -> object:
    """What the shared cache holds at ``key``, rendered by ``render`` in one process of all: with
    Redis every process's streams wake at once for a change, and one of them renders (it holds a
    flag in the cache) while the others raise :class:`Elsewhere`; once the part is stored the
    renderer announces ``topic`` again with the key and the value (:func:`ready_message`), and
    the others take it from that message. Without a shared cache every process renders its own
    (the flag is its own too). A stream never waits in a thread for it."""
    found = cache.get(key)
    if found is not None:
        return found
    if not cache.add(f"{key}:rendering", 1, RENDER_FLAG_SECONDS):
        raise Elsewhere(key)
    try:
        found = render()
        cache.set(key, found, seconds)
    finally:
        cache.delete(f"{key}:rendering")
    if settings.REDIS_URL:
        send([ready_message(topic, key, found)])
    return found


def ready_message(topic: str, key: str, value: object) -> str:
    """``again|topic``, then the key and the value as JSON when Redis carries the message (a
    PostgreSQL notification holds 8,000 bytes at most) and the value is JSON (a tuple of strings,
    numbers and booleans: the cached parts)."""
    if backends.backend_name() != "redis":
        return AGAIN + topic
    try:
        return f"{AGAIN}{topic}\n{key}\n{json.dumps(value, separators=(',', ':'))}"
    except (TypeError, ValueError):
        return AGAIN + topic
