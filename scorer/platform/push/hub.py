"""This process's :class:`Hub`: its open topics, and the one listener for the whole process
(scorer/platform/push/backends.py) that wakes the streams of a topic when it changes. Whatever
the backend, the hub also reads the open topics' stamps — every ``POLL_SECONDS`` without a
listener (the embedded SQLite default), every ``SAFETY_SECONDS`` with one — so a lost message
(Redis restarted, a listener reconnecting) delays a change, never loses it."""

import json
import logging
import threading
import time

from django.db import connections

from scorer.platform.push import backends
from scorer.platform.push.parts import AGAIN, KINDS, Gone, topic_name
from scorer.platform.push.topics import Subscriber, Topic, wake_all

logger = logging.getLogger("scorer.platform.push")

POLL_SECONDS = 0.15
"""The embedded default (no Redis, SQLite): how often a process reads its open topics' stamps."""
SAFETY_SECONDS = 5.0
"""With Redis or PostgreSQL: how often the stamps are read anyway, in case a message was lost."""


class Hub:
    """This process's open topics and the one listener that wakes them."""

    def __init__(self, backend: str, *, poll: bool = True) -> None:
        """``poll`` False: no thread reads the stamps (a test calls :meth:`check_stamps` itself)."""
        self.backend = backend
        self.topics: dict[str, Topic] = {}
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.listening = False
        """True while the Redis or PostgreSQL listener is connected (else the stamps are polled)."""
        self.threads = []
        if poll:
            self.threads.append(threading.Thread(target=self._poll, name="okeycalc-push-poll", daemon=True))
        listen = backends.LISTENERS.get(backend)
        if listen is not None:
            self.threads.append(
                threading.Thread(target=listen, args=[self], name="okeycalc-push-listen", daemon=True)
            )
        for thread in self.threads:
            thread.start()

    def subscribe(self, kind: str, key: int, subscriber: Subscriber) -> Topic:
        name = topic_name(kind, key)
        with self.lock:
            topic = self.topics.get(name)
            if topic is None:
                topic = self.topics[name] = Topic(name, kind, key)
            topic.subscribers.add(subscriber)
            return topic

    def unsubscribe(self, topic: Topic, subscriber: Subscriber) -> None:
        with self.lock:
            topic.subscribers.discard(subscriber)
            if not topic.subscribers and self.topics.get(topic.name) is topic:
                del self.topics[topic.name]

    def heard(self, message: str) -> None:
        """A message: a topic changed, or (``AGAIN``) a part of it is ready in the shared cache."""
        if message.startswith(AGAIN):
            self.ready(*read_ready(message.removeprefix(AGAIN)))
        else:
            self.wake(message)

    def ready(self, name: str, key: str, value: object) -> None:
        """Another process stored the part ``key`` of topic ``name`` (``value``: None when the
        message did not carry it). The renders of the event loops waiting for it take it; the
        WSGI streams told :class:`Elsewhere` ask again. The streams that have their part are not
        woken."""
        with self.lock:
            topic = self.topics.get(name)
            if topic is None:
                return
            waiting = [s for s in topic.subscribers if s.loop is None]
        topic.ready(key, value)
        wake_all(waiting)

    def wake(self, name: str, *, changed: bool = True) -> None:
        """Wake the topic's streams; ``changed``: what they showed is out of date (else only the
        streams that have nothing yet ask again; the others find their part in the memo)."""
        with self.lock:
            topic = self.topics.get(name)
            if topic is None:
                return
            if changed:
                topic.generation += 1  # a render under way keeps its older generation: asked again
            settle = KINDS[topic.kind].settle if changed and topic.kind in KINDS else 0.0
            if settle:
                if topic.settling:
                    return  # the wake on its way brings this change too
                topic.settling = True
                timer = threading.Timer(settle, self._settled, [topic])
                timer.daemon = True
                timer.start()
                return
            subscribers = list(topic.subscribers)
        wake_all(subscribers)

    def _settled(self, topic: Topic) -> None:
        with self.lock:
            topic.settling = False
            topic.generation += 1  # whatever was rendered meanwhile may predate the last change
            subscribers = list(topic.subscribers)
        wake_all(subscribers)

    def end_all(self) -> None:
        """End every open stream of this process (a test's end; a shutdown)."""
        with self.lock:
            subscribers = [s for topic in self.topics.values() for s in topic.subscribers]
        for subscriber in subscribers:
            subscriber.end()

    def stop(self) -> None:
        self.stopped.set()
        self.end_all()

    def stream_count(self) -> int:
        with self.lock:
            return sum(len(topic.subscribers) for topic in self.topics.values())

    # The stamps: every POLL_SECONDS without a listener, every SAFETY_SECONDS with one.
    def _poll(self) -> None:
        last = 0.0
        while not self.stopped.wait(POLL_SECONDS):
            now = time.monotonic()
            if self.listening and now - last < SAFETY_SECONDS:
                continue
            last = now
            try:
                self.check_stamps()
            except Exception:
                logger.warning("could not read the open topics' stamps", exc_info=True)
            finally:
                connections.close_all()  # this thread's: none is held between reads

    def check_stamps(self) -> None:
        with self.lock:
            open_topics = list(self.topics.values())
        by_kind: dict[str, list[Topic]] = {}
        for topic in open_topics:
            by_kind.setdefault(topic.kind, []).append(topic)
        for kind, topics in by_kind.items():
            stamps = KINDS[kind].stamps([topic.key for topic in topics])
            for topic in topics:
                stamp = stamps.get(topic.key, Gone)
                if stamp != topic.stamp:  # the first read too: a change since a stream's first render
                    topic.stamp = stamp
                    self.wake(topic.name)

    # What the listener thread reports (scorer/platform/push/backends.py).
    def listened(self) -> None:
        if not self.listening:
            logger.info("push: listening on %s", self.backend)
        self.listening = True
        try:
            self.check_stamps()  # what changed while nobody listened
        finally:
            connections.close_all()  # this thread's Django connection: the listener has its own

    def lost(self, what: str) -> None:
        if self.listening:
            logger.warning("push: lost the %s listener; reading stamps until it is back", what, exc_info=True)
        self.listening = False
        self.stopped.wait(1.0)


_hub: Hub | None = None
_hub_lock = threading.Lock()
_stopped_threads: list[threading.Thread] = []


def current() -> Hub:
    """This process's hub, started by the first stream."""
    global _hub
    with _hub_lock:
        if _hub is None or _hub.stopped.is_set():
            _hub = Hub(backends.backend_name())
        return _hub


def read_ready(message: str) -> tuple[str, str, object]:
    """(topic, key, value) of a ready message after ``AGAIN`` (scorer/platform/push/changes.py's
    ``ready_message``): key "" and value None when it names only the topic."""
    name, _sep, rest = message.partition("\n")
    key, _sep, value = rest.partition("\n")
    if not key or not value:
        return name, "", None
    try:
        return name, key, json.loads(value)
    except ValueError:
        return name, "", None


def running() -> Hub | None:
    """This process's hub if a stream started one."""
    return _hub


def shutdown(*, wait: bool = False) -> None:
    """Stop this process's hub and end its streams (the next stream starts a new hub); with
    ``wait``, until every stopped hub's threads have let go of their connections."""
    global _hub
    with _hub_lock:
        if _hub is not None:
            _hub.stop()
            _stopped_threads.extend(_hub.threads)
        _hub = None
        if wait:
            for thread in _stopped_threads:
                thread.join(5)
            _stopped_threads.clear()


def end_streams() -> None:
    """End the open streams of this process (their browsers reconnect)."""
    if _hub is not None:
        _hub.end_all()
