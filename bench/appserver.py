"""Start okeycalc's ASGI server on 127.0.0.1 for a load, fuzz or live test run, and stop it afterwards.

The one place outside the Makefile that knows how the server starts: bench/*.py, tests/live,
tests/multi and tests/platform start it through :data:`SERVE_COMMAND`, exactly as ``make serve``
runs it (gunicorn with ``okeycalc/gunicorn.conf.py``: uvicorn's worker, its connection limit,
keep-alive and access log), with ``WEB_CONCURRENCY`` worker processes. The database is migrated
first; rate limits are off unless the caller turns them on (``OKEYCALC_RATELIMIT=0``: the runs
post far faster than people), debug is off, as in production. Only 127.0.0.1 and the port given
are used. bench/servers.py also starts granian through :data:`CANDIDATES`, to compare.
"""

import os
import secrets
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent
APPLICATION = "okeycalc.asgi:application"

SERVE_COMMAND = (str(VENV_BIN / "gunicorn"), "-c", "okeycalc/gunicorn.conf.py", APPLICATION)
"""What ``make serve`` runs (HOST, PORT and WEB_CONCURRENCY from the environment)."""

CANDIDATES = {
    "uvicorn": lambda port, workers: [*SERVE_COMMAND],
    # granian as close to the same as its options allow: workers, keep-alive, access log.
    "granian": lambda port, workers: [
        str(VENV_BIN / "granian"),
        "--interface=asgi",
        "--host=127.0.0.1",
        f"--port={port}",
        f"--workers={workers}",
        "--access-log",
        "--no-ws",
        APPLICATION,
    ],
}
"""The ASGI servers bench/servers.py compares: ``make serve``'s first."""

SECRET_KEY = secrets.token_urlsafe(50)  # production settings refuse the committed development key


def server_env(database_url: str) -> dict[str, str]:
    return os.environ | {
        "OKEYCALC_SECRET_KEY": os.environ.get("OKEYCALC_SECRET_KEY") or SECRET_KEY,
        "DATABASE_URL": database_url,
        "OKEYCALC_RATELIMIT": "0",
        "OKEYCALC_DEBUG": "0",
        "PYTHONUNBUFFERED": "1",
    }


def migrate(database_url: str, app_dir: Path = REPO) -> None:
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "-v0"], cwd=app_dir, env=server_env(database_url), check=True
    )


@contextmanager
def app_server(
    database_url: str,
    port: int,
    workers: int = 4,
    log: Path | None = None,
    app_dir=None,
    extra_env: dict[str, str] | None = None,
    server: str = "uvicorn",
    migrated: bool = False,
):
    """The server as ``make serve`` runs it with ``workers`` processes (or another of
    :data:`CANDIDATES`), serving ``app_dir`` (this checkout by default); yields its base URL.
    The database is migrated first, unless ``migrated`` says a server ran on it already."""
    app_dir = Path(app_dir or REPO)
    if not migrated:
        migrate(database_url, app_dir)
    out = open(log, "w") if log else subprocess.DEVNULL  # noqa: SIM115 (closed below)
    env = server_env(database_url) | {"HOST": "127.0.0.1", "PORT": str(port), "WEB_CONCURRENCY": str(workers)}
    env |= extra_env or {}
    process = subprocess.Popen(
        CANDIDATES[server](port, workers), cwd=app_dir, env=env, stdout=out, stderr=out
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_ready(url, process)
        yield url
    finally:
        stop(process)
        if log:
            out.close()


def stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def wait_ready(url: str, process: subprocess.Popen, seconds: float = 60, path: str = "/healthz") -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"the server exited with status {process.returncode}")
        try:
            with urllib.request.urlopen(f"{url}{path}", timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    stop(process)
    sys.exit(f"the server did not answer {url}{path} within {seconds} s")
