"""The server as ``make serve`` runs it (bench/appserver.py: gunicorn with uvicorn's worker), on a
fresh SQLite file, for the live tests that need the real server: HTTP framing, slow clients and
bodies, limits shared by workers, the access log."""

import socket
import tempfile
from contextlib import contextmanager
from pathlib import Path

from bench.appserver import app_server


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextmanager
def served(workers: int = 2, env: dict[str, str] | None = None, log: Path | None = None):
    """Yields (host, port) of a running server with ``workers`` worker processes; its output goes
    to ``log`` (a temporary file by default)."""
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        database = f"sqlite:///{tmp}/live.sqlite3"
        with app_server(database, port, workers=workers, log=log or Path(tmp) / "log", extra_env=env):
            yield "127.0.0.1", port


@contextmanager
def make_serve_server(log: Path | None = None):
    """The server the live tests share: three workers, rate limits on (as ``make serve`` runs), and
    a body deadline of 5 s instead of 30 (so that a test sees it pass)."""
    env = {"OKEYCALC_RATELIMIT": "1", "OKEYCALC_BODY_SECONDS": "5"}
    with served(workers=3, env=env, log=log) as address:
        yield address
