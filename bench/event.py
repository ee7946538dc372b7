"""A tournament at scale: two app servers, scorekeepers at every table, phones and TVs watching.

Run: ``make bench-event`` (``BENCH_EVENT_ARGS="--tables 16 --viewers 128"``; ``--help`` lists all).

What it does, all by itself:
- a fresh PostgreSQL database (``DATABASE_URL``, dropped and created again) and a Redis cache
  (``REDIS_URL``) shared by two server instances started as ``make serve`` starts them
  (``okeycalc/gunicorn.conf.py``: uvicorn's worker, ``WEB_CONCURRENCY`` workers each),
  with the benchmark's settings (``bench/web_settings.py``: the app's, DEBUG off, rate limits off,
  plus the minimal views ``/bench-floor/`` and ``/bench-floor/post/``), on 127.0.0.1 only;
- a points event of ``4 × --tables`` players (LOCA Cezalı, ``--hands`` hands a game), round 1
  drawn, through the app's own services (scorer/events/services/);
- then, all at once: one scorekeeper per table claims its edit link and enters its hands through
  the real hand form (GET the form, POST it; tables alternate between the two instances, every
  third hand is a double tap sent to both), ``--viewers`` phones open the public standings and
  poll them as htmx does (``?v=`` every 5 s, reopening the page every 30 s), ``--displays``
  venue displays poll theirs every 10 s, and a probe asks the minimal views every 50 ms;
- checks: every hand a scorekeeper was told is saved is stored exactly once and nothing else
  (0 lost, 0 doubled), both instances show the standings ``score_event`` gives for the event's
  document, the display lists every entrant, no 5xx;
- reports p50 and p99 of each kind of request, and each as a ratio to the minimal view measured
  in the same run (saves to the POST floor, pages and polls to the GET floor).
Exit status 1 when a check fails. ``tests/multi/event.py`` runs a small version in CI.
"""

import argparse
import http.cookiejar
import json
import os
import random
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.multi import servers  # noqa: E402  (two app servers, as tests/multi/run.py starts them)
from tests.multi.servers import NoRedirect, Reply, Stats, at_once, wait_ready  # noqa: E402
from tests.support.posts import E2_HAND  # noqa: E402  (the hand form's fields, kept current by the suite)

VIEWER_POLL_S = 5.0  # as templates/scorer/events/standings.html polls
DISPLAY_POLL_S = 10.0  # as templates/scorer/events/display.html polls
REOPEN_S = 30.0
FLOOR_EVERY_S = 0.05


def options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=16)
    parser.add_argument("--hands", type=int, default=11)
    parser.add_argument("--viewers", type=int, default=128)
    parser.add_argument("--displays", type=int, default=2)
    parser.add_argument("--pause", type=float, default=2.0, help="seconds a scorekeeper waits between hands")
    parser.add_argument(
        "--poll",
        type=float,
        help="seconds between a viewer's polls (a display's: twice as long); default as the pages poll",
    )
    parser.add_argument("--ports", default=os.environ.get("BENCH_EVENT_PORTS", "8161,8162"))
    parser.add_argument("--workers", default=os.environ.get("WEB_CONCURRENCY", "2"), help="per instance")
    parser.add_argument(
        "--database-url",
        default=os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/okeycalc_bench_event",
    )
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/3")
    parser.add_argument("--deadline", type=float, default=600.0, help="seconds the load may take at most")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    return parser.parse_args()


# --- HTTP: one client per phone ------------------------------------------------------------------


STATS = Stats()


class Phone:
    """A browser: its own cookies (the device cookie holds edit rights), any instance."""

    def __init__(self) -> None:
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), NoRedirect)

    def request(
        self, kind: str | None, url: str, data: dict | None = None, headers: dict | None = None
    ) -> Reply:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(
            url, data=body, headers={"Accept-Encoding": "identity", **(headers or {})}
        )
        start = time.perf_counter()
        try:
            with self.opener.open(request, timeout=60) as response:
                reply = Reply(response.status, response.read().decode(), response.headers, 0)
        except urllib.error.HTTPError as exc:
            reply = Reply(exc.code, exc.read().decode(errors="replace"), exc.headers, 0)
        except OSError as exc:
            reply = Reply(599, str(exc), {}, 0)
        reply.seconds = time.perf_counter() - start
        STATS.add(kind, reply)
        return reply


# --- the servers and the event ------------------------------------------------------------------


