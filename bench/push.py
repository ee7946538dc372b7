"""Pushed changes at scale: a thousand open streams on two app servers, against yesterday's polling.

Run: ``make bench-push`` (``BENCH_PUSH_ARGS="--streams 200 --baseline /tmp/okeycalc-poll"``;
``--help`` lists all). Not in CI.

The push phase (this checkout): a fresh PostgreSQL database and a Redis database of its own, two
app servers started by tests/multi/servers.py as ``make serve`` starts them, an event of ``--tables`` tables
(round 1 drawn, through its own services), ``--streams`` raw viewer streams
(tests/multi/streams.py) spread in turn over the tables' boards and the event's venue display on
both servers, then one scorekeeper a table saving ``--hands`` hands through the hand form.
It reports
- save-to-arrival p50/p99: a board event's arrival at a client minus the moment the POST that made
  it got its answer;
- memory per open stream: the RSS of the servers' worker processes (the gunicorn masters'
  children, from /proc) with every stream open minus with none, divided by the streams;
- CPU per 1,000 idle streams: the CPU seconds of the server processes over ``--idle`` seconds with
  every stream open and nothing saved, as % of one core, scaled to 1,000 streams;
- the save's own p50/p99 (the POST).
With ``--baseline DIR`` (a checkout of the polling code, commit 1852895) the same saves run again
on DIR's own servers (its tests/multi/servers.py), in a database and Redis database of their own,
with as many viewers polling as the pages did then (a board's ``/canli/?v=`` every 4 s, the
display's every 10 s): the ratio of save p99, push over polling, is measured in the same run.
With ``--before DIR`` (a checkout of earlier push code) DIR's servers run the same push phase
first, in a database and Redis database of their own, and the ratios of this checkout's figures
to DIR's are reported: on a machine shared with other work the absolute figures move with its
load, the ratio of two variants measured minutes apart much less.
With ``--burst`` the scorekeepers save in bursts instead: ``--tables`` (100 by default then) tables
each save a hand within the same second (every phone has its form open before; the posts are
spread evenly over ``--window`` seconds), ``--hands`` bursts ``--pause`` seconds apart. Every
change must reach every stream of its board within ``--within`` seconds (2) of its save, none
lost, none out of order: the report adds the slowest arrival and how many arrived late.
Goals: save-to-arrival p99 <= 100 ms, the save's own p99 <= 60 ms, saves no slower than the
baseline. Exit status 1 when a save fails or a stream misses a change (or, with ``--burst``, one
arrives late or out of order).
"""

import argparse
import asyncio
import importlib.util
import json
import os
import random
import re
import resource
import secrets
import statistics
import sys
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.multi import run, servers  # noqa: E402
from tests.multi.keepers import Keeper, Saved, make_event  # noqa: E402
from tests.multi.streams import HOST, Crowd, Stream, Target, read_body, read_head, request_bytes  # noqa: E402

BOARD_POLL_S = 4.0  # templates/scorer/board.html of the baseline: hx-trigger="every 4s"
DISPLAY_POLL_S = 10.0  # templates/scorer/events/display.html of the baseline
ETAG_IN_BODY = re.compile(r'id="(?:board|display)-live"[^>]*?data-etag="([^"]*)"', re.S)
FAILURES: list[str] = []


