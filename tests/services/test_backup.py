"""Backup and restore: export_tables → empty database → import_tables reproduces every table.

Tables of every rule set, with and without partners, 2–4 players, finished and in progress,
with corrected and deleted hands. Runs on SQLite and, in .ci/run, on PostgreSQL.
"""

import io
import json
import random
from collections import defaultdict

import pytest
from django.core.management import call_command

from bench.handgen import NAMES, generate
from scorer.engine import InvalidInput, get_ruleset
from scorer.models import Game, Hand
from scorer.tables import selectors
from scorer.tables.backup import entry_import, table_entry, tables_export
from scorer.tables.services import game_create, game_document, hand_delete, hand_record, hand_update

pytestmark = pytest.mark.django_db


def groups() -> dict[tuple, list[dict]]:
    """Generated valid hands grouped by rule set, options and player count (one table each)."""
    grouped: dict[tuple, list[dict]] = defaultdict(list)
    for hand in generate(600, seed=11):
        key = (hand["ruleset"], json.dumps(hand["options"], sort_keys=True), len(hand["players"]))
        grouped[key].append({"players": hand["players"]})
    return grouped


def make_tables(per_ruleset: int = 4) -> list[Game]:
    """``per_ruleset`` tables of each rule set (partners among them), up to 5 hands each."""
    rng = random.Random(5)
    games = []
    made: dict[str, int] = defaultdict(int)
    for (ruleset, options, count), hands in sorted(groups().items(), key=lambda item: (-item[0][2], item[0])):
        if made[ruleset] >= per_ruleset:
            continue
        made[ruleset] += 1
        planned = max(get_ruleset(ruleset).hand_counts)
        game, _secret = game_create(
            ruleset=ruleset,
            options=json.loads(options),
            players=list(NAMES[:count]),
            hands_planned=planned,
            first_dealer=rng.randrange(count),
        )
        played = hands[: rng.randint(1, min(planned, 5))]
        for hand in played:
            hand_record(game=game, data=hand)
        if len(played) > 1:  # a corrected hand and a deleted one
            first, second = game.hands.order_by("position")[:2]
            hand_update(hand=first, data=played[-1])
            hand_delete(hand=second)
        games.append(game)
    return games


def snapshot() -> dict[str, dict]:
    """What a restore must reproduce, per table: totals, team totals, winners, hands and identity."""
    shot = {}
    for game in Game.objects.all():
        board = selectors.game_board(game)
        result = board.result
        shot[game.public_id] = {
            "totals": result.totals,
            "team_totals": result.team_totals,
            "winners": result.winners,
            "document": game_document(game),
            "positions": list(game.hands.live().values_list("position", flat=True)),
            "deleted": list(game.hands.filter(deleted_at__isnull=False).values_list("position", "data")),
            "identity": (
                game.edit_secret_hash,
                game.secret_version,
                game.link_key,
                game.first_dealer,
                game.ruleset,
                game.options,
                game.players,
            ),
            "created_at": game.created_at,
        }
    return shot


def wipe() -> None:
    Hand.objects.all().delete()
    Game.objects.all().delete()


def test_export_then_import_reproduces_every_table_exactly(tmp_path):
    make_tables()
    before = snapshot()
    assert len(before) == 16
    assert {doc["document"]["ruleset"] for doc in before.values()} == {
        "loca",
        "loca-cezali",
        "gkokay",
        "kerizim",
    }
    assert any(doc["team_totals"] for doc in before.values())
    assert any(doc["deleted"] for doc in before.values())
    archive = tmp_path / "tables.jsonl"
    call_command("export_tables", str(archive), stderr=io.StringIO())
    assert len(archive.read_text(encoding="utf-8").splitlines()) == len(before)

    wipe()
    call_command("import_tables", str(archive), stdout=io.StringIO(), stderr=io.StringIO())

    assert snapshot() == before
    for game in Game.objects.all():  # the edit links of before the backup still open their tables
        assert game.check_secret(game.link_secret)


def test_one_file_per_table_round_trip(tmp_path):
    make_tables(2)
    before = snapshot()
    call_command("export_tables", "--dir", str(tmp_path / "tables"), stderr=io.StringIO())
    files = sorted((tmp_path / "tables").glob("*.json"))
    assert {f.stem for f in files} == set(before)
    wipe()
    call_command("import_tables", *map(str, files), stdout=io.StringIO(), stderr=io.StringIO())
    assert snapshot() == before


def test_an_entry_holds_the_hand_format_game_document():
    game = make_tables(1)[0]
    entry = table_entry(game)
    assert entry["game"] == game_document(game)
    assert entry["table"]["public_id"] == game.public_id


def test_importing_twice_skips_the_tables_already_present(tmp_path):
    make_tables(1)
    archive = tmp_path / "tables.jsonl"
    archive.write_text("\n".join(tables_export()) + "\n", encoding="utf-8")
    count = Game.objects.count()
    err = io.StringIO()
    call_command("import_tables", str(archive), stdout=io.StringIO(), stderr=err)
    assert Game.objects.count() == count
    assert f"0 table(s) imported, {count} skipped" in err.getvalue()


def test_as_new_gives_new_ids_and_the_same_totals(tmp_path):
    game = make_tables(1)[0]
    totals = selectors.game_board(game).result.totals
    imported = entry_import(table_entry(game), as_new=True)
    assert imported.game.public_id != game.public_id and imported.secret
    assert imported.game.check_secret(imported.secret)
    assert selectors.game_board(imported.game).result.totals == totals


def test_an_invalid_line_names_its_line_and_field_and_stores_nothing_of_it(tmp_path):
    game = make_tables(1)[0]
    good = table_entry(game)
    wipe()
    bad = json.loads(json.dumps(good))
    bad["table"]["public_id"] = "another-table-id-0001"
    bad["game"]["hands"][0]["players"][1]["remaining"] = {"points": -5}
    archive = tmp_path / "mixed.jsonl"
    archive.write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n{not json\n", encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("import_tables", str(archive), stdout=io.StringIO(), stderr=err)
    assert exit_.value.code == 2
    text = err.getvalue()
    assert "mixed.jsonl:2: hands[0].players[1].remaining.points:" in text
    assert "mixed.jsonl:3: not valid JSON" in text
    assert "1 table(s) imported, 0 skipped (already present), 2 invalid." in text
    assert list(Game.objects.values_list("public_id", flat=True)) == [game.public_id]


def test_a_bare_game_document_without_planned_hands_is_refused_by_field():
    with pytest.raises(InvalidInput) as exc:
        entry_import({"ruleset": "kerizim", "players": ["A", "B"], "hands": []})
    assert [e.path for e in exc.value.errors] == ["hands_planned"]