def server_env(args, port: int, key: str) -> dict[str, str]:
    return os.environ | {
        "DATABASE_URL": args.database_url,
        "REDIS_URL": args.redis_url,
        "OKEYCALC_SECRET_KEY": key,
        "OKEYCALC_DEBUG": "0",
        "OKEYCALC_STATIC_MANIFEST": "1",
        "OKEYCALC_RATELIMIT": "0",
        "DJANGO_SETTINGS_MODULE": "bench.web_settings",
        "OKEYCALC_BENCH_STATIC_ROOT": str(ROOT / "staticfiles"),
        "PYTHONPATH": str(ROOT),
        "PORT": str(port),
        "HOST": "127.0.0.1",
        "WEB_CONCURRENCY": str(args.workers),
        "GUNICORN_LOGLEVEL": "warning",
    }


def prepare(args, key: str) -> None:
    """A fresh database, migrated; the static files collected when they changed."""
    os.environ["DATABASE_URL"] = args.database_url  # for django.setup() here (make_event)
    servers.prepare(server_env(args, 0, key) | {"DJANGO_SETTINGS_MODULE": "okeycalc.settings"})


def start(args, port: int, key: str, log: Path) -> subprocess.Popen:
    return servers.start(server_env(args, port, key), log)


@dataclass
class Table:
    number: int
    public_id: str
    secret: str
    confirmed: list[int] = field(default_factory=list)
    """The mark (Bora's points) of every hand its scorekeeper was told is saved."""


def make_event(args) -> tuple[str, list[Table]]:
    """The event (points, round 1 drawn) through the app's services; its public id and tables."""
    from scorer.events.selectors.standings import event_standings
    from scorer.events.services.creation import event_create
    from scorer.events.services.rounds import round_start
    from tests.support.events import NAMES

    players = [f"{NAMES[k % len(NAMES)]} {k + 1}" for k in range(4 * args.tables)]
    partners = getattr(args, "partners", False)  # eşli: two teams a table, up to 128 tables
    entrants = (
        [{"name": f"Eş {k + 1}", "players": players[2 * k : 2 * k + 2]} for k in range(2 * args.tables)]
        if partners
        else players
    )
    event, _secret = event_create(
        name="Bench turnuvası",
        date=None,
        ruleset="loca-cezali",
        options={"katlama": "none"} | ({"partners": True} if partners else {}),
        hands_per_game=args.hands,
        kind="points",
        entrants=entrants,
        rounds=1,
        seed=1907,
    )
    round_start(event=event)
    view = event_standings(event, next_round=False)
    tables = []
    for progress in view.current:
        game = progress.current_game.game
        tables.append(Table(progress.number, game.public_id, game.link_secret))
    return event.public_id, tables


# --- the people ---------------------------------------------------------------------------------


def hand_post(page: Reply, mark: int) -> dict:
    """Hand E2 with Bora's points as the hand's mark, on the form the phone was shown."""
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.body)
    before = re.search(r'name="hands_before" value="(\d+)"', page.body)
    request_id = re.search(r'name="request_id" value="([^"]*)"', page.body)
    data = E2_HAND | {"p1-points": str(mark), "csrfmiddlewaretoken": token[1] if token else ""}
    if before:
        data["hands_before"] = before[1]
    if request_id and request_id[1]:
        data["request_id"] = request_id[1]
    return data


def saved(reply: Reply, table: Table) -> bool:
    return reply.status == 302 and reply.headers.get("Location", "").endswith(f"/masa/{table.public_id}/")


def scorekeeper(args, table: Table, bases: list[str], rng: random.Random) -> None:
    """Claims the table's edit link, then enters its hands one after another."""
    phone = Phone()
    home = bases[table.number % 2]
    claim = phone.request(None, f"{home}/masa/{table.public_id}/anahtar/{table.secret}/")
    if claim.status != 302:
        STATS.fail(f"table {table.number}: the edit link answered {claim.status}")
        return
    url = f"/masa/{table.public_id}/el/yeni/"
    for hand in range(1, args.hands + 1):
        time.sleep(args.pause * rng.uniform(0.5, 1.5))
        mark = 10 + hand
        form = phone.request("hand form", home + url)
        data = hand_post(form, mark)
        if hand % 3 == 0:  # a double tap, behind a balancer: the same hand to both instances
            replies = at_once(*(lambda b=b, d=data: phone.request("save", b + url, d) for b in bases))
        else:
            replies = [phone.request("save", home + url, data)]
        if any(saved(reply, table) for reply in replies):
            table.confirmed.append(mark)
        else:
            STATS.fail(f"table {table.number}: hand {hand} not saved ({[r.status for r in replies]})")


ETAG = re.compile(r'id="(?:standings|display)-live"[^>]*?data-etag="([^"]*)"', re.S)


