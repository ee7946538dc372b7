"""Fuzz the JSON API and every form endpoint of the real server (``make serve``'s): count 5xx answers.

Run: ``.venv/bin/python bench/fuzz.py`` (5,000 API bodies and 5,000 form posts on a fresh SQLite
file; ``--database-url postgres://…`` for PostgreSQL, ``--url`` for a server already running).
The inputs come from tests/live/fuzz.py (the suite's Hypothesis fuzz uses the same generators):
valid documents and forms broken a little. One API body in ten is sent chunked
(``Transfer-Encoding: chunked``), which must be read like any other, and one in twenty with
malformed chunks (a size that is not hexadecimal, a missing terminator), which must be a 400.
One form post in ten names a charset: any but UTF-8 must be a 400. The form endpoints are every
form and query string of the site (tests/live/endpoints.py): tables, table and event
imports (wrong JSON types in any field of the event document), events and the organizer's forms of
an event the fuzzing phone runs, clubs and the admin's forms of a club it opened, the teaching
pages, the join and card codes, the admin's login and searches; values include superscript,
4,301- and 5,000-digit numbers, names too long for a column and NUL characters. One request in
thirty is a client that resets its connection in the middle of its body (after
``Expect: 100-continue``, a Content-Length or chunks), on top of the counts: afterwards the server must answer and its
log must hold no traceback and no 500. Exit status 1 on any problem.
"""

import argparse
import http.client
import random
import re
import socket
import struct
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from appserver import app_server  # noqa: E402

from tests.live.client import Phone  # noqa: E402
from tests.live.endpoints import CLUB, ENDPOINTS, Targets  # noqa: E402
from tests.live.fuzz import api_body, api_problems, form_post, form_problems  # noqa: E402
from tests.support.posts import E2_HAND, NEW_EVENT  # noqa: E402

RESETS = 1 / 30
"""The share of requests sent by a client that resets its connection in the middle of its body."""
RESET_TARGETS = (
    ("/api/v1/score", "application/json"),
    ("/masa/yeni/", "application/x-www-form-urlencoded"),
    ("/turnuva/ice-aktar/", "application/x-www-form-urlencoded"),
)


