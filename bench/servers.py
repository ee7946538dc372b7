"""The ASGI servers side by side: uvicorn's worker under gunicorn (``make serve``) and granian.

Run: ``make bench-servers`` (``BENCH_SERVERS_ARGS="--seconds 10"``). Each candidate of
bench/appserver.py's ``CANDIDATES`` in turn serves a fresh SQLite database with the same
``--workers`` (2), DEBUG off, rate limits off, access log on; on each, in one run:

- **pages**: wrk (``-c16``) on the home page and on a board of 11 hands, requests per second and p50;
- **slow clients**: ``--slow`` (40) sockets trickle their headers or a form body a byte a second
  (bench/slowclients.py) while a normal client asks, one after the other, for ``/healthz`` and
  the home page: its p50 and p99 and the requests that failed;
- **idle connections**: ``--idle`` (1500) keep-alive connections, each after one answered
  request, held open while wrk loads the home page again: the requests per second against the
  pages' figure, and how many held connections still got an answer to a second request
  afterwards (a server may close idle ones: that is allowed, a refusal of new ones is not).

It prints each figure and the ratio uvicorn / granian, and exits 1 when a candidate answered a
request with an error or the normal client got no answer (wrk's socket errors, a connection
closed or timed out under load, are counted apart).
"""

import argparse
import http.client
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from appserver import CANDIDATES, app_server  # noqa: E402
from slowclients import SlowSockets, percentile, table  # noqa: E402


def wrk(url: str, seconds: float, connections: int = 16) -> tuple[float, float, int, int]:
    """(requests per second, p50 ms, socket errors, non-2xx answers) of wrk on ``url``."""
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds:.0f}s", "--latency", url]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out)[1])
    p50 = re.search(r"50%\s+([\d.]+)(us|ms|s)\b", out)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[p50[2]]
    errors = sum(int(n) for n in re.findall(r"(?:timeout|read|write|connect) (\d+)", out))
    bad = int(m[1]) if (m := re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)) else 0
    return rps, float(p50[1]) * scale, errors, bad


def normal_client(host: str, port: int, seconds: float) -> tuple[list[float], int]:
    """Latencies (ms) of one client asking for /healthz and / in turn; how many failed."""
    latencies, failed = [], 0
    deadline = time.monotonic() + seconds
    k = 0
    while time.monotonic() < deadline:
        started = time.perf_counter()
        try:
            connection = http.client.HTTPConnection(host, port, timeout=5)
            connection.request("GET", "/" if k % 2 else "/healthz")
            ok = connection.getresponse().status == 200
            connection.close()
        except OSError:
            ok = False
        k += 1
        if ok:
            latencies.append(1000 * (time.perf_counter() - started))
        else:
            failed += 1
        time.sleep(0.02)
    return latencies, failed


def idle_connections(host: str, port: int, count: int) -> list[socket.socket]:
    """``count`` kept-alive connections, each after one answered request (those that got one)."""
    request = f"GET /healthz HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()
    held = []
    for _ in range(count):
        try:
            conn = socket.create_connection((host, port), timeout=5)
            conn.sendall(request)
            if conn.recv(65536).startswith(b"HTTP/1.1 200"):
                held.append(conn)
            else:
                conn.close()
        except OSError:
            pass
    return held


def still_answered(held: list[socket.socket], host: str) -> int:
    request = f"GET /healthz HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode()
    answered = 0
    for conn in held:
        try:
            conn.sendall(request)
            answered += conn.recv(65536).startswith(b"HTTP/1.1 200")
        except OSError:
            pass
        conn.close()
    return answered


def measure(url: str, args) -> dict[str, float]:
    host, port = url.removeprefix("http://").split(":")
    port = int(port)
    public_id, _cookies = table(url)
    wrk(f"{url}/", 2)  # warm every worker: the first requests compile the templates
    figures = {}
    figures["home rps"], figures["home p50 ms"], home_errors, home_bad = wrk(f"{url}/", args.seconds)
    board = wrk(f"{url}/masa/{public_id}/", args.seconds)
    figures["board rps"], figures["board p50 ms"], board_errors, board_bad = board
    slow = SlowSockets(host, port, args.slow, trickle=1.0)
    threads = slow.start()
    time.sleep(1.0)
    latencies, failed = normal_client(host, port, args.seconds)
    slow.stop.set()
    for thread in threads:
        thread.join(timeout=5)
    figures["slow: p50 ms"] = statistics.median(latencies) if latencies else float("nan")
    figures["slow: p99 ms"] = percentile(latencies, 99) if latencies else float("nan")
    figures["slow: failed"] = failed
    held = idle_connections(host, port, args.idle)
    figures["idle: held"] = len(held)
    figures["idle: home rps"], _p50, idle_errors, idle_bad = wrk(f"{url}/", args.seconds)
    figures["idle: still answered"] = still_answered(held, host)
    figures["wrk socket errors"] = home_errors + board_errors + idle_errors
    figures["failed answers"] = home_bad + board_bad + idle_bad + failed
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=8.0, help="each measurement (default 8)")
    parser.add_argument("--slow", type=int, default=40)
    parser.add_argument("--idle", type=int, default=1500)
    parser.add_argument("--port", type=int, default=8165)
    args = parser.parse_args()
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in CANDIDATES:
            database = f"sqlite:///{tmp}/{name}.sqlite3"
            with app_server(
                database, args.port, workers=args.workers, log=Path(tmp) / f"{name}.log", server=name
            ) as url:
                print(f"{name}: {args.workers} workers at {url}", flush=True)
                results[name] = measure(url, args)
    names = list(CANDIDATES)
    print(f"\n{'':24}" + "".join(f"{n:>12}" for n in names) + f"{' / '.join(names):>22}")
    for key in results[names[0]]:
        values = [results[n][key] for n in names]
        ratio = values[0] / values[1] if values[1] else float("nan")
        print(f"{key:24}" + "".join(f"{v:12.1f}" for v in values) + f"{ratio:22.2f}")
    return 0 if all(r["failed answers"] == 0 for r in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
