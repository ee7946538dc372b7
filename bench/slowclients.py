"""Slow clients against the server as ``make serve`` runs it: do normal requests still get answered?

Run: ``.venv/bin/python bench/slowclients.py`` (SQLite; ``--database-url postgres://…`` for
PostgreSQL). It starts the server as ``make serve`` runs it (bench/appserver.py: gunicorn with
uvicorn's worker; ``--server granian`` for the other candidate), creates a table with a hand, then for ``--seconds`` (20) holds
``--slow`` (40) slow sockets open, taking turns at five kinds (``KINDS``): trickled headers, and
bodies trickled after their headers: a form with a Content-Length under 1 MiB, a chunked API body,
a body over 1 MiB, and an API body sent after ``Expect: 100-continue``; one piece every
``--trickle`` seconds. A socket the server closes is opened again at once, so there are always
that many. Meanwhile one normal client asks, one after the other, for the viewer's board, its
live poll and the scoring API. It prints the normal requests' latencies and exits 1 unless every
one was answered (5 s timeout) and their p99 stays under ``--p99-ms`` (200).
"""

import argparse
import http.client
import random
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from appserver import CANDIDATES, app_server  # noqa: E402

from tests.live.client import Phone  # noqa: E402
from tests.support.posts import E2_HAND, NEW_TABLE  # noqa: E402

API_BODY = b'{"ruleset": "loca", "players": [{"opened": "sets", "finished": true}, {}, {}, {}]}'


