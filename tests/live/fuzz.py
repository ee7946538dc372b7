"""Fuzzed inputs for the JSON API and every form and query string (tests/live/endpoints.py),
driven by a ``random.Random``.

The suite feeds it Hypothesis' ``st.randoms()`` (small example counts, shrinking, the example
database); bench/fuzz.py feeds it a seeded ``Random`` for the full counts against the server. Each
generator starts from a valid input and breaks it a little, so most inputs get past the first
check and reach the deeper code, with the values that used to crash: "²", "⁵" and other non-ASCII
digits, 4,301- and 5,000-digit numbers, NUL characters, lone surrogates, names too long for a
column (41 characters, 45 accents on one letter, characters NFC splits in two), NaN, deep nesting,
odd types, unknown fields; event documents with a value of the wrong JSON type in any field.
"""

import codecs
import copy
import json
import random
from dataclasses import dataclass
from urllib.parse import quote

from scorer.teaching.examples import EXAMPLES
from tests.live.endpoints import CALCULATOR, ENDPOINTS, IMPORT_PATHS, TILE_PICKER, Endpoint, Targets
from tests.support.events import NAMES, event, game, table, teams_event

__all__ = ["CALCULATOR", "TILE_PICKER", "Targets"]

WEIRD_TEXT = (
    "²",
    "⁵",
    "3, 2, ², 0",
    "¹²",
    "٣",
    "１",
    "1" * 5000,
    "3, " + "9" * 5000,
    "-" + "9" * 400,
    "9" * 30,
    "-1",
    "0",
    "1e3",
    "0x1f",
    " 7 ",
    "",
    "<b>x</b>",
    "\x00",
    "a\x00b",
    "Ayşe\x00",
    "red-²",
    "red-13",
    "fake",
    "okey",
    "Ali\u200b",
    "\u202eilA",
    "AL\u0130",
    "ı" * 40,
    "🀄" * 3,
    "\ud800",
    "\udfff\ud800",
    "true",
    "null",
    "A" * 41,  # longer than a name column of 40
    "e" + "\u0301" * 45,  # one letter under 45 accents
    "\u0958" * 40,  # 40 characters that NFC makes 80
    "👨\u200d👩\u200d👧\u200d👦" * 8,  # 8 characters as people see them, 63 code points
    "9" * 4301,  # more digits than Python's int() reads
    "1e400",
    "NaN",
    "-0",
    "2026-02-30",
    "0001-01-01",
    "9999-12-31",
    "../",
    "%2e%2e%2f",
)
WEIRD_JSON = (
    None,
    True,
    False,
    0,
    -1,
    2**63,
    10**400,
    1.5,
    float("nan"),
    float("inf"),
    [],
    {},
    [[[]]],
    {"": {}},
)

# Raw query/form values that are not valid UTF-8 once decoded, or encode a lone surrogate.
RAW_ENCODED = ("%ED%A0%80", "%FF", "%C2", "%00", "%C2%B2", "%EF%BC%91", "%25", "%")


def weird_json_value(rng: random.Random) -> object:
    roll = rng.random()
    if roll < 0.45:
        return rng.choice(WEIRD_TEXT)
    if roll < 0.85:
        return copy.deepcopy(
            rng.choice(WEIRD_JSON)
        )  # never the shared constant: a later append could make a cycle
    if roll < 0.95:
        depth = rng.choice((5, 50, 200))
        value: object = 1
        for _ in range(depth):
            value = [value]
        return value
    return "x" * rng.choice((31, 300, 70_000))


