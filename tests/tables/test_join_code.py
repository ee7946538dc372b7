"""Joining a table by its code: typed on the home page it opens the viewers' board,
read-only, rate limited, a wrong code a field error in the user's language keeping what was typed."""

import re

import pytest
from django.core.cache import caches
from django.test import Client
from django.urls import reverse

from scorer.models import JOIN_CODE_ALPHABET, Game, Grant, new_join_code
from scorer.tables.joincode import normalized, shown
from scorer.tables.services.hands import hand_record
from tests.support.factories import claim, finisher, new_table, url

pytestmark = pytest.mark.django_db

JOIN = reverse("scorer:join_by_code")


def test_every_table_gets_a_six_character_code_without_look_alikes():
    codes = {new_table()[0].code for _ in range(20)}
    assert len(codes) == 20
    for code in codes:
        assert len(code) == 6 and set(code) <= set(JOIN_CODE_ALPHABET)
    assert not set("0O1IL") & set(JOIN_CODE_ALPHABET)
    assert len({new_join_code() for _ in range(2000)}) > 1990


@pytest.mark.parametrize("typed", ["k7m q2p", "K7M-Q2P", " k7mq2p ", "K7M – Q2P", "k7m.q2p"])
def test_the_code_is_read_case_insensitively_with_spaces_and_dashes(typed):
    assert normalized(typed) == "K7MQ2P"
    assert shown("K7MQ2P") == "K7M-Q2P"


@pytest.mark.parametrize("typed", ["", "K7MQ2", "K7MQ2PX", "K0MQ2P", "KIMQ2P", "ş7mq2p", "x" * 500])
def test_what_cannot_be_a_code_is_not_one(typed):
    assert normalized(typed) is None


def test_the_code_opens_the_viewers_board_and_never_edit_rights(client):
    game, _ = new_table(hands=[finisher(0)])
    typed = f"{game.code[:3].lower()} {game.code[3:].lower()}"

    response = client.get(JOIN, {"kod": typed})

    assert response.status_code == 302 and response["Location"] == url("game_board", game)
    board = client.get(response["Location"]).content.decode()
    assert "data-add-hand" not in board
    assert not Grant.objects.filter(kind=Grant.EDIT).exists()
    assert client.post(url("hand_new", game), {"finisher": "0"}).status_code == 403
    assert client.post(url("game_plan", game), {"hands_planned": "1"}).status_code == 403


@pytest.mark.parametrize(
    ("language", "typed", "message"),
    [
        ("tr", "ZZZ-ZZZ", "Bu kodla bir masa yok"),
        ("en", "ZZZ-ZZZ", "No table has this code"),
        ("tr", "abc", "Masa kodu 6 harf ve rakamdır"),
        ("en", "abc", "A table code has 6 letters and digits"),
    ],
)
def test_a_wrong_code_is_a_field_error_on_the_home_page_keeping_what_was_typed(
    client, language, typed, message
):
    Game.objects.filter(code="ZZZZZZ").delete()
    client.cookies["django_language"] = language

    response = client.get(JOIN, {"kod": typed})

    html = response.content.decode()
    assert response.status_code == 200
    assert message in html
    field = re.search(r'<input[^>]*name="kod"[^>]*>', html).group(0)
    assert f'value="{typed}"' in field and 'aria-invalid="true"' in field
    assert 'aria-describedby="join-code_helptext join-code_error"' in field


def test_the_home_page_has_a_labelled_code_field_that_works_without_javascript(client):
    html = client.get(reverse("scorer:home")).content.decode()
    form = re.search(r"<form[^>]*data-join-code-form[^>]*>.*?</form>", html, re.S).group(0)
    assert f'action="{JOIN}"' in form and 'method="get"' in form
    assert 'for="join-code"' in form and 'id="join-code"' in form


def test_board_and_print_view_show_the_code(client):
    game, _ = new_table(hands=[finisher(0)])
    for name in ("game_board", "game_print"):
        html = client.get(url(name, game)).content.decode()
        assert f"{game.code[:3]}-{game.code[3:]}" in html, name


UNDER_HEADING = r'<h1 class="h3 mb-0">{heading}</h1>\s*<p class="board-join[^"]*" data-join-code="{code}">{label}: <strong class="join-code">{shown}</strong></p>'


@pytest.mark.parametrize(
    ("language", "heading", "label"),
    [("tr", "Puan tablosu", "Masa kodu"), ("en", "Scoreboard", "Table code")],
)
def test_the_code_sits_right_under_the_scoreboard_heading_at_every_stage(client, language, heading, label):
    """Where the home page's code field says to look ("under Scoreboard"), for the scorekeeper
    before the first hand, after it and when the game is over, and for a viewer, once each."""
    game, secret = new_table(hands_planned=2)
    claim(client, game, secret)
    client.cookies["django_language"] = language
    viewer = Client()
    viewer.cookies["django_language"] = language
    place = re.compile(
        UNDER_HEADING.format(heading=heading, code=game.code, label=label, shown=shown(game.code))
    )
    for hands in range(3):
        if hands:
            hand_record(game=game, data=finisher(0))
        for phone in (client, viewer):
            html = phone.get(url("game_board", game)).content.decode()
            assert place.search(html), (hands, phone is client)
            assert html.count("data-join-code=") == 1
    assert "data-add-hand" not in html and "data-winners" in html  # the last look was at a finished game


def test_trying_codes_one_after_another_is_slowed_with_a_429_page_in_the_users_language(settings):
    settings.RATELIMIT_ENABLE = True
    settings.OKEYCALC_RATES = settings.OKEYCALC_RATES | {"join_code": "3/m"}
    caches["limits"].clear()
    try:
        for language, words in (("tr", "Çok fazla istek"), ("en", "Too many requests")):
            caches["limits"].clear()
            phone = Client()
            phone.cookies["django_language"] = language
            statuses = [phone.get(JOIN, {"kod": "ZZZZZZ"}).status_code for _ in range(4)]
            assert statuses == [200, 200, 200, 429]
            page = phone.get(JOIN, {"kod": "ZZZZZZ"})
            assert page.status_code == 429 and words in page.content.decode()
            assert page["Retry-After"] == "60"
    finally:
        caches["limits"].clear()