def watcher(kind: str, page_path: str, live_path: str, every: float, bases, stop, rng) -> None:
    """A phone (or TV) on the public standings (or display): the page, then htmx's polls."""
    phone = Phone()
    base = bases[rng.randrange(2)]
    stop.wait(rng.uniform(0, every))
    etag, opened = None, 0.0
    while not stop.is_set():
        if etag is None or time.monotonic() - opened > REOPEN_S:
            reply = phone.request(f"{kind} page", base + page_path)
            opened = time.monotonic()
        else:
            query = urllib.parse.urlencode({"v": etag})
            reply = phone.request(
                f"{kind} poll", f"{base}{live_path}?{query}", headers={"HX-Request": "true"}
            )
        if reply.status not in (200, 204, 286):
            STATS.fail(f"{kind}: HTTP {reply.status}")
        found = ETAG.search(reply.body) if reply.status != 204 else None
        etag = found[1] if found else etag
        stop.wait(every)


def floor_probe(bases, stop) -> None:
    """The minimal views, asked all along: what any request costs on these servers right now."""
    phone = Phone()
    phone.request(None, bases[0] + "/")  # a page with a form: the CSRF cookie for the POST floor
    k = 0
    while not stop.is_set():
        base = bases[k % 2]
        phone.request("floor GET", base + "/bench-floor/")
        csrf = next((c.value for c in phone.jar if c.name == "csrftoken"), "")
        phone.request("floor POST", base + "/bench-floor/post/", E2_HAND, headers={"X-CSRFToken": csrf})
        k += 1
        stop.wait(FLOOR_EVERY_S)


def warm_up(bases: list[str], event_id: str) -> None:
    """A fresh worker's first requests compile templates and load the translation catalogues, which
    takes about a second; a venue's servers are warm before the doors open. So before the load,
    each instance gets its public pages and the floor 8 at a time, three times over (timed as
    "warm-up", reported apart from the load)."""
    paths = (f"/turnuva/{event_id}/siralama/", f"/turnuva/{event_id}/ekran/", "/bench-floor/")
    for _ in range(3):
        for base in bases:
            for path in paths:
                at_once(*(lambda url=base + path: Phone().request("warm-up", url) for _ in range(8)))


def load(args, bases: list[str], event_id: str, tables: list[Table]) -> float:
    stop = threading.Event()
    rng = random.Random(1907)
    standings = (f"/turnuva/{event_id}/siralama/", f"/turnuva/{event_id}/siralama/canli/")
    display = (f"/turnuva/{event_id}/ekran/", f"/turnuva/{event_id}/ekran/canli/")
    every = (args.poll, 2 * args.poll) if args.poll else (VIEWER_POLL_S, DISPLAY_POLL_S)
    watchers = [
        threading.Thread(
            target=watcher, args=("standings", *standings, every[0], bases, stop, random.Random(k))
        )
        for k in range(args.viewers)
    ]
    watchers += [
        threading.Thread(target=watcher, args=("display", *display, every[1], bases, stop, random.Random(-k)))
        for k in range(1, args.displays + 1)
    ]
    watchers.append(threading.Thread(target=floor_probe, args=(bases, stop)))
    keepers = [
        threading.Thread(target=scorekeeper, args=(args, table, bases, random.Random(rng.random())))
        for table in tables
    ]
    began = time.perf_counter()
    for thread in watchers + keepers:
        thread.start()
    for thread in keepers:
        thread.join(max(1.0, args.deadline - (time.perf_counter() - began)))
    seconds = time.perf_counter() - began
    stop.set()
    for thread in watchers:
        thread.join(30)
    if any(thread.is_alive() for thread in keepers):
        STATS.fail("a scorekeeper did not finish before the deadline")
    return seconds


# --- the checks ---------------------------------------------------------------------------------


def check(args, bases: list[str], event_id: str, tables: list[Table]) -> dict:
    """Hands stored exactly once; the standings both instances show are the rules' own."""
    from scorer.events.rules import score_event
    from scorer.events.selectors.document import event_document, event_find

    lost = doubled = 0
    phone = Phone()
    for table in tables:
        document = json.loads(phone.request(None, f"{bases[1]}/masa/{table.public_id}/oyun.json").body)
        stored = [hand["players"][1]["remaining"]["points"] for hand in document["hands"]]
        lost += len(set(table.confirmed) - set(stored))
        doubled += len(stored) - len(set(stored)) + len(set(stored) - set(table.confirmed))
    if lost or doubled:
        STATS.fail(f"{lost} hands lost, {doubled} doubled or unconfirmed")
    event = event_find(event_id)
    result = score_event(event_document(event)).to_dict()
    expected = [(row["place"], row["entrant"]) for row in result["standings"]]
    for base in bases:
        html = phone.request(None, f"{base}/turnuva/{event_id}/siralama/").body
        shown = [(int(p), e) for e, p in re.findall(r'data-entrant="([^"]*)" data-place="(\d+)"', html)]
        if [(p, _unescape(e)) for p, e in shown] != expected:
            STATS.fail(f"{base}: the standings shown differ from score_event's")
        html = phone.request(None, f"{base}/turnuva/{event_id}/ekran/").body
        if len(re.findall(r"data-entrant=", html)) != len(expected):
            STATS.fail(f"{base}: the display does not list every entrant")
    return {"hands": sum(len(t.confirmed) for t in tables), "lost": lost, "doubled": doubled}


