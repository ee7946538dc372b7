"""The table's details page (scorer/tables/views/facts.py): scorekeepers rename a player, change the
first dealer and record the stake, without JavaScript; errors stay on their fields with what was
typed; the board shows the change, the stake and its settlement to every phone."""

import re

import pytest
from django.test import Client

from scorer.engine.settlement import Stake
from scorer.models import Game, GameChange
from scorer.tables.services.facts import game_players_rename
from tests.formkit.test_markup import assert_labelled, by_id
from tests.support.eventdb import new_event
from tests.support.factories import NAMES, claim, finisher, new_table, url

pytestmark = pytest.mark.django_db


def facts(game: Game, **fields) -> dict:
    """The page's form as shown for ``game`` (one change seen per row of its history), with ``fields``."""
    data = {f"player_{k}": name for k, name in enumerate(game.players, start=1)}
    data |= {
        "seen": str(GameChange.objects.filter(game=game).count()),
        "first_dealer": str(game.first_dealer),
    }
    data |= {"entry": "", "unit": "", "cut_kind": "none", "cut": ""}
    return data | fields


@pytest.fixture
def table(client: Client) -> Game:
    game, secret = new_table("kerizim", players=NAMES[:3], hands_planned=3, hands=[finisher(0, players=3)])
    claim(client, game, secret)
    return game


def test_the_page_shows_the_tables_details_labelled_and_is_for_scorekeepers_only(client, table):
    html = client.get(url("game_facts", table)).content.decode()
    assert_labelled(html)
    ids = by_id(html)
    assert [ids[f"id_player_{k}"][1]["value"] for k in (1, 2, 3)] == NAMES[:3]
    assert "Masa bilgileri" in html and "Masada yapılan değişiklikler" in html
    assert client.get(url("game_board", table)).content.decode().count(url("game_facts", table)) == 1
    viewer = Client()
    assert viewer.get(url("game_facts", table)).status_code == 403
    assert url("game_facts", table) not in viewer.get(url("game_board", table)).content.decode()


def test_a_rename_and_a_new_first_dealer_are_saved_and_shown_on_every_board(client, table):
    response = client.post(url("game_facts", table), facts(table, player_2="Bora K.", first_dealer="2"))
    assert response.status_code == 302 and response["Location"] == url("game_board", table)
    table.refresh_from_db()
    assert table.players == ["Ayşe", "Bora K.", "Cem"] and table.first_dealer == 2
    assert table.hands.get().dealer == 2
    board = Client().get(url("game_board", table)).content.decode()  # a viewer's
    assert "Bora K." in board
    history = re.search(r"data-table-history.*?</section>", board, re.S)[0]
    assert "Bora K." in history and "Dağıtan" not in history and "İlk dağıtan" in history
    assert "bu telefon" not in history  # what every phone shares names no phone
    page = client.get(url("game_facts", table)).content.decode()
    assert page.count('data-device="this"') == 2


def test_the_stake_is_recorded_and_the_settlement_shown_when_the_game_ends(client, table):
    client.post(
        url("game_facts", table), facts(table, entry="10", unit="altın", cut_kind="percent", cut="10")
    )
    table.refresh_from_db()
    assert table.stake == {"entry": 1000, "cut": {"percent": 1000}, "unit": "altın"}
    board = client.get(url("game_board", table)).content.decode()
    assert re.search(r"10 altın.*× 3 = 30 altın", board, re.S)
    assert "data-settlement" not in board  # two hands to go
    for seat in (0, 0):
        client.post(
            url("hand_new", table), {**hand_post(seat), "hands_before": str(table.hands.live().count())}
        )
    board = client.get(url("game_board", table)).content.decode()
    assert "data-settlement" in board
    payments = re.findall(r'<li data-payment="(\d+)">(.*?)</li>', board, re.S)
    assert [(amount, re.sub(r"\s+", " ", text)) for amount, text in payments] == [
        ("1000", "Bora öder, Ayşe alır: 10 altın"),
        ("700", "Cem öder, Ayşe alır: 7 altın"),
        ("300", "Cem masaya öder: 3 altın (kesinti)"),
    ]
    sheet = client.get(url("game_print", table)).content.decode()
    assert "data-settlement" in sheet and "Cem masaya öder: 3 altın" in sheet


def hand_post(seat: int) -> dict:
    data = {"finisher": str(seat)}
    for k in range(3):
        data[f"p{k}-opened"] = "sets"
        if k != seat:
            data[f"p{k}-points"] = "20"
    return data


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"entry": "12,505"}, "entry", "50 ya da 12,50"),
        ({"entry": "-5"}, "entry", "50 ya da 12,50"),
        ({"entry": "0"}, "entry", "50 ya da 12,50"),
        ({"entry": "10", "cut_kind": "percent", "cut": "120"}, "cut", "0 ile 100"),
        ({"entry": "10", "cut_kind": "amount", "cut": ""}, "cut", "Kesintiyi yazın"),
        ({"entry": "", "cut_kind": "amount", "cut": "5"}, "cut", "Önce masa girişini"),
        ({"entry": "10", "unit": "çok uzun bir birim"}, "unit", "En çok 12"),
        ({"player_2": ""}, "player_2", "İsim boş olamaz"),
        ({"player_2": "ayşe"}, "player_2", "aynı olamaz"),
    ],
)
def test_what_is_refused_says_why_on_its_field_and_keeps_what_was_typed(
    client, table, fields, field, message
):
    html = client.post(url("game_facts", table), facts(table, **fields)).content.decode()
    ids = by_id(html)
    assert ids[f"id_{field}"][1].get("aria-invalid") == "true", field
    error = re.search(rf'id="id_{field}_error"[^>]*>(.*?)</', html, re.S)
    assert error and message in error[1]
    for name, value in fields.items():
        if name != "cut_kind":
            assert ids[f"id_{name}"][1].get("value", "") == value
    assert Game.objects.get(pk=table.pk).players == NAMES[:3] and not GameChange.objects.exists()


def test_a_change_made_meanwhile_on_another_phone_is_not_overwritten(client, table):
    shown = facts(table)
    game_players_rename(game=table, names=["Ayşe", "Bora", "Cemil"])
    html = client.post(url("game_facts", table), shown | {"player_1": "Ayla"}).content.decode()
    assert "Başka bir telefon" in html and "Cemil" in html
    assert Game.objects.get(pk=table.pk).players == ["Ayşe", "Bora", "Cemil"]
    assert 'name="seen" value="1"' in html  # saving again is a choice made knowing it
    assert by_id(html)["id_player_1"][1]["value"] == "Ayla"


def test_an_event_table_says_its_seating_is_the_organizers(client):
    event, _secret = new_event(4)
    from scorer.events.services.rounds import round_start

    round_start(event=event)
    game = Game.objects.get(in_event=True)
    claim(client, game, game.link_secret)
    html = client.get(url("game_facts", game)).content.decode()
    assert "data-event-refusal" in html and 'name="player_1"' not in html
    response = client.post(url("game_facts", game), facts(game, player_1="X"))
    assert Game.objects.get(pk=game.pk).players == game.players and response.status_code == 200


def test_the_stake_stays_on_a_rematch(client):
    game, secret = new_table("kerizim", hands_planned=1, hands=[finisher(0)])
    claim(client, game, secret)
    client.post(url("game_facts", game), facts(game, entry="5"))
    client.post(url("game_rematch", game))
    assert Game.objects.get(rematch_of=game).stake == Stake(500).stored()
