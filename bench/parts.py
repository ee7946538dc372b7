"""The pages whose parts the shared-part cache keeps, in-process: board, standings, display, club.

Run: ``make bench-parts`` (or ``.venv/bin/python bench/parts.py [--rounds 9] [--requests 40]``).

What it does, all by itself, in this one process:
- a temporary SQLite database (or ``--database-url``), migrated; production-like settings (DEBUG
  off, the cache in this process's memory, or Redis at ``--redis-url``, as a deploy with several
  app servers has it);
- a table of 4 players (LOCA 101) with 11 generated valid hands (``bench/handgen.py``); an event
  of 16 players with its first round seated and a hand at every table; a club of 40 members with
  200 counted games;
- the same for the scorekeeper's hand entry page, the calculator and the rules index, whose
  template parts (the empty hand form, the calculator as it opens, the menu) are kept in this
  process's memory: ``--without-fragments`` renders them every time, to see what keeping them saves;
- each page once to fill the cache (the parts a viewer shares are then served from it, as for
  every viewer after the first of a version), then ``--rounds`` rounds in which ``/healthz`` and
  then each page are requested ``--requests`` times through Django's request handler (the test
  client, middleware included), timed on this process's CPU clock (``--clock wall`` for elapsed
  time: on a machine shared with other work that mostly measures the others); a round's figure is
  a page's median time ÷ ``/healthz``'s median time in that round; the report gives the median of
  the rounds' ratios and of the pages' median times.

``--repo DIR`` runs the same on another checkout (its ``scorer`` and templates): measure the
checkout before a change and after it in turn, on the same machine, for a comparison.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}
clock = CLOCKS["cpu"]


def options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--requests", type=int, default=40)
    parser.add_argument("--repo", type=Path, default=ROOT, help="the checkout to measure (default: this one)")
    parser.add_argument("--database-url", default="", help="default: a temporary SQLite file")
    parser.add_argument("--redis-url", default="", help="the shared cache (default: this process's memory)")
    parser.add_argument(
        "--clock",
        choices=CLOCKS,
        default="cpu",
        help="cpu (default): this process's CPU time, steady on a shared machine; wall: elapsed time",
    )
    parser.add_argument(
        "--without-fragments",
        action="store_true",
        help="the template parts kept in this process's memory ({%% sharedpart %%}) rendered every time",
    )
    return parser.parse_args()


def setup(args, workdir: str) -> None:
    repo = str(args.repo.resolve())
    sys.path.insert(0, repo)
    sys.path.insert(1, str(ROOT / "bench"))
    os.chdir(repo)
    os.environ["DJANGO_SETTINGS_MODULE"] = "okeycalc.settings"
    os.environ["OKEYCALC_DEBUG"] = "0"
    os.environ["OKEYCALC_SECRET_KEY"] = "bench-parts-" + "x" * 50
    os.environ["OKEYCALC_RATELIMIT"] = "0"  # one client sends thousands of requests
    os.environ["DATABASE_URL"] = args.database_url or f"sqlite:///{workdir}/parts.sqlite3"
    if args.redis_url:
        os.environ["REDIS_URL"] = args.redis_url
    import django

    django.setup()
    from django.conf import settings
    from django.core.cache import caches
    from django.core.management import call_command

    settings.ALLOWED_HOSTS = ["testserver"]
    call_command("migrate", verbosity=0)
    if args.without_fragments:
        settings.CACHES["fragments"] = {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
    for alias in settings.CACHES:
        if alias != "limits_database":
            caches[alias].clear()


def make_table() -> tuple[str, str]:
    import random

    from handgen import random_hand

    from scorer.engine import InvalidInput
    from scorer.tables.services.games import game_create
    from scorer.tables.services.hands import hand_record

    names = ["Ayşe", "Bora", "Cem", "Deniz"]
    rng = random.Random(12)
    drawn = [random_hand(rng) for _ in range(3000)]
    hands = [
        h
        for h in drawn
        if h["ruleset"] == "loca" and len(h["players"]) == 4 and not h["options"].get("partners")
    ]
    options = hands[0]["options"]
    game, secret = game_create(ruleset="loca", options=options, players=names, hands_planned=21)
    saved = 0
    for hand in (h for h in hands if h["options"] == options):
        try:
            hand_record(
                game=game,
                data={"players": [dict(p, name=n) for p, n in zip(hand["players"], names, strict=True)]},
            )
        except InvalidInput:
            continue
        saved += 1
        if saved == 11:
            break
    return game.public_id, secret


def make_event() -> str:
    from scorer.events.models import EventGame
    from scorer.events.services.creation import event_create
    from scorer.events.services.rounds import round_start
    from scorer.tables.services.hands import hand_record

    event, _secret = event_create(
        name="Bench", date=None, ruleset="loca", options={}, hands_per_game=3, kind="points",
        entrants=[f"Oyuncu {k}" for k in range(16)], seed=1907, rounds=3,
    )  # fmt: skip
    round_start(event=event)
    finish = {"name": "", "opened": "sets", "finished": True}
    for link in EventGame.objects.filter(table__round__event=event).select_related("game"):
        players = [
            {"name": name, "remaining": {"points": 20 + k}} for k, name in enumerate(link.game.players)
        ]
        players[0] = finish | {"name": link.game.players[0]}
        for player in players[1:]:
            player["opened"] = "sets"
        hand_record(game=link.game, data={"players": players})
    return event.public_id


def make_club() -> tuple[str, int]:
    sys.path.insert(0, str(ROOT / "bench"))
    from club import generate, store

    names, documents = generate(200, 40, 5)
    club, _games, _seconds = store(names, documents)
    return club.public_id, club.members.order_by("name").first().pk


def pages(table: str, event: str, club: str, member: int) -> list[tuple[str, str]]:
    from django.urls import reverse

    return [
        ("hand entry (scorekeeper)", reverse("scorer:hand_new", args=[table])),
        ("calculator", reverse("scorer:calculator")),
        ("rules index", reverse("scorer:rules_index")),
        ("board (viewer page)", reverse("scorer:game_board", args=[table])),
        ("board live poll (viewer)", reverse("scorer:board_live", args=[table]) + "?v=old"),
        ("event standings", reverse("scorer:event_standings", args=[event])),
        ("event display", reverse("scorer:event_display", args=[event])),
        ("club page", reverse("scorer:club", args=[club])),
        ("club print", reverse("scorer:club_print", args=[club])),
        ("club display", reverse("scorer:club_display", args=[club])),
        ("club member page", reverse("scorer:club_member", args=[club, member])),
    ]


def median_ms(client, path: str, count: int) -> float:
    times = []
    for _ in range(count):
        start = clock()
        response = client.get(path)
        times.append(clock() - start)
        if response.status_code not in (200, 286):
            sys.exit(f"{path}: {response.status_code}")
    return statistics.median(times) * 1000


def main() -> None:
    global clock
    args = options()
    clock = CLOCKS[args.clock]
    with tempfile.TemporaryDirectory(prefix="okeycalc-bench-parts-") as workdir:
        setup(args, workdir)
        from django.test import Client
        from django.urls import reverse

        (table, secret), event = make_table(), make_event()
        club, member = make_club()
        viewer, keeper = Client(), Client()
        keeper.get(reverse("scorer:game_claim", args=[table, secret]))  # this phone keeps the score
        measured = pages(table, event, club, member)
        clients = {path: keeper if label.endswith("(scorekeeper)") else viewer for label, path in measured}
        for _label, path in measured:
            clients[path].get(path)  # the first viewer of this version: rendered, then kept
        ratios: dict[str, list[float]] = {label: [] for label, _path in measured}
        times: dict[str, list[float]] = {label: [] for label, _path in measured} | {"/healthz": []}
        for _ in range(args.rounds):
            floor = median_ms(viewer, "/healthz", args.requests)
            times["/healthz"].append(floor)
            for label, path in measured:
                page = median_ms(clients[path], path, args.requests)
                times[label].append(page)
                ratios[label].append(page / floor)
        cache = "Redis" if args.redis_url else "this process's memory"
        cache += "; template parts rendered every time" if args.without_fragments else ""
        print(
            f"checkout {args.repo.resolve()}; cache: {cache}; {args.rounds} rounds of {args.requests} requests;"
        )
        print(f"clock: {args.clock}; load average {os.getloadavg()[0]:.1f}")
        print(f"{'page':<28} {'median ms':>10} {'÷ /healthz':>11}")
        print(f"{'/healthz':<28} {statistics.median(times['/healthz']):>10.2f} {1:>11.2f}")
        for label, _path in measured:
            print(
                f"{label:<28} {statistics.median(times[label]):>10.2f} {statistics.median(ratios[label]):>11.2f}"
            )


if __name__ == "__main__":
    main()