KINDS = (
    # (name, what is sent at once, the piece trickled after it)
    ("headers", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow", b"w"),
    (
        "form body (Content-Length, 100 KB)",
        b"POST /masa/yeni/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\n",
        b"a",
    ),
    (
        "chunked body",
        b"POST /api/v1/score HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n",
        b"1\r\n \r\n",
    ),
    (
        "body over 1 MiB (Content-Length, 2 MiB)",
        b"POST /masa/ice-aktar/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 2097152\r\n\r\n",
        b"a",
    ),
    (
        "Expect: 100-continue body",
        b"POST /api/v1/score HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Expect: 100-continue\r\nContent-Length: 50000\r\n\r\n",
        b" ",
    ),
)
"""The five kinds of slow request the sockets take turns at: socket k is of kind k % 5."""


class SlowSockets:
    """``count`` connections that never finish their request, reopened as the server drops them;
    they take turns at the five :data:`KINDS`."""

    def __init__(self, host: str, port: int, count: int, trickle: float) -> None:
        self.host, self.port, self.count, self.trickle = host, port, count, trickle
        self.stop = threading.Event()
        self.opened = 0
        self.dropped = 0
        self.lock = threading.Lock()

    def hold(self, index: int) -> None:
        """Keep one slow socket going until stopped: its head at once, then a piece each trickle."""
        _name, head, piece = KINDS[index % len(KINDS)]
        while not self.stop.is_set():
            try:
                conn = socket.create_connection((self.host, self.port), timeout=5)
            except OSError:
                time.sleep(0.1)
                continue
            with self.lock:
                self.opened += 1
            try:
                conn.sendall(head)
                while not self.stop.wait(self.trickle):
                    conn.sendall(piece)
            except OSError:  # the server answered (408) and closed
                with self.lock:
                    self.dropped += 1
            finally:
                conn.close()

    def start(self) -> list[threading.Thread]:
        threads = [threading.Thread(target=self.hold, args=(k,), daemon=True) for k in range(self.count)]
        for thread in threads:
            thread.start()
            time.sleep(0.01)
        return threads


def normal_client(url: str, public_id: str, cookies: dict, seconds: float) -> tuple[list[float], list[str]]:
    phone = Phone(url, cookies)
    requests = [
        ("GET", f"/masa/{public_id}/", None, {}),
        ("GET", f"/masa/{public_id}/canli/", None, {"HX-Request": "true"}),
        ("POST", "/api/v1/score", API_BODY.decode(), {"Content-Type": "application/json"}),
    ]
    latencies, failures = [], []
    deadline = time.monotonic() + seconds
    k = 0
    while time.monotonic() < deadline:
        method, path, body, headers = requests[k % len(requests)]
        k += 1
        started = time.perf_counter()
        try:
            connection = http.client.HTTPConnection(phone.host, phone.port, timeout=5)
            connection.request(method, path, body=body, headers=headers)
            status = connection.getresponse().status
            connection.close()
        except OSError as exc:
            failures.append(f"{method} {path}: {type(exc).__name__}")
            continue
        latencies.append(time.perf_counter() - started)
        if status >= 400:
            failures.append(f"{method} {path}: {status}")
        time.sleep(random.uniform(0.02, 0.08))
    return latencies, failures


def table(url: str) -> tuple[str, dict]:
    phone = Phone(url)
    phone.get("/masa/yeni/")
    created = phone.post("/masa/yeni/", NEW_TABLE)
    assert created.status == 302, created
    public_id = created.location.rstrip("/").split("/")[-1]
    saved = phone.post(f"/masa/{public_id}/el/yeni/", E2_HAND | {"hands_before": "0"})
    assert saved.status == 302, saved
    return public_id, {}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def run(url: str, args) -> int:
    public_id, cookies = table(url)
    host, port = url.removeprefix("http://").split(":")
    slow = SlowSockets(host, int(port), args.slow, args.trickle)
    threads = slow.start()
    time.sleep(1.0)  # every slow socket is open before the normal client starts
    latencies, failures = normal_client(url, public_id, cookies, args.seconds)
    slow.stop.set()
    for thread in threads:
        thread.join(timeout=10)
    ms = [1000 * v for v in latencies]
    kinds = "; ".join(
        f"{len(range(k, args.slow, len(KINDS)))} × {name}" for k, (name, _h, _p) in enumerate(KINDS)
    )
    print(f"slow sockets: {kinds}")
    print(
        f"{args.slow} slow sockets held for {args.seconds:.0f} s ({slow.opened} opened, "
        f"{slow.dropped} dropped by the server); normal client: {len(ms)} answered, "
        f"{len(failures)} failed"
    )
    if ms:
        print(
            f"  latency ms: p50 {statistics.median(ms):.1f}  p90 {percentile(ms, 90):.1f}  "
            f"p99 {percentile(ms, 99):.1f}  max {max(ms):.1f}"
        )
    for failure in failures[:10]:
        print(f"  {failure}")
    ok = bool(ms) and not failures and percentile(ms, 99) < args.p99_ms
    print(f"goal (every request answered, p99 < {args.p99_ms:.0f} ms): {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--slow", type=int, default=40, help="slow sockets held open (default 40)")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long (default 20)")
    parser.add_argument("--trickle", type=float, default=1.0, help="seconds between a slow socket's bytes")
    parser.add_argument("--p99-ms", type=float, default=200.0)
    parser.add_argument(
        "--workers", type=int, default=5, help="WEB_CONCURRENCY (default 5, as 2 × 2 CPUs + 1)"
    )
    parser.add_argument("--server", choices=CANDIDATES, default="uvicorn", help="default: make serve's")
    parser.add_argument("--database-url", default="", help="default: a fresh SQLite file")
    parser.add_argument("--port", type=int, default=8142)
    parser.add_argument("--url", help="a server already running there instead")
    args = parser.parse_args()
    if args.url:
        return run(args.url, args)
    with tempfile.TemporaryDirectory() as tmp:
        database_url = args.database_url or f"sqlite:///{tmp}/slow.sqlite3"
        with app_server(
            database_url, args.port, workers=args.workers, log=Path(tmp) / "log", server=args.server
        ) as url:
            print(f"{args.server} at {url}, {args.workers} workers, database {database_url.split('@')[-1]}")
            return run(url, args)


if __name__ == "__main__":
    sys.exit(main())
