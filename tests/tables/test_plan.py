"""Changing the planned number of hands on the board: a form without JavaScript, the
live board with htmx, only for the scorekeeper, refused when the table changed meanwhile."""

import pytest

from scorer.models import Game
from scorer.tables.services.hands import hand_record
from tests.support.factories import claim, finisher, new_table, url

pytestmark = pytest.mark.django_db


def test_the_board_offers_the_rule_sets_counts_to_the_scorekeeper_only(client):
    game, secret = new_table("gkokay", hands_planned=5, hands=[finisher(0), finisher(1), finisher(2)])
    assert "data-plan" not in client.get(url("game_board", game)).content.decode()  # a viewer

    claim(client, game, secret)
    html = client.get(url("game_board", game)).content.decode()

    assert 'name="hands_planned"' in html
    options = html.split('name="hands_planned"', 1)[1].split("</select>", 1)[0]
    assert [v for v in ("3", "5", "7", "11") if f'<option value="{v}"' in options] == ["3", "5", "7", "11"]
    assert '<option value="2"' not in options and '<option value="1"' not in options
    assert f'name="version" value="{game.version}"' in html


def test_without_javascript_the_change_redirects_to_the_board_with_a_message(client):
    game, secret = new_table("gkokay", hands_planned=5, hands=[finisher(0)])
    claim(client, game, secret)
    game.refresh_from_db()

    response = client.post(
        url("game_plan", game), {"hands_planned": "7", "version": str(game.version)}, follow=True
    )

    assert Game.objects.get(pk=game.pk).hands_planned == 7
    html = response.content.decode()
    assert "Bu oyun artık 7 el." in html
    assert 'data-hands-planned="7"' in html


def test_with_htmx_the_live_board_comes_back_with_the_outcome(client):
    game, secret = new_table("gkokay", hands_planned=5, hands=[finisher(0)])
    claim(client, game, secret)
    game.refresh_from_db()
    client.cookies["django_language"] = "en"

    response = client.post(
        url("game_plan", game),
        {"hands_planned": "3", "version": str(game.version)},
        headers={"HX-Request": "true"},
    )

    html = response.content.decode()
    assert response.status_code == 200 and html.lstrip().startswith('<section id="board-live"')
    assert "This game is now 3 hands." in html and 'data-hands-planned="3"' in html


def test_a_stale_change_is_refused_and_says_why(client):
    game, secret = new_table("gkokay", hands_planned=5, hands=[finisher(0)])
    claim(client, game, secret)
    game.refresh_from_db()
    shown = game.version
    hand_record(game=game, data=finisher(1))

    html = client.post(
        url("game_plan", game), {"hands_planned": "3", "version": str(shown)}, headers={"HX-Request": "true"}
    ).content.decode()

    assert "Masa bu arada değişti" in html and 'aria-invalid="true"' in html and "<details" in html
    assert Game.objects.get(pk=game.pk).hands_planned == 5
    refused = client.post(
        url("game_plan", game), {"hands_planned": "4", "version": str(game.version + 1)}, follow=True
    )
    assert "Bu kural setinin el sayılarından birini seçin." in refused.content.decode()
