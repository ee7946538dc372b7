"""The JSON API (HAND_FORMAT.md): POST /api/v1/score and GET /api/v1/rulesets.

The API touches no database. Messages are in the active language (Turkish by default), so the
tests assert on statuses and paths, never on message text.
"""

import json

import pytest
from django.test import Client

from tests.support.posts import E2_TOTALS

SCORE = "/api/v1/score"
RULESETS = "/api/v1/rulesets"

HAND = {
    "ruleset": "loca-cezali",
    "options": {"partners": False, "katlama": "none"},
    "players": [
        {"name": "Ayşe", "opened": "sets", "finished": True, "finish": {"okey_discard": True}},
        {"name": "Bora", "opened": "sets", "remaining": {"points": 23, "okeys": 1}},
        {"name": "Cem", "opened": "pairs", "remaining": {"points": 10}},
        {"name": "Deniz", "opened": "none", "fouls": {"okey_discard": 1}},
    ],
}
GAME = {
    "ruleset": "kerizim",
    "hands_planned": 2,
    "players": ["Ayşe", "Bora", "Cem"],
    "hands": [
        {
            "players": [
                {"opened": "sets", "finished": True},
                {"opened": "sets", "remaining": {"points": 7}},
                {},
            ]
        },
        {
            "players": [
                {"opened": "sets", "remaining": {"points": 4}},
                {"opened": "pairs", "finished": True},
                {},
            ]
        },
    ],
}


def post(client, body, content_type: str = "application/json"):
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return client.post(SCORE, data=data, content_type=content_type)


def error_paths(response) -> list[str]:
    body = response.json()
    assert set(body) == {"errors"}
    for error in body["errors"]:
        assert set(error) == {"path", "message"}
        assert isinstance(error["message"], str)
        assert error["message"]
    return [error["path"] for error in body["errors"]]


def test_score_hand_returns_the_itemised_result(client):
    response = post(client, HAND)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert set(body) == {
        "format",
        "ruleset",
        "outcome",
        "multiplier",
        "players",
        "teams",
        "warnings",
        "notes",
    }
    assert (body["format"], body["ruleset"], body["outcome"], body["multiplier"]) == (
        1,
        "loca-cezali",
        "finished",
        4,
    )
    assert [p["name"] for p in body["players"]] == ["Ayşe", "Bora", "Cem", "Deniz"]
    assert [p["total"] for p in body["players"]] == [-404, 496, 40, 909]
    for player in body["players"]:
        assert player["total"] == sum(line["points"] for line in player["lines"])
        for line in player["lines"]:
            assert set(line) == {"code", "points", "label", "detail", "rule"}
    assert body["players"][0]["lines"][0]["code"] == "finish"
    assert body["players"][0]["lines"][0]["rule"] == "loca-cezali.bitisler"
    assert body["teams"] == []
    assert "Ayşe" in response.content.decode("utf-8")  # not \u-escaped


def test_score_partners_hand_has_two_teams(client):
    partners = {**HAND, "options": {"partners": True}}
    body = post(client, partners).json()
    assert [team["players"] for team in body["teams"]] == [[0, 2], [1, 3]]
    assert body["teams"][1]["lines"][0]["code"] == "team_fixed_base"
    assert body["teams"][1]["total"] == 808 + 101  # the fixed line plus Deniz's own foul
    assert body["teams"][0]["total"] == -404


def test_score_game_returns_hands_totals_and_winners(client):
    response = post(client, GAME)
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {
        "format",
        "hands",
        "totals",
        "team_totals",
        "winners",
        "hands_played",
        "hands_planned",
    }
    assert body["totals"] == [-101 + 8, 7 - 202, 202 + 404]
    assert body["winners"] == [1]
    assert (body["hands_played"], body["hands_planned"], body["team_totals"]) == (2, 2, [])
    assert len(body["hands"]) == 2


def test_charset_parameter_is_accepted(client):
    response = post(client, HAND, content_type="application/json; charset=utf-8")
    assert response.status_code == 200
    assert response.json() == post(client, HAND).json()  # the same result as without the parameter
    assert [player["total"] for player in response.json()["players"]] == E2_TOTALS


def test_invalid_hand_is_400_with_field_paths(client):
    bad = json.loads(json.dumps(HAND))
    bad["players"][1]["remaining"]["points"] = 3.5
    bad["players"][2]["fouls"] = {"okey_discard": True}
    response = post(client, bad)
    assert response.status_code == 400
    assert set(error_paths(response)) == {"players[1].remaining.points", "players[2].fouls.okey_discard"}


def test_invalid_game_is_400_with_hand_paths(client):
    bad = json.loads(json.dumps(GAME))
    bad["hands"][1]["players"][0]["remaining"]["points"] = 287
    response = post(client, bad)
    assert response.status_code == 400
    assert error_paths(response) == ["hands[1].players[0].remaining.points"]


def test_too_many_hands_for_the_plan_is_400(client):
    response = post(client, {**GAME, "hands_planned": 1})
    assert response.status_code == 400
    assert error_paths(response) == ["hands"]


@pytest.mark.parametrize("body", [[], "hand", 3, None])
def test_json_that_is_not_an_object_is_400(client, body):
    response = post(client, body)
    assert response.status_code == 400
    assert error_paths(response) == [""]


@pytest.mark.parametrize("body", ["{", "{'ruleset': 'loca'}", " ", "[1,]", "NaN]", b"\xff\xfe"])
def test_malformed_json_is_400(client, body):
    response = post(client, body)
    assert response.status_code == 400
    assert error_paths(response) == [""]


def test_deeply_nested_json_is_400_not_a_crash(client):
    response = post(client, "[" * 20000 + "]" * 20000)
    assert response.status_code == 400
    assert error_paths(response) == [""]


