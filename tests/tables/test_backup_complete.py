"""A backup holds every row: export_tables → the other database → export_tables → import_tables
gives back every row of every model, field by field, on SQLite and PostgreSQL, and the other
database writes the very same archive.

The test database is one side; the other is PostgreSQL when it is SQLite (a database created and
dropped here, on the server of ``OKEYCALC_BACKUP_POSTGRES`` or CI's), and a SQLite file when the
test database is PostgreSQL (``make test-postgres``). Every model of every installed app is
compared unless :data:`LEFT_OUT` names it with the reason, so a new model is in the backup or
says why not. Left out, as docs/deploy.md says: devices and every grant they hold (edit, organizer,
table card, club admin), which device made a change or decided a record, the rate limits' counts,
and what is no user's data (the operators' accounts and admin log, sessions, what migrate makes).
"""

import io
import json
import os
import secrets
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings
from django.core.management import call_command
from django.db import connection, models
from django.utils.translation import gettext

from scorer.clubs.models import Club, ClubEvent, ClubGame, ClubGrant, ClubRating, Member, Season
from scorer.clubs.services import (
    club_create,
    club_event_create,
    club_game_changed,
    club_table_create,
    member_visibility_set,
    season_create,
)
from scorer.engine.settlement import Stake
from scorer.events.backup import MSG_NO_TABLE
from scorer.events.models import (
    Entrant,
    Event,
    EventGame,
    EventRecord,
    EventTable,
    Round,
    TableCard,
    TieBreak,
)
from scorer.events.selectors.document import event_document
from scorer.events.services.creation import event_import
from scorer.events.services.entrants import entrant_withdraw
from scorer.events.services.rounds import round_start
from scorer.events.services.tables import table_close
from scorer.events.tiebreak import tiebreak_start
from scorer.events.timer import timer_change
from scorer.houses.models import House, HouseVersion
from scorer.houses.services import house_create, house_update
from scorer.models import Device, Game, Grant, Hand, HandChange
from scorer.tables.services.facts import game_facts_set
from scorer.tables.services.games import game_rematch
from scorer.tables.services.hands import hand_delete, hand_record, hand_restore, hand_update
from tests.support.eventdb import new_event, play, play_round
from tests.tables.test_backup import make_tables

pytestmark = pytest.mark.django_db

BASE_DIR = Path(settings.BASE_DIR)
DEVICES_RIGHTS = "a device's rights: claimed again with the link"
LEFT_OUT = {
    "scorer.Device": "a browser, known by its cookie: it claims its tables again with their links",
    "scorer.Grant": DEVICES_RIGHTS,
    "scorer.EventGrant": DEVICES_RIGHTS,
    "scorer.CardGrant": DEVICES_RIGHTS,
    "scorer.ClubGrant": DEVICES_RIGHTS,
    "scorer.RateCount": "the rate limits' counts, which expire within minutes",
    "scorer.HouseUse": "which house rule sets a device used lately: a device's, not the house's",
    "auth.User": "the operators' accounts (manage.py createsuperuser), no user's data",
    "auth.Group": "the operators' groups",
    "auth.Permission": "made by migrate",
    "contenttypes.ContentType": "made by migrate",
    "admin.LogEntry": "the operators' admin log",
    "sessions.Session": "a browser's session (the practice streak), which expires",
}
"""Models a backup does not hold, each with the reason (docs/deploy.md, "What it leaves out")."""
LEFT_OUT_FIELDS = {
    ("HandChange", "device"),
    ("GameChange", "device"),
    ("EventRecord", "device"),
    ("House", "owner"),
}
ENTRANT_IDS = {
    ("Round", "byes"),
    ("EventTable", "seats"),
    ("EventTable", "decided"),
    ("TieBreak", "entrants"),
}
"""JSON fields holding entrant ids: compared as the entrants they name."""
POSTGRES_SERVER = os.environ.get(
    "OKEYCALC_BACKUP_POSTGRES", os.environ.get("CI_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/test")
)


# --- every row, without its ids ----------------------------------------------------------------


NUMBERED = {
    Entrant: ("event", "position"),
    Round: ("event", "number"),
    EventTable: ("round", "number"),
    EventGame: ("table", "number"),
    TableCard: ("event", "number"),
    Member: ("club", "name"),
    ClubRating: ("club", "player"),
    HouseVersion: ("house", "number"),
}
"""Rows numbered (or named) within their parent: (the parent's field, the number's)."""


