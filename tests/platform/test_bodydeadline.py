"""scorer/platform/bodydeadline.py: a body has one deadline and a size limit, whatever its framing;
after it, receive is untouched; a 400, 408 or 413 closes the connection."""

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


def run(
    messages: list[dict], gap: float, seconds: float, headers=(), max_bytes: int = 1000, app=echo, **pace
) -> list[dict]:
    async def main():
        sent = []

        async def receive():
            await asyncio.sleep(gap)
            return messages.pop(0) if messages else {"type": "http.disconnect"}

        async def send(message):
            sent.append(message)

        await BodyDeadline(app, seconds, max_bytes, **pace)(
            {"type": "http", "headers": list(headers)}, receive, send
        )
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


def never(scope, receive, send):
    raise AssertionError("the app ran")


def test_a_declared_length_over_the_limit_is_413_before_the_app_and_the_body_is_dropped():
    chunks = [
        {"type": "http.request", "body": b"a" * 600, "more_body": True},
        {"type": "http.request", "body": b"b"},
    ]
    sent = run(chunks, gap=0.01, seconds=1.0, headers=[(b"content-length", b"601")], max_bytes=600, app=never)

    assert sent[0]["status"] == 413
    assert (b"connection", b"close") in sent[0]["headers"]
    assert b"larger than 600 bytes" in sent[1]["body"]
    assert chunks == []  # read to its end, so that the client reads the answer, not a reset


def test_a_client_waiting_for_100_continue_is_answered_413_without_a_read():
    chunks = [{"type": "http.request", "body": b"a" * 2000}]
    headers = [(b"content-length", b"2000"), (b"expect", b"100-continue")]
    sent = run(chunks, gap=0.01, seconds=1.0, headers=headers, app=never)

    assert sent[0]["status"] == 413
    assert len(chunks) == 1  # uvicorn sends 100 Continue on the first read: never, so no body comes


def test_a_chunked_body_passing_the_limit_is_413_and_the_rest_dropped():
    chunks = [{"type": "http.request", "body": b"a" * 300, "more_body": True} for _ in range(5)]
    chunks.append({"type": "http.request", "body": b""})
    sent = run(chunks, gap=0.01, seconds=1.0, headers=[(b"transfer-encoding", b"chunked")])

    assert sent[0]["status"] == 413 and (b"connection", b"close") in sent[0]["headers"]
    assert chunks == []


def answering(status: int):
    async def app(scope, receive, send):
        await receive()
        await send({"type": "http.response.start", "status": status, "headers": [(b"x", b"1")]})
        await send({"type": "http.response.body", "body": b""})

    return app


def test_the_apps_400_and_413_close_the_connection_and_other_answers_keep_it():
    def headers(status):
        return run([{"type": "http.request", "body": b"{}"}], 0.0, 1.0, app=answering(status))[0]["headers"]

    assert headers(400) == [(b"x", b"1"), (b"connection", b"close")]
    assert headers(413) == [(b"x", b"1"), (b"connection", b"close")]
    assert headers(200) == headers(404) == [(b"x", b"1")]


def test_a_body_slower_than_the_minimum_rate_after_the_grace_gets_408_before_the_deadline():
    chunks = [{"type": "http.request", "body": b"a", "more_body": True} for _ in range(100)]
    sent = run(chunks, gap=0.02, seconds=5.0, min_rate=100, grace=0.2)

    assert sent[0]["status"] == 408
    assert len(chunks) > 60  # 50 bytes a second: let go soon after the grace (unchecked, all 100 came)


def test_a_body_keeping_up_with_the_minimum_rate_reaches_the_app():
    chunks = [{"type": "http.request", "body": b"a" * 10, "more_body": True} for _ in range(30)]
    chunks.append({"type": "http.request", "body": b"z"})
    sent = run(chunks, gap=0.02, seconds=5.0, max_bytes=10_000, min_rate=100, grace=0.2)

    assert sent[0]["status"] == 200 and sent[1]["body"].endswith(b"z")
