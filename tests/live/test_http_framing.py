"""Malformed HTTP against the real server (as ``make serve`` runs it, issue 18): a chunk
size that is not hexadecimal (#5) and a form in another charset than UTF-8 (#6) get a 400, not
the 500 they got. Raw sockets: no client library would send either."""

import socket

import pytest


@pytest.fixture
def server(make_serve) -> tuple[str, int]:
    return make_serve


def exchange(server: tuple[str, int], raw: bytes) -> tuple[int, bytes, bytes]:
    """Send ``raw``, read the whole answer (the request says Connection: close)."""
    with socket.create_connection(server, timeout=20) as conn:
        conn.sendall(raw)
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    head, _sep, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), head, body


def test_a_chunk_size_that_is_not_hexadecimal_is_the_servers_400(server):
    """uvicorn decodes the chunks before Django sees the body: a chunk size it cannot read is its
    own 400 (plain text, the connection closed), never a view's 500. Under gunicorn's WSGI worker
    the view read the chunks and answered the API's JSON 400 (scorer/api/body.py keeps that path)."""
    raw = (
        b"POST /api/v1/score HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"
    )
    status, head, body = exchange(server, raw)
    assert status == 400
    assert b"connection: close" in head.lower()
    assert b"Invalid HTTP request" in body


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
