"""Malformed HTTP against the real server (as ``make serve`` runs it): a chunk
size that is not hexadecimal and a form in another charset than UTF-8 get a 400, never a
500. A 400 or 413 says ``Connection: close`` and the server then closes, and the
next request, on a new connection, is answered (a 413 never says keep-alive and then drops the
connection). Raw sockets: no client library would send these."""

import socket

import pytest

API_HEAD = b"POST /api/v1/score HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"


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


class Answers:
    """The answers on one kept-alive connection, read by their framing."""

    def __init__(self, conn: socket.socket) -> None:
        self.conn, self.buffer = conn, b""

    def _more(self) -> None:
        chunk = self.conn.recv(65536)
        if not chunk:
            raise EOFError("the server closed the connection")
        self.buffer += chunk

    def _until(self, mark: bytes) -> bytes:
        while mark not in self.buffer:
            self._more()
        part, _sep, self.buffer = self.buffer.partition(mark)
        return part

    def _take(self, size: int) -> bytes:
        while len(self.buffer) < size:
            self._more()
        part, self.buffer = self.buffer[:size], self.buffer[size:]
        return part

    def next(self) -> tuple[int, dict[bytes, bytes], bytes]:
        head = self._until(b"\r\n\r\n")
        lines = head.split(b"\r\n")
        headers = {
            name.strip().lower(): value.strip() for name, _c, value in (h.partition(b":") for h in lines[1:])
        }
        if headers.get(b"transfer-encoding") == b"chunked":
            body = b""
            while size := int(self._until(b"\r\n"), 16):
                body += self._take(size + 2)[:-2]
            self._until(b"\r\n")
        else:
            body = self._take(int(headers.get(b"content-length", b"0")))
        return int(lines[0].split()[1]), headers, body

    def closed(self) -> bool:
        """Whether the server closes the connection after its answer (nothing more is sent)."""
        try:
            return self.conn.recv(1) == b""
        except ConnectionResetError:
            return True


def answered_and_closed(server, raw: bytes) -> tuple[int, bytes]:
    """Send ``raw`` on a connection kept alive: the status, once the server has closed it."""
    with socket.create_connection(server, timeout=20) as conn:
        conn.sendall(raw)
        answers = Answers(conn)
        status, headers, body = answers.next()
        assert headers.get(b"connection") == b"close", headers
        assert answers.closed()
    return status, body


def healthz_on_a_new_connection(server) -> int:
    with socket.create_connection(server, timeout=20) as conn:
        conn.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        return Answers(conn).next()[0]


def test_the_apis_413_for_a_body_over_64_kib_closes_and_a_new_connection_is_answered(server):
    body = b"[" + b" " * 70_000 + b"]"
    raw = API_HEAD + b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body
    status, answer = answered_and_closed(server, raw)
    assert status == 413 and b"65536" in answer
    assert healthz_on_a_new_connection(server) == 200


@pytest.mark.parametrize("expect", [b"", b"Expect: 100-continue\r\n"])
def test_a_body_declared_over_the_servers_limit_is_413_before_it_is_read(server, expect):
    """Over 8 MiB (OKEYCALC_MAX_BODY_BYTES) the server answers from the head alone, before Django
    reads a byte: the client sends no byte of its body and still gets the 413 (a server waiting for
    the body would time the test out), and a client waiting for 100 Continue is never asked for it.
    The body is not sent at all: a server that closes a connection with bytes of it still unread
    makes the kernel answer them with a reset, which can discard the 413 before the client reads it
    (a race no server without a lingering close avoids)."""
    size = 9 * 1024 * 1024
    raw = API_HEAD + expect + b"Content-Length: " + str(size).encode() + b"\r\n\r\n"
    status, answer = answered_and_closed(server, raw)
    assert status == 413 and b"larger than 8388608 bytes" in answer
    assert healthz_on_a_new_connection(server) == 200


def test_a_chunked_body_passing_the_servers_limit_is_413(server):
    chunk = b"100000\r\n" + b" " * 0x100000 + b"\r\n"
    raw = API_HEAD + b"Transfer-Encoding: chunked\r\n\r\n" + chunk * 9 + b"0\r\n\r\n"
    status, _answer = answered_and_closed(server, raw)
    assert status == 413
    assert healthz_on_a_new_connection(server) == 200


def test_a_400_page_closes_the_connection_and_a_new_one_is_answered(server):
    form = b"csrfmiddlewaretoken=" + b"a" * 32 + b"&setup-ruleset=loca"
    raw = (
        b"POST /hesap/ HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: csrftoken=" + b"a" * 32 + b"\r\n"
        b"Content-Type: application/x-www-form-urlencoded; charset=latin-1\r\n"
        b"Content-Length: " + str(len(form)).encode() + b"\r\n\r\n" + form
    )
    status, _page = answered_and_closed(server, raw)
    assert status == 400
    assert healthz_on_a_new_connection(server) == 200
