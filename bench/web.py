"""Web benchmark: the pages' throughput as ratios to a minimal view on the same server, one run.

Run: ``make bench-web`` (or ``.venv/bin/python bench/web.py [--rounds 5] [--seconds 2]``).

What it does, all by itself:
- a temporary SQLite database (or ``--database-url``), migrated; a table of 4 players (LOCA 101)
  with 11 generated valid hands (``bench/handgen.py``);
- ``collectstatic`` with WhiteNoise's compressed manifest storage into a temporary STATIC_ROOT;
- the ASGI server as ``make serve`` runs it (bench/appserver.py, 2 workers, DEBUG off,
  ``bench/web_settings.py``) on 127.0.0.1 (port 8160);
  the bench settings add two floor views (``bench/web_urls.py``) that exist only here;
- for every row of the table, ``--rounds`` rounds that measure the floor and then the endpoint
  with wrk (1 thread, 2 keep-alive connections, ``--seconds`` each), so both see the same load
  of the shared machine; the ratio reported is the median of the per-round ratios of requests
  per second (endpoint ÷ floor), p50 the endpoint's median latency in the rounds;
- then the bytes on the wire: each page's HTML and the CSS/JS it loads, as served compressed
  (the HTML gzipped by Django's GZipMiddleware, the CSS and JS in WhiteNoise's brotli copies,
  as a browser asks), against the 60 KB first-load goal.
Requests send ``Accept-Encoding: br, gzip`` as a browser does (``--encoding`` to change), so
the pages' throughput includes compressing them.

``--in-process`` (``make bench-web-inprocess``) measures the pages' own work instead, where the
server's overhead cannot hide it: each request through Django's handler (``django.test.Client``,
every middleware, DEBUG off, manifest static files; ``bench/web_inprocess.py``), no HTTP, each
against ``/healthz`` measured beside it, the median of ``--rounds`` (7) rounds in CPU time
(``--clock wall`` for elapsed time): the viewer board, the hand entry page, the live preview, a
save, a correction, an event's standings and venue display, a club's leaderboard.
``--other <checkout>`` runs the same measurement on another checkout's code in a process of its
own (with that checkout's ``bench/web_settings.py``), the two taking turns round by round, so
that before and after come from the same minutes;
``--profile '<request>'`` prints cProfile's top costs of that request instead.
"""

import argparse
import http.client
import json
import os
import re
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from appserver import SERVE_COMMAND  # noqa: E402  (bench/ is on the path: this script runs from there)

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
HANDS = 11
NAMES = ["Ayşe", "Bora", "Cem", "Deniz"]  # as bench/web_table.py names them


# --- the server --------------------------------------------------------------------------------


def server_env(tmp: Path, args) -> dict:
    env = dict(os.environ)
    env |= {
        "DJANGO_SETTINGS_MODULE": "bench.web_settings",
        "OKEYCALC_DEBUG": "0",
        "OKEYCALC_SECRET_KEY": secrets.token_urlsafe(50),
        "OKEYCALC_STATIC_MANIFEST": "1",
        "OKEYCALC_BENCH_STATIC_ROOT": str(tmp / "static"),
        "DATABASE_URL": args.database_url or f"sqlite:///{tmp / 'bench.sqlite3'}",
        "PYTHONPATH": str(ROOT),
    }
    if args.redis_url:
        env["REDIS_URL"] = args.redis_url
    return env


def manage(env: dict, *command: str, root: Path = ROOT) -> None:
    subprocess.run([PYTHON, "manage.py", *command], cwd=root, env=env, check=True)


def make_table(env: dict) -> tuple[str, str]:
    """A LOCA 101 table of four with 11 valid generated hands; returns (public id, edit secret)."""
    command = [PYTHON, str(ROOT / "bench" / "web_table.py"), str(HANDS)]
    out = subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    public_id, secret = json.loads(out.stdout.strip().splitlines()[-1])
    return public_id, secret


