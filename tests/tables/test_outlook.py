"""The board's "what it takes to win": shown once two hands or fewer are left (never before, never
once the game is over), in Turkish and English, for viewers and the scorekeeper, on an event's
tables too; rendered once per table version and language into the shared board cache."""

import re

import pytest
from django.core.cache import cache
from django.test import Client

from scorer.engine import get_ruleset
from scorer.engine.outlook import Chances, Claim, outlook, replay_chances
from scorer.events.models import EventGame
from scorer.events.services.rounds import round_start
from scorer.tables import outlook as tables_outlook
from scorer.tables.selectors import game_board
from scorer.tables.views import board as board_views
from tests.support.eventdb import new_event
from tests.support.factories import claim, finisher, new_table, url

pytestmark = pytest.mark.django_db

HEADING = {
    "tr": {1: "Kazanmak için son elde ne gerekiyor", 2: "Kazanmak için son iki elde ne gerekiyor"},
    "en": {1: "What it takes to win the last hand", 2: "What it takes to win the last two hands"},
}


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
def test_the_chances_say_their_basis_and_never_contradict_a_claim(language):
    cache.clear()
    game, _secret = played(4, 5)
    html = board_html(language, game)
    board = game_board(game)
    history = tuple(row.numbers.totals for row in board.rows)
    chances = replay_chances(history, board.totals, 1)
    forecast = outlook(get_ruleset(game.ruleset), game.options, tuple(game.players), board.totals, 1)
    expected = []
    for item, wins in zip(forecast.outlooks, chances.wins, strict=True):
        settled = item.claims[0].kind in (Claim.ALWAYS, Claim.NEVER, Claim.LONG_SHOT)
        if not settled and 0 < wins < chances.endings:
            expected.append(min(99, max(1, round(100 * wins / chances.endings))))
    assert [int(p) for p in re.findall(r'data-percent="(\d+)"', html)] == expected
    model = html.split("data-outlook-chances", 1)[1].split("</p>", 1)[0]
    assert (
        ("4 eli" in model and "4 son" in model)
        if language == "tr"
        else ("the 4 endings" in model and "4 hands so far" in model)
    )


def prospects_of(html: str) -> list[str]:
    """Each player's (team's) item of the panel, in order."""
    panel = html.split("data-outlook", 1)[1].split("data-outlook-more", 1)[0]
    return panel.split('data-prospect="')[1:]


OKEY_OUT = {"opened": "sets", "finished": True, "finish": {"okey_discard": True}}


@pytest.mark.parametrize("language", ["tr", "en"])
def test_no_chance_stands_beside_a_claim_that_settles_it(language):
    """LOCA Cezalı: Ayşe finished 8 hands with okey (the others pay 808 each time), the first with 55
    fouls (5,555). 4,141 ahead with one hand left, she wins whatever it brings (the others' best
    −1,010 against her worst 2,760) unless she is penalised; replaying that first hand, the others
    win 1 ending in 8: a chance of 12 % would contradict "can no longer win"."""
    cache.clear()
    fouled = {**OKEY_OUT, "fouls": {"okey_discard": 20, "take_back": 20, "islek_discard": 15}}
    hands = [{"players": [fouled, {}, {}, {}]}] + [{"players": [OKEY_OUT, {}, {}, {}]}] * 7
    game, _secret = new_table("loca-cezali", hands_planned=9, hands=hands)
    board = game_board(game)
    chances = replay_chances(tuple(row.numbers.totals for row in board.rows), board.totals, 1)
    assert chances.wins == (7, 1, 1, 1)
    items = prospects_of(board_html(language, game))
    assert [re.search(r'data-claim="(\w+)"', item).group(1) for item in items] == ["always"] + ["never"] * 3
    assert all("data-percent" not in item for item in items)


