"""Pushed changes on two app servers: every open stream gets every change once and in order, a
server's restart included.

Two app servers (tests/multi/servers.py, as ``make serve`` runs them) on one PostgreSQL and one
Redis; two tables opened through the new-table form and a small event (two tables, through its own
services); 50 raw stream clients (tests/multi/streams.py) spread over the four boards and the
event's standings and display on both servers. Each round every table's scorekeeper saves a hand
through the hand form, on alternating servers, all tables at once; after round 3 server A is
stopped, round 4 is saved on B alone, then A is started again: its clients reconnect with
``Last-Event-ID``.

Checks, failing with exit status 1:
- a board stream's ids (the version before the first ``-``) are exactly the table's version when it
  connected and then every version a save made, in order, none twice (a round ends when every
  stream shows its saves, so no version may be folded into the next);
- an event stream's ids (event version, its tables' versions, time) strictly increase, none twice,
  and it saw the state every round settled at (a fresh stream's first id): the saves of one round
  on several tables may reach it as one change;
- every client of A reconnected; no answer but a stream, no 5xx, nothing lost or doubled.
Reports save-to-arrival p50/p99: an event's arrival at a client minus the moment the POST that
made it got its answer. Environment: DATABASE_URL (dropped and created afresh), REDIS_URL,
MULTI_PUSH_PORTS (two ports, default 8157,8158).
"""

import os
import secrets
import statistics
import sys
import threading
import time
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(BASE_DIR))

from tests.multi import run, servers  # noqa: E402
from tests.multi.keepers import Keeper, make_event  # noqa: E402
from tests.multi.streams import Crowd, Stream, Target, current_id  # noqa: E402

DATABASE_URL = os.environ.get("DATABASE_URL") or "postgres://postgres@127.0.0.1:5432/okeycalc_multi"
REDIS_URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/5"
PORTS = [int(p) for p in os.environ.get("MULTI_PUSH_PORTS", "8157,8158").split(",")]
CLIENTS = 50
ROUNDS = 6
RESTART_AFTER = 3
SETTLE_S = 15.0
RESTART_SETTLE_S = 45.0
FAILURES: list[str] = []


def server_env(port: int, key: str) -> dict[str, str]:
    env = os.environ | {
        "DATABASE_URL": DATABASE_URL,
        "REDIS_URL": REDIS_URL,
        "OKEYCALC_SECRET_KEY": key,
        "OKEYCALC_DEBUG": "0",
        "OKEYCALC_STATIC_MANIFEST": "1",
        "PORT": str(port),
        "HOST": "127.0.0.1",
        "WEB_CONCURRENCY": os.environ.get("WEB_CONCURRENCY", "2"),
    }
    return env


def board_version(event_id: str) -> int:
    return int(event_id.split("-", 1)[0])


def event_order(event_id: str) -> tuple[int, int, float]:
    """``e<pk>-<event version>-<its tables' versions>-<time>-<language>``: what must increase."""
    _pk, version, games, at, *_language = event_id.split("-")
    return int(version), int(games), float(at)