def _paths(value: object, path: tuple = ()) -> list[tuple]:
    found = [path]
    if len(path) > 12:  # deep nesting made by an earlier mutation: not worth descending
        return found
    if isinstance(value, dict):
        for key, child in value.items():
            found += _paths(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += _paths(child, (*path, index))
    return found


def _mutate(document: object, rng: random.Random) -> object:
    paths = _paths(document)
    path = rng.choice(paths)
    if not path:
        return weird_json_value(rng)
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    roll = rng.random()
    if roll < 0.6:
        parent[last] = weird_json_value(rng)
    elif roll < 0.75 and isinstance(parent, dict):
        del parent[last]
    elif roll < 0.9 and isinstance(parent, dict):
        parent[rng.choice(WEIRD_TEXT[:8] + ("fouls", "finish", "opened", "okeys"))] = weird_json_value(rng)
    elif isinstance(parent, list):
        parent.append(rng.choice(parent) if parent else weird_json_value(rng))  # shared, never a cycle
    return document


def valid_document(rng: random.Random) -> dict:
    """A worked example's hand, or a small game made of example hands of one rule set."""
    example = rng.choice(EXAMPLES)
    hand = copy.deepcopy(example.hand)
    if rng.random() < 0.7:
        return hand
    players = [p.get("name", f"P{i}") for i, p in enumerate(hand["players"])]
    hands = [{"players": [{k: v for k, v in p.items() if k != "name"} for p in hand["players"]]}]
    return {
        "ruleset": hand["ruleset"],
        "options": hand.get("options", {}),
        "players": players,
        "hands": hands,
    }


@dataclass(frozen=True)
class ApiBody:
    body: bytes
    content_type: str = "application/json"


def api_body(rng: random.Random) -> ApiBody:
    """A POST /api/v1/score body: mostly a mutated valid document, sometimes raw junk."""
    roll = rng.random()
    if roll < 0.06:
        return ApiBody(rng.randbytes(rng.randrange(0, 200)))
    if roll < 0.08:
        return ApiBody(b'{"players": [' * rng.randrange(1, 40))
    if roll < 0.09:
        depth = rng.choice((900, 5000, 20000))
        return ApiBody(b"[" * depth + b"]" * depth)
    if roll < 0.11:
        return ApiBody(
            json.dumps(valid_document(rng)).encode(), rng.choice(("text/plain", "", "application/jsonx"))
        )
    document: object = valid_document(rng)
    for _ in range(rng.randrange(0, 4)):
        document = _mutate(document, rng)
    text = json.dumps(document, ensure_ascii=rng.random() < 0.7)
    if rng.random() < 0.05:
        text = "\ufeff" + text
    return ApiBody(text.encode("utf-8", "surrogatepass"))


def api_problems(status: int, content_type: str, body: bytes) -> list[str]:
    """What is wrong with an API answer (HAND_FORMAT.md): never a 5xx, errors as documented."""
    if status >= 500:
        return [f"{status}"]
    if status not in (200, 400, 413, 415):
        return [f"unexpected status {status}"]
    if not content_type.startswith("application/json"):
        return [f"{status} answered as {content_type}"]
    data = json.loads(body)
    if status == 200:
        return [] if isinstance(data, dict) and "errors" not in data else ["200 without a result"]
    errors = data.get("errors") if isinstance(data, dict) and set(data) == {"errors"} else None
    if not errors or not all(
        isinstance(e, dict) and set(e) == {"path", "message"} and isinstance(e["path"], str) and e["message"]
        for e in errors
    ):
        return [f"{status} errors not shaped as documented: {body[:200]!r}"]
    return []


# --- event documents (EVENT_FORMAT.md) -------------------------------------------------------------

WRONG_TYPES = (None, True, False, 1.5, "x", "", [], {}, 10**400, -1, "a\x00b", "²", [None], {"x": 1})
"""A value of each JSON type a field may not hold (and a NUL, a superscript digit)."""


def event_document(rng: random.Random) -> dict:
    """A small valid event document: points with a played round, knockout with a decided tie, or
    eşli (the shapes of tests/events/test_wrong_types.py)."""
    four = NAMES[:4]
    kind = rng.randrange(3)
    if kind == 0:
        document = event(8, [table(four, game(-101, 40, 12, 202)), table(NAMES[4:8], game(-101, 0, 5, 202))])
        document |= {"date": "2026-12-04", "withdrawn": ["Hale"]}
        document["format"]["placement_points"] = [3, 2, 1, 0]
        return document
    if kind == 1:
        tied = table(four, game(-101, 40, 40, 202), decided=["Bora"], closed=True)
        document = event(8, [tied, table(NAMES[4:8], game(-101, 0, 5, 202))], kind="knockout")
        document["format"] |= {"advance": 2, "games_per_match": 1}
        return document
    hand = {"hands": [{"players": [{"opened": "sets", "finished": True}, {}, {}, {}]}]}
    return teams_event(2, [table(["T1", "T2"], hand)])


def event_import_text(rng: random.Random) -> str:
    """What a pasted event import holds: a valid document whose fields get values of the wrong
    JSON type (any field, the top included), sometimes broken further as the API's are."""
    document: object = event_document(rng)
    for _ in range(rng.randrange(1, 3)):
        path = rng.choice(_paths(document))
        if not path:
            document = copy.deepcopy(rng.choice(WRONG_TYPES))
            break
        parent = document
        for step in path[:-1]:
            parent = parent[step]
        parent[path[-1]] = copy.deepcopy(rng.choice(WRONG_TYPES))
    if rng.random() < 0.3:
        document = _mutate(document, rng)
    return json.dumps(document, ensure_ascii=rng.random() < 0.5)


# --- forms ------------------------------------------------------------------------------------------

FORM_CHARSETS = (
    "latin-1",
    "iso-8859-9",
    "windows-1254",
    "utf-16",
    "utf8",
    "UTF-8",
    "utf-8",
    "",
    "x-nonsense",
)
"""The charset parameter of a form post's Content-Type: Django reads only UTF-8 (or a name no
codec has); any other codec's name is a 400 (scorer/platform/middleware.py)."""
EXTRA_FIELDS = (
    "hands_before",
    "editing",
    "version",
    "op",
    "active",
    "players",
    "refresh",
    "options_for",
    "p9-points",
    "placement_points",
    "entrants",
    "note",
    "members",
    "uye-name",
    "sezon-starts",
    "entrant_0",
    "partner_0",
    "option_partners",
    "hands_planned",
    "sezon",
    "sayfa",
    "sn",
    "dil",
    "v",
    "adim",
    "taslar",
    "p0",
    "t0",
    "kod",
    "ara",
    "el",
    "ornek",
    "choice",
    "overwrite",
    "confirm",
)


@dataclass(frozen=True)
class FormPost:
    method: str
    path: str
    body: str
    """``application/x-www-form-urlencoded`` (or the query string of a GET)."""
    htmx: bool
    charset: str | None = None
    """The Content-Type's charset parameter (None: none sent)."""

    @property
    def content_type(self) -> str:
        base = "application/x-www-form-urlencoded"
        return base if self.charset is None else f"{base}; charset={self.charset}"

    @property
    def refused_charset(self) -> bool:
        """Whether the charset is one Django cannot read the form in (the answer must be a 400)."""
        if not self.charset or self.charset.lower() == "utf-8":
            return False
        try:
            codecs.lookup(self.charset)
        except LookupError:
            return False
        return True


def import_text(rng: random.Random) -> str:
    """What a pasted table import holds: a game document with its planned hands, broken a little
    (null planned hands and lone surrogates or NUL in names among what it may get)."""
    document = valid_document(rng)
    if "hands" not in document:
        names = [p.get("name", f"P{i}") for i, p in enumerate(document["players"])]
        document = {"ruleset": document["ruleset"], "players": names, "hands": []}
    document["hands_planned"] = rng.choice((1, 2, 3, 5, 11, None, "5", 0))
    for _ in range(rng.randrange(0, 3)):
        document = _mutate(document, rng)
    if (
        rng.random() < 0.3
        and isinstance(document, dict)
        and isinstance(document.get("players"), list)
        and document["players"]
    ):
        document["players"][0] = rng.choice(("\ud800", "Bo\x00ra", "\x1b[2J", "A" * 31, "👨\u200d👩"))
        return json.dumps(document)  # as JSON escapes: \ud800, \u0000, \u001b
    return json.dumps(document, ensure_ascii=rng.random() < 0.5)


def _encode(data: dict[str, str], raw: dict[str, str]) -> str:
    parts = [f"{quote(k)}={quote(v.encode('utf-8', 'surrogatepass'))}" for k, v in data.items()]
    return "&".join(parts + [f"{quote(k)}={v}" for k, v in raw.items()])


def form_post(rng: random.Random, targets: Targets, endpoint: Endpoint | None = None) -> FormPost:
    """A form post (or a GET's query string) to ``endpoint``, or to one of :data:`ENDPOINTS` that
    ``targets`` can fill (those of an event or a club only when it holds one): its valid data
    broken a little."""
    if endpoint is None:
        endpoint = rng.choice([e for e in ENDPOINTS if _fillable(e.path, targets)])
    method, template = endpoint.method, endpoint.path
    data = _filled(targets, endpoint)
    raw: dict[str, str] = {}
    for _ in range(rng.randrange(1, 4)):
        # Mostly a field the form has (the values that used to crash went into one), else any.
        field = rng.choice(list(data)) if data and rng.random() < 0.75 else rng.choice(EXTRA_FIELDS)
        roll = rng.random()
        if roll < 0.6:
            data[field] = rng.choice(WEIRD_TEXT)
        elif roll < 0.75:
            data.pop(field, None)
        else:
            data.pop(field, None)
            raw[field] = rng.choice(RAW_ENCODED)
    if template.endswith("/el/1/") and rng.random() < 0.5:
        template = template.replace("/el/1/", f"/el/{rng.choice(('0', '99999', '1' * 30))}/")
    if template == IMPORT_PATHS[0] and rng.random() < 0.8:
        data["text"] = import_text(rng)
    if template == IMPORT_PATHS[1] and rng.random() < 0.8:
        data["text"] = event_import_text(rng)
    charset = rng.choice(FORM_CHARSETS) if method == "POST" and rng.random() < 0.1 else None
    body = _encode(data, raw)
    path = targets.fill(template, weird=_path_part(rng))
    return FormPost(method, path, body, htmx=rng.random() < 0.3, charset=charset)


def _filled(targets: Targets, endpoint: Endpoint) -> dict[str, str]:
    return {
        key: targets.fill(value) if value in PLACEHOLDERS else value for key, value in endpoint.data.items()
    }


def valid_post(targets: Targets, endpoint: Endpoint) -> FormPost:
    """The endpoint's valid data as its form sends it (its placeholders filled in)."""
    return FormPost(
        endpoint.method, targets.fill(endpoint.path), _encode(_filled(targets, endpoint), {}), False
    )


DANGEROUS = (
    "",
    "-1",
    "²",
    "9" * 4301,
    "a\x00b",
    "\ud800",
    "A" * 41,
    "e" + "\u0301" * 45,
    "\u0958" * 40,
    "👨\u200d👩\u200d👧\u200d👦" * 8,
)
"""One value of each kind that has crashed a field somewhere: empty, negative, a superscript digit,
more digits than int() reads, NUL, a lone surrogate, and names too long for a column in
characters, in accents, once normalised and in code points."""


def field_post(targets: Targets, endpoint: Endpoint, field: str, value: str) -> FormPost:
    """The endpoint's valid data with one field's value replaced by ``value``."""
    data = _filled(targets, endpoint) | {field: value}
    return FormPost(endpoint.method, targets.fill(endpoint.path), _encode(data, {}), False)


PLACEHOLDERS = frozenset({"{table}", "{event}", "{club}", "{member}", "{level}"})


def _fillable(path: str, targets: Targets) -> bool:
    return all(getattr(targets, name) or f"{{{name}}}" not in path for name in ("event", "club", "member"))


def _path_part(rng: random.Random) -> str:
    """A fuzzed value where a path holds a secret, a token or a slug: weird text, percent-encoded
    (a slash too), or one encoded twice."""
    text = quote(rng.choice(WEIRD_TEXT).encode("utf-8", "surrogatepass"), safe="")
    return (text or "x") if rng.random() < 0.8 else quote(text or "%", safe="")


def form_problems(status: int, post: FormPost | None = None) -> list[str]:
    """A form endpoint answers a page, a redirect or a clear client error, never a 5xx; a form in
    a charset Django cannot read is a 400."""
    if status >= 500:
        return [f"{status}"]
    if post is not None and post.refused_charset and status != 400:
        return [f"charset {post.charset!r} answered {status}, not 400"]
    if status not in (200, 204, 286, 302, 304, 400, 403, 404, 405, 414):  # 286: stop polling; 414: URL limit
        return [f"unexpected status {status}"]
    return []