@pytest.mark.parametrize(
    ("language", "lead", "behind"), [("tr", "önde", "geride"), ("en", "leads by", "behind")]
)
def test_each_player_shows_the_gap_to_the_leader(language, lead, behind):
    cache.clear()
    game, _secret = played(4, 5)
    board = game_board(game)
    html = board_html(language, game)
    low = min(board.totals)
    gaps = [int(g) for g in re.findall(r'data-behind="(\d+)"', html)]
    assert gaps == [t - low for t in board.totals]
    leader = gaps.index(0)
    second = min(t for j, t in enumerate(board.totals) if j != leader)
    items = prospects_of(html)
    assert re.search(rf"{second - low} {lead}|{lead} {second - low}", items[leader])
    assert all(behind in item for j, item in enumerate(items) if j != leader)


@pytest.mark.parametrize(
    ("language", "any_finish", "okey_only"),
    [
        (
            "tr",
            "Nasıl bitirirse bitirsin kazanır.",
            "Yalnız okey atarak veya 9 çift + 1 seriyle bitirirse kesin kazanır.",
        ),
        ("en", "Any finish wins.", "Only finishing with okey or 9 pairs + 1 run is sure to win."),
    ],
)
def test_the_claims_read_in_plain_words(language, any_finish, okey_only):
    # LOCA Cezalı, one hand left, Ali 150 ahead of Bora. At best the other opens with 9 pairs or more
    # (−202) and is left with nothing: Ali's normal finish (−101) still wins, Bora needs okey (−404).
    cache.clear()
    sets = {"opened": "sets", "remaining": {"points": 0}}
    hands = [{"players": [sets, {"opened": "sets", "remaining": {"points": 150}}]}]
    game, _secret = new_table("loca-cezali", players=["Ali", "Bora"], hands_planned=2, hands=hands)
    items = prospects_of(board_html(language, game))
    assert any_finish in items[0]
    assert okey_only in items[1]


@pytest.mark.parametrize(
    ("language", "assumes"), [("tr", "ceza almadığını varsayar"), ("en", "pays no penalty")]
)
def test_what_the_claims_assume_shows_and_the_details_are_folded(language, assumes):
    cache.clear()
    game, _secret = played(4, 5)
    panel = board_html(language, game).split("data-outlook", 1)[1].split("</section>", 1)[0]
    assert assumes in panel.split("data-outlook-assumes", 1)[1].split("</p>", 1)[0]
    details = re.search(r"<details[^>]*data-outlook-more[^>]*>", panel).group(0)
    assert " open" not in details
    assert "286" in panel.split("data-outlook-model", 1)[1]
    assert "(plain)" not in panel and "(normal)" not in panel


def test_the_board_passes_the_games_rule_set_object_to_the_engine(monkeypatch):
    cache.clear()
    game, _secret = played(4, 5)
    given = []
    real = tables_outlook.outlook
    monkeypatch.setattr(
        tables_outlook, "outlook", lambda ruleset, *a: given.append(ruleset) or real(ruleset, *a)
    )
    ruleset = get_ruleset("loca")
    assert tables_outlook.board_outlook(game_board(game), ruleset) is not None
    assert given == [ruleset]


@pytest.mark.parametrize("language", ["tr", "en"])
def test_too_few_hands_give_words_but_no_chance(language):
    cache.clear()
    game, _secret = played(1, 2)
    html = board_html(language, game)
    assert "data-outlook" in html and "data-percent" not in html
    assert 'data-claim="' in html


def test_a_far_leader_wins_whatever_happens_and_the_last_cannot_win():
    cache.clear()
    hands = [{"players": [OKEY_OUT, {}, {}, {}]}] * 4  # Ayşe −1616, the others 808 each
    game, _secret = new_table("loca", hands_planned=5, hands=hands)
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
    key = board_views.viewer_key(game, "en", "outlook")
    stored = cache.get(key)
    assert stored is not None and "data-outlook" in stored[0]
    assert board_html("en", game).count("data-outlook ") == board_html("en", game, keeper).count(
        "data-outlook "
    )
    assert cache.get(board_views.viewer_key(game, "tr", "outlook")) is None


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


def test_a_chance_shows_only_while_the_replays_are_split_and_never_rounds_to_0_or_100():
    chances = Chances(hands=10, endings=1000, wins=(1, 999, 0, 1000))
    assert [tables_outlook.percent_of(chances, unit) for unit in range(4)] == [1, 99, None, None]
