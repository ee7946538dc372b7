"""Malformed HTTP against the real server (gunicorn as ``make serve`` runs it, issue 18): a chunk
size that is not hexadecimal (#5) and a form in another charset than UTF-8 (#6) get a 400, not
the 500 they got. Raw sockets: no client library would send either."""

import json
import socket
import tempfile
from pathlib import Path

import pytest

from bench.appserver import gunicorn


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def server() -> tuple[str, int]:
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        with gunicorn(
            f"sqlite:///{tmp}/live.sqlite3", port, workers=2, make_serve=True, log=Path(tmp) / "log"
        ):
            yield "127.0.0.1", port


def exchange(server: tuple[str, int], raw: bytes) -> tuple[int, bytes, bytes]:
    """Send ``raw``, read the whole answer (the request says Connection: close)."""
    with socket.create_connection(server, timeout=20) as conn:
        conn.sendall(raw)
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    head, _sep, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), head, body


def test_a_chunk_size_that_is_not_hexadecimal_is_a_json_400(server):
    raw = (
        b"POST /api/v1/score HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"
    )
    status, head, body = exchange(server, raw)
    assert status == 400
    assert b"application/json" in head
    assert set(json.loads(body)) == {"errors"}


def test_a_form_in_latin_1_with_a_csrf_cookie_is_a_400_page(server):
    form = b"csrfmiddlewaretoken=" + b"a" * 32 + b"&setup-ruleset=loca"
    raw = (
        b"POST /hesap/ HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: csrftoken=" + b"a" * 32 + b"\r\n"
        b"Content-Type: application/x-www-form-urlencoded; charset=latin-1\r\n"
        b"Content-Length: " + str(len(form)).encode() + b"\r\nConnection: close\r\n\r\n" + form
    )
    status, head, body = exchange(server, raw)
    assert status == 400
    assert "Geçersiz istek".encode() in body