def post_api(host: str, port: int, body: bytes, content_type: str, chunked: bool):
    connection = http.client.HTTPConnection(host, port, timeout=60)
    try:
        headers = {"Content-Type": content_type} if content_type else {}
        if chunked:
            headers["Transfer-Encoding"] = "chunked"
            parts = iter([body[:100], body[100:]])
            connection.request("POST", "/api/v1/score", body=parts, headers=headers, encode_chunked=True)
        else:
            connection.request("POST", "/api/v1/score", body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.headers.get("Content-Type", ""), response.read()
    finally:
        connection.close()


MALFORMED_CHUNKS = (
    b"zz\r\n{}\r\n0\r\n\r\n",
    b"5\r\n{}\r\n0\r\n\r\n",
    b"-1\r\n{}\r\n",
    b"1;" + b"x" * 9000 + b"\r\n",
)


def post_malformed_chunks(host: str, port: int, framing: bytes) -> tuple[int, str, bytes]:
    """A chunked body no server can decode, on a raw socket (no client library sends one)."""
    raw = (
        b"POST /api/v1/score HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + framing
    )
    with socket.create_connection((host, port), timeout=60) as conn:
        conn.sendall(raw)
        conn.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    if not answer:  # the body never ended (a long chunk extension, then our FIN): closed unanswered
        return 0, "", b""
    head, _sep, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    return int(lines[0].split()[1]), headers.get("Content-Type", ""), body


def reset_upload(host: str, port: int, rng: random.Random) -> str:
    """Begin an upload and reset the connection (RST) before its body is complete; its framing."""
    path, content_type = rng.choice(RESET_TARGETS)
    framing = rng.choice(("expect", "expect-waited", "length", "chunked"))
    head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {content_type}\r\n"
    if framing == "chunked":
        head += "Transfer-Encoding: chunked\r\n\r\n"
        part = b"400\r\n" + b" " * rng.randrange(0, 1024)
    else:
        head += "Expect: 100-continue\r\n" if framing.startswith("expect") else ""
        head += "Content-Length: 50000\r\n\r\n"
        part = b"{" + b" " * rng.randrange(0, 20000)
    with socket.create_connection((host, port), timeout=10) as conn:
        conn.sendall(head.encode())
        if framing == "expect-waited":
            conn.recv(64)  # HTTP/1.1 100 Continue
        if framing != "expect":
            conn.sendall(part)
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    return framing  # closed with SO_LINGER 0: a reset, not a FIN


def resets(statuses: Counter) -> int:
    return sum(n for status, n in statuses.items() if not isinstance(status, int))


def fuzz_api(url: str, count: int, rng: random.Random) -> tuple[Counter, list]:
    phone = Phone(url)
    statuses: Counter = Counter()
    problems = []
    while statuses.total() - resets(statuses) < count:  # the resets come on top of ``count``
        if rng.random() < RESETS:
            statuses[f"reset ({reset_upload(phone.host, phone.port, rng)})"] += 1
            continue
        if rng.random() < 0.05:
            framing = rng.choice(MALFORMED_CHUNKS)
            status, content_type, body = post_malformed_chunks(phone.host, phone.port, framing)
            statuses[status] += 1
            if status not in (0, 400):
                problems.append(f"malformed chunks {framing[:20]!r} answered {status}, not 400")
            continue
        fuzzed = api_body(rng)
        chunked = rng.random() < 0.1
        status, content_type, body = post_api(
            phone.host, phone.port, fuzzed.body, fuzzed.content_type, chunked
        )
        statuses[status] += 1
        if chunked:  # the server decodes chunks: the answer must be the one the plain body gets
            plain = post_api(phone.host, phone.port, fuzzed.body, fuzzed.content_type, False)[0]
            if plain != status:
                problems.append(f"chunked body answered {status}, the same body plain {plain}")
        for problem in api_problems(status, content_type, body):
            problems.append(f"{problem}: {fuzzed.body[:120]!r}")
    return statuses, problems


def editor(url: str) -> tuple[Phone, str]:
    """A phone that opened a table (so it may edit it) and saved hands 1 and 2 there."""
    phone = Phone(url)
    public_id = phone.open_table(hands_planned="21")
    for before in ("0", "1"):
        saved = phone.post(f"/masa/{public_id}/el/yeni/", E2_HAND | {"hands_before": before})
        assert saved.status == 302, saved
    return phone, public_id


def organize(phone: Phone) -> str:
    """An event this phone creates (so it organizes it), its round 1 started."""
    phone.get("/turnuva/yeni/")
    created = phone.post("/turnuva/yeni/", NEW_EVENT)
    assert created.status == 302, created
    public_id = created.location.split("/turnuva/", 1)[1].split("/", 1)[0]
    started = phone.post(f"/turnuva/{public_id}/tur/baslat/", {})
    assert started.status == 302, started
    return public_id


def administer(phone: Phone) -> tuple[str, str]:
    """A club this phone opens (so it administers it), and the id of one of its members."""
    phone.get("/kulup/yeni/")
    created = phone.post("/kulup/yeni/", CLUB)
    assert created.status == 302, created
    public_id = created.location.split("/kulup/", 1)[1].split("/", 1)[0]
    member = re.search(rf"/kulup/{re.escape(public_id)}/uye/(\d+)/", phone.get(f"/kulup/{public_id}/").body)
    return public_id, member[1]


def fuzz_forms(url: str, count: int, rng: random.Random) -> tuple[Counter, list]:
    phone, public_id = editor(url)
    event_id = organize(phone)
    club_id, member_id = administer(phone)
    targets = Targets(public_id, event_id, club_id, member_id)
    cookies = dict(phone.cookies)
    statuses: Counter = Counter()
    problems = []
    while statuses.total() - resets(statuses) < count:  # the resets come on top of ``count``
        if rng.random() < RESETS:
            statuses[f"reset ({reset_upload(phone.host, phone.port, rng)})"] += 1
            continue
        phone.cookies = dict(cookies)  # a table created by a fuzzed post never pushes out the edit right
        fuzzed = form_post(rng, targets)
        headers = {"HX-Request": "true"} if fuzzed.htmx else {}
        if fuzzed.method == "GET":
            reply = phone.request("GET", f"{fuzzed.path}?{fuzzed.body}", headers=headers)
        else:
            body = f"csrfmiddlewaretoken={phone.cookies.get('csrftoken', '')}&{fuzzed.body}"
            headers["Content-Type"] = fuzzed.content_type
            reply = phone.request("POST", fuzzed.path, body.encode("utf-8", "surrogatepass"), headers)
        statuses[reply.status] += 1
        problems += [
            f"{p}: {fuzzed.method} {fuzzed.path} {fuzzed.body[:160]}"
            for p in form_problems(reply.status, fuzzed)
        ]
    return statuses, problems


def report(name: str, count: int, statuses: Counter, problems: list, seconds: float) -> None:
    fives = sum(n for status, n in statuses.items() if isinstance(status, int) and status >= 500)
    shown = ", ".join(
        f"{status}: {n}" for status, n in sorted(statuses.items(), key=lambda item: str(item[0]))
    )
    print(
        f"{name}: {count} answered and {resets(statuses)} reset by the client in {seconds:.0f} s"
        f" — {fives} × 5xx, {len(problems)} problems ({shown})"
    )
    for problem in problems[:10]:
        print(f"  {problem}")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--api", type=int, default=5000, help="fuzzed API bodies (default 5000)")
    parser.add_argument("--forms", type=int, default=5000, help="fuzzed form posts (default 5000)")
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--database-url", default="", help="default: a fresh SQLite file")
    parser.add_argument("--port", type=int, default=8141)
    parser.add_argument("--url", help="fuzz a server already running there instead")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        database_url = args.database_url or f"sqlite:///{tmp}/fuzz.sqlite3"
        if args.url:
            return run(args.url, args)
        log = Path(tmp) / "server.log"
        with app_server(database_url, args.port, workers=2, log=log) as url:
            print(f"make serve's server at {url}, database {database_url.split('@')[-1]}, seed {args.seed}")
            return run(url, args, log)


def log_problems(log: Path | None) -> list[str]:
    """Tracebacks and 500s in the server's log (the resets' answers are never read)."""
    if log is None:
        return []
    lines = log.read_text(errors="replace").splitlines()
    bad = [
        line for line in lines if "Traceback" in line or '" 500' in line or "Internal Server Error" in line
    ]
    return [f"server log: {line[:200]}" for line in bad]


def run(url: str, args, log: Path | None = None) -> int:
    rng = random.Random(args.seed)
    started = time.perf_counter()
    api_statuses, api_issues = fuzz_api(url, args.api, rng)
    report("API bodies", args.api, api_statuses, api_issues, time.perf_counter() - started)
    started = time.perf_counter()
    form_statuses, form_issues = fuzz_forms(url, args.forms, rng)
    report(
        f"form posts ({len(ENDPOINTS)} endpoints)",
        args.forms,
        form_statuses,
        form_issues,
        time.perf_counter() - started,
    )
    alive = Phone(url).get("/healthz").status
    issues = log_problems(log) + ([] if alive == 200 else [f"/healthz answered {alive} after the run"])
    print(f"after the run: /healthz {alive}; server log: {len(log_problems(log))} tracebacks or 500s")
    for issue in issues[:10]:
        print(f"  {issue}")
    return 1 if api_issues or form_issues or issues else 0


if __name__ == "__main__":
    sys.exit(main())