def _unescape(text: str) -> str:
    import html

    return html.unescape(text)


# --- the report ---------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


KINDS = [
    ("save", "floor POST"),
    ("hand form", "floor GET"),
    ("standings page", "floor GET"),
    ("standings poll", "floor GET"),
    ("display page", "floor GET"),
    ("display poll", "floor GET"),
]


def figures(args, seconds: float, hands: dict) -> dict:
    timings = STATS.timings
    rows = {}
    for kind, floor in [*KINDS, ("floor GET", "floor GET"), ("floor POST", "floor POST")]:
        values = timings.get(kind, [])
        base = timings.get(floor, [])
        if not values or not base:
            continue
        p50, p99 = statistics.median(values), percentile(values, 0.99)
        rows[kind] = {
            "requests": len(values),
            "p50_ms": round(p50 * 1000, 1),
            "p99_ms": round(p99 * 1000, 1),
            "p50_ratio": round(p50 / statistics.median(base), 1),
            "p99_ratio": round(p99 / percentile(base, 0.99), 1),
            "floor": floor,
        }
    return {
        "tables": args.tables,
        "players": 4 * args.tables,
        "hands_per_table": args.hands,
        "viewers": args.viewers,
        "displays": args.displays,
        "workers_per_instance": int(args.workers),
        "seconds": round(seconds, 1),
        "statuses": dict(sorted(STATS.statuses.items())),
        **hands,
        "requests": rows,
        "warm_up": {
            "requests": len(timings.get("warm-up", [])),
            "max_ms": round(max(timings.get("warm-up", [0])) * 1000, 1),
        },
    }


def report(result: dict) -> None:
    print(
        f"two instances, {result['tables']} tables ({result['players']} players, {result['hands_per_table']} hands each),"
        f" {result['viewers']} viewers, {result['displays']} displays, {result['seconds']} s of load"
    )
    print(f"  hands confirmed {result['hands']}: lost {result['lost']}, doubled {result['doubled']}")
    print(
        f"  {'request':<16}{'count':>7}{'p50 ms':>9}{'p99 ms':>9}{'p50 ×':>8}{'p99 ×':>8}  (× the minimal view)"
    )
    for kind, row in result["requests"].items():
        print(
            f"  {kind:<16}{row['requests']:>7}{row['p50_ms']:>9}{row['p99_ms']:>9}"
            f"{row['p50_ratio']:>8}{row['p99_ratio']:>8}  {row['floor']}"
        )
    print(f"  HTTP statuses: {result['statuses']}")
    warm = result["warm_up"]
    print(
        f"  warm-up before the load (fresh workers): {warm['requests']} requests, slowest {warm['max_ms']} ms"
    )


def main() -> int:
    args = options()
    ports = [int(p) for p in args.ports.split(",")]
    key = secrets.token_urlsafe(50)  # shared: sessions and edit links must verify on both
    prepare(args, key)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "okeycalc.settings")
    os.environ["OKEYCALC_SECRET_KEY"] = key  # the edit links made here must open on the servers
    import django

    django.setup()
    event_id, tables = make_event(args)
    logs = ROOT / "test-artifacts" / "bench-event"
    logs.mkdir(parents=True, exist_ok=True)
    running = [start(args, port, key, logs / f"server-{port}.log") for port in ports]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    try:
        for base, server in zip(bases, running, strict=True):
            wait_ready(base, server)
        warm_up(bases, event_id)
        seconds = load(args, bases, event_id, tables)
        hands = check(args, bases, event_id, tables)
    finally:
        servers.stop(running)
    result = figures(args, seconds, hands)
    report(result)
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    if STATS.failures:
        print("FAILED:", *sorted(set(STATS.failures))[:20], sep="\n  ")
        return 1
    print("OK: no hand lost or doubled; both instances show the rules' standings")
    return 0


if __name__ == "__main__":
    sys.exit(main())
