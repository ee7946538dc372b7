"""The ASGI server as ``make serve`` runs it (gunicorn with uvicorn's worker, okeycalc/asgi.py):
what the WSGI server did keeps working through it (static files by WhiteNoise, the
Content-Security-Policy, health checks, the form's CSRF, rate limits, an access log without
edit-link secrets), chunked bodies are decoded by the server, and slow bodies are the event
loop's: they hold no view, and one never finished gets 408 at its deadline (5 s for this server,
30 s by default)."""

import gzip
import http.client
import json
import socket
import threading
import time

import pytest

from tests.live.client import Phone

API_BODY = b'{"ruleset": "loca", "players": [{"opened": "sets", "finished": true}, {}, {}, {}]}'
SECRET_PATH = "/masa/abcdefghijklmnopqr/anahtar/s3cret-VALUE_1/"


def get(server, path: str, headers: dict | None = None) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection(*server, timeout=10)
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    response.body = response.read()
    connection.close()
    return response


def log_showing(log_path, start: int, *needles: str, seconds: float = 10.0) -> str:
    """What the log gained after ``start`` characters, once every needle is in it: the worker
    writes its line after the answer."""
    deadline = time.monotonic() + seconds
    while True:
        log = log_path.read_text()[start:]
        if all(needle in log for needle in needles) or time.monotonic() > deadline:
            return log
        time.sleep(0.02)


def test_the_access_log_never_shows_an_edit_secret(make_serve, make_serve_log):
    start = len(make_serve_log.read_text())
    assert get(make_serve, SECRET_PATH).status in {302, 404}
    assert get(make_serve, "/healthz").status == 200
    log = log_showing(
        make_serve_log, start, "/masa/abcdefghijklmnopqr/anahtar/…/ HTTP", '"GET /healthz HTTP/1.1" 200'
    )
    assert "s3cret-VALUE_1" not in log
    access = [line for line in log.splitlines() if "/masa/abcdefghijklmnopqr/anahtar/" in line]
    assert len(access) == 1, log[-2000:]  # printed once
    assert '"GET /masa/abcdefghijklmnopqr/anahtar/…/ HTTP/1.1" ' in access[0]
    assert any('"GET /healthz HTTP/1.1" 200' in line for line in log.splitlines())


@pytest.mark.parametrize(
    "path",
    [
        "/masa/abcdefghijklmnopqr/%61nahtar/s3cret-VALUE_2/",
        "/masa/abcdefghijklmnopqr/anahtar%2Fs3cret-VALUE_2/",
        "/masa/abcdefghijklmnopqr%2F%61nahtar%2fs3cret-VALUE_2/",
        "/turnuva/abcdefghijklmnopqr/%61%6E%61%68%74%61%72/s3cret-VALUE_2/",
    ],
)
def test_the_access_log_never_shows_an_encoded_edit_secret(make_serve, make_serve_log, path):
    """uvicorn decodes the path before Django resolves it, %2F included: each of these reaches the
    claim view as the plain link, and its log line is redacted after decoding."""
    start = len(make_serve_log.read_text())
    assert get(make_serve, path).status in {302, 403, 404}
    assert get(make_serve, "/healthz").status == 200
    log = log_showing(make_serve_log, start, "/anahtar/…/ HTTP/1.1", '"GET /healthz HTTP/1.1" 200')
    assert "s3cret-VALUE_2" not in log, log[-2000:]
    assert "/anahtar/…/ HTTP/1.1" in log


@pytest.mark.parametrize(
    "path",
    [
        "/masa/abcdefghijklmnopqr/%2561nahtar/s3cret-VALUE_3/",
        "/masa/abcdefghijklmnopqr/%C3%A2nahtar/s3cret-VALUE_3/",
        "/masa/abcdefghijklmnopqr/anahtar//s3cret-VALUE_3/",
    ],
)
def test_the_access_log_never_shows_what_a_misspelt_edit_link_carries(make_serve, make_serve_log, path):
    """Encoded twice, with an accent, with the slashes doubled: none opens the link (404), and what
    it carries where the secret goes is left out of the access log and of Django's warning."""
    start = len(make_serve_log.read_text())
    assert get(make_serve, path).status == 404
    assert get(make_serve, "/healthz").status == 200
    log = log_showing(make_serve_log, start, '…/ HTTP/1.1" 404', '"GET /healthz HTTP/1.1" 200')
    assert "s3cret-VALUE_3" not in log, log[-2000:]
    assert '…/ HTTP/1.1" 404' in log and "Not Found: " in log


def test_health_and_readiness_answer(make_serve):
    for path in ("/healthz", "/readyz"):
        response = get(make_serve, path)
        assert response.status == 200
        assert json.loads(response.body)["database"] == "ok"


