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
from django.db import DatabaseError, connection

from bench.handgen import NAMES, generate
from scorer.engine import InvalidInput, get_ruleset
from scorer.models import Game, Hand
from scorer.tables import backup, selectors
from scorer.tables.backup import entry_import, table_entry
from scorer.tables.selectors import game_document
from scorer.tables.services.games import game_create, game_rematch
from scorer.tables.services.hands import hand_delete, hand_record, hand_update

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
    call_command("export_tables", str(archive), stdout=io.StringIO(), stderr=io.StringIO())
    count = Game.objects.count()
    err = io.StringIO()
    call_command("import_tables", str(archive), stdout=io.StringIO(), stderr=err)
    assert Game.objects.count() == count
    assert f"0 table(s) imported, {count} skipped" in err.getvalue()


def test_as_new_gives_new_ids_and_the_same_totals(tmp_path):
    game = make_tables(1)[0]
    totals = selectors.game_board(game).result.totals
    imported = entry_import(data=table_entry(game), as_new=True)
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
        entry_import(data={"ruleset": "kerizim", "players": ["A", "B"], "hands": []})
    assert [e.path for e in exc.value.errors] == ["hands_planned"]


def test_a_null_planned_hands_line_is_reported_and_the_lines_after_it_are_stored(tmp_path):
    """import_tables reports ``"hands_planned": null`` (NOT NULL), never a traceback."""
    games = make_tables(1)[:3]
    entries = [table_entry(game) for game in games]
    wipe()
    entries[1]["game"]["hands_planned"] = None
    archive = tmp_path / "null.jsonl"
    archive.write_text("".join(json.dumps(entry) + "\n" for entry in entries), encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("import_tables", str(archive), stdout=io.StringIO(), stderr=err)
    assert exit_.value.code == 2
    assert "null.jsonl:2: hands_planned: " in err.getvalue()
    assert "2 table(s) imported, 0 skipped (already present), 1 invalid." in err.getvalue()
    assert set(Game.objects.values_list("public_id", flat=True)) == {games[0].public_id, games[2].public_id}


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("public_id", "short"),  # no URL reaches it (16 to 32 URL-safe characters)
        ("public_id", "x" * 40),  # PostgreSQL: value too long for varchar(32)
        ("public_id", "table-id-with-\x00-nul"),  # PostgreSQL: NUL in a string literal
        ("link_key", "\x00" * 8),
        ("edit_secret_hash", "not a hash \x00"),
    ],
)
def test_a_table_line_that_cannot_be_stored_as_it_is_is_reported_by_field(tmp_path, field, value):
    """A line the database refuses is reported, never a traceback; the others are stored."""
    first, second = make_tables(1)[:2]
    entries = [table_entry(first), table_entry(second)]
    wipe()
    entries[0]["table"][field] = value
    archive = tmp_path / "odd.jsonl"
    archive.write_text("".join(json.dumps(entry) + "\n" for entry in entries), encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("import_tables", str(archive), stdout=io.StringIO(), stderr=err)
    assert exit_.value.code == 2
    assert f"odd.jsonl:1: table.{field}: " in err.getvalue()
    assert list(Game.objects.values_list("public_id", flat=True)) == [second.public_id]


def finished_with_rematch() -> tuple[Game, Game]:
    game, _secret = game_create(ruleset="kerizim", options={}, players=["Ali", "Veli"], hands_planned=1)
    hand_record(game=game, data={"players": [{"opened": "sets", "finished": True}, {}]})
    rematch, created = game_rematch(game=game)
    assert created
    return game, rematch


@pytest.mark.parametrize("order", ["oldest first", "rematch first"])
def test_a_rematch_link_survives_a_backup_round_trip(tmp_path, order):
    """The rematch link is exported, so a restored finished table never opens a second rematch."""
    game, rematch = finished_with_rematch()
    entries = [table_entry(game), table_entry(rematch)]
    wipe()
    archive = tmp_path / "rematch.jsonl"
    lines = entries if order == "oldest first" else entries[::-1]
    archive.write_text("".join(json.dumps(entry) + "\n" for entry in lines), encoding="utf-8")
    call_command("import_tables", str(archive), stdout=io.StringIO(), stderr=io.StringIO())

    restored = Game.objects.get(public_id=game.public_id)
    again, created = game_rematch(game=restored)
    assert not created and again.public_id == rematch.public_id
    assert Game.objects.count() == 2
    assert Game.objects.get(public_id=rematch.public_id).rematch_of == restored


def test_tables_imported_as_new_keep_their_rematch_link_among_themselves(tmp_path):
    game, rematch = finished_with_rematch()
    archive = tmp_path / "rematch.jsonl"
    call_command("export_tables", str(archive), stdout=io.StringIO(), stderr=io.StringIO())
    call_command("import_tables", "--as-new", str(archive), stdout=io.StringIO(), stderr=io.StringIO())

    copies = Game.objects.exclude(pk__in=[game.pk, rematch.pk])
    (copy,) = copies.filter(rematch_of__isnull=True)
    assert copies.get(rematch_of=copy).players == rematch.players
    assert Game.objects.get(pk=game.pk).rematch.pk == rematch.pk  # the originals keep theirs


@pytest.mark.parametrize(
    ("where", "value"),
    [
        ("version", 10**400),
        ("secret_version", 2**40),
        ("hand position", 2**63),
        ("deleted position", -3),
        ("deleted position", 10**30),
    ],
)
def test_numbers_no_column_can_hold_never_stop_a_restore(tmp_path, where, value):
    first, second = make_tables(1)[:2]
    entries = [table_entry(first), table_entry(second)]
    wipe()
    table = entries[0]["table"]
    if where == "hand position":
        table["hands"][0]["position"] = value
    elif where == "deleted position":
        table["deleted_hands"] = [{"position": value, "data": entries[0]["game"]["hands"][0]}]
    else:
        table[where] = value
    archive = tmp_path / "numbers.jsonl"
    archive.write_text("".join(json.dumps(entry) + "\n" for entry in entries), encoding="utf-8")
    call_command("import_tables", str(archive), stdout=io.StringIO(), stderr=io.StringIO())
    assert Game.objects.count() == 2


def test_a_table_that_cannot_be_written_is_named_the_others_are_written_and_the_exit_status_is_2(
    tmp_path, monkeypatch
):
    """One unwritable table never stops export_tables nor truncates the archive: named, exit 2."""
    games = make_tables(1)
    broken = games[1].public_id
    real = backup.table_entry

    def failing(game):
        if game.public_id == broken:
            raise DatabaseError("row could not be read")
        return real(game)

    monkeypatch.setattr(backup, "table_entry", failing)
    archive = tmp_path / "tables.jsonl"
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("export_tables", str(archive), stderr=err)
    assert exit_.value.code == 2
    written = [json.loads(line)["table"]["public_id"] for line in archive.read_text("utf-8").splitlines()]
    assert written == [g.public_id for g in games if g.public_id != broken]
    assert f"{broken}: not written: row could not be read" in err.getvalue()
    assert f"{len(games) - 1} table(s) exported, 1 could not be written." in err.getvalue()


def test_a_table_row_sqlite_cannot_read_back_is_named_and_skipped(tmp_path):
    games = make_tables(1)
    if connection.vendor != "sqlite":  # PostgreSQL's typed columns cannot hold such a row
        pytest.skip("a corrupt timestamp can only be stored on SQLite")
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE scorer_hand SET created_at = '2026-13-45 10:00:00' WHERE game_id = %s", [games[0].pk]
        )
    for flag in ([], ["--dir"]):
        target = tmp_path / ("dir" if flag else "tables.jsonl")
        err = io.StringIO()
        with pytest.raises(SystemExit) as exit_:
            call_command("export_tables", *flag, str(target), stderr=err)
        assert exit_.value.code == 2
        assert f"{games[0].public_id}: not written: " in err.getvalue()
        if flag:
            assert {f.stem for f in target.glob("*.json")} == {g.public_id for g in games[1:]}
        else:
            assert len(target.read_text("utf-8").splitlines()) == len(games) - 1


