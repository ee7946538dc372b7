"""An ASGI middleware: a request body must arrive whole within ``BODY_SECONDS``, or 408.

uvicorn reads a body in its event loop, and Django's ASGI handler awaits all of it before a view
runs, so a slow body holds no thread. But neither stops waiting: a client that sends its headers
and then a byte now and then, never finishing, would keep its connection, a coroutine and a
buffer for ever, and count against the process's connection limit (okeycalc/serving.py). The
middleware gives the whole body one deadline from its first read; past it the client gets
``408 Request Timeout`` and the connection is closed. Once the body is complete, ``receive``
is passed through untouched (Django waits on it for the client's disconnect during a stream).
"""

import asyncio

BODY_SECONDS = 30.0

TIMEOUT_BODY = b"Request Timeout: the request body did not arrive in time.\n"


class BodyTimedOut(Exception):
    """The body was not complete by its deadline."""


class BodyDeadline:
    """Wraps an ASGI application; only ``http`` requests with a body are watched."""

    def __init__(self, app, seconds: float = BODY_SECONDS) -> None:
        self.app = app
        self.seconds = seconds

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.seconds
        complete = False
        started = False

        async def receive_in_time():
            nonlocal complete
            if complete:
                return await receive()
            try:
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                raise BodyTimedOut from None
            if message["type"] != "http.request" or not message.get("more_body", False):
                complete = True
            return message

        async def send_noting_start(message):
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, receive_in_time, send_noting_start)
        except BodyTimedOut:
            if not started:
                await send_timeout(send)


async def send_timeout(send) -> None:
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(TIMEOUT_BODY)).encode()),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": 408, "headers": headers})
    await send({"type": "http.response.body", "body": TIMEOUT_BODY})
