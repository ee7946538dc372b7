"""docs/event-format.md: every example scores exactly as shown through ``manage.py score_event``,
and the decisions the event pages show are the ones the page explains."""

import io
import json
import re
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from scorer.events.rules.decisions import DECISIONS

DOC = Path(__file__).resolve().parents[2] / "docs" / "event-format.md"
PAIR = re.compile(
    r"<!-- checked: event -->\n```json\n(.*?)\n```\s*<!-- checked: result -->\n```json\n(.*?)\n```", re.S
)


def run(*args: str) -> tuple[int, dict]:
    out = io.StringIO()
    try:
        call_command("score_event", *args, stdout=out)
        status = 0
    except SystemExit as exc:
        status = exc.code
    return status, json.loads(out.getvalue())


def examples() -> list[tuple[dict, dict]]:
    pairs = PAIR.findall(DOC.read_text(encoding="utf-8"))
    return [(json.loads(document), json.loads(result)) for document, result in pairs]


def test_the_page_has_its_five_examples():
    assert len(examples()) == 5


@pytest.mark.parametrize("index", range(5))
def test_each_example_scores_exactly_as_shown(index, tmp_path):
    document, shown = examples()[index]
    path = tmp_path / "event.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    status, result = run(str(path), "--next-round", "--lang", "en")
    assert result == shown
    assert status == (2 if "errors" in shown else 0)


def test_the_check_would_catch_a_wrong_number(tmp_path):
    document, shown = examples()[0]
    shown["standings"][0]["points"] += 1
    path = tmp_path / "event.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert run(str(path), "--next-round", "--lang", "en")[1] != shown


def test_without_next_round_the_result_has_none(tmp_path):
    document, shown = examples()[0]
    path = tmp_path / "event.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    status, result = run(str(path), "--lang", "en")
    assert status == 0 and "next_round" not in result
    assert result == {key: value for key, value in shown.items() if key != "next_round"}


def test_standard_input_and_turkish_messages(monkeypatch):
    document, _shown = examples()[4]
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(document)))
    status, result = run("-")
    assert status == 2
    assert result["errors"][0] == {"path": "entrants[4]", "message": "İki katılımcının adı aynı olamaz."}


def test_invalid_json_exits_2_and_a_missing_file_1(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{", encoding="utf-8")
    status, result = run(str(path))
    assert status == 2 and result["errors"][0]["path"] == ""
    with pytest.raises(CommandError):
        call_command("score_event", str(tmp_path / "missing.json"), stdout=io.StringIO())


def test_too_few_left_for_a_table_is_an_error_on_rounds(tmp_path):
    document = {
        "name": "Az",
        "ruleset": "loca",
        "hands_per_game": 1,
        "entrants": ["Ayşe", "Bora", "Cem"],
        "format": {"kind": "points", "rounds": 2},
        "seed": 1,
        "withdrawn": ["Cem"],
    }
    path = tmp_path / "event.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    status, result = run(str(path), "--next-round", "--lang", "en")
    assert status == 2 and [e["path"] for e in result["errors"]] == ["rounds"]


@pytest.mark.parametrize("decision", DECISIONS, ids=[d.id for d in DECISIONS])
def test_every_decision_the_pages_show_is_explained_on_the_page(decision):
    text = DOC.read_text(encoding="utf-8")
    assert f'<a id="{decision.id.lower()}"></a>**{decision.id} · {decision.title}' in text


def test_the_page_explains_no_decision_the_pages_do_not_show():
    ids = re.findall(r'<a id="(e\d+)"></a>', DOC.read_text(encoding="utf-8"))
    assert ids == [d.id.lower() for d in DECISIONS]
