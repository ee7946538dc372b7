"""The event and the scorekeepers of the push runs (tests/multi/push.py, bench/push.py).

The event is made by the code of the checkout that serves it (``bench/event.py``'s
``make_event`` run there in a subprocess, so that an older checkout's schema gets its own code and
this process holds no database connection). A :class:`Keeper` claims its table's edit link, then
saves hands through the real hand form with tests/multi/run.py's phone (GET the form, POST it),
noting when each save got its answer and the table version it made.
"""

import json
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.multi import run

MAKE_EVENT = """
import json, sys, types
import django
django.setup()
from bench.event import make_event
args = types.SimpleNamespace(tables=int(sys.argv[1]), hands=int(sys.argv[2]), partners=sys.argv[3:] == ["partners"])
event, tables = make_event(args)
print(json.dumps({"event": event, "tables": [[t.public_id, t.secret] for t in tables]}))
"""
VERSION = re.compile(r'^(?:W/)?"?(\d+)-')


@dataclass(frozen=True, slots=True)
class Saved:
    """One hand a keeper was told is saved: its mark, where, the answer's time
    (``time.perf_counter()``), how long the POST took, and the table version it made."""

    mark: int
    base: str
    answered: float
    seconds: float
    version: int


@dataclass
class Keeper:
    public_id: str
    secret: str
    phone: run.Phone = field(default_factory=run.Phone)
    saves: list[Saved] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    @property
    def table(self) -> run.Table:
        return run.Table(self.public_id, self.phone)

    def claim(self, base: str) -> None:
        reply = self.phone.request("claim", f"{base}/masa/{self.public_id}/anahtar/{self.secret}/")
        if reply.status != 302:
            raise SystemExit(f"{self.public_id}: the edit link answered HTTP {reply.status}")

    def version(self, base: str) -> int:
        """The table's version now (the live board's ETag, as this editor's phone gets it)."""
        _status, etag = run.live_etag(self.phone, base, self.table, None)
        found = VERSION.match(etag or "")
        if not found:
            raise SystemExit(f"{self.public_id}: no version in the live board's ETag {etag!r}")
        return int(found[1])

    def save(self, base: str, mark: int) -> Saved | None:
        """One hand through the hand form on ``base``; None (and a failure) when it was not saved."""
        reply = run.save(self.phone, base, self.table, mark)
        answered = time.perf_counter()
        if not run.saved(reply, self.table):
            self.failures.append(f"{self.public_id}: hand {mark} not saved on {base}: HTTP {reply.status}")
            return None
        saved = Saved(mark, base, answered, reply.seconds, self.version(base))
        self.saves.append(saved)
        return saved


def make_event(
    checkout: Path, env: dict[str, str], tables: int, hands: int, *, partners: bool = False
) -> tuple[str, list[Keeper]]:
    """A points event of ``4 × tables`` players (``partners``: in ``2 × tables`` eşli teams, which an
    event of more than 64 tables needs) with round 1 drawn, made by ``checkout``'s code in the
    database of ``env``: its public id and a keeper per table."""
    env = env | {"DJANGO_SETTINGS_MODULE": "okeycalc.settings", "PYTHONPATH": str(checkout)}
    done = subprocess.run(
        [sys.executable, "-c", MAKE_EVENT, str(tables), str(hands), *(["partners"] if partners else [])],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"could not make the event in {checkout}:\n{done.stderr[-2000:]}")
    made = json.loads(done.stdout.strip().splitlines()[-1])
    return made["event"], [Keeper(public_id, secret) for public_id, secret in made["tables"]]
