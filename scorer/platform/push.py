"""Changes pushed to every open page as server-sent events, rendered once per change.

A write publishes its topic (``"table:12"``, ``"event:3"``) once its transaction commits. Each
app-server process holds one :class:`Hub`: it learns of changes from one listener for the whole
process — Redis pub/sub when ``REDIS_URL`` is set, else PostgreSQL ``LISTEN/NOTIFY`` on
PostgreSQL, else (the embedded SQLite default) by reading the stamps of the topics it has open
every ``POLL_SECONDS`` — and wakes the streams of that topic in this process. A woken stream asks
its topic for the current part of its *variant* (language and role, from its :class:`Feed`): the
first asker renders it, every other stream of the topic in this process gets the same bytes
(:meth:`Topic.shared_async`; with Redis, one process of all renders a part the viewers share:
:func:`rendered_once`).
Whatever the backend, the hub also reads the open topics' stamps every ``SAFETY_SECONDS``, so a
lost message (Redis restarted, a listener reconnecting) delays a change, never loses it.

A stream (:func:`stream_response`) starts with ``retry:`` and a ``hello`` event, sends the current
part at once unless the client already shows it (its ``Last-Event-ID``, or ``?v=`` on a first
connection), then one event per change, each with its part's id, and a ``: ping`` comment every
``HEARTBEAT_SECONDS``. Under ASGI it is an async iterator (an idle stream holds no thread);
under WSGI (the test server) a generator. Nothing here knows tables or events: they register a
:class:`Kind` (scorer/tables/push.py, scorer/events/push.py).
"""

import asyncio
import logging
import signal
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import close_old_connections, connections, transaction
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse

from scorer.platform import cache

logger = logging.getLogger(__name__)

POLL_SECONDS = 0.15
"""The embedded default (no Redis, SQLite): how often a process reads its open topics' stamps."""
SAFETY_SECONDS = 5.0
"""With Redis or PostgreSQL: how often the stamps are read anyway, in case a message was lost."""
HEARTBEAT_SECONDS = 15.0
LISTEN_WAIT_SECONDS = 0.25
"""How long a listener waits for a message before it looks whether its hub was stopped."""
RETRY_MS = 1000
"""How long a browser waits before it reconnects a dropped stream (EventSource ``retry``)."""
REDIS_CHANNEL = "okeycalc:push"
PG_CHANNEL = "okeycalc_push"
PUSHED_CSRF_TOKEN = "pushed"
"""Stands for the CSRF token in parts shared by several devices; static/js/live.js puts the
page's own token in its place."""


class Part(NamedTuple):
    """What a stream sends for one state of its topic: the SSE event id (the state's ETag), the
    event name (which part of the page it replaces) and the HTML."""

    id: str
    event: str
    html: str
    rights: object = None
    """What the part was rendered under (an edit or organizer link's version), for
    :attr:`Feed.allowed` to compare with what the stream's device holds."""


class Gone(Exception):
    """The topic's object no longer exists: the stream ends."""


class Elsewhere(Exception):
    """Another process is rendering this part into the shared cache: the stream sends nothing now
    and is woken again once it is there (:func:`rendered_once`)."""


RENDER_FLAG_SECONDS = 10
"""How long the flag of a process rendering a shared part holds, should that process die."""
ELSEWHERE_RETRY_SECONDS = 1.0
"""A stream told :class:`Elsewhere` asks again after this, unless it is woken first."""


def rendered_once(key: str, render: Callable[[], object], *, topic: str, seconds: float) -> object:
    """What the shared cache holds at ``key``, rendered by ``render`` in one process of all: with
    Redis every process's streams wake at once for a change, and one of them renders (it holds a
    flag in the cache) while the others raise :class:`Elsewhere`; once the part is stored the
    renderer announces ``topic`` again, and the others read it. Without a shared cache every
    process renders its own (the flag is its own too). A stream never waits in a thread for it."""
    found = cache.get(key)
    if found is not None:
        return found
    if not cache.add(f"{key}:rendering", 1, RENDER_FLAG_SECONDS):
        raise Elsewhere()
    try:
        found = render()
        cache.set(key, found, seconds)
    finally:
        cache.delete(f"{key}:rendering")
    if settings.REDIS_URL:
        send([AGAIN + topic])
    return found


