"""House rule sets (HOUSE_RULES.md) through every public way in: ``POST /api/v1/score``,
``manage.py score``, an event's document (``manage.py score_event``) and ``GET /api/v1/rulesets``.
Paths and numbers are asserted, never message text (the language is the request's)."""

import io
import json

import pytest
from django.core.management import call_command

from scorer.events.rules import InvalidInput, score_event

SCORE = "/api/v1/score"
KAHVEHANE = {
    "base": "loca-cezali",
    "name": "Köşe Kahvesi",
    "values": {"finish": {"normal": -100}, "not_opened": 200, "foul": 100},
}
RENKLI = {"base": "loca", "name": "Renkli", "colours": {"red": 2, "yellow": 1, "blue": 3, "black": 4}}
PLAYERS = [
    {"name": "Ayşe", "opened": "sets", "finished": True},
    {"name": "Bora", "opened": "sets", "remaining": {"points": 23, "okeys": 1}},
    {"name": "Cem", "opened": "pairs", "remaining": {"points": 10}},
    {"name": "Deniz", "fouls": {"okey_discard": 1}},
]


def post(client, body: dict):
    return client.post(SCORE, data=json.dumps(body), content_type="application/json")


def paths(body: dict) -> list[str]:
    return [error["path"] for error in body["errors"]]


def test_the_api_scores_a_hand_under_a_house_and_returns_it(client):
    response = post(client, {"ruleset": KAHVEHANE, "players": PLAYERS})
    assert response.status_code == 200
    body = response.json()
    assert (body["ruleset"], body["house"]) == ("loca-cezali", KAHVEHANE)
    assert [p["total"] for p in body["players"]] == [-100, 124, 20, 300]
    assert [line["rule"] for line in body["players"][3]["lines"]] == ["house.not_opened", "house.foul"]


def test_the_api_scores_a_colour_house_and_says_the_colour(client):
    response = post(client, {"ruleset": RENKLI, "indicator": "black-3", "players": PLAYERS})
    body = response.json()
    assert body["colour"] == {"colour": "black", "factor": 4}
    assert [p["total"] for p in body["players"]] == [-404, 496, 80, 1212]


@pytest.mark.parametrize(
    ("document", "expected"),
    [
        (
            {"ruleset": {"base": "loca", "values": {"finish": {"elden": -1}}}, "players": PLAYERS},
            ["ruleset.values.finish.elden"],
        ),
        (
            {
                "ruleset": {"base": "gkokay", "values": {"pairs_and_multiplier": "product"}},
                "players": PLAYERS,
            },
            ["ruleset.values.pairs_and_multiplier"],
        ),
        ({"ruleset": RENKLI, "players": PLAYERS}, ["indicator"]),
        ({"ruleset": {**KAHVEHANE, "colors": {}}, "players": PLAYERS}, ["ruleset.colors"]),
    ],
)
def test_the_api_refuses_a_bad_house_with_400_naming_the_field(client, document, expected):
    response = post(client, document)
    assert response.status_code == 400
    assert paths(response.json()) == expected


def test_the_api_scores_a_game_under_a_house(client):
    game = {"ruleset": KAHVEHANE, "players": ["Ayşe", "Bora"], "hands": [{"players": PLAYERS[:2]}] * 2}
    body = post(client, game).json()
    assert (body["ruleset"], body["house"]) == ("loca-cezali", KAHVEHANE)
    assert body["totals"] == [-200, 248]


def run(tmp_path, document) -> tuple[int, dict]:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    out = io.StringIO()
    try:
        call_command("score", str(path), stdout=out)
        status = 0
    except SystemExit as exc:
        status = exc.code
    return status, json.loads(out.getvalue())


def test_the_command_scores_a_house_as_the_api_does(tmp_path, client):
    document = {"ruleset": KAHVEHANE, "players": PLAYERS}
    status, output = run(tmp_path, document)
    assert status == 0
    assert output == post(client, document).json()


def test_the_command_exits_2_naming_each_bad_house_field(tmp_path):
    status, output = run(tmp_path, {"ruleset": {"base": "loca", "values": {"foul": -1}}, "players": PLAYERS})
    assert status == 2
    assert paths(output) == ["ruleset.values.foul"]


def event(ruleset, game: dict | None = None) -> dict:
    names = ["Ayşe", "Bora", "Cem", "Deniz"]
    hand = {"players": PLAYERS}
    return {
        "name": "Cuma",
        "ruleset": ruleset,
        "hands_per_game": 1,
        "entrants": names,
        "format": {"kind": "points", "rounds": 1},
        "seed": 7,
        "rounds": [{"tables": [{"seats": names, "games": [{"hands": [hand], **(game or {})}]}]}],
    }


def test_an_event_plays_its_house_at_every_table():
    result = score_event(event(KAHVEHANE)).to_dict()
    assert result["rounds"][0]["tables"][0]["totals"] == [-100, 124, 20, 300]


def test_an_event_game_may_repeat_the_house_but_not_change_it():
    assert score_event(event(KAHVEHANE, {"ruleset": KAHVEHANE})).rounds
    with pytest.raises(InvalidInput) as info:
        score_event(event(KAHVEHANE, {"ruleset": "loca-cezali"}))
    assert [e.path for e in info.value.errors] == ["rounds[0].tables[0].games[0].ruleset"]


def test_an_event_with_a_bad_house_names_it():
    with pytest.raises(InvalidInput) as info:
        score_event(event({"base": "loca", "values": {"multiplier": {"okey": 0}}}))
    assert "ruleset.values.multiplier.okey" in [e.path for e in info.value.errors]


def test_the_rulesets_api_describes_what_a_house_may_change(client):
    rulesets = {rs["id"]: rs for rs in client.get("/api/v1/rulesets").json()["rulesets"]}
    cezali = rulesets["loca-cezali"]["house"]
    assert cezali["values"]["not_opened"] == 202
    assert cezali["values"]["finish"]["pairs_okey"] == -808
    assert cezali["values"]["multiplier"]["okey"] == 4
    assert cezali["values"]["pairs_and_multiplier"] == "larger"
    assert cezali["ranges"]["multiplier"] == [1, 16]
    assert cezali["colours"] == ["red", "yellow", "blue", "black"]
    assert rulesets["kerizim"]["house"]["values"]["pairs_and_multiplier"] == "product"
    assert "pairs_and_multiplier" not in rulesets["gkokay"]["house"]["values"]
    for rs in rulesets.values():
        assert list(rs["house"]["values"]["finish"]) == [row["key"] for row in rs["finish_table"]]
