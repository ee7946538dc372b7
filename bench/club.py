"""A club at scale (``make bench-club``): 20,000 complete games of 200 members.

Measures, on a temporary SQLite database:

- ``manage.py rate`` on the club's export (the games replayed by the engine and OpenSkill), with
  the share of the engine and of OpenSkill in it (each timed alone on the same games), and the
  itemised engine timed on the same games in the same run (rate adds up totals only);
- the leaderboard and a member's page through the test client, warm (the second and later
  requests), median of ``--repeat`` requests;
- one game's completion (the incremental update of its players' ratings);
- a correction of the club's second game: that game scored again, OpenSkill replayed after it.

Goals: the leaderboard and a member page under 50 ms warm; ``rate`` under 10 s.
``--games`` / ``--members`` / ``--hands`` change the size; ``--profile`` prints the top of a
cProfile of ``rate``. ``--baseline DIR`` times ``manage.py rate`` of another checkout (with its
``.venv``) on the same file too, right before this one's, for a ratio measured in one run.
"""

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

RULESET = "loca-cezali"
OPTIONS = {"partners": False, "katlama": "none"}
PAIRS = {"partners": True, "katlama": "none"}


def club_hand(rng: random.Random, ruleset, options: dict) -> dict:
    """A valid hand of four at one table (bench/handgen.py's states, one rule set)."""
    from handgen import add_extras, drop_impossible_fouls

    finisher = rng.randrange(4) if rng.random() < 0.9 else None
    okeys_left = 2
    players = []
    for seat in range(4):
        player = {"opened": rng.choice(("none", "sets", "sets", "sets", "pairs"))}
        if seat == finisher:
            player["opened"] = rng.choice(("sets", "sets", "pairs"))
            player["finished"] = True
            flags = {f: True for f in ("okey_discard", "elden") if rng.random() < 0.15}
            if flags:
                player["finish"] = flags
        else:
            okeys = int(okeys_left > 0 and rng.random() < 0.1)
            okeys_left -= okeys
            player["remaining"] = {"points": rng.randint(0, 120), "okeys": okeys}
        add_extras(rng, ruleset, options, player)
        players.append(player)
    drop_impossible_fouls(players)
    return {"players": players}


def generate(games: int, members: int, hands: int, seed: int = 101) -> tuple[list[str], list[dict]]:
    from scorer.engine import get_ruleset

    rng = random.Random(seed)
    ruleset = get_ruleset(RULESET)
    names = [f"Üye {k:03d}" for k in range(1, members + 1)]
    documents = []
    for _ in range(games):
        options = PAIRS if rng.random() < 0.1 else OPTIONS
        documents.append(
            {
                "ruleset": RULESET,
                "options": options,
                "hands_planned": hands,
                "players": rng.sample(names, 4),
                "hands": [club_hand(rng, ruleset, options) for _ in range(hands)],
            }
        )
    return names, documents


CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
clock = time.perf_counter


def timed(function, *args, **kwargs):
    """Seconds ``function`` took on the chosen clock (``--clock``), and its value."""
    start = clock()
    value = function(*args, **kwargs)
    return clock() - start, value


def store(names: list[str], documents: list[dict]):
    """The club in the database as its pages read it: games, hands, counted links, then the
    stored ratings replayed once (what the games' completions added up to)."""
    from django.utils import timezone

    from scorer.clubs import services
    from scorer.clubs.models import ClubGame
    from scorer.engine.names import clean_name
    from scorer.models import Game, Hand, new_join_code

    club = services.club_create(name="Bench", ruleset=RULESET, options=OPTIONS, members=names)
    now = timezone.now()
    codes = set()  # 20,000 random join codes of 31⁶ collide one run in four
    while len(codes) < len(documents):
        codes.add(new_join_code())
    games = Game.objects.bulk_create(
        Game(
            code=code,
            ruleset=d["ruleset"],
            options=d["options"],
            players=[clean_name(n) for n in d["players"]],
            hands_planned=d["hands_planned"],
        )
        for d, code in zip(documents, codes, strict=True)
    )
    Hand.objects.bulk_create(
        (
            Hand(game=game, position=k + 1, data=data)
            for game, d in zip(games, documents, strict=True)
            for k, data in enumerate(d["hands"])
        ),
        batch_size=5000,
    )
    ClubGame.objects.bulk_create(
        (ClubGame(club=club, game=game, position=k + 1, completed_at=now) for k, game in enumerate(games)),
        batch_size=5000,
    )
    seconds, _ = timed(services._replay_from, club, 1)
    return club, games, seconds


