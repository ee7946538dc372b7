"""One server per test process for the live tests that need the real server (tests/live/served.py)."""

from pathlib import Path

import pytest

from tests.live.served import make_serve_server


@pytest.fixture(scope="session")
def make_serve_log(tmp_path_factory) -> Path:
    """Where the shared server writes its access and error log."""
    return tmp_path_factory.mktemp("make-serve") / "server.log"


@pytest.fixture(scope="session")
def make_serve(make_serve_log) -> tuple[str, int]:
    """(host, port) of the server as ``make serve`` runs it: 3 workers, rate limits on, SQLite."""
    with make_serve_server(log=make_serve_log) as address:
        yield address
