"""Playing a house rule set: a table opened with one (by code, from the device's recent ones),
its frozen copy (an edit of the house is a new version for new tables, never a new score for a
game already played), the board and the lines citing the house, the gösterge colour on the hand
form and from the tile picker, the rematch, the outlook, exports and imports, an event's tables
and standings, and a club's tables and ratings."""

import json
import re
import secrets

import pytest
from django.urls import reverse

from scorer.clubs.models import Club
from scorer.clubs.selectors import club_document
from scorer.engine import score_game
from scorer.events.models import EventGame
from scorer.events.selectors.document import event_document
from scorer.events.selectors.standings import event_standings
from scorer.events.services.rounds import round_start
from scorer.houses.models import House
from scorer.houses.services import house_create, house_update
from scorer.models import Device, Game
from scorer.tables.outlook import board_outlook
from scorer.tables.selectors import game_board, game_document
from scorer.tables.services.games import game_create, game_rematch
from scorer.tables.services.hands import hand_record
from tests.support.eventdb import new_event, play
from tests.support.factories import post_hand, posted_table, url
from tests.support.markup import field_value

pytestmark = pytest.mark.django_db

CAFE = {
    "base": "loca-cezali",
    "name": "Köşe Kahvesi",
    "values": {"finish": {"normal": -100}, "not_opened": 200, "foul": 100},
}
RENKLI = {"base": "loca", "name": "Renkli", "colours": {"red": 4, "yellow": 6, "blue": 3, "black": 5}}
HAND = {
    "finisher": "0",
    "p0-opened": "sets",
    "p1-opened": "sets",
    "p1-points": "23",
    "p2-opened": "none",
    "p3-opened": "none",
    "p3-foul_okey_discard": "1",
}
"""Ayşe finishes normally; Bora opened and holds 23; Cem and Deniz never opened, Deniz discarded an okey."""


def made(document=CAFE) -> House:
    return house_create(document=document, device=Device.objects.create(token_hash=secrets.token_hex(32)))


def opened_with(client, house: House, **fields) -> Game:
    base = house.versions.get(number=house.current).base
    return posted_table(client, house_code=house.code, options_for=base, **fields)


def totals(game: Game) -> tuple[int, ...]:
    return game_board(game).totals


def test_a_table_opened_with_a_houses_code_keeps_a_copy_of_its_version(client):
    house = made()
    game = opened_with(client, house)
    assert (game.ruleset, game.house, game.house_code, game.house_version) == (
        "loca-cezali",
        CAFE,
        house.code,
        1,
    )
    assert post_hand(client, game, HAND).status_code == 302
    assert totals(game) == (-100, 23, 200, 300)


def test_the_board_names_the_house_and_its_version_and_the_lines_cite_it(client):
    house = made()
    game = opened_with(client, house)
    post_hand(client, game, HAND)
    board = client.get(url("game_board", game)).content.decode()
    version_url = reverse("scorer:house_version", args=[house.code, 1])
    assert re.search(rf'data-house-plays="{house.code}" data-house-version="1"', board)
    assert f'href="{version_url}">Köşe Kahvesi</a>' in board
    detail = client.get(url("hand_detail", game, 1)).content.decode()
    assert f'href="{version_url}#finish"' in detail and f'href="{version_url}#not_opened"' in detail
    assert f'href="{version_url}#foul"' in detail
    assert "−100" in detail


def test_an_edit_of_the_house_is_for_new_tables_the_running_game_keeps_its_numbers(client):
    house = made()
    game = opened_with(client, house)
    post_hand(client, game, HAND)
    house_update(house=house, document=CAFE | {"values": {"not_opened": 250}}, device=house.owner)
    game.refresh_from_db()
    assert totals(game) == (-100, 23, 200, 300)
    post_hand(client, game, HAND)
    assert totals(Game.objects.get(pk=game.pk)) == (-200, 46, 400, 600)
    board = client.get(url("game_board", game)).content.decode()
    assert 'data-house-version="1"' in board
    newer = opened_with(client, house)
    assert newer.house_version == 2 and newer.house["values"] == {"not_opened": 250}