class Run:
    """The servers, the tables' keepers, the crowd, and what each round settled at."""

    def __init__(self, key: str, event_id: str, keepers: list[Keeper], log_dir: Path) -> None:
        self.key, self.event_id, self.keepers, self.log_dir = key, event_id, keepers, log_dir
        self.bases = [f"http://127.0.0.1:{port}" for port in PORTS]
        self.running = [self.start(port) for port in PORTS]
        self.settled: list[str] = []
        """The event's id once each round (and the start) settled."""
        self.round_end: list[float] = []
        self.restart_seconds = 0.0
        self.crowd: Crowd | None = None

    def start(self, port: int, name: str = "") -> object:
        log = self.log_dir / f"push-{port}{name}.log"
        return servers.start(server_env(port, self.key), log)

    def wait_ready(self) -> None:
        for base, server in zip(self.bases, self.running, strict=True):
            servers.wait_ready(base, server)

    def targets(self) -> list[Target]:
        paths = [(f"/masa/{k.public_id}/akis/", f"board:{k.public_id}") for k in self.keepers]
        paths += [
            (f"/turnuva/{self.event_id}/siralama/akis/", "standings"),
            (f"/turnuva/{self.event_id}/ekran/akis/", "display"),
        ]
        return [Target(port, path, label) for port in PORTS for path, label in paths]

    def round(self, number: int, bases: list[str]) -> None:
        def keep(k: int, keeper: Keeper) -> None:
            keeper.save(bases[(number + k) % len(bases)], 10 + number)

        threads = [threading.Thread(target=keep, args=(k, keeper)) for k, keeper in enumerate(self.keepers)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        self.round_end.append(time.perf_counter())

    def restart_first(self, number: int) -> None:
        """Stop server A, save round ``number`` on B alone, start A again."""
        began = time.perf_counter()
        servers.stop(self.running[:1])
        stopped = time.perf_counter()
        self.round(number, self.bases[1:])
        self.running[0] = self.start(PORTS[0], "-restarted")
        servers.wait_ready(self.bases[0], self.running[0])
        self.restart_seconds = time.perf_counter() - began
        print(
            f"  server A: stopped in {stopped - began:.1f} s (it ends its open streams when told to stop),"
            f" down and up again in {self.restart_seconds:.1f} s"
        )

    def settle(self, seconds: float) -> None:
        """Wait until every stream shows the tables' last saves and the event's current state."""
        event_now = current_id(PORTS[1], f"/turnuva/{self.event_id}/siralama/akis/")
        latest = {f"board:{k.public_id}": k.saves[-1].version for k in self.keepers if k.saves}

        def shown(stream: Stream) -> bool:
            if not stream.last_id:
                return False
            if stream.label.startswith("board:"):
                return board_version(stream.last_id) >= latest.get(stream.label, 0)
            return stream.last_id == event_now

        assert self.crowd is not None
        if not self.crowd.wait_until(lambda: all(shown(s) for s in self.crowd.streams), seconds):
            behind = [s for s in self.crowd.streams if not shown(s)]
            FAILURES.append(
                f"round {len(self.settled)}: {len(behind)} streams not current after {seconds:.0f} s,"
                f" e.g. {behind[0].label} on {behind[0].port} at {behind[0].last_id!r}"
            )
        self.settled.append(event_now)

    def scenario(self) -> None:
        self.crowd = Crowd(self.targets(), CLIENTS)
        self.crowd.start()
        if not self.crowd.wait_until(self.crowd.all_showing, 30):
            FAILURES.append("not every stream opened and got its first part within 30 s")
        self.start_versions = {k.public_id: k.version(self.bases[1]) for k in self.keepers}
        self.settle(SETTLE_S)
        for number in range(1, ROUNDS + 1):
            if number == RESTART_AFTER + 1:
                self.restart_first(number)
                self.settle(RESTART_SETTLE_S)
            else:
                self.round(number, self.bases)
                self.settle(SETTLE_S)
        self.crowd.stop()


# --- the checks ---------------------------------------------------------------------------------


def check_board(stream: Stream, keeper: Keeper, start: int) -> None:
    seen = [board_version(event.id) for event in stream.parts]
    expected = [start, *(saved.version for saved in keeper.saves)]
    if seen != expected:
        FAILURES.append(f"{stream.label} on {stream.port}: versions {seen}, expected {expected}")
    if any(event.event != "board" for event in stream.parts):
        FAILURES.append(f"{stream.label} on {stream.port}: an event not named board")


def check_event(stream: Stream, settled: list[str]) -> None:
    ids = [event.id for event in stream.parts]
    order = [event_order(event_id) for event_id in ids]
    if any(b <= a for a, b in zip(order, order[1:], strict=False)):
        FAILURES.append(f"{stream.label} on {stream.port}: ids not strictly increasing: {ids}")
    missed = [event_id for event_id in dict.fromkeys(settled) if event_id not in ids]
    if missed:
        FAILURES.append(f"{stream.label} on {stream.port}: missed the settled states {missed}")
    if any(event.event != stream.label for event in stream.parts):
        FAILURES.append(f"{stream.label} on {stream.port}: an event not named {stream.label}")


def check(job: Run) -> None:
    assert job.crowd is not None
    keepers = {f"board:{k.public_id}": k for k in job.keepers}
    for stream in job.crowd.streams:
        keeper = keepers.get(stream.label)
        if keeper is not None:
            check_board(stream, keeper, job.start_versions[keeper.public_id])
        else:
            check_event(stream, job.settled)
        if stream.errors:
            FAILURES.append(f"{stream.label} on {stream.port}: {stream.errors[:3]}")
        reconnected = stream.connections >= 2
        if stream.port == PORTS[0] and not reconnected:
            FAILURES.append(f"{stream.label} on {stream.port}: did not reconnect after the restart")
    for keeper in job.keepers:
        FAILURES.extend(keeper.failures)
        if len(keeper.saves) != ROUNDS:
            FAILURES.append(f"{keeper.public_id}: {len(keeper.saves)} hands saved of {ROUNDS}")
    FAILURES.extend(run.STATS.failures)


def arrivals(job: Run) -> tuple[list[float], list[float], list[float]]:
    """Save-to-arrival of the boards (normal rounds; the restart's round) and round-to-arrival of
    the event streams (the last save of a round to its settled state)."""
    assert job.crowd is not None
    by_table = {f"board:{k.public_id}": k for k in job.keepers}
    boards, restart, events = [], [], []
    for stream in job.crowd.streams:
        keeper = by_table.get(stream.label)
        at = {event.id: event.at for event in stream.parts}
        if keeper is None:
            for number, event_id in enumerate(job.settled[1:]):
                answers = [k.saves[number].answered for k in job.keepers if len(k.saves) > number]
                if answers and event_id in at and number + 1 != RESTART_AFTER + 1:
                    events.append(at[event_id] - max(answers))
            continue
        versions = {board_version(event_id): when for event_id, when in at.items()}
        for number, saved in enumerate(keeper.saves, start=1):
            if saved.version in versions:
                into = restart if number == RESTART_AFTER + 1 else boards
                into.append(versions[saved.version] - saved.answered)
    return boards, restart, events


def ms(values: list[float], q: float) -> str:
    return f"{run.percentile(values, q) * 1000:.1f} ms" if values else "-"


def report(job: Run, seconds: float) -> None:
    assert job.crowd is not None
    streams = job.crowd.streams
    boards, restart, events = arrivals(job)
    saves = [saved.seconds for k in job.keepers for saved in k.saves]
    print(
        f"two instances (ports {PORTS[0]}, {PORTS[1]}), {len(job.keepers)} tables, {len(streams)} streams,"
        f" {ROUNDS} rounds, server A restarted after round {RESTART_AFTER}; {seconds:.1f} s"
    )
    events_got = sum(len(s.parts) for s in streams)
    reconnects = sum(s.connections - 1 for s in streams)
    print(
        f"  events received {events_got}, reconnections {reconnects}, pings {sum(s.pings for s in streams)}"
    )
    print(f"  save (POST)               p50 {ms(saves, 0.5)}  p99 {ms(saves, 0.99)}  ({len(saves)} saves)")
    print(
        f"  save -> board stream      p50 {ms(boards, 0.5)}  p99 {ms(boards, 0.99)}  ({len(boards)} arrivals)"
    )
    print(
        f"  round -> event stream     p50 {ms(events, 0.5)}  p99 {ms(events, 0.99)}  ({len(events)} arrivals)"
    )
    if restart:
        print(
            f"  restart round -> board    p50 {ms(restart, 0.5)}  max {max(restart) * 1000:.0f} ms"
            f"  (clients of A reconnecting; median {statistics.median(restart) * 1000:.0f} ms)"
        )


def main() -> int:
    key = secrets.token_urlsafe(50)  # shared: the signed-cookie sessions must verify on both
    busy = [port for port in PORTS if not servers.port_free(port)]
    if busy:
        raise SystemExit(f"ports {busy} are in use: set MULTI_PUSH_PORTS to two free ports")
    env = server_env(PORTS[0], key)
    began = time.perf_counter()
    servers.prepare(env)
    event_id, keepers = make_event(BASE_DIR, env, tables=2, hands=ROUNDS + 2)
    print(f"  database, migrations and the event: {time.perf_counter() - began:.1f} s")
    logs = BASE_DIR / "test-artifacts" / "multi"
    logs.mkdir(parents=True, exist_ok=True)
    job = Run(key, event_id, keepers, logs)
    try:
        job.wait_ready()
        for k, keeper in enumerate(keepers):
            keeper.claim(job.bases[k % 2])
        for n in range(2):
            table = run.open_table(job.bases[n], n)
            keepers.append(Keeper(table.public_id, "", table.phone))
        began = time.perf_counter()
        job.scenario()
        seconds = time.perf_counter() - began
    finally:
        if job.crowd is not None:
            job.crowd.stop()
        servers.stop(job.running)
    check(job)
    report(job, seconds)
    if FAILURES:
        print("FAILED:", *FAILURES[:30], sep="\n  ")
        return 1
    print("OK: every stream got every change once and in order, the restarted server's too")
    return 0


if __name__ == "__main__":
    sys.exit(main())
