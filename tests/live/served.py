"""gunicorn as ``make serve`` runs it (okeycalc/gunicorn.conf.py), on a fresh SQLite file, for the
live tests that need the real server: HTTP framing, slow clients, limits shared by workers."""

import socket
import tempfile
from contextlib import contextmanager
from pathlib import Path

from bench.appserver import gunicorn


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def served(workers: int = 2, env: dict[str, str] | None = None):
    """Yields (host, port) of a running server with ``workers`` worker processes."""
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        database = f"sqlite:///{tmp}/live.sqlite3"
        with gunicorn(database, port, workers=workers, make_serve=True, log=Path(tmp) / "log", extra_env=env):
            yield "127.0.0.1", port


@contextmanager
def make_serve_server():
    """The server the live tests share: three workers, rate limits on (as ``make serve`` runs)."""
    with served(workers=3, env={"OKEYCALC_RATELIMIT": "1"}) as address:
        yield address