def options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=1000, help="open viewer streams (or pollers)")
    parser.add_argument("--tables", type=int, help="the event's tables (16; 100 with --burst)")
    parser.add_argument("--hands", type=int, default=8, help="hands each scorekeeper saves")
    parser.add_argument("--pause", type=float, default=2.0, help="seconds a scorekeeper waits between hands")
    parser.add_argument("--idle", type=float, default=25.0, help="seconds of the idle CPU window")
    parser.add_argument("--workers", type=int, default=2, help="per instance")
    parser.add_argument("--ports", default="8163,8164")
    parser.add_argument("--baseline", type=Path, help="a checkout of the polling code (commit 1852895)")
    parser.add_argument("--baseline-ports", default="8165,8166")
    parser.add_argument(
        "--before", type=Path, help="a checkout of earlier push code, compared in the same run"
    )
    parser.add_argument("--before-ports", default="8167,8168")
    parser.add_argument(
        "--database-url",
        default="postgres://postgres@127.0.0.1:5432/okeycalc_bench_push",
        help="each phase uses a database of its own: this name plus _push or _poll",
    )
    parser.add_argument(
        "--redis-url", default="redis://127.0.0.1:6379/6", help="the push phase's; the baseline's is the next"
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--burst", action="store_true", help="every table saves within --window seconds")
    parser.add_argument("--window", type=float, default=1.0, help="seconds a burst's saves are spread over")
    parser.add_argument(
        "--within", type=float, default=2.0, help="seconds a burst's change may take to arrive"
    )
    args = parser.parse_args()
    if args.tables is None:
        args.tables = 100 if args.burst else 16
    return args


# --- the server processes, from /proc -------------------------------------------------------------


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def rss_bytes(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1]) * 1024
    return total