@dataclass(frozen=True, slots=True)
class Feed:
    """What one stream shows. ``variant()`` names the part this device gets now (language and
    role; None: nothing more, the stream ends); ``render(variant)`` renders it, in a thread, once
    for every stream of the process asking for it (raises :class:`Gone`); ``allowed(part)`` says
    whether this device may see a rendered part (False: ``variant()`` is asked again — it names
    another, or None)."""

    variant: Callable[[], str | None]
    render: Callable[[str], Part]
    allowed: Callable[[Part], bool] = lambda part: True


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of topic: ``stamps`` answers the current stamp of each of these keys (one query;
    a key missing from the answer no longer exists)."""

    name: str
    stamps: Callable[[list[int]], dict[int, object]]
    settle: float = 0.0
    """Seconds a change waits for more before its streams are woken: a topic that many writers
    change at once (an event's sixteen tables) is rendered once for the changes of that moment."""


KINDS: dict[str, Kind] = {}


def register(kind: Kind) -> None:
    KINDS[kind.name] = kind


def topic_name(kind: str, key: int) -> str:
    return f"{kind}:{key}"


# --- publishing -----------------------------------------------------------------------------


def publish(kind: str, *keys: int) -> None:
    """Announce, once the current transaction commits, that these topics changed."""
    names = [topic_name(kind, key) for key in keys]
    if names:
        transaction.on_commit(lambda: send(names))


AGAIN = "again|"
"""Before a topic's name in a message: no change, but a part is ready (:func:`rendered_once`)."""


def send(names: list[str]) -> None:
    """Tell this process's streams and every other process's hub that ``names`` changed. With a
    Redis listener connected this process hears it from Redis too, and only then."""
    try:
        sent = _backend_send(names)
    except Exception:  # a push lost is a push late (the safety poll): never a failed save
        logger.warning("could not publish %s", names, exc_info=True)
        sent = False
    hub = _hub
    if hub is not None and not (sent and hub.listening and hub.backend == "redis"):
        for name in names:
            hub.heard(name)


def backend_name() -> str:
    chosen = getattr(settings, "OKEYCALC_PUSH_BACKEND", "")
    if chosen:
        return chosen
    if settings.REDIS_URL:
        return "redis"
    if connections["default"].vendor == "postgresql":
        return "postgresql"
    return "poll"


_redis_client = None
_redis_down_until = 0.0
REDIS_RETRY_SECONDS = 5.0
"""After a failed publish, saves do not try Redis again for this long (the safety poll carries
the changes meanwhile): a save never waits for a Redis that is down."""


def _redis():
    global _redis_client
    if _redis_client is None:
        import redis

        _redis_client = redis.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=0.5, socket_timeout=0.5
        )
    return _redis_client


def _backend_send(names: list[str]) -> bool:
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


# --- one process's topics and streams -------------------------------------------------------


class Subscriber:
    """One open stream, woken by its topic from any thread."""

    def __init__(self, loop: asyncio.AbstractEventLoop | None) -> None:
        self.loop = loop
        self.ended = False
        if loop is None:
            self._event = threading.Event()
        else:
            self._async_event = asyncio.Event()

    def wake(self) -> None:
        if self.loop is None:
            self._event.set()
        else:
            self.loop.call_soon_threadsafe(self._async_event.set)

    def end(self) -> None:
        self.ended = True
        self.wake()

    def wait(self, seconds: float) -> bool:
        """(WSGI) True when woken within ``seconds``. Only a wake that was seen is cleared: one
        that comes just after a timeout is kept for the next wait, never lost."""
        woken = self._event.wait(seconds)
        if woken:
            self._event.clear()
        return woken

    async def wait_async(self, seconds: float) -> bool:
        try:
            await asyncio.wait_for(self._async_event.wait(), seconds)
        except TimeoutError:
            return False
        self._async_event.clear()
        return True


@dataclass
class Topic:
    name: str
    kind: str
    key: int
    subscribers: set[Subscriber] = field(default_factory=set)
    generation: int = 0
    """Counts the wakes: a shared part is current for the generation it was rendered in."""
    stamp: object = None
    memo: dict[str, tuple[int, Part | Gone]] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    rendering: dict[tuple[str, int], asyncio.Future] = field(default_factory=dict)
    settling: bool = False
    """A wake is waiting for the topic's kind's ``settle`` to pass."""

    def shared(self, variant: str, render: Callable[[str], Part]) -> Part:
        """(WSGI: a thread per stream) This generation's part of ``variant``: rendered by the
        first stream that asks, the same bytes for every other stream of the topic."""
        with self.lock:
            generation = self.generation
            found = self.memo.get(variant)
            if found is None or found[0] != generation:
                found = self.memo[variant] = (generation, _outcome(render, variant))
        return _result(found[1])

    async def shared_async(self, variant: str, render: Callable[[str], Part]) -> Part:
        """(ASGI: the process's streams on one event loop) The same, without a thread waiting:
        the first stream starts the render in a thread, the others await it."""
        generation = self.generation
        found = self.memo.get(variant)
        if found is not None and found[0] == generation:
            return _result(found[1])
        key = (variant, generation)
        task = self.rendering.get(key)
        if task is None:
            task = self.rendering[key] = asyncio.ensure_future(self._render(variant, render, generation))
        return _result(await asyncio.shield(task))  # a stream that goes away leaves the render to the others

    async def _render(self, variant: str, render: Callable[[str], Part], generation: int) -> Part | Gone:
        try:
            outcome = await sync_to_async(_outcome_in_thread, thread_sensitive=False)(render, variant)
            if self.memo.get(variant, (-1,))[0] <= generation:
                self.memo[variant] = (generation, outcome)
            return outcome
        finally:
            del self.rendering[(variant, generation)]