def natural_key(row: models.Model) -> tuple:
    """What names a row whatever its id: public ids, and positions or numbers within the parent."""
    if type(row) in NUMBERED:
        parent, number = NUMBERED[type(row)]
        return (*natural_key(getattr(row, parent)), getattr(row, number))
    match row:
        case Game() | Event() | Club() | House():
            return (row.code if isinstance(row, House) else row.public_id,)
        case ClubGame() | ClubEvent():
            return natural_key(row.game if isinstance(row, ClubGame) else row.event)
        case Season():
            siblings = list(Season.objects.filter(club=row.club).order_by("pk").values_list("pk", flat=True))
            return (*natural_key(row.club), siblings.index(row.pk))
        case Hand():
            return (*natural_key(row.game), row.position)
        case HandChange():
            siblings = list(HandChange.objects.filter(hand=row.hand).values_list("pk", flat=True))
            return (*natural_key(row.hand), siblings.index(row.pk))
        case EventRecord():
            siblings = list(EventRecord.objects.filter(event=row.event).values_list("pk", flat=True))
            return (*natural_key(row.event), siblings.index(row.pk))
        case TieBreak():
            return (*natural_key(row.table), *natural_key(row.game))
    raise AssertionError(f"no natural key for {type(row).__name__}")


def entrants_named(ids: list | None) -> list | None:
    return None if ids is None else [natural_key(Entrant.objects.get(pk=pk)) for pk in ids]


def row_values(row: models.Model) -> dict:
    name = type(row).__name__
    values = {}
    for field in type(row)._meta.concrete_fields:
        if field.primary_key or (name, field.name) in LEFT_OUT_FIELDS:
            continue
        value = field.value_from_object(row)
        if field.is_relation:
            value = natural_key(getattr(row, field.name)) if value is not None else None
        elif (name, field.name) in ENTRANT_IDS:
            value = entrants_named(value)
        elif (name, field.name) == ("Round", "seated_from"):
            value = [[natural_key(Entrant.objects.get(pk=pk)), place] for pk, place in value]
        values[field.name] = value
    return values


def backed_up_models() -> list[type[models.Model]]:
    """Every model of every installed app but those :data:`LEFT_OUT` names."""
    return [model for model in apps.get_models() if model._meta.label not in LEFT_OUT]


def row_counts() -> dict[str, int]:
    """Every model's number of rows, by its label."""
    return {model._meta.label: model.objects.count() for model in apps.get_models()}


def every_row() -> dict[str, list]:
    """Per model, its rows' every field (ids as natural keys), in the model's order."""
    return {
        model.__name__: sorted(
            (row_values(row) for row in model.objects.all()), key=lambda v: json.dumps(v, default=str)
        )
        for model in backed_up_models()
    }


# --- what a real database holds ----------------------------------------------------------------


def tables_and_events() -> None:
    """Tables of every rule set, corrected, deleted, restored and with request ids; rematch
    chains; a points event two rounds in (a withdrawal, a closed table), a knockout match of two
    games, an imported event, and a knockout with a tie-break game and a round timer."""
    make_tables(2)
    phone = Device.objects.create(token_hash=secrets.token_hex(32))
    game, rematch = finished_rematch_chain()
    Grant.objects.create(device=phone, game=game, kind=Grant.EDIT, secret_version=game.secret_version)
    hand = hand_record(
        game=rematch, data=finish_hand(), request_id="req-" + secrets.token_hex(8), device=phone
    )
    hand_update(hand=hand, data={"players": [{}, {"opened": "pairs", "finished": True}]}, device=phone)
    hand_delete(hand=Hand.objects.get(pk=hand.pk), device=phone)
    hand_restore(hand=Hand.objects.get(pk=hand.pk), device=phone)
    # the table's own facts changed: a name, the first dealer and the stake, each in its history
    game_facts_set(
        game=rematch, names=["Ayşe K.", rematch.players[1]], first_dealer=1 - rematch.first_dealer,
        stake=Stake(5000, cut_percent=1000, unit="₺"), device=phone,
    )  # fmt: skip

    event, _secret = new_event(8)
    round_start(event=event)
    play_round(event)
    second = round_start(event=event)
    entrant_withdraw(event=event, entrant_id=event.entrants.order_by("position").last().pk)
    table_close(event=event, table_id=second.tables.order_by("number").first().pk, note="Saat doldu")

    knockout, _secret = new_event(4, kind="knockout", games_per_match=2)
    (table,) = round_start(event=knockout).tables.all()
    play(table.games.get(), (-101, 40, 12, 202))
    game_rematch(game=table.games.get().game)
    event_import(data=event_document(event))

    tied, _secret = new_event(8, kind="knockout")  # a tie at the cut played off, a round timer
    round_start(event=tied)
    link = EventGame.objects.filter(table__round__event=tied).order_by("table__number").first()
    play(link, (-101, 12, 12, 202))
    tiebreak_start(event=tied, table_id=link.table_id)
    timer_change(event=tied, action="start", minutes=45)
    a_club(phone)
    houses_played(phone)


