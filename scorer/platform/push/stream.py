"""The stream a page opens (:func:`stream_response`): ``retry:`` and a ``hello`` event, the current
part at once unless the client already shows it (its ``Last-Event-ID``, or ``?v=`` on a first
connection), then one event per change, each with its part's id, and a ``: ping`` comment every
``HEARTBEAT_SECONDS``. Under ASGI an async iterator (an idle stream holds no thread); under WSGI
(the test server) a generator."""

import asyncio
import signal
import threading
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from functools import lru_cache

from django.conf import settings
from django.db import connections
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse

from scorer.platform.push import hub, topics
from scorer.platform.push.parts import Elsewhere, Feed, Gone, Part
from scorer.platform.push.topics import Subscriber, Topic

HEARTBEAT_SECONDS = 15.0
RETRY_MS = 1000
"""How long a browser waits before it reconnects a dropped stream (EventSource ``retry``)."""
ELSEWHERE_RETRY_SECONDS = topics.ELSEWHERE_RETRY_SECONDS
"""(WSGI) A stream told :class:`Elsewhere` asks again after this, unless it is woken first."""


def message_text(part: Part) -> str:
    data = "".join(f"data: {line}\n" for line in part.html.splitlines() or [""])
    return f"id: {part.id}\nevent: {part.swap}\n{data}\n"


@lru_cache(maxsize=64)
def event_bytes(part: Part) -> bytes:
    """The event as it goes out, encoded once for every stream sending the same part (the parts of
    a topic's memo are the same objects, whose strings keep their hash)."""
    return message_text(part).encode()


HELLO = f"retry: {RETRY_MS}\nevent: hello\ndata: \n\n"
PING = ": ping\n\n"


def stream_response(request: HttpRequest, *, kind: str, key: int, feed: Feed) -> HttpResponse:
    """The stream of topic ``kind:key`` as ``feed`` shows it to this request's device."""
    if hub.current().stream_count() >= settings.OKEYCALC_PUSH_MAX_STREAMS:
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


END, ASK_AGAIN, SEND, KEEP = "end", "ask again", "send", "keep"


def _verdict(feed: Feed, variant: str, part: Part | None, shown: str) -> str:
    """What a stream does with the part its topic gave it (None: it is rendered elsewhere): END
    (this device may no longer see its variant), ASK_AGAIN (its variant changed), SEND it, or KEEP
    what the client shows."""
    if part is None:
        return KEEP
    if not feed.allowed(part):
        return END if feed.variant() == variant else ASK_AGAIN
    return SEND if part.id != shown else KEEP


@contextmanager
def _subscribed(
    kind: str, key: int, loop: asyncio.AbstractEventLoop | None
) -> Iterator[tuple[Topic, Subscriber]]:
    """The stream's topic and its place among the topic's subscribers, for as long as it is open."""
    subscriber = Subscriber(loop)
    the_hub = hub.current()
    topic = the_hub.subscribe(kind, key, subscriber)
    try:
        yield topic, subscriber
    finally:
        the_hub.unsubscribe(topic, subscriber)


def _sync_events(kind: str, key: int, feed: Feed, shown: str) -> Iterator[str]:
    """(WSGI: the test client and the test server) The stream in the thread of its request."""
    with _subscribed(kind, key, None) as (topic, subscriber):
        yield HELLO
        while not subscriber.ended and (variant := feed.variant()) is not None:
            try:
                part = topic.shared(variant, feed.render)
            except Gone:
                return
            except Elsewhere:
                part = None  # asked again when it is ready (or in a second, should its renderer die)
            finally:
                release_connections()  # this thread waits next: its connection goes back (a pool's)
            verdict = _verdict(feed, variant, part, shown)
            if verdict in (END, ASK_AGAIN):
                if verdict == END:
                    return
                continue
            if verdict == SEND:
                shown = part.id
                yield event_bytes(part)
            woken = subscriber.wait(HEARTBEAT_SECONDS if part is not None else ELSEWHERE_RETRY_SECONDS)
            if not woken and part is not None and not subscriber.ended:
                yield PING


async def _async_events(kind: str, key: int, feed: Feed, shown: str) -> AsyncIterator[str]:
    """(ASGI: ``make run``, ``make serve``) The stream on the event loop, holding no thread."""
    _end_streams_on_exit()
    with _subscribed(kind, key, asyncio.get_running_loop()) as (topic, subscriber):
        yield HELLO
        while not subscriber.ended and (variant := feed.variant()) is not None:
            try:
                part = await topic.shared_async(variant, feed.render)
            except Gone:
                return
            verdict = _verdict(feed, variant, part, shown)
            if verdict == END:
                return
            if verdict == ASK_AGAIN:
                continue
            if verdict == SEND:
                shown = part.id
                yield event_bytes(part)
            if not await subscriber.wait_async(HEARTBEAT_SECONDS) and not subscriber.ended:
                yield PING


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
            hub.end_streams()
            previous(signum, frame)

        signal.signal(number, handler)
        _chained.add(number)