def test_pages_carry_the_content_security_policy(make_serve):
    response = get(make_serve, "/")
    assert response.status == 200
    assert "script-src 'self'" in response.getheader("Content-Security-Policy")


def test_whitenoise_serves_the_static_files_compressed(make_serve):
    response = get(make_serve, "/static/vendor/htmx.min.js", {"Accept-Encoding": "gzip"})
    assert response.status == 200
    assert "javascript" in response.getheader("Content-Type")
    assert len(response.body) > 1000


def test_pages_go_out_gzipped_and_a_stream_event_by_event_uncompressed(make_serve):
    public_id = Phone(f"http://{make_serve[0]}:{make_serve[1]}").open_table()
    page = get(make_serve, f"/masa/{public_id}/", {"Accept-Encoding": "gzip, br"})
    assert page.getheader("Content-Encoding") == "gzip"
    assert b'id="board-live"' in gzip.decompress(page.body)

    connection = http.client.HTTPConnection(*make_serve, timeout=10)
    connection.request("GET", f"/masa/{public_id}/akis/", headers={"Accept-Encoding": "gzip, br"})
    stream = connection.getresponse()
    try:
        assert stream.status == 200
        assert stream.getheader("Content-Type").startswith("text/event-stream")
        assert stream.getheader("Content-Encoding") is None
        # The stream stays open: each event is read as it arrives (the socket's timeout fails it).
        assert stream.readline() == b"retry: 1000\n"
        lines = iter(stream.readline, b"")
        assert b"event: board\n" in [next(lines) for _ in range(5)]
    finally:
        connection.close()


def test_the_new_table_form_posts_with_its_csrf_token(make_serve):
    phone = Phone(f"http://{make_serve[0]}:{make_serve[1]}")
    public_id = phone.open_table()
    assert phone.get(f"/masa/{public_id}/").status == 200
    refused = Phone(f"http://{make_serve[0]}:{make_serve[1]}").post("/masa/yeni/", {"setup-ruleset": "loca"})
    assert refused.status == 403  # no CSRF cookie and token


LIMITED_ADDRESS = "127.0.0.9"
"""The rate-limit test's own client address (any 127.x reaches the server): the limit it uses up is
that address's, and the other tests of the shared server keep theirs."""


def post_score(server, body: bytes, chunked: bool = False, source: str | None = None) -> int:
    connection = http.client.HTTPConnection(
        *server, timeout=10, source_address=(source, 0) if source else None
    )
    headers = {"Content-Type": "application/json"}
    connection.request("POST", "/api/v1/score", body=iter([body]) if chunked else body, headers=headers)
    status = connection.getresponse().status
    connection.close()
    return status


def test_a_chunked_body_is_decoded_by_the_server(make_serve):
    assert post_score(make_serve, API_BODY, chunked=True) == 200


def test_the_scoring_api_is_rate_limited(make_serve):
    # 120 a minute: more than twice that, so that a burst crossing into the next minute's window
    # is limited too (130 could fall 65 and 65 into two windows).
    statuses = [post_score(make_serve, API_BODY, source=LIMITED_ADDRESS) for _ in range(250)]
    assert 429 in statuses
    assert statuses[0] in {200, 429}


def slow_chunked_body(server, stop: threading.Event, answers: list, begun: threading.Barrier) -> None:
    """POST /api/v1/score with a chunked body of one byte a second that never ends (until the
    server answers and closes: sending then fails)."""
    with socket.create_connection(server, timeout=15) as conn:
        conn.sendall(
            b"POST /api/v1/score HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        begun.wait(timeout=15)
        try:
            while not stop.wait(1.0):
                conn.sendall(b"1\r\n \r\n")
        except OSError:
            pass  # the server answered 408 and closed
        try:
            answers.append(conn.recv(65536))
        except OSError as exc:
            answers.append(repr(exc).encode())


def test_slow_bodies_hold_no_view_and_time_out_with_408(make_serve):
    stop, answers, begun = threading.Event(), [], threading.Barrier(41)
    senders = [
        threading.Thread(target=slow_chunked_body, args=(make_serve, stop, answers, begun)) for _ in range(40)
    ]
    for sender in senders:
        sender.start()
    try:
        begun.wait(timeout=15)  # every slow body has begun
        for _ in range(10):
            started = time.monotonic()
            assert get(make_serve, "/healthz").status == 200
            assert time.monotonic() - started < 1.0
        for sender in senders:  # each ends when the server answers it (its 5 s deadline)
            sender.join(timeout=20)
    finally:
        stop.set()
        for sender in senders:
            sender.join(timeout=20)
    assert len(answers) == 40
    assert all(answer.startswith(b"HTTP/1.1 408") for answer in answers), answers[:3]
