"""A save's server work in-process: its three requests and the renders it causes, in CPU time.

Run: ``DATABASE_URL=postgres://… .venv/bin/python bench/savecpu.py`` in a checkout (PostgreSQL
or SQLite; no HTTP, Django's test client with production settings). Not in CI.

A 16-table event of bench/event.py, each table's edit link claimed; ``WARM`` saves a table first,
then ``ROUNDS`` saves a table timed: the scorekeeper's hand form page (GET), the save (POST), its
live board read for the new version (GET ``/canli/``), and what the streams render once per
change: the viewers' live board in Turkish and English, and the event display's live part. It
prints the CPU time (``time.process_time``) medians per save; ``PROFILE=1`` adds a cProfile
(``ONLY=display`` or another part, ``SORT``, ``TOP``). docs/benchmarks.md has its figures.
"""

import cProfile
import functools
import os
import pstats
import statistics
import sys
import time
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "okeycalc.settings")
os.environ.setdefault("OKEYCALC_SECRET_KEY", "savecpu-" + "x" * 50)
os.environ.setdefault("OKEYCALC_RATELIMIT", "0")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from bench.event import hand_post, make_event  # noqa: E402


class Page:
    """What bench/event.py's ``hand_post`` reads of a page: its body."""

    def __init__(self, response) -> None:
        self.body = response.content.decode()


class Table:
    """One table's scorekeeper (its edit link claimed) and the form it was last shown."""

    def __init__(self, public_id: str, secret: str) -> None:
        self.public_id, self.client, self.page = public_id, Client(), None
        if self.client.get(f"/masa/{public_id}/anahtar/{secret}/").status_code != 302:
            raise SystemExit(f"{public_id}: the edit link was refused")

    def form(self, viewer: Client, event_id: str, mark: int) -> None:
        self.page = Page(self.client.get(f"/masa/{self.public_id}/el/yeni/"))

    def post(self, viewer: Client, event_id: str, mark: int) -> None:
        response = self.client.post(f"/masa/{self.public_id}/el/yeni/", hand_post(self.page, mark))
        if response.status_code != 302:
            raise SystemExit(f"{self.public_id}: a save answered HTTP {response.status_code}")

    def editor(self, viewer: Client, event_id: str, mark: int) -> None:
        self.client.get(f"/masa/{self.public_id}/canli/", HTTP_HX_REQUEST="true")

    def board(self, viewer: Client, event_id: str, mark: int) -> None:
        viewer.get(f"/masa/{self.public_id}/canli/", HTTP_HX_REQUEST="true")
        viewer.get(f"/masa/{self.public_id}/canli/", HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="en")

    def display(self, viewer: Client, event_id: str, mark: int) -> None:
        viewer.get(f"/turnuva/{event_id}/ekran/canli/", HTTP_HX_REQUEST="true")


PARTS = ("form", "post", "editor", "board", "display")


def timed(run, part: str, profile: cProfile.Profile | None) -> float:
    """The CPU seconds of ``run()``, profiled when asked (``ONLY``: this part only)."""
    profiling = profile is not None and part in (os.environ.get("ONLY") or part)
    began = time.process_time()
    if profiling:
        profile.enable()
    run()
    if profiling:
        profile.disable()
    return time.process_time() - began


def main() -> int:
    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0)
    event_id, made = make_event(types.SimpleNamespace(tables=16, hands=21))
    tables = [Table(t.public_id, t.secret) for t in made]
    viewer = Client()
    for hand in range(int(os.environ.get("WARM", "6"))):
        for table in tables:
            for part in PARTS:
                getattr(table, part)(viewer, event_id, 10 + hand)
    profile = cProfile.Profile() if os.environ.get("PROFILE") else None
    times: dict[str, list[float]] = {part: [] for part in PARTS}
    for hand in range(int(os.environ.get("ROUNDS", "2"))):
        for table in tables:
            for part in PARTS:
                run = functools.partial(getattr(table, part), viewer, event_id, 30 + hand)
                times[part].append(timed(run, part, profile))
    total = 0.0
    for part, values in times.items():
        median = statistics.median(values) * 1000
        total += median
        print(f"{part:8s} median {median:7.2f} ms CPU  (n={len(values)})")
    print(f"total    {total:7.2f} ms CPU a save (its requests + one render of each part)")
    if profile is not None:
        stats = pstats.Stats(profile).sort_stats(os.environ.get("SORT", "cumulative"))
        stats.print_stats(int(os.environ.get("TOP", "60")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
