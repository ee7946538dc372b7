"""The board's "what it takes to win": shown once two hands or fewer are left (never before, never
once the game is over), in Turkish and English, for viewers and the scorekeeper, on an event's
tables too; rendered once per table version and language into the shared board cache."""

import re

import pytest
from django.core.cache import cache
from django.test import Client

from scorer.engine.outlook import replay_chances
from scorer.events.models import EventGame
from scorer.events.services.rounds import round_start
from scorer.tables import boardcache
from scorer.tables.selectors import game_board
from tests.support.eventdb import new_event
from tests.support.factories import claim, finisher, new_table, url

pytestmark = pytest.mark.django_db

HEADING = {
    "tr": {1: "Kazanmak için son elde ne gerekiyor", 2: "Kazanmak için son iki elde ne gerekiyor"},
    "en": {1: "What it takes to win the last hand", 2: "What it takes to win the last two hands"},
}
MODEL = {"tr": "hesaplanan olasılıklar", "en": "Chances: of the"}


def board_html(language: str, game, client: Client | None = None) -> str:
    client = client or Client()
    response = client.get(url("game_board", game), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


def played(n: int, planned: int, ruleset: str = "loca"):
    hands = [finisher(seat=k % 4, points=10 + 5 * k) for k in range(n)]
    return new_table(ruleset, hands_planned=planned, hands=hands)


@pytest.mark.parametrize("language", ["tr", "en"])
@pytest.mark.parametrize(("hands", "planned"), [(0, 5), (2, 5), (4, 5), (3, 5), (5, 5), (0, 2)])
def test_the_outlook_shows_only_when_two_hands_or_fewer_are_left(language, hands, planned):
    cache.clear()
    game, _secret = played(hands, planned)
    html = board_html(language, game)
    left = planned - hands
    shown = 1 <= left <= 2
    assert ("data-outlook" in html) == shown
    if shown:
        assert HEADING[language][left] in html
        assert len(re.findall(r'data-prospect="\d"', html)) == 4


@pytest.mark.parametrize("language", ["tr", "en"])
def test_the_chances_say_their_basis_beside_the_numbers(language):
    cache.clear()
    game, _secret = played(4, 5)
    html = board_html(language, game)
    board = game_board(game)
    history = tuple(row.result.totals for row in board.rows)
    chances = replay_chances(history, board.totals, 1)
    expected = [round(100 * w / chances.endings) for w in chances.wins]
    assert [int(p) for p in re.findall(r'data-percent="(\d+)"', html)] == expected
    model = html.split("data-outlook-model", 1)[1].split("</p>", 1)[0]
    assert (
        ("4 eli" in model and "4 son" in model)
        if language == "tr"
        else ("the 4 endings" in model and "4 hands so far" in model)
    )


@pytest.mark.parametrize("language", ["tr", "en"])
def test_too_few_hands_give_words_but_no_chance(language):
    cache.clear()
    game, _secret = played(1, 2)
    html = board_html(language, game)
    assert "data-outlook" in html and "data-percent" not in html
    assert 'data-claim="' in html


def test_a_far_leader_wins_whatever_happens_and_the_last_cannot_win():
    cache.clear()
    hands = [
        {"players": [{"opened": "sets", "finished": True, "finish": {"okey_discard": True}}, {}, {}, {}]}
    ] * 3
    game, _secret = new_table("loca", hands_planned=4, hands=hands)
    html = board_html("en", game)
    first = html.split('data-prospect="0"', 1)[1].split('data-prospect="1"', 1)[0]
    assert 'data-claim="always"' in first and "Wins whatever the last hand brings." in first
    assert 'data-claim="never"' in html.split('data-prospect="1"', 1)[1]


def test_the_scorekeeper_sees_it_too_and_it_is_rendered_once_per_version_and_language():
    cache.clear()
    game, secret = played(4, 5)
    keeper = claim(Client(), game, secret)
    cache.clear()  # the edit link's redirect showed the board in Turkish
    board_html("en", game, keeper)
    key = boardcache.viewer_key(game, "en", "outlook")
    stored = cache.get(key)
    assert stored is not None and "data-outlook" in stored[0]
    assert board_html("en", game).count("data-outlook ") == board_html("en", game, keeper).count(
        "data-outlook "
    )
    assert cache.get(boardcache.viewer_key(game, "tr", "outlook")) is None


def test_the_partners_outlook_names_the_teams():
    cache.clear()
    game, _secret = new_table("loca-cezali", options={"partners": True}, hands_planned=3, hands=[finisher(1)])
    html = board_html("en", game)
    assert len(re.findall(r'data-prospect="\d"', html)) == 2
    assert "Ayşe &amp; Cem" in html.split("data-outlook", 1)[1]


@pytest.mark.parametrize("language", ["tr", "en"])
def test_an_event_tables_board_shows_it_on_its_last_hand(language):
    cache.clear()
    event, _secret = new_event(4, hands=2)
    round_start(event=event)
    link = EventGame.objects.filter(table__round__event=event).select_related("game").first()
    html = board_html(language, link.game)
    assert HEADING[language][2] in html
