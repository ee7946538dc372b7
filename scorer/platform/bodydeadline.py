"""An ASGI middleware: a request body must arrive whole within ``BODY_SECONDS``, at a rate of at
least ``MIN_RATE`` bytes a second once ``GRACE_SECONDS`` have passed (or 408), and be at most
``MAX_BODY_BYTES`` (or 413), whatever its framing; a 400, 408 or 413 closes the connection.

uvicorn reads a body in its event loop, and Django's ASGI handler awaits all of it before a view
runs, so a slow body holds no thread. But neither stops waiting, nor counts: a client that sends
its headers and then a byte now and then, never finishing, would keep its connection, a coroutine
and a buffer for ever, and count against the process's connection limit (okeycalc/serving.py);
one that sends gigabytes fast would have Django spool them to disk. The middleware gives the
whole body one deadline from the request's start, and a minimum rate: after the grace, the bytes
received must keep up with ``MIN_RATE`` a second on average, so a socket trickling a byte a
second is let go after about ``GRACE_SECONDS`` rather than the whole deadline (a small form sent
by a phone is whole within the grace anyway). Past either the client gets ``408 Request Timeout``.
A declared ``Content-Length`` over the limit is answered ``413`` before the app runs; a chunked
body is counted as it arrives and answered ``413`` once it passes the limit. Once the body is
complete, ``receive`` is passed through untouched (Django waits on it for the client's
disconnect during a stream).

Each of these answers says ``Connection: close`` and the server then closes, and so does any 400
or 413 the app gives (a body it could not read): after such a request the connection's framing
is not to be trusted, and a client told ``keep-alive`` would send its next request into a
connection about to be dropped. Before a 413 the body still coming is read and dropped (up to
the limit once more, within the deadline), so that the client reads the answer rather than a
reset; a client that asked ``Expect: 100-continue`` is answered at once and sends nothing.
"""

import asyncio

BODY_SECONDS = 30.0
MAX_BODY_BYTES = 8 * 1024 * 1024
MIN_RATE = 1024
"""Bytes a second a body must average once :data:`GRACE_SECONDS` have passed (0: no minimum)."""
GRACE_SECONDS = 10.0

TIMEOUT_BODY = b"Request Timeout: the request body did not arrive in time.\n"
TOO_LARGE_BODY = b"Content Too Large: the request body is larger than %d bytes.\n"
CLOSING = {400, 408, 413}
"""Answers after which the connection is closed."""


class BodyTimedOut(Exception):
    """The body was not complete by its deadline."""


class BodyTooLarge(Exception):
    """The body passed the limit."""


def header(scope, name: bytes) -> bytes:
    return next((value for key, value in scope.get("headers", ()) if key.lower() == name), b"")


def declared_length(scope) -> int:
    """The request's ``Content-Length`` (0 when absent; the server has refused a malformed one)."""
    value = header(scope, b"content-length").strip()
    return int(value) if value.isdigit() else 0


class BodyDeadline:
    """Wraps an ASGI application; only ``http`` requests are watched."""

    def __init__(
        self,
        app,
        seconds: float = BODY_SECONDS,
        max_bytes: int = MAX_BODY_BYTES,
        min_rate: float = MIN_RATE,
        grace: float = GRACE_SECONDS,
    ) -> None:
        self.app = app
        self.seconds = seconds
        self.max_bytes = max_bytes
        self.min_rate, self.grace = min_rate, grace

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        start = asyncio.get_running_loop().time()
        deadline = start + self.seconds
        if declared_length(scope) > self.max_bytes:
            await self.refuse(scope, receive, deadline, send)
            return
        body = Body(receive, deadline, self.max_bytes, pace=(start + self.grace, self.min_rate))
        started = False

        async def send_closing(message):
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                if message["status"] in CLOSING:
                    message = {**message, "headers": [*message.get("headers", ()), (b"connection", b"close")]}
            await send(message)

        try:
            await self.app(scope, body.receive, send_closing)
        except BodyTimedOut:
            if not started:
                await send_answer(send, 408, TIMEOUT_BODY)
        except BodyTooLarge:
            if not started:
                await drain(receive, deadline, self.max_bytes)
                await send_answer(send, 413, TOO_LARGE_BODY % self.max_bytes)

    async def refuse(self, scope, receive, deadline: float, send) -> None:
        """413 for a declared length over the limit; the body is dropped unless the client waits
        for ``100 Continue`` (uvicorn sends it on the first ``receive``: never, here)."""
        if header(scope, b"expect").lower() != b"100-continue":
            await drain(receive, deadline, self.max_bytes)
        await send_answer(send, 413, TOO_LARGE_BODY % self.max_bytes)


class Body:
    """``receive`` with the deadline and the size limit, until the body is complete."""

    def __init__(
        self, receive, deadline: float, max_bytes: int, pace: tuple[float, float] = (0.0, 0)
    ) -> None:
        self.upstream, self.deadline, self.max_bytes = receive, deadline, max_bytes
        self.grace_ends, self.min_rate = pace
        self.size = 0
        self.complete = False

    def due(self) -> float:
        """When the next bytes must have come: the deadline, or sooner where the bytes so far
        stop keeping up with the minimum rate after the grace."""
        if not self.min_rate:
            return self.deadline
        return min(self.deadline, self.grace_ends + self.size / self.min_rate)

    async def receive(self):
        if self.complete:
            return await self.upstream()
        try:
            async with asyncio.timeout_at(self.due()):
                message = await self.upstream()
        except TimeoutError:
            raise BodyTimedOut from None
        if message["type"] != "http.request" or not message.get("more_body", False):
            self.complete = True
        self.size += len(message.get("body", b""))
        if self.size > self.max_bytes:
            raise BodyTooLarge
        return message


async def drain(receive, deadline: float, at_most: int) -> None:
    """Read and drop what is left of the body: until it ends, ``at_most`` bytes or the deadline."""
    dropped = 0
    try:
        async with asyncio.timeout_at(deadline):
            while dropped <= at_most:
                message = await receive()
                dropped += len(message.get("body", b""))
                if message["type"] != "http.request" or not message.get("more_body", False):
                    return
    except TimeoutError:
        return


async def send_answer(send, status: int, text: bytes) -> None:
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(text)).encode()),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": text})
