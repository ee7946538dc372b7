"""Raw server-sent-event clients for the push runs (tests/multi/push.py, bench/push.py).

Plain asyncio streams with HTTP/1.1 read by hand (chunked transfer encoding included), so that a
thousand of them fit in one process and each event's arrival time is taken the moment its last
line is read. A :class:`Stream` behaves as a browser's ``EventSource`` does: it records every event
it gets (id, event name, arrival time), keeps the last event id, and after a drop reconnects after
the server's ``retry:`` with ``Last-Event-ID``. A :class:`Crowd` opens many of them over several
streams and runs them in an event loop of its own thread, so the scorekeepers stay plain blocking
code (tests/multi/run.py's phones). 127.0.0.1 only.
"""

import asyncio
import contextlib
import threading
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field

HOST = "127.0.0.1"
HEAD_LIMIT = 64 * 1024
CONNECT_TIMEOUT = 10.0


class ProtocolError(Exception):
    """The server's answer is not the HTTP/1.1 this client reads."""


# --- HTTP/1.1, by hand ----------------------------------------------------------------------


def request_bytes(path: str, headers: dict[str, str], port: int) -> bytes:
    lines = [f"GET {path} HTTP/1.1", f"Host: {HOST}:{port}", *(f"{k}: {v}" for k, v in headers.items())]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


async def read_head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    """The status and the headers (names in lower case) of a response."""
    head = await reader.readuntil(b"\r\n\r\n")
    if len(head) > HEAD_LIMIT:
        raise ProtocolError("response head too long")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    parts = status_line.split(" ", 2)
    if len(parts) < 2 or not parts[0].startswith("HTTP/1."):
        raise ProtocolError(f"not an HTTP/1.1 response: {status_line!r}")
    headers = {}
    for line in lines:
        name, sep, value = line.partition(":")
        if sep:
            headers[name.strip().lower()] = value.strip()
    return int(parts[1]), headers


async def body_chunks(reader: asyncio.StreamReader, headers: dict[str, str]) -> AsyncIterator[bytes]:
    """The body as it arrives: chunked, of a Content-Length, or up to the connection's end."""
    if "chunked" in headers.get("transfer-encoding", "").lower():
        while True:
            size_line = await reader.readuntil(b"\r\n")
            size = int(size_line.split(b";", 1)[0].strip(), 16)
            if size == 0:
                await reader.readuntil(b"\r\n")  # no trailers are sent: the empty line
                return
            chunk = await reader.readexactly(size)
            await reader.readexactly(2)
            yield chunk
    elif "content-length" in headers:
        left = int(headers["content-length"])
        while left > 0:
            chunk = await reader.read(min(left, 65536))
            if not chunk:
                raise asyncio.IncompleteReadError(b"", left)
            left -= len(chunk)
            yield chunk
    else:
        while chunk := await reader.read(65536):
            yield chunk


async def read_body(reader: asyncio.StreamReader, headers: dict[str, str]) -> bytes:
    return b"".join([chunk async for chunk in body_chunks(reader, headers)])


# --- server-sent events ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Received:
    """One event as a client got it: its ``id:`` field (None without one), its name, when its
    last line arrived (``time.perf_counter()``), on which connection (1 = the first) and its size."""

    id: str | None
    event: str
    at: float
    connection: int
    size: int


class EventParser:
    """The text/event-stream format (HTML's EventSource): fields until an empty line dispatches."""

    def __init__(self) -> None:
        self.buffer = b""
        self.id: str | None = None
        self.event = ""
        self.data: list[str] = []
        self.has_data = False
        self.retry_ms: int | None = None
        self.comments = 0

    def feed(self, chunk: bytes) -> list[tuple[str | None, str, str]]:
        """(id field, event name, data) of each event completed by ``chunk``."""
        self.buffer += chunk
        done = []
        *lines, self.buffer = self.buffer.split(b"\n")
        for raw in lines:
            line = raw.removesuffix(b"\r").decode("utf-8")
            if not line:
                if self.has_data:
                    done.append((self.id, self.event or "message", "\n".join(self.data)))
                self.id, self.event, self.data, self.has_data = None, "", [], False
                continue
            if line.startswith(":"):
                self.comments += 1
                continue
            name, _sep, value = line.partition(":")
            self._field(name, value.removeprefix(" "))
        return done

    def _field(self, name: str, value: str) -> None:
        if name == "data":
            self.data.append(value)
            self.has_data = True
        elif name == "event":
            self.event = value
        elif name == "id" and "\0" not in value:
            self.id = value
        elif name == "retry" and value.isdigit():
            self.retry_ms = int(value)