def houses_played(phone: Device) -> None:
    """A house rule set edited once (two versions), a table playing its first version and an
    event playing its second (its round seated: its table plays that copy)."""
    from scorer.tables.services.games import game_create

    cafe = {"base": "loca-cezali", "name": "Köşe", "values": {"finish": {"normal": -100}, "foul": 100}}
    house = house_create(document=cafe, device=phone)
    first = house.versions.get().copy(house.code)
    colours = {"red": 2, "yellow": 1, "blue": 3, "black": 4}
    house_update(house=house, document=cafe | {"colours": colours}, device=phone)
    game, _secret = game_create(
        ruleset="loca-cezali", options={}, players=["Ali", "Veli"], hands_planned=2, house=first
    )
    hand_record(game=game, data=finish_hand())
    event, _secret = new_event(4, house=house.versions.get(number=2).copy(house.code))
    round_start(event=event)


def a_club(phone: Device) -> None:
    """A club with members (one hidden), a season, two counted tables and one still playing, its
    ratings, an event opened in it (its round seated: its table counts toward the club), and an
    admin's grant (left out)."""
    club = club_create(name="Çarşamba", ruleset="kerizim", options={}, members=["Ali", "Veli", "Ayşe", "Cem"])
    member_visibility_set(member=club.members.get(name="Cem"), hidden=True)
    season_create(club=club, name="Kış", starts=date(2020, 1, 1), ends=date(2099, 12, 31))
    for players in (["Ali", "Veli"], ["Veli", "Ayşe"]):
        game, _secret = club_table_create(
            club=club, ruleset="kerizim", options={}, players=players, hands_planned=1
        )
        hand_record(game=game, data=finish_hand())
        club_game_changed(game=game)  # what the club's handler does once the hand is committed
    club_table_create(club=club, ruleset="kerizim", options={}, players=["Ali", "Ayşe"], hands_planned=3)
    event, _secret = club_event_create(
        club=club,
        name="Kulüp gecesi",
        date=None,
        ruleset="loca",
        options={},
        hands_per_game=1,
        kind="points",
        entrants=["Ali", "Veli", "Ayşe", "Cem"],
        seed=7,
        rounds=2,
    )
    round_start(event=event)
    ClubGrant.objects.create(device=phone, club=club, secret_version=club.secret_version)


def finish_hand() -> dict:
    return {"players": [{"opened": "sets", "finished": True}, {}]}


def finished_rematch_chain() -> tuple[Game, Game]:
    from scorer.tables.services.games import game_create

    game, _secret = game_create(ruleset="kerizim", options={}, players=["Ali", "Veli"], hands_planned=1)
    hand_record(game=game, data=finish_hand())
    rematch, _created = game_rematch(game=game)
    return game, rematch


def wipe() -> None:
    Club.objects.all().delete()
    Event.objects.all().delete()
    Game.objects.all().delete()
    Device.objects.all().delete()


# --- the other database ------------------------------------------------------------------------


