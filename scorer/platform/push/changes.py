"""The writing side: a write :func:`publish`\\ es its topics once its transaction commits, and
:func:`send` tells this process's hub and every other process's (through the backend);
:func:`ready_message` is what a process sends once it stored a stream's part for all the others
(scorer/platform/sharedpart.py)."""

import json
import logging

from django.db import transaction

from scorer.platform.push import backends, hub
from scorer.platform.push.parts import AGAIN, topic_name

logger = logging.getLogger("scorer.platform.push")


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
