"""Several app servers, one database: two gunicorn instances (as `make serve` runs them) on one
PostgreSQL and one Redis, with concurrent scorekeepers and viewers across both.

Checks, failing with exit status 1:
- no hand is lost or doubled: every hand a scorekeeper was told is saved (redirect to the board)
  is in the table exactly once, and nothing else is — with double taps sent to both instances
  at once and two phones saving different hands at the same moment on different instances;
- a viewer polling instance B sees a hand saved on A at its next poll (the live partial's ETag
  comes from Game.version in the shared database), and unchanged polls answer 304;
- both instances show the same totals, equal to the engine's score of the exported game;
- no 5xx anywhere.

Small and bounded: 127.0.0.1 only, 2 workers per instance, a few tables, a deadline.
Environment: DATABASE_URL (PostgreSQL; the database is dropped and created afresh),
REDIS_URL, MULTI_PORTS (two ports), MULTI_TABLES, MULTI_VIEWERS. Prints the measured numbers.
"""

import http.cookiejar
import json
import os
import re
import secrets
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(BASE_DIR))

from tests.multi import servers  # noqa: E402
from tests.multi.servers import NoRedirect, Reply, Stats, at_once, port_free, wait_ready  # noqa: E402
from tests.support.posts import E2_HAND, NEW_TABLE  # noqa: E402  (the forms' fields, kept current by the suite)

DATABASE_URL = os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/okeycalc_multi"
REDIS_URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/2"
PORTS = [int(p) for p in os.environ.get("MULTI_PORTS", "8153,8154").split(",")]
TABLES = int(os.environ.get("MULTI_TABLES", "4"))
VIEWERS = int(os.environ.get("MULTI_VIEWERS", "4"))
HANDS = 5
DEADLINE_S = 240
NAMES = ["Ayşe", "Bora", "Cem", "Deniz"]


# --- HTTP clients (one per phone) ----------------------------------------------------------


STATS = Stats()


class Phone:
    """A browser: its own cookies (the device cookie = edit rights), talking to any instance."""

    def __init__(self, jar: http.cookiejar.CookieJar | None = None) -> None:
        self.jar = jar if jar is not None else http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect)

    def request(self, kind: str, url: str, data: dict | None = None, headers: dict | None = None) -> Reply:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(url, data=body, headers=headers or {})
        start = time.perf_counter()
        try:
            with self.opener.open(request, timeout=30) as response:
                reply = Reply(response.status, response.read().decode(), response.headers, 0)
        except urllib.error.HTTPError as exc:
            reply = Reply(exc.code, exc.read().decode(errors="replace"), exc.headers, 0)
        reply.seconds = time.perf_counter() - start
        STATS.add(kind, reply)
        return reply

    def csrf(self, url: str) -> str:
        return self.form(url)[0]

    def form(self, url: str) -> tuple[str, int]:
        """The CSRF token and the hidden ``hands_before`` of the form at ``url``, as a browser shows it."""
        page = self.request("page", url)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.body)
        before = re.search(r'name="hands_before" value="(\d+)"', page.body)
        if not token:
            raise SystemExit(f"no CSRF token on {url} (HTTP {page.status})")
        return token[1], int(before[1]) if before else 0

    def copy(self) -> "Phone":
        """A second phone holding the same edit rights (the same session cookie)."""
        jar = http.cookiejar.CookieJar()
        for cookie in self.jar:
            jar.set_cookie(cookie)
        return Phone(jar)


# --- the servers ------------------------------------------------------------------------------


def server_env(port: int, key: str) -> dict[str, str]:
    return os.environ | {
        "DATABASE_URL": DATABASE_URL,
        "REDIS_URL": REDIS_URL,
        "OKEYCALC_SECRET_KEY": key,
        "OKEYCALC_DEBUG": "0",
        "OKEYCALC_STATIC_MANIFEST": "1",
        "PORT": str(port),
        "HOST": "127.0.0.1",
        "WEB_CONCURRENCY": os.environ.get("WEB_CONCURRENCY", "2"),
    }


def prepare(key: str) -> None:
    servers.prepare(server_env(PORTS[0], key))


def start(port: int, key: str, log: Path) -> subprocess.Popen:
    return servers.start(server_env(port, key), log)


# --- the scenario -------------------------------------------------------------------------------


def hand_post(points: int, form: tuple[str, int]) -> dict:
    """E2 of the spec with Bora's points as the hand's mark, on the form the phone was shown."""
    csrf, hands_before = form
    return E2_HAND | {
        "p1-points": str(points),
        "hands_before": str(hands_before),
        "csrfmiddlewaretoken": csrf,
    }


