"""Concurrent writers against the ASGI server as ``make serve`` runs it (4 workers) on SQLite and PostgreSQL.

Run: ``.venv/bin/python bench/concurrency.py`` (SQLite file, then PostgreSQL when
``--postgres URL`` is given). Each round releases 8 phones at once (a barrier), in 4 scenarios:

- *identical*: 8 posts of the same new hand (one form, a double tap, 8 times over) → exactly 1 hand;
- *one table*: 8 writers each saving ``--hands`` different hands at one table, each opening the form
  for its ``hands_before`` and, told another phone saved meanwhile, opening it anew and saving again
  (as a person would; a save without the count is refused) → every hand stored, positions 1..N with no gap;
- *eight tables*: 8 writers, each at its own table, saving ``--hands`` hands → all stored;
- *stale*: 8 corrections of one hand, all based on the same version → 1 accepted, 7 refused.

``--app-dir DIR`` serves another checkout (e.g. an older commit) for a before/after
comparison; the checks read the database with this checkout's models.

Counts every 5xx, every lost or doubled hand (stored vs expected, read from the database) and
every silent overwrite. Exit status 1 on any problem.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from appserver import app_server  # noqa: E402

from tests.live.client import Phone, hand_form, save_new_hand  # noqa: E402
from tests.support.posts import E2_HAND  # noqa: E402

WRITERS = 8


def new_table(url: str) -> tuple[str, dict]:
    phone = Phone(url)
    return phone.open_table(hands_planned="21"), phone.cookies


def at_once(url: str, jobs: list) -> list:
    gate = threading.Barrier(len(jobs))

    def run(job):
        cookies, work = job
        phone = Phone(url, cookies)
        gate.wait(timeout=60)
        return work(phone)

    with ThreadPoolExecutor(len(jobs)) as pool:
        return list(pool.map(run, jobs))


def stored(public_id: str) -> list:
    """(position, data) of the table's hands, read from the database (any schema version)."""
    from scorer.models import Hand

    rows = Hand.objects.filter(game__public_id=public_id).order_by("position")
    return list(rows.values_list("position", "data", named=True))


def version_of(public_id: str) -> int | None:
    from django.db import DatabaseError

    from scorer.models import Hand

    try:
        return Hand.objects.filter(game__public_id=public_id).values_list("version", flat=True).get()
    except DatabaseError:  # a checkout from before hands had a version (--app-dir)
        return None


class Tally:
    def __init__(self) -> None:
        self.statuses: Counter = Counter()
        self.problems: list[str] = []
        self.figures: dict[str, Counter] = {}
        self.hands: Counter = Counter()
        """Hands ``lost`` (posted, answered, not stored) and ``doubled`` (stored twice)."""

    def count(self, statuses) -> None:
        self.statuses.update(statuses)

    def expect(self, scenario: str, what: str, ok: bool, detail: str = "") -> None:
        self.figures.setdefault(scenario, Counter())[what if ok else f"NOT {what}"] += 1
        if not ok:
            self.problems.append(f"{scenario}: {what} failed {detail}")


def identical(url: str, tally: Tally) -> None:
    public_id, cookies = new_table(url)
    path = f"/masa/{public_id}/el/yeni/"
    replies = at_once(url, [(cookies, lambda p: p.post(path, hand_form(23, 0)))] * WRITERS)
    tally.count(r.status for r in replies)
    hands = stored(public_id)
    tally.hands["doubled"] += max(0, len(hands) - 1)
    tally.hands["lost"] += 0 if hands else 1
    tally.expect("identical", "exactly 1 hand", len(hands) == 1, f"({len(hands)} stored)")


def one_table(url: str, tally: Tally, rounds: int) -> None:
    public_id, cookies = new_table(url)
    path = f"/masa/{public_id}/el/yeni/"

    def writer(k):
        return lambda phone: [
            save_new_hand(phone, path, k * rounds + r, attempts=WRITERS * rounds + 1).status
            for r in range(rounds)
        ]

    statuses = at_once(url, [(cookies, writer(k)) for k in range(WRITERS)])
    tally.count(s for row in statuses for s in row)
    hands = stored(public_id)
    lost = WRITERS * rounds - len(hands)
    tally.hands["lost"] += max(0, lost)
    tally.hands["doubled"] += max(0, -lost)
    tally.expect("one table", "no hand lost or doubled", lost == 0, f"({lost} lost)")
    positions = [h.position for h in hands]
    tally.expect("one table", "positions contiguous", positions == list(range(1, len(hands) + 1)))


