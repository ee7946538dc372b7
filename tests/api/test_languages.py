"""Languages: POST /api/v1/score honours Accept-Language (the language cookie may still
override it); ``manage.py score --lang tr|en``."""

import io
import json

import pytest
from django.core.management import call_command

SCORE = "/api/v1/score"
HAND = {
    "ruleset": "loca",
    "players": [
        {"name": "Ayşe", "opened": "sets", "finished": True},
        {"name": "Bora", "opened": "sets", "remaining": {"points": 23}},
    ],
}
INVALID = {"ruleset": "loca", "players": [{"opened": "sets", "finished": True}, {"opened": "maybe"}]}


def labels(body: dict) -> list[str]:
    return [line["label"] for player in body["players"] for line in player["lines"]]


def post(client, body, **headers):
    return client.post(SCORE, data=json.dumps(body), content_type="application/json", **headers)


def test_api_answers_in_english_when_asked_with_accept_language(client):
    response = post(client, HAND, HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    assert response.status_code == 200
    assert labels(response.json()) == ["Normal finish", "Tiles left"]
    assert response["Content-Language"] == "en"
    assert "Accept-Language" in response["Vary"]


def test_api_answers_in_turkish_by_default_and_when_asked(client):
    for headers in ({}, {"HTTP_ACCEPT_LANGUAGE": "tr-TR,tr;q=0.9"}, {"HTTP_ACCEPT_LANGUAGE": "de"}):
        response = post(client, HAND, **headers)
        assert labels(response.json()) == ["Normal bitiş", "Elde kalan taşlar"], headers
        assert response["Content-Language"] == "tr"


def test_api_errors_follow_accept_language_too(client):
    english = post(client, INVALID, HTTP_ACCEPT_LANGUAGE="en").json()
    turkish = post(client, INVALID, HTTP_ACCEPT_LANGUAGE="tr").json()
    assert english["errors"][0]["path"] == turkish["errors"][0]["path"] == "players[1].opened"
    assert english["errors"][0]["message"] == "Must be one of: none, sets, pairs."
    assert english["errors"][0]["message"] != turkish["errors"][0]["message"]


def test_the_language_cookie_overrides_accept_language(client):
    client.cookies["django_language"] = "tr"
    response = post(client, HAND, HTTP_ACCEPT_LANGUAGE="en")
    assert labels(response.json())[0] == "Normal bitiş"


def test_rulesets_endpoint_follows_accept_language(client):
    english = client.get("/api/v1/rulesets", HTTP_ACCEPT_LANGUAGE="en").json()
    turkish = client.get("/api/v1/rulesets").json()
    labels_en = [row["label"] for row in english["rulesets"][1]["finish_table"]]
    labels_tr = [row["label"] for row in turkish["rulesets"][1]["finish_table"]]
    assert "Normal finish" in labels_en and "Normal bitiş" in labels_tr


def run(*args: str) -> tuple[int, dict]:
    out = io.StringIO()
    try:
        call_command("score", *args, stdout=out)
        status = 0
    except SystemExit as exc:
        status = exc.code
    return status, json.loads(out.getvalue())


@pytest.mark.parametrize(("lang", "first"), [("en", "Normal finish"), ("tr", "Normal bitiş")])
def test_command_lang_option_chooses_the_language(tmp_path, lang, first):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(HAND), encoding="utf-8")
    status, body = run(str(path), "--lang", lang)
    assert status == 0
    assert labels(body)[0] == first


def test_command_is_turkish_by_default_and_errors_follow_lang(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(HAND), encoding="utf-8")
    assert labels(run(str(path))[1])[0] == "Normal bitiş"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(INVALID), encoding="utf-8")
    status, body = run(str(bad), "--lang", "en")
    assert status == 2
    assert body["errors"][0]["message"] == "Must be one of: none, sets, pairs."


def test_command_rejects_an_unknown_language(tmp_path):
    from django.core.management import CommandError

    with pytest.raises(CommandError):
        call_command("score", "x.json", "--lang", "de")