@dataclass
class Table:
    public_id: str
    phone: Phone
    confirmed: list[int] = field(default_factory=list)
    """p1-points of every hand a phone was told is saved, in the order of the confirmations."""
    sync: list[float] = field(default_factory=list)
    """Seconds from a save's answer on one instance to the other instance's poll showing it."""


def open_table(base: str, n: int) -> Table:
    phone = Phone()
    token = phone.csrf(base + "/masa/yeni/")
    form = (
        NEW_TABLE
        | {"csrfmiddlewaretoken": token, "hands_planned": str(HANDS + 2), "first_dealer": "0"}
        | {f"player_{k}": f"{name}{n}" for k, name in enumerate(NAMES, start=1)}
    )
    reply = phone.request("create", base + "/masa/yeni/", form)
    match = re.search(r"/masa/([A-Za-z0-9_-]{16,32})/$", reply.headers.get("Location", ""))
    if reply.status != 302 or not match:
        raise SystemExit(f"could not open a table: HTTP {reply.status}")
    return Table(match[1], phone)


def live_etag(phone: Phone, base: str, table: Table, etag: str | None) -> tuple[int, str | None]:
    headers = {"If-None-Match": etag} if etag else {}
    reply = phone.request("poll", f"{base}/masa/{table.public_id}/canli/", headers=headers)
    return reply.status, reply.headers.get("ETag", etag)


def saved(reply: Reply, table: Table) -> bool:
    return reply.status == 302 and reply.headers.get("Location", "").endswith(f"/masa/{table.public_id}/")


def save(phone: Phone, base: str, table: Table, points: int) -> Reply:
    url = f"{base}/masa/{table.public_id}/el/yeni/"
    return phone.request("save", url, hand_post(points, phone.form(url)))


def save_seen_elsewhere(table: Table, writer: str, reader: str, points: int) -> None:
    """Save on one instance; the other instance's very next poll must show the change."""
    viewer = Phone()
    _status, etag = live_etag(viewer, reader, table, None)
    reply = save(table.phone, writer, table, points)
    if not saved(reply, table):
        STATS.fail(f"{table.public_id}: hand {points} not saved on {writer}: HTTP {reply.status}")
        return
    done = time.perf_counter()
    table.confirmed.append(points)
    status, new = live_etag(viewer, reader, table, etag)
    table.sync.append(time.perf_counter() - done)
    if status != 200 or new == etag:
        STATS.fail(f"{table.public_id}: {reader} did not show the hand saved on {writer} at its next poll")


def double_tap(table: Table, a: str, b: str, points: int) -> None:
    """The same hand sent twice at once, to both instances (a double tap behind a balancer)."""
    url = f"/masa/{table.public_id}/el/yeni/"
    data = hand_post(points, table.phone.form(a + url))
    replies = at_once(
        lambda: table.phone.request("save", a + url, data), lambda: table.phone.request("save", b + url, data)
    )
    if any(saved(reply, table) for reply in replies):
        table.confirmed.append(points)
    else:
        STATS.fail(
            f"{table.public_id}: double tap of hand {points}: neither saved ({[r.status for r in replies]})"
        )


def two_phones(table: Table, a: str, b: str, points: tuple[int, int]) -> None:
    """Two phones save different hands at the same moment on different instances; whoever is told
    "not saved" (the page again) saves once more, as the person would."""
    second = table.phone.copy()
    phones = (table.phone, second)
    bases = (a, b)
    url = f"/masa/{table.public_id}/el/yeni/"
    forms = [phone.form(base + url) for phone, base in zip(phones, bases, strict=True)]
    replies = at_once(
        *(
            (lambda k=k: phones[k].request("save", bases[k] + url, hand_post(points[k], forms[k])))
            for k in (0, 1)
        )
    )
    for k, reply in enumerate(replies):
        if saved(reply, table):
            table.confirmed.append(points[k])
        elif reply.status == 200:
            again = save(phones[k], bases[k], table, points[k])
            if saved(again, table):
                table.confirmed.append(points[k])
            else:
                STATS.fail(f"{table.public_id}: hand {points[k]} refused twice (HTTP {again.status})")
        else:
            STATS.fail(f"{table.public_id}: hand {points[k]}: HTTP {reply.status}")


def scorekeeper(table: Table, a: str, b: str, n: int) -> None:
    """Hands 1–5 of one table, writes alternating between the instances."""
    base = 20 + 10 * n
    save_seen_elsewhere(table, a, b, base + 1)
    double_tap(table, a, b, base + 2)
    save_seen_elsewhere(table, b, a, base + 3)
    two_phones(table, a, b, (base + 4, base + 5))
    save_seen_elsewhere(table, a, b, base + 6)


