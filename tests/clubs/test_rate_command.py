"""docs/club-format.md: every example rates exactly as shown through ``manage.py rate``, and the
command's ratings are openskill's own on the same games."""

import io
import json
import re
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation
from openskill.models import PlackettLuce

from scorer.clubs.ratings import rate_document
from scorer.engine import InvalidInput, score_game

DOC = Path(__file__).resolve().parents[2] / "docs" / "club-format.md"
PAIR = re.compile(
    r"<!-- checked: games -->\n```json\n(.*?)\n```\s*<!-- checked: result -->\n```json\n(.*?)\n```", re.S
)


def run(*args: str) -> tuple[int, dict]:
    out = io.StringIO()
    try:
        call_command("rate", *args, stdout=out)
        status = 0
    except SystemExit as exc:
        status = exc.code
    return status, json.loads(out.getvalue())


def examples() -> list[tuple[dict, dict]]:
    pairs = PAIR.findall(DOC.read_text(encoding="utf-8"))
    return [(json.loads(document), json.loads(result)) for document, result in pairs]


def write(tmp_path: Path, document: dict) -> str:
    path = tmp_path / "games.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_the_page_has_its_two_examples():
    assert len(examples()) == 2


@pytest.mark.parametrize("index", range(2))
def test_each_example_rates_exactly_as_shown(index, tmp_path):
    document, shown = examples()[index]
    status, result = run(write(tmp_path, document), "--lang", "en")
    assert result == shown
    assert status == (2 if "errors" in shown else 0)


def test_the_check_would_catch_a_wrong_number(tmp_path):
    document, shown = examples()[0]
    shown["ratings"][0]["wins"] += 1
    assert run(write(tmp_path, document), "--lang", "en")[1] != shown


def test_the_command_agrees_with_openskill_called_directly(tmp_path):
    document, _shown = examples()[0]
    model, expected = PlackettLuce(), {}
    for game in document["games"]:
        result = score_game(game)
        if not result.complete:
            continue
        names = game["players"]
        if result.team_totals:
            teams, totals = [[names[0], names[2]], [names[1], names[3]]], result.team_totals
        else:
            teams, totals = [[n] for n in names], result.totals
        current = [[expected.get(n) or model.rating(name=n) for n in team] for team in teams]
        for team, new in zip(teams, model.rate(current, scores=[-t for t in totals]), strict=True):
            expected.update(zip(team, new, strict=True))
    _status, result = run(write(tmp_path, document))
    got = [(row["player"], row["mu"], row["sigma"], row["ordinal"]) for row in result["ratings"]]
    want = sorted(((n, r.mu, r.sigma, r.ordinal()) for n, r in expected.items()), key=lambda row: -row[3])
    assert [row[0] for row in got] == [row[0] for row in want]
    assert [row[1:] for row in got] == [pytest.approx(row[1:], abs=1e-9) for row in want]


def test_standard_input_and_turkish_reasons(monkeypatch):
    document, _shown = examples()[0]
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(document)))
    status, result = run("-")
    assert status == 0
    assert result["skipped"] == [{"game": 1, "reason": "Planlanandan az el: 1 / 3."}]


def test_turkish_errors_name_the_game(monkeypatch):
    document, _shown = examples()[1]
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(document)))
    status, result = run("-")
    assert status == 2
    assert result["errors"] == [
        {
            "path": "games[1].hands_planned",
            "message": "Reytinge giren oyunun kaç elden oluştuğu yazılmalı (hands_planned).",
        }
    ]


def test_invalid_json_exits_2_and_a_missing_file_1(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"games": [', encoding="utf-8")
    status, result = run(str(path))
    assert status == 2 and result["errors"][0]["path"] == ""
    with pytest.raises(CommandError):
        call_command("rate", str(tmp_path / "missing.json"), stdout=io.StringIO())


@pytest.mark.parametrize("where", ["name", "key", "format"])
def test_a_lone_surrogate_escaped_in_the_file_is_refused_as_the_engine_refuses_it(tmp_path, where):
    document, _shown = examples()[0]
    document = json.loads(json.dumps(document))
    game = document["games"][-1]
    if where == "name":
        game["players"][1] += "\ud800"
    elif where == "key":
        game["hands"][0]["players"][0]["opened\ud800"] = "sets"
    else:
        game["format"] = "1\ud800"  # a string no check but the text's reads
    path = tmp_path / "games.json"
    path.write_text(json.dumps(document), encoding="utf-8")  # ASCII: the surrogate as \ud800
    status, result = run(str(path), "--lang", "en")
    with translation.override("en"), pytest.raises(InvalidInput) as direct:
        rate_document(document)
    assert status == 2
    assert result == direct.value.to_dict()
    assert len(result["errors"]) == 1 and result["errors"][0]["path"].startswith(
        f"games[{len(document['games']) - 1}]."
    )


def test_a_file_of_escaped_pairs_rates_as_its_text_does(tmp_path):
    document, _shown = examples()[0]
    document = json.loads(json.dumps(document, ensure_ascii=False).replace("Ayşe", "Ayşe 🙂"))
    escaped, plain = tmp_path / "escaped.json", tmp_path / "plain.json"
    escaped.write_text(json.dumps(document), encoding="utf-8")  # 🙂 as \\ud83d\\ude42
    plain.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    assert "\\ud83d" in escaped.read_text(encoding="utf-8")
    status, result = run(str(escaped), "--lang", "en")
    assert (status, result) == run(str(plain), "--lang", "en")
    assert status == 0 and "Ayşe 🙂" in [rating["player"] for rating in result["ratings"]]
