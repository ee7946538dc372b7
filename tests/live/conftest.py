"""One gunicorn per test process for the live tests that need the real server (tests/live/served.py)."""

import pytest

from tests.live.served import make_serve_server


@pytest.fixture(scope="session")
def make_serve() -> tuple[str, int]:
    """(host, port) of gunicorn as ``make serve`` runs it: 3 workers, rate limits on, SQLite."""
    with make_serve_server() as address:
        yield address