def eight_tables(url: str, tally: Tally, rounds: int) -> None:
    tables = [new_table(url) for _ in range(WRITERS)]

    def writer(public_id):
        path = f"/masa/{public_id}/el/yeni/"
        return lambda phone: [phone.post(path, hand_form(r, r)).status for r in range(rounds)]

    statuses = at_once(url, [(cookies, writer(public_id)) for public_id, cookies in tables])
    tally.count(s for row in statuses for s in row)
    lost = sum(rounds - len(stored(public_id)) for public_id, _cookies in tables)
    tally.hands["lost"] += lost
    tally.expect("eight tables", "no hand lost", lost == 0, f"({lost} lost)")


def stale(url: str, tally: Tally) -> None:
    public_id, cookies = new_table(url)
    Phone(url, cookies).post(f"/masa/{public_id}/el/yeni/", hand_form(23, 0))
    path = f"/masa/{public_id}/el/1/duzelt/"

    def correct(k):
        return lambda phone: phone.post(
            path, E2_HAND | {"p1-points": str(100 + k), "editing": "1", "version": "1"}
        )

    replies = at_once(url, [(cookies, correct(k)) for k in range(WRITERS)])
    tally.count(r.status for r in replies)
    accepted = sum(r.status == 302 for r in replies)
    tally.hands["overwritten"] += max(0, accepted - 1)
    refused = sum(r.status == 200 and "data-changed-meanwhile" in r.body for r in replies)
    tally.expect("stale", "1 accepted", accepted == 1, f"({accepted} accepted)")
    tally.expect("stale", "7 refused", refused == WRITERS - 1, f"({refused} refused)")
    version = version_of(public_id)
    tally.expect("stale", "version 2", version == 2, f"(version {version})")


def run(database_url: str, args) -> Tally:
    os.environ["DATABASE_URL"] = database_url
    import django
    from django.db import connections

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "okeycalc.settings")
    django.setup()
    tally = Tally()
    with app_server(database_url, args.port, workers=4, app_dir=args.app_dir) as url:
        for _ in range(args.rounds):
            identical(url, tally)
            one_table(url, tally, args.hands)
            eight_tables(url, tally, args.hands)
            stale(url, tally)
    connections.close_all()
    return tally


def report(name: str, tally: Tally, seconds: float) -> None:
    fives = sum(n for s, n in tally.statuses.items() if s >= 500)
    shown = ", ".join(f"{s}: {n}" for s, n in sorted(tally.statuses.items()))
    print(f"{name}: {sum(tally.statuses.values())} requests in {seconds:.0f} s — {fives} × 5xx ({shown})")
    hands = tally.hands
    print(
        f"  hands lost: {hands['lost']}, doubled: {hands['doubled']}, "
        f"corrections silently overwritten: {hands['overwritten']}"
    )
    for scenario, figures in tally.figures.items():
        print(f"  {scenario}: " + ", ".join(f"{what} in {n} rounds" for what, n in figures.items()))
    for problem in tally.problems[:10]:
        print(f"  PROBLEM {problem}")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--hands", type=int, default=2, help="hands per writer in a round (default 2)")
    parser.add_argument("--postgres", default="", help="also run on this PostgreSQL database URL")
    parser.add_argument("--port", type=int, default=8143)
    parser.add_argument("--app-dir", help="serve another checkout of okeycalc (e.g. an older commit)")
    parser.add_argument("--database-url", help=argparse.SUPPRESS)  # one database, in a child process
    args = parser.parse_args()
    if args.database_url:
        started = time.perf_counter()
        tally = run(args.database_url, args)
        report(args.database_url.split(":")[0], tally, time.perf_counter() - started)
        return 1 if tally.problems or any(s >= 500 for s in tally.statuses) else 0
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        targets = [f"sqlite:///{tmp}/bench.sqlite3", *([args.postgres] if args.postgres else [])]
        for database_url in targets:  # Django's settings are per process: one child per database
            command = [sys.executable, __file__, *sys.argv[1:], "--database-url", database_url]
            failed |= subprocess.run(command, check=False).returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
