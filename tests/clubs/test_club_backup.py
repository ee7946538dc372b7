"""A club in the backup (scorer/clubs/backup.py): its season comes back whole and its ratings agree
with its games after a restore, it is restored after the tables and events it names whatever the
order of the files, a restore run twice skips it, and a club naming a table the restore does not
hold is reported by its path and stores nothing. (Every row of every model, through the other
database: tests/tables/test_backup_complete.py.)"""

import io
import json

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils.translation import gettext

from scorer.clubs.backup import MSG_NO_TABLE
from scorer.clubs.models import Club, ClubGame, ClubRating, Member
from scorer.clubs.selectors import leaderboard
from scorer.models import Game
from scorer.tables.services.hands import hand_record
from tests.clubs.test_club_pages import club_url, open_club, open_table
from tests.support.factories import finisher

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(client, django_capture_on_commit_callbacks):
    """A club of six members with two counted tables and one still playing."""
    club = open_club(client)
    with django_capture_on_commit_callbacks(execute=True):
        for seats, finishing in (
            (["Ayşe", "Bora", "Cem", "Deniz"], 0),
            (["Ece", "Filiz", "Ayşe", "Bora"], 2),
        ):
            hand_record(game=open_table(client, club, seats), data=finisher(finishing))
        open_table(client, club, ["Cem", "Deniz", "Ece", "Filiz"], hands=3)
    return club


def standings(club: Club) -> list[tuple]:
    """The leaderboard's rows without the members' ids (a restore gives them new ones)."""
    board = leaderboard(club)
    return [(r.player, r.mu, r.sigma, r.ordinal, r.games, r.wins) for r in board.rated + board.provisional]


def wipe() -> None:
    Club.objects.all().delete()
    Game.objects.all().delete()


def export(path) -> str:
    call_command("export_tables", str(path), stderr=io.StringIO())
    return path.read_text("utf-8")


def restore(*files, as_new: bool = False) -> tuple[int, str]:
    err = io.StringIO()
    try:
        call_command(
            "import_tables",
            *map(str, files),
            *(["--as-new"] if as_new else []),
            stdout=io.StringIO(),
            stderr=err,
        )
    except SystemExit as exc:
        return exc.code, err.getvalue()
    return 0, err.getvalue()


def test_a_restored_club_shows_its_leaderboard_and_its_ratings_agree_with_its_games(club, tmp_path):
    board = standings(club)
    archive = tmp_path / "backup.jsonl"
    text = export(archive)
    assert list(json.loads(text.splitlines()[-1])) == ["club"]  # the clubs come last
    wipe()

    assert restore(archive) == (
        0,
        "3 table(s) imported, 0 skipped (already present), 0 invalid.\n"
        "1 club(s) imported, 0 skipped (already present), 0 invalid.\n",
    )
    restored = Club.objects.get()
    assert restored.public_id == club.public_id and restored.link_secret == club.link_secret
    assert Member.objects.count() == 6 and ClubGame.objects.count() == 3 and ClubRating.objects.count() == 6
    assert standings(restored) == board and len(board) == 6
    page = Client().get(club_url(restored))
    assert page.status_code == 200 and "Filiz" in page.content.decode()
    out = io.StringIO()
    call_command("rate", "--check", stdout=out)  # exits 3 on any difference
    assert json.loads(out.getvalue())["clubs"][0]["differences"] == []


def test_a_folder_backup_restores_its_club_after_its_tables_and_twice_skips_it(club, tmp_path):
    call_command("export_tables", "--dir", str(tmp_path), stderr=io.StringIO())
    files = sorted(tmp_path.glob("*.json"), key=lambda path: not path.name.startswith("club-"))
    assert files[0].name == f"club-{club.public_id}.json"
    wipe()

    assert restore(*files)[0] == 0 and Club.objects.count() == 1
    code, err = restore(*files)
    assert code == 0 and "0 club(s) imported, 1 skipped (already present), 0 invalid." in err


def test_a_club_naming_a_table_not_restored_is_reported_by_path_and_stores_nothing(club, tmp_path):
    lines = export(tmp_path / "backup.jsonl").splitlines()
    only_club = tmp_path / "club.jsonl"
    only_club.write_text(lines[-1] + "\n", encoding="utf-8")
    wipe()

    code, err = restore(only_club)
    assert code == 2
    assert f"club.jsonl:1: club.games[0].table: {gettext(MSG_NO_TABLE)}" in err
    assert not Club.objects.exists() and not Member.objects.exists()


def test_as_new_imports_the_tables_only(club, tmp_path):
    archive = tmp_path / "backup.jsonl"
    export(archive)
    wipe()
    code, err = restore(archive, as_new=True)
    assert code == 0 and "--as-new imports tables only" in err
    assert Game.objects.count() == 3 and not Club.objects.exists()


def test_a_club_whose_table_another_club_holds_is_refused(club, client, tmp_path):
    archive = tmp_path / "backup.jsonl"
    export(archive)
    Club.objects.all().delete()  # the tables stay, and another club takes one of them
    other = open_club(client, members="Ayşe\nBora\nCem\nDeniz")
    ClubGame.objects.create(club=other, game=Game.objects.order_by("pk").first())

    code, err = restore(archive)
    assert code == 2 and "club.games[" in err and Club.objects.count() == 1