def test_a_table_can_take_a_house_from_this_devices_recent_ones(client):
    house = made()
    posted_table(client)  # this phone has opened a table before: it is a device
    client.get(reverse("scorer:house", args=[house.code]))  # opening its page makes it recent
    page = client.get(reverse("scorer:game_new")).content.decode()
    assert f'name="house" id="id_house_1" value="{house.code}"' in page
    game = posted_table(client, house=house.code, options_for="loca-cezali")
    assert game.house_code == house.code


def test_a_house_on_another_base_shows_its_options_before_anything_is_opened(client):
    house = made(RENKLI)
    response = client.post(
        reverse("scorer:game_new"), {**_table(), "house_code": house.code, "options_for": "loca-cezali"}
    )
    page = response.content.decode()
    assert response.status_code == 200 and not Game.objects.exists()
    assert "data-options-changed" in page and 'data-house-base="loca"' in page
    assert field_value(page, "ruleset") == "loca"


def test_an_unknown_code_is_the_fields_error_and_nothing_is_opened(client):
    response = client.post(
        reverse("scorer:game_new"), {**_table(), "house_code": "ZZZZZZ", "options_for": "loca-cezali"}
    )
    page = response.content.decode()
    assert response.status_code == 200 and not Game.objects.exists()
    assert 'id="id_house_code_error"' in page and field_value(page, "house_code") == "ZZZZZZ"


def _table() -> dict:
    from tests.support.posts import NEW_TABLE

    return dict(NEW_TABLE)


def test_a_colour_house_asks_the_gosterge_and_multiplies_the_hand(client):
    house = made(RENKLI)
    game = opened_with(client, house)
    form = client.get(url("hand_new", game)).content.decode()
    assert form.count("data-gosterge") == 1
    assert re.findall(r'name="gosterge"[^>]*value="(\w+)"', form) == ["red", "yellow", "blue", "black"]
    missing = post_hand(client, game, HAND)
    assert missing.status_code == 200 and 'id="id_gosterge_error"' in missing.content.decode()
    assert field_value(missing.content.decode(), "p1-points") == "23"
    assert post_hand(client, game, HAND | {"gosterge": "blue"}).status_code == 302
    assert game.hands.get().data["indicator"] == "blue-1"
    assert totals(game) == (-303, 69, 606, 909)
    edit = client.get(url("hand_edit", game, 1)).content.decode()
    assert re.search(r'value="blue"\s+checked', edit)


def test_the_tile_picker_gives_the_gosterge_its_indicators_colour(client):
    house = made(RENKLI)
    game = opened_with(client, house)
    picker = reverse("scorer:tile_picker") + f"?masa={game.public_id}&oyuncu=1"
    page = client.post(
        picker, {**HAND, "gosterge": "red", "indicator": "black-7", "p1-blue-3": "1"}
    ).content.decode()
    gosterge = re.findall(r'form="picker-back" name="gosterge" value="(\w+)"', page)
    assert gosterge == ["black"]  # the picked indicator's colour, in place of the one chosen before


def test_the_rematch_plays_the_same_copy(client):
    house = made()
    game = opened_with(client, house, hands_planned="1")
    post_hand(client, game, HAND)
    house_update(house=house, document=CAFE | {"values": {}}, device=house.owner)
    rematch, _created = game_rematch(game=Game.objects.get(pk=game.pk))
    assert (rematch.house, rematch.house_version) == (CAFE, 1)


def test_the_outlook_weighs_the_houses_numbers():
    """With 250 between them and one hand left, what each player needs under LOCA is not what they
    need when a player who never opened pays only 100."""

    def sentences(house) -> list[tuple[str, ...]]:
        game, _secret = game_create(
            ruleset="loca", options={}, players=["A", "B"], hands_planned=2, house=house
        )
        hand = {
            "players": [
                {"opened": "sets", "finished": True},
                {"opened": "sets", "remaining": {"points": 149}},
            ]
        }
        hand_record(game=game, data=hand)
        outlook = board_outlook(game_board(Game.objects.get(pk=game.pk)))
        assert outlook["left"] == 1
        return [prospect.sentences for prospect in outlook["prospects"]]

    base = sentences(None)
    assert sentences(made_copy({"base": "loca"})) == base  # a house of no values says the same
    assert sentences(made_copy({"base": "loca", "values": {"not_opened": 100}})) != base


