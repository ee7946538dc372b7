"""One process's open streams of one topic, and the part they share: a :class:`Subscriber` is one
open stream, woken from any thread; a :class:`Topic` holds its streams and renders each variant
once per change for all of them (:meth:`Topic.shared` under WSGI, :meth:`Topic.shared_async` on
the ASGI event loop)."""

import asyncio
import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from asgiref.sync import sync_to_async
from django.db import close_old_connections

from scorer.platform.push.parts import Elsewhere, Gone, Part

ELSEWHERE_RETRY_SECONDS = 1.0
"""A render told :class:`Elsewhere` is tried again after this unless its part was announced first
(its renderer died, or the message was lost)."""
RECENT_PARTS = 4


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


def wake_all(subscribers: list[Subscriber]) -> None:
    """Wake these streams from any thread: the streams of one event loop in one callback (one
    write to the loop's wake-up pipe, however many streams a topic has there)."""
    by_loop: dict[asyncio.AbstractEventLoop, list[Subscriber]] = {}
    for subscriber in subscribers:
        if subscriber.loop is None:
            subscriber.wake()
        else:
            by_loop.setdefault(subscriber.loop, []).append(subscriber)
    for loop, woken in by_loop.items():
        with contextlib.suppress(RuntimeError):  # that loop is closed: its streams went with it
            loop.call_soon_threadsafe(_set_all, woken)


def _set_all(subscribers: list[Subscriber]) -> None:
    for subscriber in subscribers:
        subscriber._async_event.set()


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
    waiting: list[tuple[str, asyncio.AbstractEventLoop, asyncio.Future]] = field(default_factory=list)
    """(key, loop, future) of each render told :class:`Elsewhere`, until its part is ready."""
    recent: dict[str, object] = field(default_factory=dict)
    """The last few parts announced ready (key: value): one announced before its render began to
    wait is found here."""
    ready_lock: threading.Lock = field(default_factory=threading.Lock)
    """Guards ``waiting`` and ``recent`` (the hub's listener thread and the event loops)."""

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
        the first stream starts the render in a thread, the others await it. A part another
        process renders (:class:`Elsewhere`) comes with its announcement, the streams still
        awaiting this one render: they are woken once per change."""
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
            while True:
                try:
                    outcome = await sync_to_async(_outcome_in_thread, thread_sensitive=False)(render, variant)
                    break
                except Elsewhere as elsewhere:  # another process renders it: its message brings it
                    value = await self._ready_value(elsewhere.key)
                    if value is not None and elsewhere.finish is not None:
                        outcome = elsewhere.finish(value)
                        break
            if self.memo.get(variant, (-1,))[0] <= generation:
                self.memo[variant] = (generation, outcome)
            return outcome
        finally:
            del self.rendering[(variant, generation)]

    async def _ready_value(self, key: str) -> object:
        """The value another process announces for ``key``; None after ``ELSEWHERE_RETRY_SECONDS``
        (its renderer died, or the message was lost: the render is tried again) or when a message
        without its value said it is ready (the render finds it in the shared cache)."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        entry = (key, loop, future)
        with self.ready_lock:
            if key in self.recent:
                return self.recent[key]
            self.waiting.append(entry)
        try:
            return await asyncio.wait_for(future, ELSEWHERE_RETRY_SECONDS)
        except TimeoutError:
            return None
        finally:
            with self.ready_lock, contextlib.suppress(ValueError):
                self.waiting.remove(entry)

    def ready(self, key: str, value: object) -> None:
        """(Any thread) The part ``key`` is ready: the renders waiting for it take ``value``; with
        no key, every waiting render tries again."""
        with self.ready_lock:
            if key and value is not None:
                self.recent[key] = value
                while len(self.recent) > RECENT_PARTS:
                    del self.recent[next(iter(self.recent))]
            woken = [entry for entry in self.waiting if not key or entry[0] == key]
        for _key, loop, future in woken:
            with contextlib.suppress(RuntimeError):  # that loop is closed: its streams went with it
                loop.call_soon_threadsafe(_resolve, future, value if key else None)


def _resolve(future: asyncio.Future, value: object) -> None:
    if not future.done():
        future.set_result(value)


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
