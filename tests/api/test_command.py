"""``manage.py score FILE`` / ``score -`` (HAND_FORMAT.md): result JSON on stdout, exit 2 on invalid input."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

REPO = Path(__file__).resolve().parents[2]

HAND = {
    "ruleset": "kerizim",
    "players": [
        {"name": "Ayşe", "opened": "pairs", "finished": True},
        {"name": "Bora"},
        {"name": "Cem"},
        {"name": "Deniz", "fouls": {"okey_discard": 1}},
    ],
}
GAME = {
    "ruleset": "gkokay",
    "options": {"cezali": True},
    "hands_planned": 3,
    "players": ["Ayşe", "Bora"],
    "hands": [
        {
            "players": [
                {"opened": "sets", "finished": True, "finish": {"elden": True}},
                {"remaining": {"okeys": 1}},
            ]
        },
        {"players": [{"opened": "sets", "remaining": {"points": 12}}, {"opened": "pairs", "finished": True}]},
    ],
}
INVALID = {"ruleset": "loca", "players": [{"opened": "sets", "finished": True}, {"fouls": {"take_back": -1}}]}


def run(*args: str, stdin: str | None = None, monkeypatch=None) -> tuple[int, dict]:
    """call_command with captured stdout: (exit status, decoded output)."""
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    out = io.StringIO()
    try:
        call_command("score", *args, stdout=out)
        status = 0
    except SystemExit as exc:
        status = exc.code
    return status, json.loads(out.getvalue())


def write(tmp_path: Path, document, name: str = "input.json") -> str:
    path = tmp_path / name
    path.write_text(document if isinstance(document, str) else json.dumps(document), encoding="utf-8")
    return str(path)


def error_paths(output: dict) -> list[str]:
    assert set(output) == {"errors"}
    assert all(set(e) == {"path", "message"} and e["message"] for e in output["errors"])
    return [e["path"] for e in output["errors"]]


def test_hand_file_prints_the_hand_result(tmp_path):
    status, output = run(write(tmp_path, HAND))
    assert status == 0
    assert output["format"] == 1
    assert output["outcome"] == "finished"
    assert output["multiplier"] == 4
    assert [p["total"] for p in output["players"]] == [-202, 808, 808, 909]
    assert output["players"][3]["lines"][-1]["code"] == "foul_okey_discard"


def test_game_file_prints_the_game_result(tmp_path):
    status, output = run(write(tmp_path, GAME))
    assert status == 0
    assert output["totals"] == [0 + 12, 404 + 101 + 0]
    assert (output["hands_played"], output["hands_planned"]) == (2, 3)
    assert output["winners"] == []  # a game in progress has no winner yet
    assert len(output["hands"]) == 2


def test_dash_reads_standard_input(monkeypatch):
    status, output = run("-", stdin=json.dumps(HAND), monkeypatch=monkeypatch)
    assert status == 0
    assert [p["name"] for p in output["players"]] == ["Ayşe", "Bora", "Cem", "Deniz"]


def test_invalid_hand_exits_2_with_field_paths(tmp_path):
    status, output = run(write(tmp_path, INVALID))
    assert status == 2
    assert error_paths(output) == ["players[1].fouls.take_back"]


def test_invalid_game_exits_2_with_hand_paths(tmp_path):
    bad = json.loads(json.dumps(GAME))
    bad["hands"][0]["players"][1]["remaining"]["okeys"] = True
    status, output = run(write(tmp_path, bad))
    assert status == 2
    assert error_paths(output) == ["hands[0].players[1].remaining.okeys"]


@pytest.mark.parametrize("text", ["{", "", "not json", "[" * 20000])
def test_malformed_json_exits_2(monkeypatch, text):
    status, output = run("-", stdin=text, monkeypatch=monkeypatch)
    assert status == 2
    assert error_paths(output) == [""]


def test_unreadable_file_is_a_command_error(tmp_path):
    with pytest.raises(CommandError):
        call_command("score", str(tmp_path / "missing.json"), stdout=io.StringIO())


# --- a real process ----------------------------------------------------------------------------


def manage(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "score", *args],
        input=stdin.encode("utf-8"),
        capture_output=True,
        cwd=REPO,
        timeout=60,
        check=False,
    )


def test_process_reads_stdin_and_exits_2_with_json_errors():
    process = manage("-", stdin=json.dumps(INVALID))
    assert process.returncode == 2, process.stderr.decode()
    assert error_paths(json.loads(process.stdout)) == ["players[1].fouls.take_back"]


def test_process_scores_a_file(tmp_path):
    process = manage(write(tmp_path, HAND, "hand ş.json"))
    assert process.returncode == 0, process.stderr.decode()
    output = json.loads(process.stdout.decode("utf-8"))
    assert [p["total"] for p in output["players"]] == [-202, 808, 808, 909]
    assert "Ayşe" in process.stdout.decode("utf-8")
