"""The board marks a corrected hand and the hand's page shows its history."""

import re

import pytest
from django.test import Client

from scorer.access import DEVICE_COOKIE
from scorer.models import Device, Hand
from tests.support.factories import claim, finisher, hand_href, new_table, post_hand, url
from tests.support.posts import E2_HAND

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    game, secret = new_table("loca-cezali", hands_planned=5, hands=[finisher(0), finisher(1)])
    return game, secret


def keeper_of(game, secret) -> Client:
    return claim(Client(), game, secret)


def correct(client: Client, game, position: int = 1, **fields) -> None:
    hand = Hand.objects.get(game=game, position=position)
    response = client.post(
        url("hand_edit", game, position), E2_HAND | {"editing": position, "version": hand.version} | fields
    )
    assert response.status_code == 302, response.content.decode()[:400]


def row_head(html: str, number: int) -> str:
    return re.search(
        rf'<tr data-position="\d+" data-number="{number}">(.*?)</tr>\s*<tr class="hand-facts".*?</tr>',
        html,
        re.S,
    )[0]


@pytest.mark.parametrize("language, word", [("tr", "düzeltildi"), ("en", "corrected")])
def test_the_board_marks_a_corrected_hand_for_viewers_and_the_scorekeeper(table, language, word):
    game, secret = table
    keeper = keeper_of(game, secret)
    viewer = Client()
    viewer.get(url("game_board", game))  # cached before the correction

    correct(keeper, game, 1)

    for client in (keeper, viewer):
        client.cookies["django_language"] = language
        html = client.get(url("game_board", game)).content.decode()
        first, second = row_head(html, 1), row_head(html, 2)
        assert "data-corrected" in first and "data-corrected" not in second
        assert f", {word}</span>" in first  # the hand's link is named "1, corrected"
        assert f'href="{hand_href("hand_detail", game, 1)}#gecmis"' in first
        assert "data-late" not in first


def test_a_correction_after_the_last_hand_is_marked_as_made_after_the_game_ended(table):
    game, secret = table
    keeper = keeper_of(game, secret)
    correct(keeper, game, 1)
    for seat in range(3):
        # Ayşe (sets) holds 5 when she does not finish: an opener's empty "Kalan sayı" is refused
        response = post_hand(keeper, game, E2_HAND | {"finisher": str(seat), "p0-points": "5"})
        assert response.status_code == 302

    correct(keeper, game, 2)

    html = Client().get(url("game_board", game)).content.decode()
    assert "data-late" not in row_head(html, 1)  # corrected while the game ran
    assert "data-late" in row_head(html, 2)
    assert "oyun bittikten sonra düzeltildi" in row_head(html, 2)
    page = Client().get(url("hand_detail", game, 2)).content.decode()
    assert "Oyun bittikten sonra düzeltildi" in page
    assert page.count("data-after-game-end") == 1


def test_the_hand_page_shows_its_history_as_this_phone_or_another_phone_never_a_token(table):
    game, secret = table
    keeper = keeper_of(game, secret)
    correct(keeper, game, 1, **{"p1-points": "31"})
    viewer = Client()
    viewer.get(url("game_board", game))

    own = keeper.get(url("hand_detail", game, 1)).content.decode()
    other = viewer.get(url("hand_detail", game, 1)).content.decode()

    history = re.search(r'<section class="mt-4 hand-history".*?</section>', own, re.S)[0]
    assert re.findall(r'data-change="(\w+)"', history) == ["create", "correct"]
    assert re.findall(r'data-device="(\w+)"', history) == ["other", "this"]  # the set-up entered it
    assert 'data-device="this">bu telefon' in history
    assert 'data-device="other">başka bir telefon' in other
    assert "Kalan sayı" in history and ">31</span>" in history
    for device in Device.objects.all():
        assert device.token_hash not in own + other
    token = keeper.cookies[DEVICE_COOKIE].value
    assert token not in own and token not in other


def test_a_hand_entered_on_the_page_has_its_creation_and_deletion_and_restore_in_its_history(table):
    game, secret = table
    keeper = keeper_of(game, secret)
    assert post_hand(keeper, game, E2_HAND).status_code == 302
    keeper.post(url("hand_delete", game, 3))
    keeper.post(url("hand_restore", game, 3))

    keeper.cookies["django_language"] = "en"
    page = keeper.get(url("hand_detail", game, 3)).content.decode()

    assert re.findall(r'data-change="(\w+)"', page) == ["create", "delete", "restore"]
    assert page.count('data-device="this"') == 3
    assert "data-corrected" not in page  # deleted and restored, never corrected
