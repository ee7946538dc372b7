"""A table's CSV and JSON downloads are named by its date and players (the addresses stay
``oyun.csv`` / ``oyun.json``): an ASCII ``filename`` and RFC 5987's ``filename*`` with the Turkish letters."""

import datetime
from urllib.parse import unquote

import pytest
from django.utils import timezone

from tests.support.factories import new_table, url

pytestmark = pytest.mark.django_db


def disposition(client, name: str, game) -> dict[str, str]:
    header = client.get(url(name, game))["Content-Disposition"]
    kind, *params = [part.strip() for part in header.split(";")]
    assert kind == "attachment"
    return dict(param.split("=", 1) for param in params)


@pytest.fixture
def game():
    game, _ = new_table(players=["Ayşe", "İlkay", "Çağrı", "Gül Öz"])
    game.created_at = datetime.datetime(2026, 11, 30, 22, 30, tzinfo=datetime.UTC)  # 1 December in Istanbul
    game.save(update_fields=["created_at"])
    return game


@pytest.mark.parametrize(("name", "extension"), [("export_csv", "csv"), ("export_json", "json")])
def test_the_download_carries_the_tables_date_and_players(client, game, name, extension):
    params = disposition(client, name, game)

    assert params["filename"] == f'"okey-2026-12-01-Ayse-Ilkay-Cagri-Gul-Oz.{extension}"'
    assert params["filename*"].startswith("UTF-8''")
    assert unquote(params["filename*"][7:]) == f"okey-2026-12-01-Ayşe-İlkay-Çağrı-Gül-Öz.{extension}"


def test_ascii_names_need_no_second_name(client):
    game, _ = new_table(players=["Ali", "Bora"])
    today = timezone.localdate().isoformat()

    assert disposition(client, "export_csv", game) == {"filename": f'"okey-{today}-Ali-Bora.csv"'}


def test_names_cannot_break_the_header(client):
    game, _ = new_table(players=['a"b;ç', "x/y\\z", "%41", "Deniz"])

    params = disposition(client, "export_json", game)

    assert params["filename"].count('"') == 2
    decoded = unquote(params["filename*"][7:])
    assert not set('"/\\;%') & set(decoded), decoded