def _outcome(render: Callable[[str], Part], variant: str) -> Part | Gone:
    try:
        return render(variant)
    except Gone as gone:
        return gone


def _outcome_in_thread(render: Callable[[str], Part], variant: str) -> Part | Gone:
    """In a thread of the loop's pool: its connection is kept or closed as a request's would be."""
    close_old_connections()
    try:
        return _outcome(render, variant)
    finally:
        close_old_connections()


def _result(outcome: Part | Gone) -> Part:
    if isinstance(outcome, Gone):
        raise outcome
    return outcome


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
        if backend in ("redis", "postgresql"):
            listen = self._listen_redis if backend == "redis" else self._listen_postgresql
            self.threads.append(threading.Thread(target=listen, name="okeycalc-push-listen", daemon=True))
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
            self.wake(message.removeprefix(AGAIN), changed=False)
        else:
            self.wake(message)

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
        for subscriber in subscribers:
            subscriber.wake()

    def _settled(self, topic: Topic) -> None:
        with self.lock:
            topic.settling = False
            topic.generation += 1  # whatever was rendered meanwhile may predate the last change
            subscribers = list(topic.subscribers)
        for subscriber in subscribers:
            subscriber.wake()

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

    def _listen_redis(self) -> None:
        import redis

        while not self.stopped.is_set():
            try:
                client = redis.Redis.from_url(
                    settings.REDIS_URL, socket_connect_timeout=1, health_check_interval=10
                )
                pubsub = client.pubsub(ignore_subscribe_messages=True)
                pubsub.subscribe(REDIS_CHANNEL)
                self._listened()
                while not self.stopped.is_set():
                    message = pubsub.get_message(timeout=LISTEN_WAIT_SECONDS)
                    if message is not None:
                        self.heard(message["data"].decode())
                pubsub.close()
            except Exception:
                self._lost("Redis")

    def _listen_postgresql(self) -> None:
        import psycopg

        while not self.stopped.is_set():
            try:
                with psycopg.connect(_pg_conninfo(), autocommit=True) as connection:
                    connection.execute(f"LISTEN {PG_CHANNEL}")
                    self._listened()
                    while not self.stopped.is_set():
                        for notify in connection.notifies(timeout=LISTEN_WAIT_SECONDS):
                            self.heard(notify.payload)
            except Exception:
                self._lost("PostgreSQL")

    def _listened(self) -> None:
        if not self.listening:
            logger.info("push: listening on %s", self.backend)
        self.listening = True
        try:
            self.check_stamps()  # what changed while nobody listened
        finally:
            connections.close_all()  # this thread's Django connection: the listener has its own

    def _lost(self, what: str) -> None:
        if self.listening:
            logger.warning("push: lost the %s listener; reading stamps until it is back", what, exc_info=True)
        self.listening = False
        self.stopped.wait(1.0)


def _pg_conninfo() -> str:
    import psycopg.conninfo

    params = connections["default"].get_connection_params()
    params.pop("cursor_factory", None)
    params.pop("context", None)
    params.pop("prepare_threshold", None)
    params.pop("pool", None)
    return psycopg.conninfo.make_conninfo(**{k: v for k, v in params.items() if isinstance(v, str | int)})


_hub: Hub | None = None
_hub_lock = threading.Lock()


def hub() -> Hub:
    """This process's hub, started by the first stream."""
    global _hub
    with _hub_lock:
        if _hub is None or _hub.stopped.is_set():
            _hub = Hub(backend_name())
        return _hub


_chained: set[int] = set()