@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]
)
def test_non_json_content_type_is_415(client, content_type):
    response = post(client, json.dumps(HAND), content_type=content_type)
    assert response.status_code == 415
    assert error_paths(response) == [""]


def test_body_over_the_limit_is_413(client, settings):
    body = json.dumps(HAND)
    settings.OKEYCALC_API_MAX_BODY = len(body.encode()) - 1
    response = post(client, body)
    assert response.status_code == 413
    assert error_paths(response) == [""]
    settings.OKEYCALC_API_MAX_BODY = len(body.encode())
    assert post(client, body).status_code == 200


def test_body_over_the_default_limit_is_413(client):
    from django.conf import settings

    padded = json.dumps({**HAND, "notes": "x" * settings.OKEYCALC_API_MAX_BODY})
    response = post(client, padded)
    assert response.status_code == 413
    assert error_paths(response) == [""]  # the documented error shape, about the whole body


def test_score_needs_no_csrf_token():
    response = post(Client(enforce_csrf_checks=True), HAND)
    assert response.status_code == 200
    assert [player["total"] for player in response.json()["players"]] == E2_TOTALS  # scored, not refused


@pytest.mark.parametrize("method", ["get", "put", "delete"])
def test_score_only_accepts_post(client, method):
    response = getattr(client, method)(SCORE)
    assert response.status_code == 405
    assert response["Allow"] == "POST"


def test_rulesets_only_accepts_get(client):
    response = client.post(RULESETS, data="{}", content_type="application/json")
    assert response.status_code == 405
    assert response["Allow"] == "GET"


# --- GET /api/v1/rulesets ------------------------------------------------------------------------


@pytest.fixture
def rulesets(client) -> dict:
    response = client.get(RULESETS)
    assert response.status_code == 200
    body = response.json()
    assert body["format"] == 1
    return {rs["id"]: rs for rs in body["rulesets"]}


def test_rulesets_lists_the_four_rule_sets_with_their_options(rulesets):
    assert list(rulesets) == ["loca", "loca-cezali", "gkokay", "kerizim"]
    options = {
        rid: [(o["name"], o["kind"], o["default"]) for o in rs["options"]] for rid, rs in rulesets.items()
    }
    assert options == {
        "loca": [("partners", "bool", False), ("katlama", "choice", "none")],
        "loca-cezali": [("partners", "bool", False), ("katlama", "choice", "none")],
        "gkokay": [("partners", "bool", False), ("katlamali", "bool", False), ("cezali", "bool", False)],
        "kerizim": [("partners", "bool", False)],
    }
    assert rulesets["loca"]["options"][1]["choices"] == ["none", "katlamali", "extra"]
    for rs in rulesets.values():
        assert rs["name"]
        assert all(o["label"] for o in rs["options"])


def test_rulesets_give_allowed_hand_counts(rulesets):
    assert rulesets["gkokay"]["hand_counts"] == [1, 2, 3, 5, 7, 11]
    assert rulesets["kerizim"]["hand_counts"] == [1, 2, 3]
    for rid in ("loca", "loca-cezali"):
        assert rulesets[rid]["hand_counts"]
        assert all(type(n) is int and n >= 1 for n in rulesets[rid]["hand_counts"])


def finish_rows(ruleset: dict) -> list[tuple]:
    return [(tuple(r["needs"]), r["finisher"], r["multiplier"]) for r in ruleset["finish_table"]]


def test_rulesets_give_the_finish_tables(rulesets):
    assert finish_rows(rulesets["loca"]) == [
        (("okey_discard", "pairs"), -808, 1),
        (("okey_discard",), -404, 1),
        (("pairs",), -202, 1),
        ((), -101, 1),
    ]
    assert finish_rows(rulesets["loca-cezali"]) == [
        (("nine_pairs_run",), -404, 4),
        (("okey_discard", "pairs"), -808, 4),  # D5
        (("okey_discard",), -404, 4),
        (("elden",), -202, 2),
        (("pairs",), -202, 2),
        ((), -101, 1),
    ]
    assert [r[1] for r in finish_rows(rulesets["gkokay"])] == [0, 0, 0, 0]
    assert finish_rows(rulesets["kerizim"]) == [(("pairs",), -202, 2), ((), -101, 1)]
    assert [t["points"] for t in rulesets["loca-cezali"]["team_fixed_table"]] == [
        1600,
        1600,
        1600,
        808,
        808,
        808,
    ]
    assert [t["rule"] for t in rulesets["loca-cezali"]["team_fixed_table"]][1::2] == [
        "loca-cezali.esli-cift-okey",  # D6: pairs + okey + elden, 1600
        "loca-cezali.esli-cift-okey",  # D6: pairs + okey without elden, 808
        "loca-cezali.takim-taban",
    ]


def test_rulesets_give_fouls_and_side_tile_penalties(rulesets):
    assert rulesets["loca"]["fouls"] == ["okey_discard", "islek_discard", "take_back"]
    assert rulesets["loca"]["side_tile_penalty"] is None
    assert rulesets["loca-cezali"]["side_tile_penalty"] == {"sets": 10, "pairs": 20}
    assert rulesets["kerizim"]["fouls"] == ["okey_discard", "islek_discard", "side_tile_unused"]
    assert rulesets["gkokay"]["fouls"] == []
    cezali = [v for v in rulesets["gkokay"]["variants"] if v["options"] == {"cezali": True}]
    assert cezali == [
        {
            "options": {"cezali": True},
            "fouls": ["below_threshold", "okey_discard", "islek_discard", "side_tile_unused"],
            "side_tile_penalty": {"sets": 10, "pairs": 20},
        }
    ]
