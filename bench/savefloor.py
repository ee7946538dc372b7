"""The floor of a save on this machine: one INSERT and one UPDATE in a transaction, plus one publish.

Run: ``DATABASE_URL=postgres://… REDIS_URL=redis://… .venv/bin/python bench/savefloor.py``
(``--saves``, ``--rounds``; SQLite and no publish without them). Not in CI.

Each save of the floor is what no save can do without: ``BEGIN``, an ``INSERT`` of a hand row
(its JSON input), an ``UPDATE`` of its table's version, ``COMMIT``, then one ``PUBLISH`` of the
table's topic on Redis: through the same Django connection and the same Redis client library
the app uses, written as raw SQL (no ORM). Beside it, the same two statements through the ORM
(``Hand.objects.create``, ``Game.objects.filter().update()``), and a whole save through the
hand form (``POST /masa/<id>/el/yeni/`` through Django's handler with production settings, no
HTTP: the request, its checks, the service's statements, the history row, the kept totals, the
publish). It reports this process's CPU time and the wall time per save, medians of
``--rounds`` rounds, and the save's ratio to the floor (docs/benchmarks.md).
"""

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "okeycalc.settings")
os.environ.setdefault("OKEYCALC_SECRET_KEY", "savefloor-" + "x" * 50)
os.environ.setdefault("OKEYCALC_RATELIMIT", "0")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.db.models import F  # noqa: E402
from django.test import Client  # noqa: E402

from scorer.models import Game, Hand  # noqa: E402
from scorer.tables.services.games import game_create  # noqa: E402
from tests.support.posts import E2_HAND  # noqa: E402  (the hand form's fields, kept current by the suite)

HAND = {
    "players": [
        {"name": "Ayşe", "opened": "sets", "finished": True},
        {"name": "Bora", "opened": "sets", "remaining": {"points": 23}},
        {"name": "Cem", "opened": "pairs", "remaining": {"points": 10}},
        {"name": "Deniz", "opened": "none"},
    ]
}


def options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=200, help="saves a round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    return parser.parse_args()


def publisher():
    """Publish a topic as the app's Redis backend does (one PUBLISH), or nothing without Redis."""
    url = os.environ.get("REDIS_URL", "")
    if not url:
        return lambda topic: None
    import redis

    client = redis.Redis.from_url(url)
    return lambda topic: client.publish("okeycalc:floor", topic)


def new_table(hands: int) -> Game:
    game, _secret = game_create(
        ruleset="loca", options={}, players=["Ayşe", "Bora", "Cem", "Deniz"], hands_planned=hands
    )
    return game


def floor_raw(game: Game, saves: int, publish) -> None:
    quote = connection.ops.quote_name
    hand_table, game_table = quote(Hand._meta.db_table), quote(Game._meta.db_table)
    insert = (
        f"INSERT INTO {hand_table} (game_id, position, data, version, dealer, finish, created_at, updated_at,"
        f" request_id) VALUES (%s, %s, %s, 1, 0, %s, now(), now(), '')"
        if connection.vendor == "postgresql"
        else f"INSERT INTO {hand_table} (game_id, position, data, version, dealer, finish, created_at,"
        f" updated_at, request_id) VALUES (%s, %s, %s, 1, 0, %s, datetime('now'), datetime('now'), '')"
    )
    update = f"UPDATE {game_table} SET version = version + 1 WHERE id = %s"
    data = json.dumps(HAND)
    base = Hand.objects.filter(game=game).count()
    for k in range(saves):
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(insert, [game.pk, base + k + 1, data, ""])
            cursor.execute(update, [game.pk])
        publish(f"table:{game.pk}")


def floor_orm(game: Game, saves: int, publish) -> None:
    base = Hand.objects.filter(game=game).count()
    for k in range(saves):
        with transaction.atomic():
            Hand.objects.create(game=game, position=base + k + 1, data=HAND, dealer=0)
            Game.objects.filter(pk=game.pk).update(version=F("version") + 1)
        publish(f"table:{game.pk}")


def whole_saves(saves: int) -> None:
    """Saves through the hand form, each on a table of its own with hands to spare, as a
    scorekeeper's phone posts them (the edit link claimed once)."""
    for game, client in SAVERS[:saves]:
        url = f"/masa/{game.public_id}/el/yeni/"
        hands = Hand.objects.filter(game=game, deleted_at__isnull=True).count()
        response = client.post(url, E2_HAND | {"hands_before": str(hands)})
        if response.status_code != 302:
            raise SystemExit(f"a save answered HTTP {response.status_code}")


SAVERS: list = []


def timed(run) -> tuple[float, float]:
    cpu, wall = time.process_time(), time.perf_counter()
    run()
    return time.process_time() - cpu, time.perf_counter() - wall


def main() -> int:
    args = options()
    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0)
    publish = publisher()
    floor_table, orm_table = new_table(21), new_table(21)
    figures: dict[str, list[tuple[float, float]]] = {"floor": [], "floor_orm": [], "save": []}
    for _round in range(args.rounds):
        Hand.objects.filter(game__in=[floor_table, orm_table]).delete()
        SAVERS.clear()
        for _ in range(args.saves):
            game = new_table(21)
            client = Client()
            client.get(f"/masa/{game.public_id}/anahtar/{game.link_secret}/")
            SAVERS.append((game, client))
        figures["floor"].append(timed(lambda: floor_raw(floor_table, args.saves, publish)))
        figures["floor_orm"].append(timed(lambda: floor_orm(orm_table, args.saves, publish)))
        figures["save"].append(timed(lambda: whole_saves(args.saves)))
    result = {
        name: {
            "cpu_us": round(statistics.median(cpu for cpu, _ in runs) / args.saves * 1e6, 1),
            "wall_us": round(statistics.median(wall for _, wall in runs) / args.saves * 1e6, 1),
        }
        for name, runs in figures.items()
    }
    database = connection.vendor + (" + Redis publish" if os.environ.get("REDIS_URL") else ", no publish")
    print(f"a save's floor on {database}: medians of {args.rounds} rounds of {args.saves} saves")
    for name, label in (
        ("floor", "INSERT + UPDATE in a transaction, PUBLISH (raw SQL)"),
        ("floor_orm", "the same through the ORM"),
        ("save", "a save through the hand form (POST, in-process)"),
    ):
        row = result[name]
        print(f"  {label:55s} CPU {row['cpu_us'] / 1000:7.3f} ms   wall {row['wall_us'] / 1000:7.3f} ms")
    ratio = result["save"]["cpu_us"] / result["floor"]["cpu_us"]
    print(
        f"  a save / the floor: {ratio:.1f}× in CPU, {result['save']['wall_us'] / result['floor']['wall_us']:.1f}× in wall time"
    )
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
