"""scorer/platform/bodydeadline.py: a body has one deadline; after it, receive is untouched."""

import asyncio

from scorer.platform.bodydeadline import BodyDeadline
from tests.support.aio import run_apart


async def echo(scope, receive, send):
    """Reads the body as Django's ASGI handler does, then waits for the disconnect."""
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if not message.get("more_body"):
            break
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": body})
    await send({"type": "seen", "message": await receive()})


def run(messages: list[dict], gap: float, seconds: float) -> list[dict]:
    async def main():
        sent = []

        async def receive():
            await asyncio.sleep(gap)
            return messages.pop(0) if messages else {"type": "http.disconnect"}

        async def send(message):
            sent.append(message)

        await BodyDeadline(echo, seconds)({"type": "http"}, receive, send)
        return sent

    return run_apart(main)


def test_a_body_arriving_in_time_reaches_the_app_and_the_disconnect_after_it():
    chunks = [
        {"type": "http.request", "body": b"ab", "more_body": True},
        {"type": "http.request", "body": b"c"},
    ]
    sent = run(chunks, gap=0.01, seconds=1.0)
    assert sent[0]["status"] == 200 and sent[1]["body"] == b"abc"


def test_a_body_still_arriving_at_the_deadline_gets_408():
    chunks = [{"type": "http.request", "body": b"a", "more_body": True} for _ in range(100)]
    sent = run(chunks, gap=0.05, seconds=0.3)
    assert sent[0]["status"] == 408
    assert (b"connection", b"close") in sent[0]["headers"]
    assert len(chunks) > 90  # it stopped reading at the deadline


def test_the_deadline_does_not_apply_once_the_body_is_complete():
    """Django waits on receive for the client's disconnect for as long as a stream lasts."""
    sent = run([{"type": "http.request", "body": b"x"}], gap=0.2, seconds=0.3)
    assert sent[0]["status"] == 200
    assert sent[2] == {"type": "seen", "message": {"type": "http.disconnect"}}
