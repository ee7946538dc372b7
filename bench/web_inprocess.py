"""The in-process half of ``bench/web.py --in-process``: one checkout's pages through Django's handler.

Started by ``bench/web.py`` with the working directory and ``PYTHONPATH`` of the checkout to
measure (this one, or ``--other``'s), so that the same script times old and new code. It sets up
a temporary SQLite database (or ``DATABASE_URL``) with the app's services only — a LOCA 101 table
of four with 11 generated hands, an event of 16 with a hand at each table, a club of 8 with four
complete games — then answers the commands it reads on stdin, one JSON line each on stdout:

- ``round``: every request timed once against ``/healthz``, in alternating order, as
  ``{name: [request ms, /healthz ms]}`` (CPU time of the process; ``BENCH_CLOCK=wall``: wall time);
- ``profile <name> <n>``: cProfile of ``n`` of that request, its top costs as text.

Requests go through ``django.test.Client`` (the handler, every middleware, CSRF enforced with the
token a page gives) with ``bench/web_settings.py``: DEBUG off, manifest static files, rate limits
off. Nothing is sent over HTTP and no ``Accept-Encoding`` is sent: the page's own work.
"""

import cProfile
import io
import json
import os
import pstats
import random
import re
import sys
import time
from functools import partial
from html.parser import HTMLParser
from urllib.parse import urlencode

import django

django.setup()

from django.test import Client  # noqa: E402
from handgen import random_hand  # noqa: E402

from scorer.engine import InvalidInput  # noqa: E402
from scorer.tables.services.games import game_create  # noqa: E402
from scorer.tables.services.hands import hand_record  # noqa: E402