def cpu_seconds(pids: list[int]) -> float:
    ticks = 0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def own_cpu_seconds() -> float:
    """The CPU seconds of this process: the stream clients and the scorekeepers."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def workers_of(masters) -> list[int]:
    return [pid for master in masters for pid in children(master.pid)]


# --- one phase: its servers, its event, its keepers -------------------------------------------


@dataclass
class Phase:
    name: str
    module: ModuleType
    """The tests/multi/servers.py that starts this phase's servers (this checkout's or the baseline's)."""
    checkout: Path
    ports: list[int]
    database_url: str
    redis_url: str
    key: str = field(default_factory=lambda: secrets.token_urlsafe(50))
    running: list = field(default_factory=list)
    event_id: str = ""
    keepers: list[Keeper] = field(default_factory=list)

    @property
    def bases(self) -> list[str]:
        return [f"http://127.0.0.1:{port}" for port in self.ports]

    def env(self, port: int) -> dict[str, str]:
        env = os.environ | {
            "DATABASE_URL": self.database_url,
            "REDIS_URL": self.redis_url,
            "OKEYCALC_SECRET_KEY": self.key,
            "OKEYCALC_DEBUG": "0",
            "OKEYCALC_STATIC_MANIFEST": "1",
            "OKEYCALC_RATELIMIT": "0",  # one client address sends everything
            "DJANGO_SETTINGS_MODULE": "okeycalc.settings",
            "PORT": str(port),
            "HOST": "127.0.0.1",
            "WEB_CONCURRENCY": str(ARGS.workers),
            "GUNICORN_LOGLEVEL": "warning",
        }
        return env

    def up(self) -> None:
        """A fresh database, the event, both servers ready, every edit link claimed, pages warm."""
        self.module.prepare(self.env(self.ports[0]))
        self.event_id, self.keepers = make_event(
            self.checkout, self.env(self.ports[0]), ARGS.tables, ARGS.hands + 1, partners=ARGS.tables > 64
        )
        logs = ROOT / "test-artifacts" / "bench-push"
        logs.mkdir(parents=True, exist_ok=True)
        self.running = [
            self.module.start(self.env(port), logs / f"{self.name}-{port}.log") for port in self.ports
        ]
        for base, server in zip(self.bases, self.running, strict=True):
            self.module.wait_ready(base, server)
        for k, keeper in enumerate(self.keepers):
            keeper.claim(self.bases[k % 2])
        self.warm_up()

    def warm_up(self) -> None:
        """Fresh workers compile templates on their first requests: each page three times a worker."""
        paths = [f"/masa/{k.public_id}/" for k in self.keepers[:2]] + [f"/turnuva/{self.event_id}/ekran/"]
        for _ in range(3 * ARGS.workers):
            for base in self.bases:
                for path in paths:
                    servers.at_once(*(lambda url=base + path: run.Phone().request(None, url),) * 4)

    def down(self) -> None:
        self.module.stop(self.running)

    def targets(self) -> list[Target]:
        """The tables' boards and the event's display on both servers, in turn."""
        paths = [(f"/masa/{k.public_id}/akis/", f"board:{k.public_id}") for k in self.keepers]
        paths.append((f"/turnuva/{self.event_id}/ekran/akis/", "display"))
        return [Target(port, path, label) for path, label in paths for port in self.ports]

    def save_hands(self) -> float:
        """Every keeper saves its hands on its own server, a pause between them; the seconds it took."""
        began = time.perf_counter()

        def keep(k: int, keeper: Keeper) -> None:
            rng = random.Random(k)
            for hand in range(1, ARGS.hands + 1):
                time.sleep(ARGS.pause * rng.uniform(0.5, 1.5))
                keeper.save(self.bases[k % 2], 10 + hand)

        threads = [threading.Thread(target=keep, args=(k, keeper)) for k, keeper in enumerate(self.keepers)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(600)
        for keeper in self.keepers:
            FAILURES.extend(f"{self.name}: {failure}" for failure in keeper.failures)
        return time.perf_counter() - began

    def save_bursts(self) -> float:
        """``--hands`` bursts ``--pause`` seconds apart; the seconds it took."""
        began = time.perf_counter()
        for hand in range(1, ARGS.hands + 1):
            self.burst(10 + hand)
            time.sleep(ARGS.pause)
        for keeper in self.keepers:
            FAILURES.extend(f"{self.name}: {failure}" for failure in keeper.failures)
        return time.perf_counter() - began

    def burst(self, mark: int) -> None:
        """Every keeper opens its form, then all post within ``--window`` seconds (keeper k at k/n
        of it, on its own server); then each asks the version its save made."""
        forms: list = [None] * len(self.keepers)

        def ready(k: int, keeper: Keeper) -> None:
            url = f"{self.bases[k % 2]}/masa/{keeper.public_id}/el/yeni/"
            forms[k] = (url, run.hand_post(mark, keeper.phone.form(url)))

        self.at_once(ready)
        start = time.perf_counter() + 0.2
        slots = [start + ARGS.window * k / len(self.keepers) for k in range(len(self.keepers))]

        def post(k: int, keeper: Keeper) -> None:
            time.sleep(max(0.0, slots[k] - time.perf_counter()))
            url, data = forms[k]
            reply = keeper.phone.request("save", url, data)
            answered = time.perf_counter()
            if not run.saved(reply, keeper.table):
                keeper.failures.append(
                    f"{keeper.public_id}: burst hand {mark} not saved: HTTP {reply.status}"
                )
                return
            keeper.saves.append(Saved(mark, url, answered, reply.seconds, 0))

        self.at_once(post)
        self.at_once(lambda k, keeper: self._versions_of_last(k, keeper, mark))

    def at_once(self, work) -> None:
        """``work(k, keeper)`` for every keeper, each in its own thread."""
        threads = [threading.Thread(target=work, args=(k, keeper)) for k, keeper in enumerate(self.keepers)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)

    def _versions_of_last(self, k: int, keeper: Keeper, mark: int) -> None:
        """The table version the keeper's last save made (asked after the burst, not inside it)."""
        if keeper.saves and keeper.saves[-1].mark == mark and keeper.saves[-1].version == 0:
            last = keeper.saves[-1]
            keeper.saves[-1] = Saved(
                last.mark, last.base, last.answered, last.seconds, keeper.version(self.bases[k % 2])
            )

    def save_seconds(self) -> list[float]:
        return [saved.seconds for keeper in self.keepers for saved in keeper.saves]


def baseline_servers(checkout: Path) -> ModuleType:
    """The baseline checkout's own tests/multi/servers.py (its ROOT is the checkout)."""
    spec = importlib.util.spec_from_file_location(
        "baseline_servers", checkout / "tests" / "multi" / "servers.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- the push phase --------------------------------------------------------------------------------


def push_phase(phase: Phase) -> dict:
    load_before = os.getloadavg()[0]
    phase.up()
    try:
        pids = lambda: [server.pid for server in phase.running] + workers_of(phase.running)  # noqa: E731
        time.sleep(2)
        before = rss_bytes(workers_of(phase.running))
        crowd = Crowd(phase.targets(), ARGS.streams)
        began = time.perf_counter()
        crowd.start()
        if not crowd.wait_until(crowd.all_showing, 120):
            FAILURES.append(
                f"push: only {sum(s.open for s in crowd.streams)} of {ARGS.streams} streams opened"
            )
        opened = time.perf_counter() - began
        time.sleep(3)
        after = rss_bytes(workers_of(phase.running))
        cpu_before, idle_began = cpu_seconds(pids()), time.perf_counter()
        time.sleep(ARGS.idle)
        idle = cpu_seconds(pids()) - cpu_before
        idle_window = time.perf_counter() - idle_began
        print("push: saving", flush=True)  # where a profiler of the servers may start
        cpu_before, clients_before = cpu_seconds(pids()), own_cpu_seconds()
        load_seconds = phase.save_bursts() if ARGS.burst else phase.save_hands()
        load_cpu = cpu_seconds(pids()) - cpu_before
        clients_cpu = own_cpu_seconds() - clients_before
        crowd.wait_until(lambda: settled(phase, crowd), 15)
        crowd.stop()
    finally:
        phase.down()
    figures = push_figures(phase, crowd, before, after, idle, idle_window, opened, load_seconds, load_cpu)
    return figures | {
        "clients_cpu_pct_core": round(clients_cpu / load_seconds * 100, 1),
        "machine_load": [round(load_before, 1), round(os.getloadavg()[0], 1)],
    }


def board_version(event_id: str) -> int:
    return int(event_id.split("-", 1)[0])


def settled(phase: Phase, crowd: Crowd) -> bool:
    latest = {f"board:{k.public_id}": k.saves[-1].version for k in phase.keepers if k.saves}
    return all(
        s.last_id and board_version(s.last_id) >= latest[s.label] for s in crowd.streams if s.label in latest
    )


def board_arrivals(phase: Phase, streams: list[Stream]) -> tuple[list[float], int]:
    """Save-to-arrival at every board stream of the saved table (the first event showing the save),
    and how many saves some stream never showed on their own (folded into a later version)."""
    keepers = {f"board:{k.public_id}": k for k in phase.keepers}
    arrivals, folded = [], 0
    for stream in streams:
        keeper = keepers.get(stream.label)
        if keeper is None:
            continue
        seen = [(board_version(event.id), event.at) for event in stream.parts]
        for saved in keeper.saves:
            at = next((when for version, when in seen if version >= saved.version), None)
            if at is None:
                FAILURES.append(f"push: {stream.label} on {stream.port} never showed version {saved.version}")
                continue
            folded += all(version != saved.version for version, _ in seen)
            arrivals.append(at - saved.answered)
        versions = [version for version, _ in seen]
        if any(b <= a for a, b in zip(versions, versions[1:], strict=False)):
            FAILURES.append(f"push: {stream.label} on {stream.port}: versions not increasing {versions}")
    return arrivals, folded


def push_figures(phase, crowd, before, after, idle, idle_window, opened, load_seconds, load_cpu) -> dict:
    streams = crowd.streams
    arrivals, folded = board_arrivals(phase, streams)
    late = [a for a in arrivals if a > ARGS.within]
    if ARGS.burst and late:
        FAILURES.append(
            f"push: {len(late)} arrivals later than {ARGS.within} s after their save, the slowest {max(late):.2f} s"
        )
    errors = [error for s in streams for error in s.errors]
    if errors:
        FAILURES.append(f"push: {len(errors)} answers other than a stream, e.g. {errors[:3]}")
    saves = phase.save_seconds()
    n = len(streams)
    return {
        "streams": n,
        "streams_opened_s": round(opened, 1),
        "errors": sum(len(s.errors) for s in streams),
        "reconnections": sum(max(0, s.connections - 1) for s in streams),
        "events": sum(len(s.parts) for s in streams),
        "saves": len(saves),
        "save_p50_ms": ms(saves, 0.5),
        "save_p99_ms": ms(saves, 0.99),
        "arrivals": len(arrivals),
        "folded": folded,
        "arrival_p50_ms": ms(arrivals, 0.5),
        "arrival_p99_ms": ms(arrivals, 0.99),
        "arrival_max_ms": round(max(arrivals) * 1000, 1) if arrivals else None,
        "arrivals_late": len(late),
        "rss_none_mib": round(before / 2**20, 1),
        "rss_open_mib": round(after / 2**20, 1),
        "kib_per_stream": round((after - before) / n / 1024, 1),
        "idle_cpu_s": round(idle, 2),
        "idle_window_s": round(idle_window, 1),
        "idle_cpu_pct_core_per_1000": round(idle / idle_window * 100 * 1000 / n, 2),
        "load_s": round(load_seconds, 1),
        "load_cpu_pct_core": round(load_cpu / load_seconds * 100, 1),
        "cpu_ms_per_save": round(load_cpu / max(1, len(saves)) * 1000, 1),
    }


# --- the polling baseline --------------------------------------------------------------------------


@dataclass(eq=False)
class Poller:
    """A page polling its live part as htmx does: ``?v=<what it shows>`` every ``every`` seconds on
    a kept-alive connection, noting each new part (its ETag, when it arrived)."""

    port: int
    path: str
    label: str
    every: float
    etag: str = ""
    seen: list[tuple[str, float]] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    connection: tuple | None = None

    async def run(self, rng: random.Random) -> None:
        await asyncio.sleep(rng.uniform(0, self.every))
        while True:
            began = time.perf_counter()
            await self.poll()
            await asyncio.sleep(max(0.0, self.every - (time.perf_counter() - began)))

    async def poll(self) -> None:
        query = f"?{urllib.parse.urlencode({'v': self.etag})}" if self.etag else ""
        for _attempt in range(2):  # a kept-alive connection the server closed: once more on a new one
            try:
                status, head, body = await self.get(self.path + query)
            except (OSError, EOFError):
                self.close()
                continue
            self.statuses[status] = self.statuses.get(status, 0) + 1
            if status in (200, 286):
                found = head.get("etag", "").removeprefix("W/").strip('"') or _etag_in(body)
                if found and found != self.etag:
                    self.etag = found
                    self.seen.append((found, time.perf_counter()))
            return
        self.statuses[599] = self.statuses.get(599, 0) + 1

    async def get(self, path: str) -> tuple[int, dict, bytes]:
        if self.connection is None:
            self.connection = await asyncio.open_connection(HOST, self.port)
        reader, writer = self.connection
        writer.write(request_bytes(path, {"HX-Request": "true"}, self.port))
        await writer.drain()
        status, head = await read_head(reader)
        body = await read_body(reader, head) if status not in (204, 304) else b""
        if head.get("connection", "").lower() == "close":
            self.close()
        return status, head, body

    def close(self) -> None:
        if self.connection is not None:
            self.connection[1].close()
            self.connection = None


def _etag_in(body: bytes) -> str:
    found = ETAG_IN_BODY.search(body.decode("utf-8", "replace"))
    return found[1] if found else ""


class Pollers:
    """As many pollers as the push phase has streams, spread the same way, in their own loop."""

    def __init__(self, targets: list[Target]) -> None:
        self.pollers = [
            Poller(t.port, t.path.replace("/akis/", "/canli/"), t.label, BOARD_POLL_S)
            if t.label.startswith("board:")
            else Poller(t.port, t.path.replace("/akis/", "/canli/"), t.label, DISPLAY_POLL_S)
            for t in (targets[k % len(targets)] for k in range(ARGS.streams))
        ]
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=lambda: asyncio.run(self._main()), daemon=True)

    async def _main(self) -> None:
        tasks = [asyncio.create_task(p.run(random.Random(k))) for k, p in enumerate(self.pollers)]
        while not self.stopping.is_set():
            await asyncio.sleep(0.2)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for poller in self.pollers:
            poller.close()

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(30)


def poll_phase(phase: Phase) -> dict:
    load_before = os.getloadavg()[0]
    phase.up()
    try:
        pollers = Pollers(phase.targets())
        pollers.start()
        time.sleep(DISPLAY_POLL_S)  # every poller has made its first poll
        pids = [server.pid for server in phase.running] + workers_of(phase.running)
        cpu_before = cpu_seconds(pids)
        load_seconds = phase.save_hands()
        load_cpu = cpu_seconds(pids) - cpu_before
        time.sleep(BOARD_POLL_S + 1)  # the last saves reach the boards' next polls
        pollers.stop()
    finally:
        phase.down()
    figures = poll_figures(phase, pollers.pollers, load_seconds, load_cpu)
    return figures | {"machine_load": [round(load_before, 1), round(os.getloadavg()[0], 1)]}


def poll_figures(phase: Phase, pollers: list[Poller], load_seconds: float, load_cpu: float) -> dict:
    keepers = {f"board:{k.public_id}": k for k in phase.keepers}
    arrivals = []
    for poller in pollers:
        keeper = keepers.get(poller.label)
        if keeper is None:
            continue
        seen = [(board_version(etag), at) for etag, at in poller.seen]
        for saved in keeper.saves:
            at = next((when for version, when in seen if version >= saved.version), None)
            if at is not None:
                arrivals.append(at - saved.answered)
    statuses: dict[int, int] = {}
    for poller in pollers:
        for status, count in poller.statuses.items():
            statuses[status] = statuses.get(status, 0) + count
    saves = phase.save_seconds()
    return {
        "pollers": len(pollers),
        "polls": sum(statuses.values()),
        "statuses": dict(sorted(statuses.items())),
        "saves": len(saves),
        "save_p50_ms": ms(saves, 0.5),
        "save_p99_ms": ms(saves, 0.99),
        "arrival_p50_ms": ms(arrivals, 0.5),
        "arrival_p99_ms": ms(arrivals, 0.99),
        "load_s": round(load_seconds, 1),
        "load_cpu_pct_core": round(load_cpu / load_seconds * 100, 1),
        "cpu_ms_per_save": round(load_cpu / max(1, len(saves)) * 1000, 1),
    }


# --- the report -------------------------------------------------------------------------------------


def ms(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    value = (
        statistics.median(ordered)
        if q == 0.5
        else ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]
    )
    return round(value * 1000, 1)


def report(result: dict) -> None:
    if "before" in result:
        print(f"before ({ARGS.before}):")
        report_push(result["before"])
        print("this checkout:")
    report_push(result["push"])
    if "before" in result:
        ratios = "  ".join(f"{figure} {ratio}" for figure, ratio in result["push_over_before"].items())
        print(f"  this checkout / before          {ratios}")
    report_poll(result)


def report_push(push: dict) -> None:
    print(
        f"push: {push['streams']} open streams over {ARGS.tables} boards and a display on two servers"
        f" ({ARGS.workers} workers each), opened in {push['streams_opened_s']} s;"
        f" {push['saves']} saves, {push['events']} events, {push['reconnections']} reconnections,"
        f" {push['errors']} errors"
    )
    print(
        f"  save -> arrival at the clients  p50 {push['arrival_p50_ms']} ms  p99 {push['arrival_p99_ms']} ms"
        f"  ({push['arrivals']} arrivals, {push['folded']} folded into a later version)   goal p99 <= 100 ms"
    )
    print(
        f"  save (POST)                     p50 {push['save_p50_ms']} ms  p99 {push['save_p99_ms']} ms   goal p99 <= 60 ms"
    )
    if ARGS.burst:
        print(
            f"  bursts: {ARGS.tables} tables saving within {ARGS.window} s, {ARGS.hands} times; slowest arrival"
            f" {push['arrival_max_ms']} ms, {push['arrivals_late']} later than {ARGS.within} s   goal: none late, lost"
            " or out of order"
        )
    print(
        f"  memory per open stream          {push['kib_per_stream']} KiB  (workers' RSS {push['rss_none_mib']} MiB"
        f" with none, {push['rss_open_mib']} MiB with {push['streams']})"
    )
    print(
        f"  CPU per 1,000 idle streams      {push['idle_cpu_pct_core_per_1000']} % of a core"
        f"  ({push['idle_cpu_s']} CPU s in {push['idle_window_s']} s idle, servers' processes)"
    )
    print(
        f"  server CPU while saving         {push['load_cpu_pct_core']} % of a core over {push['load_s']} s,"
        f" {push['cpu_ms_per_save']} ms a save (its requests, the renders, the fan-out)"
    )
    print(
        f"  clients' CPU while saving       {push['clients_cpu_pct_core']} % of a core"
        " (this process: the streams' clients and the scorekeepers)"
    )
    print(
        f"  machine load average            {push['machine_load'][0]} at the start, {push['machine_load'][1]} at the end"
    )


def report_poll(result: dict) -> None:
    poll = result.get("poll")
    if poll:
        print(
            f"poll baseline ({ARGS.baseline}): {poll['pollers']} pollers, {poll['polls']} polls {poll['statuses']},"
            f" {poll['saves']} saves"
        )
        print(f"  save (POST)                     p50 {poll['save_p50_ms']} ms  p99 {poll['save_p99_ms']} ms")
        print(
            f"  save -> next poll showing it    p50 {poll['arrival_p50_ms']} ms  p99 {poll['arrival_p99_ms']} ms"
        )
        print(
            f"  server CPU while saving         {poll['load_cpu_pct_core']} % of a core over {poll['load_s']} s,"
            f" {poll['cpu_ms_per_save']} ms a save (with the polls meanwhile)"
        )
        print(
            f"  machine load average            {poll['machine_load'][0]} at the start, {poll['machine_load'][1]} at the end"
        )
        print(
            f"  save p99 push / poll            {result['save_p99_ratio']}"
            f"  (p50 {result['save_p50_ratio']})   goal <= 1"
        )


def main() -> int:
    global ARGS
    ARGS = options()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 4 * ARGS.streams + 1024  # the clients' sockets and the servers' (they inherit it)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))
    redis_base, _sep, db = ARGS.redis_url.rpartition("/")
    result = {"args": {k: str(v) for k, v in vars(ARGS).items()}}
    if ARGS.before:
        checkout = ARGS.before.resolve()
        earlier = Phase(
            "before",
            baseline_servers(checkout),
            checkout,
            _ports(ARGS.before_ports),
            ARGS.database_url + "_before",
            f"{redis_base}/{int(db) + 2}",
        )
        result["before"] = push_phase(earlier)
    phase = Phase("push", servers, ROOT, _ports(ARGS.ports), ARGS.database_url + "_push", ARGS.redis_url)
    result["push"] = push_phase(phase)
    if ARGS.before:
        result["push_over_before"] = {
            figure: _ratio(result["push"][figure], result["before"][figure])
            for figure in (
                "arrival_p50_ms",
                "arrival_p99_ms",
                "save_p50_ms",
                "save_p99_ms",
                "cpu_ms_per_save",
            )
        }
    if ARGS.baseline:
        checkout = ARGS.baseline.resolve()
        old = Phase(
            "poll",
            baseline_servers(checkout),
            checkout,
            _ports(ARGS.baseline_ports),
            ARGS.database_url + "_poll",
            f"{redis_base}/{int(db) + 1}",
        )
        result["poll"] = poll_phase(old)
        result["save_p99_ratio"] = _ratio(result["push"]["save_p99_ms"], result["poll"]["save_p99_ms"])
        result["save_p50_ratio"] = _ratio(result["push"]["save_p50_ms"], result["poll"]["save_p50_ms"])
    report(result)
    if ARGS.json:
        ARGS.json.write_text(json.dumps(result, indent=2))
    if FAILURES:
        print("FAILED:", *FAILURES[:20], sep="\n  ")
        return 1
    return 0


def _ports(text: str) -> list[int]:
    ports = [int(p) for p in text.split(",")]
    busy = [port for port in ports if not servers.port_free(port)]
    if busy:
        raise SystemExit(f"ports {busy} are in use")
    return ports


def _ratio(new: float | None, old: float | None) -> float | None:
    return round(new / old, 2) if new and old else None


ARGS: argparse.Namespace

if __name__ == "__main__":
    sys.exit(main())