def _end_streams_on_exit() -> None:
    """When the server is told to stop (SIGTERM, SIGINT), the streams end at once: their browsers
    reconnect (to another server, or to this one once it is back) instead of holding the server
    until its graceful timeout. The server's own handler still runs. Only where signals can be
    set (the main thread: the ASGI server's event loop; not the test server's threads)."""
    if threading.current_thread() is not threading.main_thread():
        return
    for number in (signal.SIGTERM, signal.SIGINT):
        previous = signal.getsignal(number)
        if number in _chained or not callable(previous):
            continue

        def handler(signum, frame, previous=previous):
            end_streams()
            previous(signum, frame)

        signal.signal(number, handler)
        _chained.add(number)


_stopped_threads: list[threading.Thread] = []


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


# --- the stream ----------------------------------------------------------------------------


def event_text(part: Part) -> str:
    data = "".join(f"data: {line}\n" for line in part.html.splitlines() or [""])
    return f"id: {part.id}\nevent: {part.event}\n{data}\n"


@lru_cache(maxsize=64)
def event_bytes(part: Part) -> bytes:
    """The event as it goes out, encoded once for every stream sending the same part (the parts of
    a topic's memo are the same objects, whose strings keep their hash)."""
    return event_text(part).encode()


HELLO = f"retry: {RETRY_MS}\nevent: hello\ndata: \n\n"
PING = ": ping\n\n"


def stream_response(request: HttpRequest, *, kind: str, key: int, feed: Feed) -> HttpResponse:
    """The stream of topic ``kind:key`` as ``feed`` shows it to this request's device."""
    if hub().stream_count() >= settings.OKEYCALC_PUSH_MAX_STREAMS:
        # The page keeps polling; its browser tries the stream again later.
        return HttpResponse("Too many open streams", status=503, headers={"Retry-After": "30"})
    shown = request.headers.get("Last-Event-ID") or request.GET.get("v", "")
    release_connections()
    if hasattr(request, "scope"):
        content = _async_events(kind, key, feed, shown)
    else:
        content = _sync_events(kind, key, feed, shown)
    response = StreamingHttpResponse(content, content_type="text/event-stream; charset=utf-8")
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


def release_connections() -> None:
    """Close the database connections the view opened in this thread: a stream would hold them,
    idle, for as long as it is open (tests/multi/push.py saw 50 open streams take 99 of
    PostgreSQL's 100 connections). Each render uses the connection of the thread it runs in.
    Inside a transaction (a test's) they stay: closing would end it."""
    for connection in connections.all(initialized_only=True):
        if not connection.in_atomic_block:
            connection.close()


def _sync_events(kind: str, key: int, feed: Feed, shown: str) -> Iterator[str]:
    subscriber = Subscriber(None)
    the_hub = hub()
    topic = the_hub.subscribe(kind, key, subscriber)
    try:
        yield HELLO
        while not subscriber.ended:
            variant = feed.variant()
            if variant is None:
                return
            try:
                part = topic.shared(variant, feed.render)
            except Gone:
                return
            except Elsewhere:
                part = None  # asked again when it is ready (or in a second, should its renderer die)
            finally:
                release_connections()  # this thread waits next: its connection goes back (a pool's)
            if part is not None and not feed.allowed(part):
                if feed.variant() == variant:
                    return
                continue
            if part is not None and part.id != shown:
                shown = part.id
                yield event_bytes(part)
            woken = subscriber.wait(HEARTBEAT_SECONDS if part is not None else ELSEWHERE_RETRY_SECONDS)
            if not woken and part is not None and not subscriber.ended:
                yield PING
    finally:
        the_hub.unsubscribe(topic, subscriber)


async def _async_events(kind: str, key: int, feed: Feed, shown: str) -> AsyncIterator[str]:
    subscriber = Subscriber(asyncio.get_running_loop())
    _end_streams_on_exit()
    the_hub = hub()
    topic = the_hub.subscribe(kind, key, subscriber)
    try:
        yield HELLO
        while not subscriber.ended:
            variant = feed.variant()
            if variant is None:
                return
            try:
                part = await topic.shared_async(variant, feed.render)
            except Gone:
                return
            except Elsewhere:
                part = None  # asked again when it is ready (or in a second, should its renderer die)
            if part is not None and not feed.allowed(part):
                if feed.variant() == variant:
                    return
                continue
            if part is not None and part.id != shown:
                shown = part.id
                yield event_bytes(part)
            woken = await subscriber.wait_async(
                HEARTBEAT_SECONDS if part is not None else ELSEWHERE_RETRY_SECONDS
            )
            if not woken and part is not None and not subscriber.ended:
                yield PING
    finally:
        the_hub.unsubscribe(topic, subscriber)