def start_server(env: dict, args) -> subprocess.Popen:
    """``make serve``'s server (its access log dropped: the load would fill the terminal)."""
    env = env | {"HOST": "127.0.0.1", "PORT": str(args.port), "WEB_CONCURRENCY": str(args.workers)}
    env["GUNICORN_LOGLEVEL"] = "warning"
    proc = subprocess.Popen(SERVE_COMMAND, cwd=ROOT, env=env, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if Client(args.port).request("GET", "/healthz").status == 200:
                return proc
        except OSError:
            time.sleep(0.2)
    proc.terminate()
    sys.exit("the server did not answer /healthz within 30 s")


# --- a small HTTP client with cookies ------------------------------------------------------------


@dataclass
class Response:
    status: int
    headers: dict
    body: bytes


@dataclass
class Client:
    port: int
    cookies: dict = field(default_factory=dict)

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        sent = {"Host": f"127.0.0.1:{self.port}", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        conn.request(method, path, body=body, headers=sent)
        raw = conn.getresponse()
        data = raw.read()
        for key, value in raw.getheaders():
            if key.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name.strip()] = rest.split(";", 1)[0]
        conn.close()
        return Response(raw.status, {k.lower(): v for k, v in raw.getheaders()}, data)

    def cookie_header(self) -> str:
        return "; ".join(f"{k}={v}" for k, v in self.cookies.items())


class FormFields(HTMLParser):
    """The fields a browser would submit from the hand form (its default state)."""

    def __init__(self, form_id: str):
        super().__init__()
        self.form_id, self.inside, self.pairs, self.select = form_id, False, [], None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and (a.get("id") == self.form_id or "hand" in (a.get("action") or "")):
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


def form_body(html: str) -> bytes:
    parser = FormFields("hand-form")
    parser.feed(html)
    if not parser.pairs:
        sys.exit("could not find the hand form's fields on the hand entry page")
    return urlencode(parser.pairs).encode()


# --- the load generator --------------------------------------------------------------------------


@dataclass
class Endpoint:
    name: str
    path: str
    floor: str  # "GET" or "POST": which floor view it is compared with
    goal: float | None  # the ratio to reach (endpoint rps / floor rps), None: reported only
    method: str = "GET"
    headers: dict = field(default_factory=dict)
    body: bytes | None = None
    status: int = 200


def wrk_script(tmp: Path, name: str, method: str, body: bytes | None) -> Path:
    script = tmp / f"{name}.lua"
    lines = [f'wrk.method = "{method}"']
    if body is not None:
        (tmp / f"{name}.body").write_bytes(body)
        lines += [
            f'local f = io.open("{tmp / (name + ".body")}", "rb")',
            "wrk.body = f:read('*a')",
            "f:close()",
        ]
    script.write_text("\n".join(lines) + "\n")
    return script


def wrk(args, tmp: Path, key: str, method: str, path: str, headers: dict, body: bytes | None):
    """(requests per second, p50 ms, non-2xx/3xx count) of ``--seconds`` of wrk on one URL."""
    command = ["wrk", "-t1", f"-c{args.connections}", f"-d{args.seconds}s", "--latency"]
    for name, value in headers.items():
        command += ["-H", f"{name}: {value}"]
    command += ["-s", str(wrk_script(tmp, key, method, body)), f"http://127.0.0.1:{args.port}{path}"]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p50 = re.search(r"50%\s+([\d.]+)(us|ms|s)\b", out)
    scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[p50.group(2)]
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    return rps, float(p50.group(1)) * scale, int(bad.group(1)) if bad else 0


def measure(args, tmp: Path, endpoints: list[Endpoint], floors: dict[str, Endpoint]) -> dict:
    """Rounds of (floor, endpoint) pairs for every endpoint; per-round ratios."""
    results = {e.name: {"ratios": [], "p50": [], "rps": [], "bad": 0} for e in endpoints}
    for round_no in range(args.rounds):
        for i, e in enumerate(endpoints):
            f = floors[e.floor]
            pair = [(f, "floor"), (e, "page")]
            if (round_no + i) % 2:  # alternate which of the pair goes first
                pair.reverse()
            got = {}
            for what, kind in pair:
                headers = {**e.headers} if kind == "floor" else what.headers
                body = e.body if kind == "floor" else what.body
                got[kind] = wrk(args, tmp, f"{kind}{i}", what.method, what.path, headers, body)
            r = results[e.name]
            r["ratios"].append(got["page"][0] / got["floor"][0])
            r["p50"].append(got["page"][1])
            r["rps"].append(got["page"][0])
            r["bad"] += got["page"][2] + got["floor"][2]
        print(f"  round {round_no + 1}/{args.rounds} done", file=sys.stderr)
    return results


# --- bytes on the wire ---------------------------------------------------------------------------


class Assets(HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "link" and a.get("rel") == "stylesheet" and a.get("href"):
            self.urls.append(a["href"])
        elif tag == "script" and a.get("src"):
            self.urls.append(a["src"])


def first_load(client: Client, path: str, encoding: str) -> tuple[int, int, int, str, list[str]]:
    """(HTML bytes as served, assets bytes as served, raw HTML bytes, HTML encoding, problems)."""
    page = client.request("GET", path, headers={"Accept-Encoding": encoding})
    raw = client.request("GET", path)
    parser = Assets()
    parser.feed(raw.body.decode())
    problems, assets = [], 0
    for url in parser.urls:
        asset = client.request("GET", urlsplit(url).path, headers={"Accept-Encoding": encoding})
        assets += len(asset.body)
        if "immutable" not in asset.headers.get("cache-control", ""):
            problems.append(f"{url} not immutable")
        if not asset.headers.get("content-encoding"):
            problems.append(f"{url} not compressed")
    return len(page.body), assets, len(raw.body), page.headers.get("content-encoding", "-"), problems


# --- the run ------------------------------------------------------------------------------------


def endpoints_for(client: Client, public_id: str, secret: str, encoding: str):
    """The issue's rows, with the session, CSRF token and bodies they need."""
    viewer = Client(client.port)
    viewer.request("GET", f"/masa/{public_id}/")  # the viewer's language cookie, if any
    client.request("GET", f"/masa/{public_id}/anahtar/{secret}/")
    entry = client.request("GET", f"/masa/{public_id}/el/yeni/")
    assert entry.status == 200, f"hand entry page answered {entry.status}"
    body = form_body(entry.body.decode())
    csrf = client.cookies["csrftoken"]
    editor = {"Cookie": client.cookie_header(), "Accept-Encoding": encoding}
    plain = {"Accept-Encoding": encoding}
    if viewer.cookies:
        plain["Cookie"] = viewer.cookie_header()
    form = {**editor, "Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": csrf}
    live = f"/masa/{public_id}/canli/"
    etag = client.request("GET", live, headers=plain).headers.get("etag", "")
    api_body = json.dumps(
        {
            "ruleset": "loca",
            "players": [
                {"name": n, **({"opened": "sets", "finished": True} if not i else {})}
                for i, n in enumerate(NAMES)
            ],
        }
    ).encode()
    floors = {
        "GET": Endpoint("floor", "/bench-floor/", "GET", None, headers=plain),
        "POST": Endpoint(
            "floor POST", "/bench-floor/post/", "POST", None, method="POST", headers=form, body=body
        ),
    }
    rows = [
        Endpoint("hand entry page (editor)", f"/masa/{public_id}/el/yeni/", "GET", 1 / 9, headers=editor),
        Endpoint("/hesap/", "/hesap/", "GET", 1 / 10, headers=plain),
        Endpoint("board, 11 hands (viewer)", f"/masa/{public_id}/", "GET", 1 / 5, headers=plain),
        Endpoint("live poll 200 (from cache)", live, "GET", 1 / 3, headers=plain),
        Endpoint(
            "live preview POST (htmx)",
            f"/masa/{public_id}/el/onizleme/",
            "POST",
            1 / 4,
            method="POST",
            headers={**form, "HX-Request": "true"},
            body=body,
        ),
        Endpoint("live poll 304", live, "GET", None, headers={**plain, "If-None-Match": etag}, status=304),
        Endpoint(
            "live poll 204 (htmx, unchanged)",
            f"{live}?{urlencode({'v': etag.removeprefix('W/').strip(chr(34))})}",
            "GET",
            None,
            headers={**plain, "HX-Request": "true"},
            status=204,
        ),
        Endpoint(
            "POST /api/v1/score",
            "/api/v1/score",
            "POST",
            None,
            method="POST",
            headers={**form, "Content-Type": "application/json"},
            body=api_body,
        ),
    ]
    return rows, floors


def check_rows(client: Client, rows: list[Endpoint]) -> None:
    """Each request answers what it should before it is timed (a 403 or 429 would be 'fast')."""
    for e in rows:
        got = client.request(e.method, e.path, body=e.body, headers=e.headers)
        if got.status != e.status:
            sys.exit(f"{e.name}: {e.method} {e.path} answered {got.status}, expected {e.status}")


def pages_for(public_id: str) -> list[tuple[str, str, bool]]:
    """(name, path, as editor) of every page whose first load is measured."""
    return [
        ("home", "/", False),
        ("board, 11 hands (viewer)", f"/masa/{public_id}/", False),
        ("board, 11 hands (editor)", f"/masa/{public_id}/", True),
        ("hand entry page", f"/masa/{public_id}/el/yeni/", True),
        ("hand detail", f"/masa/{public_id}/el/1/", False),
        ("new table", "/masa/yeni/", False),
        ("/hesap/", "/hesap/", False),
        ("rules (LOCA 101)", "/kurallar/loca/", False),
        ("examples", "/ornekler/", False),
        ("compare", "/karsilastir/", False),
    ]


def print_report(args, rows: list[Endpoint], results: dict, loads: list) -> bool:
    met = True
    print(
        f"\nthroughput vs a minimal view on the same server: {args.workers} ASGI workers (make serve's), DEBUG off,"
    )
    print(
        f"manifest static; wrk 1 thread {args.connections} connections, {args.rounds} rounds × {args.seconds} s,"
    )
    print(
        f"Accept-Encoding: {args.encoding or '(none)'}; ratio = median of per-round rps(endpoint)/rps(floor)\n"
    )
    print("| endpoint | floor | ratio | goal | p50 | endpoint rps |")
    print("|---|---|---|---|---|---|")
    for e in rows:
        r = results[e.name]
        ratio = statistics.median(r["ratios"])
        ok = e.goal is None or ratio >= e.goal
        met &= ok
        goal = f"≥ 1/{round(1 / e.goal)} {'met' if ok else 'NOT met'}" if e.goal else "—"
        floor = "POST floor" if e.floor == "POST" else "GET floor"
        print(
            f"| {e.name} | {floor} | 1/{1 / ratio:.1f} | {goal} | {statistics.median(r['p50']):.2f} ms "
            f"| {statistics.median(r['rps']):,.0f} |"
        )
        if r["bad"]:
            print(f"  ({r['bad']} responses were not 2xx/3xx)")
    print(
        f"\nfirst load, bytes as served (Accept-Encoding: {args.encoding}): HTML + its CSS and JS; goal ≤ 60 KB\n"
    )
    print("| page | HTML raw | HTML served | encoding | CSS+JS served | first load | goal |")
    print("|---|---|---|---|---|---|---|")
    for name, html, assets, raw, encoding, problems in loads:
        total = html + assets
        ok = total <= 60 * 1024
        met &= ok and not problems
        print(
            f"| {name} | {raw / 1024:.1f} KB | {html / 1024:.1f} KB | {encoding} | {assets / 1024:.1f} KB "
            f"| {total / 1024:.1f} KB | {'met' if ok else 'NOT met'} |"
        )
        for problem in problems:
            print(f"  problem: {problem}")
    return met


# --- in-process: the page's own work through Django's handler ---------------------------------------

IN_PROCESS_ROWS = [
    "viewer board",
    "hand entry page",
    "live preview POST",
    "save",
    "correction",
    "event standings",
    "venue display",
    "club leaderboard",
]
IN_PROCESS_GOALS = {"viewer board": 4.0, "hand entry page": 6.0, "live preview POST": 5.0}


@dataclass
class Checkout:
    """One checkout's code measured by bench/web_inprocess.py in a process of its own."""

    root: Path
    label: str
    proc: subprocess.Popen | None = None
    rounds: list = field(default_factory=list)

    def start(self, tmp: Path, args) -> None:
        env = server_env(tmp, args) | {
            "PYTHONPATH": str(self.root),
            "DATABASE_URL": f"sqlite:///{tmp / 'bench.sqlite3'}",
            "BENCH_CLOCK": args.clock,
        }
        manage(env, "migrate", "--no-input", "-v", "0", root=self.root)
        manage(env, "collectstatic", "--no-input", "-v", "0", root=self.root)
        script = [PYTHON, str(ROOT / "bench" / "web_inprocess.py")]
        self.proc = subprocess.Popen(
            script, cwd=self.root, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.answer()

    def answer(self) -> dict:
        line = self.proc.stdout.readline()
        if not line:
            sys.exit(f"{self.label}: bench/web_inprocess.py ended ({self.proc.wait()})")
        return json.loads(line)

    def ask(self, command: str) -> dict:
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        return self.answer()

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.stdin.close()
            self.proc.wait(timeout=30)


def in_process_rows(checkout: Checkout) -> dict:
    """Per request: (median ms, median /healthz ms, median of the rounds' ratios)."""
    out = {"/healthz": (statistics.median(r[n][1] for r in checkout.rounds for n in r), None, 1.0)}
    for name in IN_PROCESS_ROWS:
        ms = [r[name][0] for r in checkout.rounds]
        floor = [r[name][1] for r in checkout.rounds]
        ratios = [r[name][0] / r[name][1] for r in checkout.rounds]
        out[name] = (statistics.median(ms), statistics.median(floor), statistics.median(ratios))
    return out


def print_in_process(args, checkouts: list[Checkout]) -> bool:
    print("\nin-process: django.test.Client through every middleware, DEBUG off, manifest static, SQLite;")
    print(
        f"{args.clock} time, median of {args.rounds} rounds, each request against /healthz measured beside it\n"
    )
    tables = [in_process_rows(c) for c in checkouts]
    head = " | ".join(f"{c.label} ms | {c.label} / healthz" for c in checkouts)
    extra = " | ratio / other's ratio" if len(checkouts) == 2 else ""
    print(f"| request | {head}{extra} | goal |")
    print("|---|" + "---|---|" * len(checkouts) + ("---|" if extra else "") + "---|")
    met = True
    for name in ["/healthz", *IN_PROCESS_ROWS]:
        cells = " | ".join(f"{t[name][0]:.3f} | {t[name][2]:.1f}×" for t in tables)
        if extra:
            cells += f" | {tables[0][name][2] / tables[1][name][2]:.2f}"
        goal = IN_PROCESS_GOALS.get(name)
        ok = goal is None or tables[0][name][2] <= goal
        met &= ok
        print(f"| {name} | {cells} | {f'≤ {goal:g}× ' + ('met' if ok else 'NOT met') if goal else '—'} |")
    return met


def run_in_process(args) -> int:
    """This checkout (and ``--other``), round by round in turn, so both see the same minutes."""
    checkouts = [Checkout(ROOT, "this")]
    if args.other:
        checkouts.append(Checkout(Path(args.other).resolve(), "other"))
    tmp = Path(tempfile.mkdtemp(prefix="okeycalc-bench-inprocess-"))
    try:
        for k, checkout in enumerate(checkouts):
            print(f"setting up {checkout.root}: migrate, collectstatic, the fixture", file=sys.stderr)
            (tmp / str(k)).mkdir()
            checkout.start(tmp / str(k), args)
        if args.profile:
            for checkout in checkouts:
                for name in IN_PROCESS_ROWS if args.profile == "all" else [args.profile]:
                    count = args.profile_count if name not in {"save", "correction"} else 9
                    print(f"\n## {checkout.label} ({checkout.root}): {name}\n")
                    print(checkout.ask(f"profile {name} {count}")["profile"], flush=True)
            return 0
        for number in range(args.rounds):
            for checkout in checkouts if number % 2 == 0 else checkouts[::-1]:
                checkout.rounds.append(checkout.ask("round"))
            print(f"  round {number + 1}/{args.rounds} done", file=sys.stderr)
        met = print_in_process(args, checkouts)
        print(f"\nall goals {'met' if met else 'NOT met'}")
        return 0
    finally:
        for checkout in checkouts:
            checkout.stop()
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--in-process", action="store_true", help="the pages' own work through Django's handler"
    )
    parser.add_argument(
        "--other", default="", help="with --in-process: another checkout measured beside this one"
    )
    parser.add_argument(
        "--profile", default="", help="with --in-process: cProfile this request (all: each) instead"
    )
    parser.add_argument("--profile-count", type=int, default=200, help="requests profiled")
    parser.add_argument(
        "--clock", choices=["cpu", "wall"], default="cpu", help="with --in-process: what is timed"
    )
    parser.add_argument("--rounds", type=int, help="default 5, in-process 7")
    parser.add_argument("--seconds", type=int, default=2)
    parser.add_argument("--port", type=int, default=8160)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--connections", type=int, default=2)
    parser.add_argument("--encoding", default="br, gzip", help="the Accept-Encoding the client sends")
    parser.add_argument("--database-url", default="", help="default: a temporary SQLite file")
    parser.add_argument("--redis-url", default="", help="the cache (default: local memory per worker)")
    parser.add_argument("--only", default="", help="measure only rows whose name contains this")
    args = parser.parse_args()
    args.rounds = args.rounds or (7 if args.in_process else 5)
    if args.in_process:
        return run_in_process(args)
    if not shutil.which("wrk"):
        sys.exit("bench/web.py needs wrk (Debian: apt-get install -y wrk)")
    tmp = Path(tempfile.mkdtemp(prefix="okeycalc-bench-web-"))
    env = server_env(tmp, args)
    try:
        print("setting up: migrate, collectstatic, a table of 11 hands", file=sys.stderr)
        manage(env, "migrate", "--no-input", "-v", "0")
        manage(env, "collectstatic", "--no-input", "-v", "0")
        public_id, secret = make_table(env)
        server = start_server(env, args)
        try:
            client = Client(args.port)
            rows, floors = endpoints_for(client, public_id, secret, args.encoding)
            rows = [e for e in rows if args.only.lower() in e.name.lower()]
            check_rows(client, [*rows, *floors.values()])
            viewer = Client(args.port)
            loads = [
                (name, *first_load(client if editor else viewer, path, args.encoding))
                for name, path, editor in pages_for(public_id)
            ]
            results = measure(args, tmp, rows, floors)
        finally:
            server.terminate()
            server.wait(timeout=30)
        met = print_report(args, rows, results, loads)
        print(f"\nall goals {'met' if met else 'NOT met'}")
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
