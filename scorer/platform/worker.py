"""gunicorn's threaded worker, but a thread only gets a request once it has arrived (issue 18 #4).

With sync workers, five sockets trickling their headers or body (one per worker) blocked every
request; gunicorn's own gthread worker waits for a connection's first byte without a thread, then
gives it one to read the rest, so a trickle holds a thread just as long. Here the worker's event
loop reads each request itself, without blocking, into a buffer: the headers must be complete
within ``HEADER_TIMEOUT`` seconds and a body (up to ``BUFFER_LIMIT`` bytes) within
``BODY_TIMEOUT``, or the connection is closed. Only then does a thread of the bounded pool parse
and answer it, from memory. The same holds for the next request on a kept-alive connection.

A body larger than the buffer, a chunked body or one the client wants a ``100 Continue`` for is
read by the thread, and the threads' sockets time out after ``IO_TIMEOUT`` seconds of silence,
reading or writing, so a client that stops reading cannot hold a thread either. With TLS in
gunicorn itself (``certfile``) it is gthread unchanged: the buffer would hold encrypted bytes.
A stopping worker closes the connections still arriving at once. ``make serve`` uses it (okeycalc/gunicorn.conf.py); bench/slowclients.py measures it.
"""

import errno
import re
import selectors
import socket
import time
from functools import partial

from gunicorn.workers.gthread import TConn, ThreadWorker

HEADER_TIMEOUT = 10.0
BODY_TIMEOUT = 30.0
IO_TIMEOUT = 30.0
BUFFER_LIMIT = 1024 * 1024
"""The largest body buffered before a thread sees it (a table import is at most 256 KiB)."""
HEADER_LIMIT = 64 * 1024
"""Headers longer than this go to the parser at once, which refuses them."""

_LENGTH = re.compile(rb"^content-length[ \t]*:[ \t]*(\d{1,12})[ \t]*$", re.IGNORECASE | re.MULTILINE)
_STREAMED = re.compile(
    rb"^(transfer-encoding[ \t]*:.*|expect[ \t]*:[ \t]*100-continue[ \t]*)$", re.IGNORECASE | re.MULTILINE
)


class TimedSocket(socket.socket):
    """A socket whose blocking mode has a timeout: gthread sets its sockets blocking before a
    thread reads or writes them, and a blocking socket would wait for a silent client forever."""

    __slots__ = ()

    def setblocking(self, flag: bool) -> None:
        if flag:
            self.settimeout(IO_TIMEOUT)
        else:
            super().setblocking(False)

    @classmethod
    def wrap(cls, sock: socket.socket) -> "TimedSocket":
        return cls(sock.family, sock.type, sock.proto, fileno=sock.detach())


def needed(buffer: bytes) -> int | None:
    """How many bytes the request in ``buffer`` needs before a thread should see it: None while
    its headers are incomplete; just the headers when its body is streamed or too large."""
    end = buffer.find(b"\r\n\r\n")
    if end < 0:
        return len(buffer) if len(buffer) > HEADER_LIMIT else None
    head = buffer[:end]
    length = _LENGTH.search(head)
    body = int(length[1]) if length else 0
    if _STREAMED.search(head) or body > BUFFER_LIMIT:
        body = 0
    return end + 4 + body


class BufferingThreadWorker(ThreadWorker):
    """gthread, with every request read by the event loop before a thread gets it."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.buffering: dict[TConn, float] = {}
        """Connections whose request is still arriving, with the time they must be complete by."""

    def accept(self, listener) -> None:
        if self.cfg.is_ssl:
            return super().accept(listener)
        try:
            client, address = listener.accept()
        except OSError as exc:
            if exc.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        self.nr_conns += 1
        conn = TConn(self.cfg, TimedSocket.wrap(client), address, listener.getsockname())
        self.start_buffering(conn)

    def on_client_socket_readable(self, conn, client) -> None:
        """A kept-alive connection sends its next request: buffer it too."""
        if self.cfg.is_ssl:
            return super().on_client_socket_readable(conn, client)
        self.poller.unregister(client)
        self.keepalived_conns.remove(conn)
        self.start_buffering(conn)

    def start_buffering(self, conn: TConn) -> None:
        conn.sock.setblocking(False)
        conn.buffer = bytearray()
        conn.needed = None
        self.buffering[conn] = time.monotonic() + HEADER_TIMEOUT
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_buffer_readable, conn))

    def on_buffer_readable(self, conn: TConn, client) -> None:
        try:
            data = conn.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self.stop_buffering(conn)
            self.nr_conns -= 1
            conn.close()
            return
        conn.buffer += data
        if conn.needed is None:
            conn.needed = needed(bytes(conn.buffer))
            if conn.needed is not None:
                self.buffering[conn] = time.monotonic() + BODY_TIMEOUT
        if conn.needed is not None and len(conn.buffer) >= conn.needed:
            self.stop_buffering(conn)
            try:
                self.hand_over(conn)
            except Exception:  # never let one connection stop the event loop
                self.log.exception("Could not hand a request over to a thread")
                self.nr_conns -= 1
                conn.close()

    def stop_buffering(self, conn: TConn) -> None:
        self.poller.unregister(conn.sock)
        del self.buffering[conn]

    def hand_over(self, conn: TConn) -> None:
        """The request is here: a thread parses and answers it from the buffer."""
        conn.sock.setblocking(True)
        conn.init()  # a new connection's parser; a kept-alive one keeps its own
        conn.parser.unreader.unread(bytes(conn.buffer))
        conn.buffer = bytearray()
        conn.data_ready = True
        self.enqueue_req(conn)

    def murder_pending(self) -> None:
        """Also close the connections whose request did not arrive in time (run every second)."""
        super().murder_pending()
        now = time.monotonic()
        late = [conn for conn, deadline in self.buffering.items() if deadline <= now or not self.alive]
        for conn in late:
            self.stop_buffering(conn)
            self.nr_conns -= 1
            conn.close()