@dataclass(eq=False)
class Stream:
    """One EventSource on ``path`` of the server at ``port``: every event it got, in order."""

    port: int
    path: str
    label: str = ""
    """What it watches (``"board:<id>"``, ``"display"``...), for grouping the clients."""
    events: list[Received] = field(default_factory=list)
    last_id: str = ""
    retry: float = 1.0
    connections: int = 0
    drops: int = 0
    refused: int = 0
    errors: list[str] = field(default_factory=list)
    """Answers other than a stream: HTTP statuses, malformed responses."""
    pings: int = 0
    open: bool = False
    on_event: Callable[["Stream", Received], None] | None = None

    @property
    def parts(self) -> list[Received]:
        """The events that carry a part (every one but ``hello``)."""
        return [event for event in self.events if event.id is not None]

    async def run(self) -> None:
        """Connect, read, and after a drop reconnect after ``retry``, until cancelled."""
        while True:
            try:
                await self._once()
            except (OSError, EOFError, TimeoutError):
                pass  # refused, reset, or closed mid-event: a drop
            except (ProtocolError, ValueError, asyncio.LimitOverrunError) as exc:
                self.errors.append(f"{type(exc).__name__}: {exc}")
            if self.open:
                self.drops += 1
            self.open = False
            await asyncio.sleep(self.retry)

    async def _once(self) -> None:
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(HOST, self.port), CONNECT_TIMEOUT)
        except OSError:
            self.refused += 1
            raise
        try:
            headers = {"Accept": "text/event-stream", "Cache-Control": "no-cache"}
            if self.last_id:
                headers["Last-Event-ID"] = self.last_id
            writer.write(request_bytes(self.path, headers, self.port))
            await writer.drain()
            status, head = await read_head(reader)
            if status != 200 or not head.get("content-type", "").startswith("text/event-stream"):
                await read_body(reader, head)
                self.errors.append(f"HTTP {status} {head.get('content-type', '')}")
                return
            self.connections += 1
            self.open = True
            await self._read(reader, head)
        finally:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()

    async def _read(self, reader: asyncio.StreamReader, head: dict[str, str]) -> None:
        parser = EventParser()
        async for chunk in body_chunks(reader, head):
            for event_id, name, data in parser.feed(chunk):
                received = Received(event_id, name, time.perf_counter(), self.connections, len(data))
                if event_id is not None:
                    self.last_id = event_id
                self.events.append(received)
                if self.on_event is not None:
                    self.on_event(self, received)
            if parser.retry_ms is not None:
                self.retry = parser.retry_ms / 1000
            self.pings += parser.comments
            parser.comments = 0


async def first_part(port: int, path: str, timeout: float = 10.0) -> Received:
    """The first part a fresh stream sends (what is current now), then the stream is closed."""
    arrived: asyncio.Future = asyncio.get_running_loop().create_future()

    def got(_stream: Stream, received: Received) -> None:
        if received.id is not None and not arrived.done():
            arrived.set_result(received)

    task = asyncio.create_task(Stream(port, path, on_event=got).run())
    try:
        return await asyncio.wait_for(arrived, timeout)
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


def current_id(port: int, path: str, timeout: float = 10.0) -> str:
    """(Blocking) the id of what ``path`` shows now, as a fresh stream gets it."""
    return asyncio.run(first_part(port, path, timeout)).id or ""


# --- many of them -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Target:
    port: int
    path: str
    label: str


class Crowd:
    """``count`` streams spread in turn over ``targets``, opened ``per_second`` at most, in an event
    loop of their own thread (``start``/``stop``); read them from any thread."""

    def __init__(self, targets: list[Target], count: int, per_second: float = 200.0) -> None:
        self.streams = [
            Stream(target.port, target.path, target.label)
            for target in (targets[k % len(targets)] for k in range(count))
        ]
        self.per_second = per_second
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread: threading.Thread | None = None
        self._tasks: list[asyncio.Task] = []
        self._ready = threading.Event()

    def start(self) -> None:
        self.thread = threading.Thread(target=self._run, name="crowd", daemon=True)
        self.thread.start()
        self._ready.wait(10)

    def _run(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.loop.run_until_complete(self._open())
        self._ready.set()
        self.loop.run_forever()
        self.loop.run_until_complete(self._close())
        self.loop.close()

    async def _open(self) -> None:
        for k, stream in enumerate(self.streams):
            self._tasks.append(asyncio.create_task(stream.run()))
            if k % 10 == 9:
                await asyncio.sleep(10 / self.per_second)

    async def _close(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def stop(self) -> None:
        """Close every stream (again: nothing)."""
        if self.loop is not None and self.thread is not None and self.thread.is_alive():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(30)

    def wait_until(self, ready: Callable[[], bool], timeout: float) -> bool:
        """Whether ``ready()`` came true within ``timeout`` seconds (asked every 20 ms)."""
        deadline = time.perf_counter() + timeout
        while not ready():
            if time.perf_counter() > deadline:
                return False
            time.sleep(0.02)
        return True

    def all_showing(self) -> bool:
        """Every stream is open and has got its first part."""
        return all(stream.open and stream.last_id for stream in self.streams)

    def by_label(self) -> dict[str, list[Stream]]:
        groups: dict[str, list[Stream]] = {}
        for stream in self.streams:
            groups.setdefault(stream.label, []).append(stream)
        return groups