def rate_command(checkout: Path, path: Path) -> tuple[float, float, str]:
    """``manage.py rate FILE`` of ``checkout`` as a user runs it: wall seconds, CPU seconds of it
    and its processes, and what it printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [str(checkout / ".venv/bin/python"), "manage.py", "rate", str(path)],
        cwd=checkout,
        capture_output=True,
        text=True,
        check=True,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return wall, cpu, done.stdout


def page_times(client, url: str, repeat: int) -> tuple[float, float]:
    """The first request (cold) and the median of the next ``repeat`` (warm), in ms."""
    cold, response = timed(client.get, url)
    assert response.status_code == 200, (url, response.status_code)
    warm = []
    for _ in range(repeat):
        seconds, response = timed(client.get, url)
        warm.append(seconds)
    return cold * 1000, statistics.median(warm) * 1000


def engine_and_openskill(documents: list[dict]) -> tuple[float, float, float, float]:
    """The engine alone as ``rate`` runs it (totals only, the file's text checked once for lone
    surrogates), the itemised engine with its labels left untranslated (what ``rate`` ran before
    the totals-only path), the same with every label translated, and OpenSkill alone (the same
    matches rated). The first two must give the same matches."""
    from scorer.clubs.ratings import Match, Ratings, game_names, score_totals
    from scorer.engine import score_game
    from scorer.engine.i18n import numbers_only

    def totals():
        return [Match.of(g.names, g) for g in (score_totals(d, text_checked=True) for d in documents)]

    def itemised():
        with numbers_only():
            return [Match.of(game_names(d), score_game(d)) for d in documents]

    engine, matches = timed(totals)
    lines, same = timed(itemised)
    assert same == matches, "the totals-only path and the itemised engine disagree"
    translated, _ = timed(lambda: [Match.of(game_names(d), score_game(d)) for d in documents])
    ratings = Ratings()
    openskill, _ = timed(lambda: [ratings.apply(m) for m in matches])
    return engine, lines, translated, openskill


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--members", type=int, default=200)
    parser.add_argument("--hands", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--baseline", type=Path, help="another checkout whose manage.py rate is timed too")
    parser.add_argument(
        "--clock",
        choices=CLOCKS,
        default="wall",
        help="cpu: this process's CPU time, steadier on a loaded machine",
    )
    args = parser.parse_args()
    global clock
    clock = CLOCKS[args.clock]

    workdir = tempfile.mkdtemp(prefix="okeycalc-bench-club-")
    os.environ["DATABASE_URL"] = f"sqlite:///{workdir}/club.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "okeycalc.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment
    from django.urls import reverse

    setup_test_environment()
    call_command("migrate", verbosity=0)
    print(f"generating {args.games:,} games of {args.hands} hands, {args.members} members …", flush=True)
    names, documents = generate(args.games, args.members, args.hands)
    path = Path(workdir) / "club.json"
    path.write_text(json.dumps({"games": documents}, ensure_ascii=False))

    baseline = rate_command(args.baseline.resolve(), path) if args.baseline else None
    rate_seconds, rate_cpu, printed = rate_command(ROOT, path)
    if baseline is not None and baseline[2] != printed:
        sys.exit("the baseline's ratings differ from this checkout's")
    print(
        f"manage.py rate: {rate_seconds:.2f} s wall, {rate_cpu:.2f} s CPU (load {os.getloadavg()[0]:.1f})",
        flush=True,
    )
    engine, lines, translated, openskill = engine_and_openskill(documents)
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(call_command, "rate", str(path), stdout=io.StringIO())
        pstats.Stats(profile).sort_stats("cumulative").print_stats(25)

    club, games, replay = store(names, documents)
    client = Client()
    board = page_times(client, reverse("scorer:club", args=[club.public_id]), args.repeat)
    member = club.members.order_by("name").first()
    page = page_times(client, reverse("scorer:club_member", args=[club.public_id, member.pk]), args.repeat)
    completion = complete_one(club, names)
    correction = correct_early(games[1])

    rows = []
    if baseline is not None:
        rows += [
            ("manage.py rate of --baseline, wall / CPU", f"{baseline[0]:.2f} / {baseline[1]:.2f} s", ""),
            ("  this checkout's / the baseline's, wall", f"{rate_seconds / baseline[0]:.2f}", ""),
            ("  this checkout's / the baseline's, CPU", f"{rate_cpu / baseline[1]:.2f}", ""),
        ]
    rows += [
        ("manage.py rate, wall / CPU", f"{rate_seconds:.2f} / {rate_cpu:.2f} s", "goal < 10 s"),
        ("  of it: the engine (every game, totals only)", f"{engine:.2f} s", ""),
        (
            "  the itemised engine, labels untranslated",
            f"{lines:.2f} s",
            f"(×{lines / engine:.2f}; not in rate)",
        ),
        ("  the engine with every label translated", f"{translated:.2f} s", "(not in rate)"),
        ("  of it: OpenSkill (rate of every match)", f"{openskill:.2f} s", ""),
        ("replay of every game into the stored ratings", f"{replay:.2f} s", "(each game scored)"),
        ("a correction of the club's second game", f"{correction:.2f} s", "(OpenSkill replayed)"),
        ("leaderboard, cold / warm median", f"{board[0]:.1f} / {board[1]:.1f} ms", "goal < 50 ms warm"),
        ("member page, cold / warm median", f"{page[0]:.1f} / {page[1]:.1f} ms", "goal < 50 ms warm"),
        ("one game's completion (incremental update)", f"{completion * 1000:.1f} ms", ""),
    ]
    print(f"clock: {args.clock}; load average {os.getloadavg()[0]:.1f}")
    for label, value, goal in rows:
        print(f"{label:<52} {value:>18}  {goal}")


def complete_one(club, names) -> float:
    """Record the last hand of a new club table: its players' ratings move, nothing is replayed."""
    from django.db import transaction

    from scorer.clubs import services
    from scorer.engine import get_ruleset
    from scorer.tables.services.games import game_create
    from scorer.tables.services.hands import hand_record

    rng = random.Random(7)
    game, _secret = game_create(
        ruleset=RULESET, options=OPTIONS, players=rng.sample(names, 4), hands_planned=1
    )
    services.club_game_add(club=club, game=game)
    start = clock()
    with transaction.atomic():
        hand_record(game=game, data=club_hand(rng, get_ruleset(RULESET), OPTIONS))
    # the handler runs on commit: it is in the time above
    return clock() - start


def correct_early(game) -> float:
    """Correct the first hand of an early counted game (it stays complete): the request's work."""
    from django.db import transaction

    from scorer.engine import get_ruleset
    from scorer.tables.services.hands import hand_update

    hand = game.hands.live().order_by("position").first()
    data = club_hand(random.Random(11), get_ruleset(RULESET), game.options)
    start = clock()
    with transaction.atomic():
        hand_update(hand=hand, data=data)
    # the replay runs on commit: it is in the time above
    return clock() - start


if __name__ == "__main__":
    main()
