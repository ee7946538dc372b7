"""EVENT_FORMAT.md, "Errors": a value of the wrong JSON type in any field of an event document is
an error naming its path, never a crash. Every field of three full documents (points with a played
round and a decided table, knockout, eşli) is given each wrong type in turn."""

import copy

import pytest
from django.utils import translation

from scorer.events.rules import InvalidInput, score_event
from tests.support.events import NAMES, event, game, table, teams_event

FOUR = NAMES[:4]

NUL = "a\x00b"
WRONG = {
    "null": None,
    "bool": True,
    "float": 1.5,
    "string": "x",
    "list": [],
    "object": {},
    "huge_int": 10**400,
    "nul_string": NUL,
}


def documents() -> dict[str, dict]:
    points = event(8, [table(FOUR, game(-101, 40, 12, 202)), table(NAMES[4:8], game(-101, 0, 5, 202))])
    points["date"] = "2026-12-04"
    points["withdrawn"] = ["Hale"]
    points["format"]["placement_points"] = [3, 2, 1, 0]
    tied = table(FOUR, game(-101, 40, 40, 202), decided=["Bora"])
    knockout = event(8, [tied, table(NAMES[4:8], game(-101, 0, 5, 202))], kind="knockout")
    knockout["format"] |= {"advance": 2, "games_per_match": 1}
    knockout["rounds"][0]["tables"][0]["closed"] = True
    teams = teams_event(
        2, [table(["T1", "T2"], {"hands": [{"players": [{"opened": "sets", "finished": True}, {}, {}, {}]}]})]
    )
    return {"points": points, "knockout": knockout, "teams": teams}


def fields(value, path=()):
    """The path (keys and indexes) of every value inside a document, the containers' too."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        yield (*path, key)
        yield from fields(child, (*path, key))


def replaced(document: dict, path: tuple, value) -> dict:
    changed = copy.deepcopy(document)
    parent = changed
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return changed


def dotted(path: tuple) -> str:
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else step)
    return text


CASES = [
    pytest.param(name, path, value, id=f"{name}:{dotted(path)}:{kind}")
    for name, document in documents().items()
    for path in fields(document)
    for kind, value in WRONG.items()
]


def test_the_documents_are_valid_as_written():
    for document in documents().values():
        score_event(document)


@pytest.mark.parametrize(("name", "path", "value"), CASES)
def test_a_wrong_type_in_any_field_is_an_error_naming_a_path_never_a_crash(name, path, value):
    document = replaced(documents()[name], path, value)
    try:
        with translation.override("en"):
            score_event(document, next_round=True)
    except InvalidInput as exc:
        assert exc.errors and all(isinstance(e.path, str) and e.message for e in exc.errors)
        if value == NUL:
            assert [(e.path, e.message) for e in exc.errors] == [
                (dotted(path), "Text cannot hold the NUL character (U+0000).")
            ]
    else:
        assert value != NUL, "a NUL character was accepted"


@pytest.mark.parametrize("where", ["key", "entrant", "option"])
def test_a_nul_anywhere_is_refused_before_anything_else(where):
    document = documents()["points"]
    if where == "key":
        document["a\x00"] = 1
        expected = "a\\x00"
    elif where == "entrant":
        document["entrants"][3] = "Den\x00iz"
        expected = "entrants[3]"
    else:
        document["options"] = {"katlama": "no\x00ne"}
        expected = "options.katlama"
    with pytest.raises(InvalidInput) as caught:
        score_event(document)
    assert [e.path for e in caught.value.errors] == [expected]