NAMES = ["Ayşe", "Bora", "Cem", "Deniz"]
HANDS = 11
GET_REPEAT = 20  # requests a sample of a page (its mean); a save or a correction is one request
WRITES = 3  # saves and corrections a round, each on a fresh table of 11 hands
# What is typed into the hand form over its default state: example E2 of the spec.
TYPED = {
    "finisher": "0",
    "p0-opened": "sets",
    "p0-okey_discard": "on",
    "p1-opened": "sets",
    "p1-points": "23",
    "p1-okeys": "1",
    "p2-opened": "pairs",
    "p2-points": "10",
    "p3-opened": "none",
    "p3-foul_okey_discard": "1",
}
HTMX = {"HTTP_HX_REQUEST": "true"}
# A live preview is sent at every keystroke while one player's fields are typed: each preview the
# bench sends differs from the one before in Bora's (p1) fields, as a preview at a real table does,
# and the other players' parts of the answer are what the one before showed. Every preview sent
# shows Bora a hand never shown before (his points left in hand, then his take-backs).
KEYSTROKES = [{"p1-points": str(k % 287), "p1-foul_take_back": str(k // 287 % 21)} for k in range(287 * 21)]


class FormFields(HTMLParser):
    """The fields a browser would submit from the page's form whose action contains ``marker``."""

    def __init__(self, marker: str):
        super().__init__()
        self.marker, self.inside, self.pairs, self.select = marker, False, [], None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and self.marker in (a.get("action") or ""):
            self.inside = True
        if not self.inside or "name" not in a and tag != "option":
            return
        if tag == "input" and a.get("type") not in {"submit", "button", "checkbox", "radio"}:
            self.pairs.append((a["name"], a.get("value") or ""))
        elif tag == "input" and "checked" in a:
            self.pairs.append((a["name"], a.get("value") or "on"))
        elif tag == "select":
            self.select = [a["name"], None]
        elif tag == "option" and self.select is not None and (self.select[1] is None or "selected" in a):
            self.select[1] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "select" and self.select is not None:
            self.pairs.append(tuple(self.select))
            self.select = None
        if tag == "form":
            self.inside = False


def fields_of(html: str, marker: str) -> dict:
    """The fields a browser posts from the page's form whose action contains ``marker``."""
    parser = FormFields(marker)
    parser.feed(html)
    return dict(parser.pairs)


def form_of(html: str, marker: str, typed: dict | None) -> str:
    """The form's fields as a browser posts them, with ``typed`` over its own values (None: one
    player's points left in hand one more, as a correction)."""
    fields = fields_of(html, marker)
    if not fields:
        sys.exit(f"no form posting to …{marker}… on the page")
    if typed is None:
        held = next(k for k, v in fields.items() if re.fullmatch(r"p\d-points", k) and v.isdigit())
        typed = {held: str(int(fields[held]) + 1)}
    return urlencode(fields | typed)


# --- the fixture ---------------------------------------------------------------------------------


def loca_hands() -> list[dict]:
    rng = random.Random(12)
    drawn = (random_hand(rng) for _ in range(3000))
    hands = [h for h in drawn if h["ruleset"] == "loca" and len(h["players"]) == 4]
    return [h for h in hands if not h["options"].get("partners")]


HAND_POOL = loca_hands()


def table(count: int = HANDS, planned: int = HANDS + 5):
    """A LOCA 101 table of four with ``count`` valid generated hands: (game, edit secret)."""
    options = HAND_POOL[0]["options"]
    game, secret = game_create(ruleset="loca", options=options, players=NAMES, hands_planned=planned)
    saved = 0
    for hand in (h for h in HAND_POOL if h["options"] == options):
        players = [dict(p, name=n) for p, n in zip(hand["players"], NAMES, strict=True)]
        try:
            hand_record(game=game, data={"players": players})
        except InvalidInput:
            continue
        saved += 1
        if saved == count:
            return game, secret
    sys.exit(f"only {saved} of {count} generated hands fit the table")


def editor_of(game, secret: str) -> Client:
    client = Client(enforce_csrf_checks=True)
    answer = client.get(f"/masa/{game.public_id}/anahtar/{secret}/")
    assert answer.status_code == 302, answer.status_code
    client.get(f"/masa/{game.public_id}/")  # the "you can edit" message shown and used up
    return client


def event_fixture():
    """A points event of 16 (LOCA 101, 3 rounds, one hand a game), round 1 seated, a hand at each table."""
    from scorer.events.services.creation import event_create
    from scorer.events.services.rounds import round_start

    entrants = NAMES + [f"Oyuncu {k}" for k in range(4, 16)]
    event, _secret = event_create(
        name="Bench",
        date=None,
        ruleset="loca",
        options={},
        hands_per_game=2,
        kind="points",
        entrants=entrants,
        seed=1907,
        rounds=3,
    )
    played = round_start(event=event)
    for number, seated in enumerate(played.tables.order_by("number")):
        for link in seated.games.select_related("game"):
            seats = [{"opened": "none"} for _ in link.game.players]
            seats[number % len(seats)] = {"opened": "sets", "finished": True}
            seats[(number + 1) % len(seats)] = {"opened": "sets", "remaining": {"points": 12 + number}}
            hand_record(game=link.game, data={"players": seats})
    return event


def club_fixture():
    """A club of 8 (LOCA 101) with four complete games of two hands, its ratings updated."""
    from scorer.clubs.services import club_create, club_table_create

    members = NAMES + ["Ece", "Filiz", "Gül", "Hakan"]
    club = club_create(name="Bench", ruleset="loca", options={}, members=members)
    for k in range(4):
        players = [members[(k + s) % len(members)] for s in range(4)]
        game, _secret = club_table_create(
            club=club, ruleset="loca", options={}, players=players, hands_planned=2
        )
        for h in range(2):
            seats = [{"opened": "none"} for _ in players]
            seats[(k + h) % 4] = {"opened": "sets", "finished": True}
            seats[(k + h + 1) % 4] = {"opened": "sets", "remaining": {"points": 10 * (k + h + 1)}}
            hand_record(game=game, data={"players": seats})
    return club


# --- the requests --------------------------------------------------------------------------------


class Bench:
    def __init__(self):
        self.game, secret = table()
        self.editor = editor_of(self.game, secret)
        self.viewer = Client(enforce_csrf_checks=True)
        self.plain = Client()
        self.event = event_fixture()
        self.club = club_fixture()
        base = f"/masa/{self.game.public_id}"
        page = self.get(self.editor, f"{base}/el/yeni/")
        fields = fields_of(page, "/el/yeni/")
        self.preview_bodies = [urlencode(fields | TYPED | typed) for typed in KEYSTROKES]
        self.keystroke = 0
        self.csrf = {"HTTP_X_CSRFTOKEN": self.editor.cookies["csrftoken"].value}
        self.pages = {
            "viewer board": (self.viewer, f"{base}/"),
            "hand entry page": (self.editor, f"{base}/el/yeni/"),
            "event standings": (self.plain, f"/turnuva/{self.event.public_id}/siralama/"),
            "venue display": (self.plain, f"/turnuva/{self.event.public_id}/ekran/"),
            "club leaderboard": (self.plain, f"/kulup/{self.club.public_id}/"),
        }
        for client, path in self.pages.values():
            self.get(client, path)
        self.preview()

    @staticmethod
    def get(client: Client, path: str) -> str:
        answer = client.get(path)
        if answer.status_code != 200:
            sys.exit(f"GET {path} answered {answer.status_code}")
        return answer.content.decode()

    def preview(self) -> None:
        """The next keystroke's live preview (:data:`KEYSTROKES`)."""
        body = self.preview_bodies[self.keystroke % len(self.preview_bodies)]
        self.keystroke += 1
        answer = self.editor.post(
            f"/masa/{self.game.public_id}/el/onizleme/",
            body,
            content_type="application/x-www-form-urlencoded",
            **HTMX,
            **self.csrf,
        )
        if answer.status_code != 200 or b"-404" not in answer.content:
            sys.exit(f"the live preview answered {answer.status_code} without E2's total")

    def healthz(self) -> None:
        if self.plain.get("/healthz").status_code != 200:
            sys.exit("/healthz did not answer 200")

    def write_tables(self) -> list:
        """Fresh tables of 11 hands, each with its editor and the forms it posts (made untimed)."""
        made = []
        for _ in range(WRITES):
            game, secret = table()
            editor = editor_of(game, secret)
            base = f"/masa/{game.public_id}"
            made.append((editor, base, form_of(self.get(editor, f"{base}/el/yeni/"), "/el/yeni/", TYPED)))
        return made

    def correction_form(self, editor: Client, base: str) -> str:
        """The correction of hand 6 as posted after the page showed it (after the save: its version)."""
        return form_of(self.get(editor, f"{base}/el/6/duzelt/"), "/el/6/duzelt/", None)

    def post(self, client: Client, path: str, body: str, expect: int = 302) -> None:
        csrf = {"HTTP_X_CSRFTOKEN": client.cookies["csrftoken"].value}
        answer = client.post(path, body, content_type="application/x-www-form-urlencoded", **csrf)
        if answer.status_code != expect:
            problems = re.findall(
                r"<li[^>]*>(.*?)</li>", answer.content.decode().split("error-summary", 1)[-1]
            )[:5]
            sys.exit(f"POST {path} answered {answer.status_code}: {problems}")

    def requests(self) -> dict:
        """Every request: (a callable of one sample, requests in it)."""
        timed = {
            name: (lambda c=client, p=path: self.get(c, p), GET_REPEAT)
            for name, (client, path) in self.pages.items()
        }
        timed["live preview POST"] = (self.preview, GET_REPEAT)
        return timed


# The process's CPU time by default: on a shared machine under load, the wall clock mostly measures
# the other processes; ``BENCH_CLOCK=wall`` for elapsed time.
CLOCK = time.perf_counter if os.environ.get("BENCH_CLOCK") == "wall" else time.process_time


def sample(function, repeat: int) -> float:
    start = CLOCK()
    for _ in range(repeat):
        function()
    return (CLOCK() - start) * 1000 / repeat


def one_round(bench: Bench, number: int) -> dict:
    """Each request against /healthz, the pair's order alternating from round to round."""
    out = {}
    order = [
        "viewer board",
        "hand entry page",
        "live preview POST",
        "event standings",
        "venue display",
        "club leaderboard",
    ]
    requests = bench.requests()
    for k, name in enumerate(order):
        function, repeat = requests[name]
        pair = [("healthz", bench.healthz, GET_REPEAT), (name, function, repeat)]
        if (number + k) % 2:
            pair.reverse()
        got = {what: sample(f, n) for what, f, n in pair}
        out[name] = [got[name], got["healthz"]]
    saves, fixes = [], []
    for editor, base, new in bench.write_tables():
        floor = sample(bench.healthz, GET_REPEAT)
        saves.append([sample(partial(bench.post, editor, f"{base}/el/yeni/", new), 1), floor])
        fix = bench.correction_form(editor, base)
        fixes.append([sample(partial(bench.post, editor, f"{base}/el/6/duzelt/", fix), 1), floor])
    out["save"] = sorted(saves)[len(saves) // 2]
    out["correction"] = sorted(fixes)[len(fixes) // 2]
    return out


def profile(bench: Bench, name: str, count: int) -> str:
    if name in {"save", "correction"}:
        tables = [t for _ in range(max(1, count // WRITES)) for t in bench.write_tables()]
        if name == "correction":
            tables = [(e, b, bench.correction_form(e, b)) for e, b, _new in tables]
        path = "/el/yeni/" if name == "save" else "/el/6/duzelt/"

        def run():
            for editor, base, body in tables:
                bench.post(editor, f"{base}{path}", body)
    else:
        function, _repeat = bench.requests()[name]

        def run():
            for _ in range(count):
                function()

    profiler = cProfile.Profile(CLOCK)  # CPU time by default, as the rounds
    profiler.runcall(run)
    if dump := os.environ.get("BENCH_PROFILE_DUMP"):
        profiler.dump_stats(dump)
    text = io.StringIO()
    stats = pstats.Stats(profiler, stream=text)
    text.write(shares(stats, count if name not in {"save", "correction"} else len(tables)))
    stats.sort_stats("tottime").print_stats(20)
    return re.sub(r"/[^ ]*/(site-packages|wt/[^/]+|main)/", "", text.getvalue())


# Besides the app's own functions, the parts of Django a request's time goes to.
DJANGO_PARTS = {
    ("loader.py", "render_to_string"): "templates rendered",
    ("compiler.py", "execute_sql"): "SQL compiled and run",
    ("csrf.py", "process_view"): "CSRF check",
    ("request.py", "_load_post_and_files"): "form body parsed",
    ("base.py", "get_response"): "the whole request in Django's handler",
}


def shares(stats: pstats.Stats, requests: int) -> str:
    """The app's functions and the parts of Django above, by cumulative time: the share of the
    request each takes (nested: a function's share includes what it calls)."""
    total = stats.total_tt
    rows = []
    for (path, line, function), (_cc, calls, _tt, cumulative, _callers) in stats.stats.items():
        part = DJANGO_PARTS.get((path.rsplit("/", 1)[-1], function))
        if part is None and "/scorer/" not in path or "middleware" in path:
            continue
        where = part or f"{path.split('/scorer/', 1)[-1]}:{line} {function}"
        rows.append((cumulative, calls, where))
    rows.sort(reverse=True)
    out = ["| share | calls a request | where |", "|---|---|---|"]
    for cumulative, calls, where in rows[:22]:
        out.append(f"| {cumulative / total:.0%} | {calls / requests:g} | {where} |")
    return "\n".join(out) + "\n\n"


def main() -> None:
    bench = Bench()
    print(json.dumps({"ready": os.getcwd()}), flush=True)
    number = 0
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "round":
            print(json.dumps(one_round(bench, number)), flush=True)
            number += 1
        elif words[0] == "profile":
            name = " ".join(words[1:-1])
            print(json.dumps({"profile": profile(bench, name, int(words[-1]))}), flush=True)


if __name__ == "__main__":
    main()