def viewer(bases: list[str], tables: list[Table], stop: threading.Event) -> None:
    """A phone watching the boards: polls /canli/ with If-None-Match, alternating instances."""
    phone = Phone()
    etags: dict[str, str | None] = {}
    k = 0
    while not stop.is_set():
        table = tables[k % len(tables)]
        status, etags[table.public_id] = live_etag(phone, bases[k % 2], table, etags.get(table.public_id))
        if status not in (200, 304):
            STATS.fail(f"viewer poll: HTTP {status}")
        k += 1
        stop.wait(0.25)


def check_table(table: Table, bases: list[str]) -> None:
    from scorer.engine import score_game

    phone = Phone()
    document = json.loads(phone.request("export", f"{bases[1]}/masa/{table.public_id}/oyun.json").body)
    stored = [int(_p1_points(hand)) for hand in document["hands"]]
    if sorted(stored) != sorted(table.confirmed) or len(stored) != len(set(stored)):
        STATS.fail(f"{table.public_id}: stored hands {stored} != confirmed {table.confirmed}")
    totals = [list(score_game(document).totals)]
    for base in bases:
        html = phone.request("board", f"{base}/masa/{table.public_id}/").body
        cells = re.findall(r'<td class="num col-score[^"]*" data-total="(-?\d+)"', html)
        totals.append([int(t) for t in cells])
    if not (totals[0] == totals[1] == totals[2]):
        STATS.fail(f"{table.public_id}: totals differ: engine, A, B = {totals}")
    # An unchanged board: the ETag from one instance is current on the other (304, no body).
    _status, etag = live_etag(phone, bases[0], table, None)
    status, _etag = live_etag(phone, bases[1], table, etag)
    if status != 304:
        STATS.fail(f"{table.public_id}: unchanged board polled on B with A's ETag: HTTP {status}, not 304")


def _p1_points(hand: dict) -> int:
    return hand["players"][1]["remaining"]["points"]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def report(seconds: float, tables: list[Table]) -> None:
    print(
        f"two instances (ports {PORTS[0]}, {PORTS[1]}), {TABLES} tables, {VIEWERS} viewers, {seconds:.1f} s"
    )
    for kind, values in sorted(STATS.timings.items()):
        print(
            f"  {kind:<7} {len(values):5d} requests  median {statistics.median(values) * 1000:6.1f} ms"
            f"  p95 {percentile(values, 0.95) * 1000:6.1f} ms  max {max(values) * 1000:6.1f} ms"
        )
    sync = [s for table in tables for s in table.sync]
    print(
        f"  saved on one instance -> shown by the other's next poll: {len(sync)} of {len(sync)} at the first poll,"
        f" median {statistics.median(sync) * 1000:.1f} ms, max {max(sync) * 1000:.1f} ms"
    )
    print(f"  HTTP statuses: {dict(sorted(STATS.statuses.items()))}")
    hands = sum(len(table.confirmed) for table in tables)
    print(f"  hands confirmed and stored exactly once: {hands} (6 per table, double taps and races included)")


def scenario(bases: list[str]) -> list[Table]:
    tables = [open_table(bases[n % 2], n) for n in range(TABLES)]
    stop = threading.Event()
    watchers = [threading.Thread(target=viewer, args=(bases, tables, stop)) for _ in range(VIEWERS)]
    keepers = [
        threading.Thread(target=scorekeeper, args=(table, bases[n % 2], bases[(n + 1) % 2], n))
        for n, table in enumerate(tables)
    ]
    for thread in watchers + keepers:
        thread.start()
    for thread in keepers:
        thread.join(DEADLINE_S)
    stop.set()
    for thread in watchers:
        thread.join(10)
    if any(thread.is_alive() for thread in keepers):
        STATS.fail("a scorekeeper did not finish before the deadline")
    return tables


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "okeycalc.settings")
    import django

    django.setup()
    key = secrets.token_urlsafe(50)  # shared: the signed-cookie sessions must verify on both
    busy = [port for port in PORTS if not port_free(port)]
    if busy:
        raise SystemExit(f"ports {busy} are in use: set MULTI_PORTS to two free ports")
    prepare(key)
    logs = BASE_DIR / "test-artifacts" / "multi"
    logs.mkdir(parents=True, exist_ok=True)
    running = [start(port, key, logs / f"gunicorn-{port}.log") for port in PORTS]
    bases = [f"http://127.0.0.1:{port}" for port in PORTS]
    try:
        for base, server in zip(bases, running, strict=True):
            wait_ready(base, server)
        began = time.perf_counter()
        tables = scenario(bases)
        seconds = time.perf_counter() - began
        for table in tables:
            check_table(table, bases)
    finally:
        servers.stop(running)
    report(seconds, tables)
    if STATS.failures:
        print("FAILED:", *STATS.failures, sep="\n  ")
        return 1
    print("OK: no hand lost or doubled; every change seen by the other instance at its next poll")
    return 0


if __name__ == "__main__":
    sys.exit(main())
