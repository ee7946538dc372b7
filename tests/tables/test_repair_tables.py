"""``manage.py repair_tables``: tables stored with names no page can show are found
and repaired, on SQLite (lone surrogates, NUL) and PostgreSQL (other control characters)."""

import io
import json

import pytest
from django.core.management import call_command
from django.db import connection

from scorer.models import Game, Hand
from scorer.tables import selectors
from scorer.tables.services.games import game_create
from scorer.tables.services.hands import hand_record
from tests.support.poison import PLACEHOLDER, poison
from tests.tables.test_poisoned_tables import NAMED_HAND

pytestmark = pytest.mark.django_db


def stored(table: str, column: str, pk: int) -> str:
    """The column as the database holds it (JSON text), whatever the models show."""
    cast = "CAST({} AS text)" if connection.vendor == "postgresql" else "{}"
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {cast.format(column)} FROM {table} WHERE id = %s", [pk])
        return cursor.fetchone()[0]


def poisoned_table(names: list[str] | None = None) -> tuple[Game, list[str]]:
    game, _secret = game_create(
        ruleset="kerizim", options={}, players=[PLACEHOLDER.format(k=k) for k in range(3)], hands_planned=3
    )
    hand_record(game=game, data=NAMED_HAND)
    return game, poison(game, names)


def repair(*args: str) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("repair_tables", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_a_dry_run_lists_each_bad_name_and_changes_nothing():
    game, _shown = poisoned_table()
    clean, _secret = game_create(ruleset="kerizim", options={}, players=["Ali", "Veli"], hands_planned=1)
    before = stored("scorer_game", "players", game.pk)

    out, err = repair("--dry-run")

    assert f"{game.public_id}: players[0]: " in out
    assert clean.public_id not in out
    assert "1 table(s) to repair (dry run: nothing changed)." in err
    assert stored("scorer_game", "players", game.pk) == before


def test_the_repair_stores_what_the_pages_show_bumps_the_version_and_is_done_once():
    game, shown = poisoned_table()
    version = Game.objects.values_list("version", flat=True).get(pk=game.pk)
    board_before = selectors.game_board(Game.objects.get(pk=game.pk)).result.totals

    out, err = repair()

    assert "1 table(s) repaired." in err
    assert json.loads(stored("scorer_game", "players", game.pk)) == shown
    hand = json.loads(stored("scorer_hand", "data", Hand.objects.get(game=game).pk))
    kept = [(k, p["name"]) for k, p in enumerate(hand["players"]) if "name" in p]
    assert all(name == shown[k] for k, name in kept)  # the bad copies are left out
    assert len(kept) == (1 if connection.vendor == "postgresql" else 0)
    repaired = Game.objects.get(pk=game.pk)
    assert repaired.version == version + 1
    assert selectors.game_board(repaired).result.totals == board_before
    assert repair() == ("", "0 table(s) repaired.\n")


def test_names_left_empty_or_equal_become_player_n():
    game, _shown = poisoned_table(["\\u0001", "\\u0002", "Oyuncu 2"])

    repair()

    assert json.loads(stored("scorer_game", "players", game.pk)) == ["Oyuncu 1", "Oyuncu 2 (2)", "Oyuncu 2"]
    assert selectors.game_board(Game.objects.get(pk=game.pk)).errors == ()


def test_export_tables_writes_a_poisoned_table_repaired_and_says_so(tmp_path):
    """export_tables writes such a table repaired, never a crash or a truncated archive."""
    game_create(ruleset="kerizim", options={}, players=["Ali", "Veli"], hands_planned=1)
    game, shown = poisoned_table()
    game_create(ruleset="kerizim", options={}, players=["Can", "Nur"], hands_planned=1)
    archive = tmp_path / "tables.jsonl"
    err = io.StringIO()

    call_command("export_tables", str(archive), stderr=err)

    lines = [json.loads(line) for line in archive.read_text("utf-8").splitlines()]
    assert len(lines) == 3
    assert lines[1]["game"]["players"] == shown
    assert f"{game.public_id}: written with its names repaired" in err.getvalue()
    Hand.objects.all().delete()
    Game.objects.all().delete()
    call_command("import_tables", str(archive), stdout=io.StringIO(), stderr=io.StringIO())
    assert Game.objects.get(public_id=game.public_id).players == shown
