"""Two app servers as ``make serve`` runs them, for tests/multi/run.py and bench/event.py.

A fresh PostgreSQL database, Redis checked, migrations and the static files, then the server as
``make serve`` runs it (bench/appserver.py's ``SERVE_COMMAND``) started in the environment the caller gives and waited for until
``/readyz`` answers; requests released at the same moment (double taps, two phones), and what the phones saw.
"""

import json
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from email.message import Message
from pathlib import Path

from bench.appserver import SERVE_COMMAND

ROOT = Path(__file__).resolve().parent.parent.parent
PYTHON = sys.executable


@dataclass
class Reply:
    """One answer as a phone got it: status, body, headers and how long it took. The headers are
    urllib's message, looked up whatever the case of their names (uvicorn sends them in lower case)."""

    status: int
    body: str
    headers: Message
    """As the answer gave them: read case-insensitively (uvicorn sends lower-case names)."""
    seconds: float


@dataclass
class Stats:
    """What a run saw, from every thread: timings per kind of request, statuses, failures."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    timings: dict[str, list[float]] = field(default_factory=dict)
    statuses: dict[int, int] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)

    def add(self, kind: str | None, reply: Reply) -> None:
        """Count ``reply``; its time goes under ``kind`` (None: counted, not timed)."""
        with self.lock:
            if kind:
                self.timings.setdefault(kind, []).append(reply.seconds)
            self.statuses[reply.status] = self.statuses.get(reply.status, 0) + 1
            if reply.status >= 500:
                self.failures.append(f"{kind}: HTTP {reply.status}")

    def fail(self, message: str) -> None:
        with self.lock:
            self.failures.append(message)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Phones see the redirect itself: a save answers 302 to the board."""

    def redirect_request(self, *args, **kwargs):
        return None


def fresh_database(url: str) -> None:
    """Drop and create the database of ``url`` (never a system database)."""
    import psycopg

    parts = urllib.parse.urlsplit(url)
    name = parts.path.lstrip("/")
    if not re.fullmatch(r"[a-z0-9_]+", name) or name in {"postgres", "template0", "template1"}:
        raise SystemExit(f"refusing to recreate database {name!r}")
    admin = urllib.parse.urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")


def check_redis(url: str) -> None:
    import redis

    try:
        redis.Redis.from_url(url, socket_timeout=3).ping()
    except redis.RedisError as exc:
        raise SystemExit(f"Redis at {url} does not answer: {exc}") from exc


def static_stale() -> bool:
    """Whether collectstatic must run: no manifest, or a static file newer than it or missing in it."""
    manifest = ROOT / "staticfiles" / "staticfiles.json"
    if not manifest.exists():
        return True
    paths = json.loads(manifest.read_text())["paths"]
    built = manifest.stat().st_mtime
    for path in (ROOT / "static").rglob("*"):
        if path.is_file() and (
            path.relative_to(ROOT / "static").as_posix() not in paths or path.stat().st_mtime > built
        ):
            return True
    return False


def prepare(env: dict[str, str]) -> None:
    """Redis answers; the database of ``env["DATABASE_URL"]`` is new and migrated; the static
    files are collected when they changed."""
    if not env["DATABASE_URL"].startswith(("postgres://", "postgresql://")):
        raise SystemExit("DATABASE_URL must be a PostgreSQL URL for two app servers")
    check_redis(env["REDIS_URL"])
    fresh_database(env["DATABASE_URL"])
    manage = [PYTHON, "manage.py"]
    subprocess.run([*manage, "migrate", "--no-input", "-v", "0"], cwd=ROOT, env=env, check=True)
    if static_stale():
        subprocess.run([*manage, "collectstatic", "--no-input", "-v", "0"], cwd=ROOT, env=env, check=True)


def port_free(port: int) -> bool:
    """Whether nothing listens on the port (connections in TIME_WAIT do not count, as for the server)."""
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def start(env: dict[str, str], log: Path) -> subprocess.Popen:
    """The server as ``make serve`` starts it, in ``env`` (its PORT and HOST), logging to ``log``."""
    out = log.open("w")
    return subprocess.Popen(SERVE_COMMAND, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)


def wait_ready(base: str, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server for {base} exited with {process.returncode}")
        try:
            with urllib.request.urlopen(base + "/readyz", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"{base} did not become ready")


def stop(servers: list[subprocess.Popen]) -> None:
    for server in servers:
        server.terminate()
    for server in servers:
        server.wait(30)


def at_once(*calls) -> list:
    """Run the calls in threads released together; their replies in order."""
    replies: list = [None] * len(calls)
    gate = threading.Barrier(len(calls))

    def run(k: int, call) -> None:
        gate.wait()
        replies[k] = call()

    threads = [threading.Thread(target=run, args=(k, call)) for k, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return replies