def other_database(tmp_path: Path):
    """``(DATABASE_URL, drop)`` of an empty database of the other kind."""
    if connection.vendor == "postgresql":
        return f"sqlite:///{tmp_path / 'other.sqlite3'}", lambda: None
    import psycopg

    name = f"okeycalc_backup_{secrets.token_hex(4)}"
    server = POSTGRES_SERVER.replace("postgres://", "postgresql://", 1)
    try:
        admin = psycopg.connect(server, autocommit=True, connect_timeout=5)
    except psycopg.Error as exc:
        message = f"PostgreSQL is not reachable at {POSTGRES_SERVER}: {exc}"
        if os.environ.get("OKEYCALC_REQUIRE_POSTGRES") == "1" or os.environ.get("CI"):
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    admin.execute(f'CREATE DATABASE "{name}"')

    def drop() -> None:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()

    return server.rsplit("/", 1)[0] + f"/{name}", drop


def manage(url: str, *args: str) -> None:
    env = {**os.environ, "DATABASE_URL": url, "OKEYCALC_DB_POOL_SIZE": "0"}
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, f"manage.py {' '.join(args)}: {done.stdout}{done.stderr}"


def test_every_model_left_out_of_the_backup_says_why():
    labels = {model._meta.label for model in apps.get_models()}
    assert set(LEFT_OUT) <= labels  # no reason is kept for a model that is gone
    assert all(reason for reason in LEFT_OUT.values())


def test_a_backup_through_the_other_database_gives_back_every_row_of_every_model(tmp_path):
    tables_and_events()
    before, counts = every_row(), row_counts()
    assert {name for name, rows in before.items() if not rows} == set(), "every model has rows to compare"
    assert any(row["in_event"] for row in before["Game"]) and any(row["request_id"] for row in before["Hand"])
    assert any(row["stake"] for row in before["Game"]) and len(before["GameChange"]) == 3
    assert any(row["version"] > 1 for row in before["Hand"]) and any(
        row["rematch_of"] for row in before["Game"]
    )
    first, back = tmp_path / "first.jsonl", tmp_path / "back.jsonl"
    call_command("export_tables", str(first), stderr=io.StringIO())

    url, drop = other_database(tmp_path)
    try:
        manage(url, "migrate", "-v", "0")
        manage(url, "import_tables", str(first))
        manage(url, "export_tables", str(back))
    finally:
        drop()
    assert back.read_text("utf-8") == first.read_text("utf-8")  # the other database held the same

    wipe()
    call_command("import_tables", str(back), stdout=io.StringIO(), stderr=io.StringIO())
    after = every_row()
    assert {label: n for label, n in row_counts().items() if label not in LEFT_OUT} == {
        label: n for label, n in counts.items() if label not in LEFT_OUT
    }
    for name in before:
        assert after[name] == before[name], name
    again = tmp_path / "again.jsonl"
    call_command("export_tables", str(again), stderr=io.StringIO())
    assert again.read_text("utf-8") == first.read_text("utf-8")


def test_an_event_naming_a_table_not_restored_is_reported_by_path_and_stores_nothing(tmp_path):
    event, _secret = new_event(4)
    round_start(event=event)
    archive = tmp_path / "backup.jsonl"
    call_command("export_tables", str(archive), stderr=io.StringIO())
    lines = archive.read_text("utf-8").splitlines()
    assert list(json.loads(lines[-1])) == ["event"]  # the events come after the tables
    wipe()
    only_event = tmp_path / "event.jsonl"
    only_event.write_text(lines[-1] + "\n", encoding="utf-8")
    err = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("import_tables", str(only_event), stdout=io.StringIO(), stderr=err)
    assert exit_.value.code == 2
    path = "event.rounds[0].tables[0].games[0].table"
    assert f"event.jsonl:1: {path}: {gettext(MSG_NO_TABLE)}" in err.getvalue()
    assert not Event.objects.exists() and not Entrant.objects.exists()


def test_a_folder_backup_restores_its_events_whatever_the_order_of_the_files_and_twice_skips(tmp_path):
    event, _secret = new_event(4)
    round_start(event=event)
    play_round(event)
    before = every_row()
    call_command("export_tables", "--dir", str(tmp_path), stderr=io.StringIO())
    files = sorted(map(str, tmp_path.glob("*.json")), key=lambda name: "event-" not in name)
    assert "event-" in files[0]
    wipe()
    call_command("import_tables", *files, stdout=io.StringIO(), stderr=io.StringIO())
    assert every_row() == before
    err = io.StringIO()
    call_command("import_tables", *files, stdout=io.StringIO(), stderr=err)
    assert "0 event(s) imported, 1 skipped (already present), 0 invalid." in err.getvalue()
    assert every_row() == before