def made_copy(document: dict):
    house = made(document)
    return house.versions.get().copy(house.code)


def test_the_export_carries_the_house_and_an_import_plays_it_again(client):
    house = made()
    game = opened_with(client, house)
    post_hand(client, game, HAND)
    document = json.loads(client.get(url("export_json", game)).content)
    assert document["ruleset"] == CAFE
    assert score_game(document).totals == (-100, 23, 200, 300)
    response = client.post(reverse("scorer:game_import"), {"file": _upload(document)}, follow=False)
    assert response.status_code == 302, response.content.decode()[:800]
    imported = Game.objects.exclude(pk=game.pk).get()
    assert imported.house == CAFE and totals(imported) == (-100, 23, 200, 300)


def _upload(document: dict):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("oyun.json", json.dumps(document).encode(), content_type="application/json")


def test_an_events_tables_play_its_house_and_its_standings_count_its_numbers():
    house = made()
    event, _secret = new_event(4, house=house.versions.get().copy(house.code))
    assert (event.house, event.house_code) == (CAFE, house.code)
    round_start(event=event)
    link = EventGame.objects.get()
    assert link.game.house == CAFE
    play(link, (-101, 23, 202, 202))  # finishes, holds 23, never opened twice
    document = event_document(event)
    assert document["ruleset"] == CAFE
    assert event_standings(event).result.rounds[0].tables[0].totals == (-100, 23, 200, 200)


def test_a_clubs_house_is_where_its_tables_start_and_its_ratings_count_it(
    client, django_capture_on_commit_callbacks
):
    house = made()
    response = client.post(
        reverse("scorer:club_new"),
        {
            "name": "Çarşamba",
            "ruleset": "loca-cezali",
            "option_katlama": "none",
            "members": "Ayşe\nBora\nCem\nDeniz",
            "house_code": house.code,
            "options_for": "loca-cezali",
        },
    )
    assert response.status_code == 302, response.content.decode()[:800]
    club = Club.objects.get()
    assert club.house == CAFE
    form = client.get(reverse("scorer:club_table_new", args=[club.public_id])).content.decode()
    assert f'value="{house.code}" checked' in form
    data = {**_table(), "hands_planned": "1", "house": house.code, "options_for": "loca-cezali"}
    response = client.post(reverse("scorer:club_table_new", args=[club.public_id]), data)
    assert response.status_code == 302, response.content.decode()[:800]
    game = Game.objects.get()
    assert game.house == CAFE
    with django_capture_on_commit_callbacks(execute=True):
        post_hand(client, game, HAND)
    games = club_document(club)["games"]
    assert games[0]["ruleset"] == CAFE
    assert score_game(games[0]).totals == (-100, 23, 200, 300)


def test_game_document_is_what_every_reader_scores():
    game, _secret = game_create(
        ruleset="loca", options={}, players=["A", "B"], hands_planned=1, house=made_copy(RENKLI)
    )
    hand_record(
        game=game, data={"players": [{"opened": "sets", "finished": True}, {}], "indicator": "yellow-3"}
    )
    assert score_game(game_document(game)).totals == (-606, 1212)


def test_an_event_made_with_a_house_by_its_code_plays_it(client):
    from scorer.events.models import Event
    from tests.support.posts import NEW_EVENT

    house = made({"base": "loca", "name": "Perşembe kuralı", "values": {"foul": 50}})
    response = client.post(reverse("scorer:event_new"), {**NEW_EVENT, "house_code": house.code})
    assert response.status_code == 302, response.content.decode()[:800]
    event = Event.objects.get()
    assert (event.house["values"], event.house_code, event.house_version) == ({"foul": 50}, house.code, 1)
    organizer = client.get(reverse("scorer:event_organize", args=[event.public_id])).content.decode()
    assert "Perşembe kuralı" in organizer  # the rule set's name is the house's