def test_an_interrupted_export_leaves_no_truncated_archive(tmp_path, monkeypatch):
    make_tables(1)
    archive = tmp_path / "tables.jsonl"
    archive.write_text("the previous backup\n", encoding="utf-8")
    calls = []
    real = backup.table_entry

    def interrupted(game):
        calls.append(game)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(game)

    monkeypatch.setattr(backup, "table_entry", interrupted)
    with pytest.raises(KeyboardInterrupt):
        call_command("export_tables", str(archive), stderr=io.StringIO())
    assert archive.read_text("utf-8") == "the previous backup\n"
    assert [p.name for p in tmp_path.iterdir()] == ["tables.jsonl"]


@pytest.mark.parametrize("escaped", ["\\ud800", "Bo\\u0000ra", "Cem\\u0007"])
def test_a_line_with_a_name_no_page_could_show_is_reported_and_the_others_stored(tmp_path, escaped):
    """import_tables refuses such a name on SQLite and PostgreSQL alike: reported, never stored."""
    first, second = make_tables(1)[:2]
    entries = [table_entry(first), table_entry(second)]
    wipe()
    lines = [json.dumps(entry) for entry in entries]
    lines[0] = lines[0].replace(json.dumps(first.players[0]), f'"{escaped}"')
    archive = tmp_path / "names.jsonl"
    archive.write_text("\n".join(lines) + "\n", encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("import_tables", str(archive), stdout=io.StringIO(), stderr=err)
    assert exit_.value.code == 2
    assert "names.jsonl:1: players[0]: " in err.getvalue()
    assert list(Game.objects.values_list("public_id", flat=True)) == [second.public_id]
