"""Open boards follow every change of what they show, on a phone (375 × 812): a rematch's series
tally follows a new hand of the game before it, a finished board whose rematch is open follows a
correction, and a hand's address is the number the board shows, a link made before a delete still
opening its own hand. A club's venue display follows a game that counts.

The changes are made through the services, as the scorekeeper's phone's saves make them; each
open page must end up showing what a reload of it shows."""

import re

import pytest
from django.conf import settings
from django.urls import reverse
from playwright.sync_api import expect

from scorer.clubs.services import club_create, club_table_create
from scorer.models import Hand
from scorer.tables.services.games import game_rematch
from scorer.tables.services.hands import hand_delete, hand_record, hand_update
from tests.support.factories import NAMES, finisher, new_table

PHONE = {"width": 375, "height": 812}


@pytest.fixture
def phones(browser, browser_context_args, live_server):
    """``phones()``: a new phone (its own browser context, Turkish), its streams allowed."""
    contexts = []

    def open_phone():
        context = browser.new_context(**browser_context_args | {"viewport": PHONE}, service_workers="block")
        context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": "tr", "url": live_server.url}])
        contexts.append(context)
        return context.new_page()

    yield open_phone
    for context in contexts:
        context.close()


def board_url(live_server, game) -> str:
    return live_server.url + reverse("scorer:game_board", args=[game.public_id])


def streaming(page) -> None:
    expect(page.locator("html[data-live=stream]")).to_have_count(1)


def shown(page, selector: str) -> str:
    """What ``page`` shows in ``selector``, its white space collapsed."""
    return " ".join(page.locator(selector).inner_text().split())


def reloaded(phones, url: str, selector: str) -> str:
    """What a fresh load of ``url`` shows in ``selector``."""
    fresh = phones()
    fresh.goto(url)
    return shown(fresh, selector)


def test_a_rematchs_series_tally_follows_a_new_hand_of_the_game_before(live_server, phones):
    game, _secret = new_table(hands=[finisher(0), finisher(0), finisher(1)])
    rematch, _created = game_rematch(game=game)
    board = phones()
    board.goto(board_url(live_server, rematch))
    streaming(board)
    tally = board.locator("[data-series-tally]")
    expect(tally).to_contain_text("biten: 1")

    hand_delete(hand=game.hands.live().order_by("position").last())
    expect(tally).to_contain_text("biten: 0")
    hand_record(game=game, data=finisher(2, points=90))

    expect(tally).to_contain_text("biten: 1")
    selector = "[data-series-tally]"
    assert shown(board, selector) == reloaded(phones, board_url(live_server, rematch), selector)


def test_a_finished_board_whose_rematch_is_open_follows_a_correction(live_server, phones):
    game, _secret = new_table(hands=[finisher(0), finisher(0), finisher(1)])
    game_rematch(game=game)
    board = phones()
    board.goto(board_url(live_server, game))
    streaming(board)  # the finished board keeps its stream
    first = board.locator("#board-live tbody tr[data-number='1']")
    expect(first).not_to_contain_text("düzeltildi")

    hand = game.hands.get(position=1)
    hand_update(hand=hand, data=finisher(3, points=50), version=hand.version)

    expect(first).to_contain_text("oyun bittikten sonra düzeltildi")  # the whole live part at once
    table = "#board-live table"  # the hands and the totals (the rest may still be loading)
    assert shown(board, table) == reloaded(phones, board_url(live_server, game), table)


def test_hands_answer_at_the_number_the_board_shows_and_old_links_keep_their_hand(live_server, phones):
    game, _secret = new_table(hands=[finisher(0), finisher(1), finisher(2)])
    made_before = live_server.url + reverse("scorer:hand_detail", args=[game.public_id, 3]) + "?s=3"
    hand_delete(hand=game.hands.get(position=1))
    hand_record(game=game, data=finisher(3))
    page = phones()

    page.goto(board_url(live_server, game))
    numbers = page.locator("#board-live tbody tr[data-number]").evaluate_all(
        "rows => rows.map(r => r.dataset.number)"
    )
    assert numbers == ["1", "2", "3"]
    page.locator("#board-live tbody tr[data-number='1'] th a").click()
    expect(page.locator("h1[data-number]")).to_have_attribute("data-number", "1")
    assert re.search(rf"/masa/{game.public_id}/el/1/\?s=2$", page.url), page.url

    typed = page.goto(live_server.url + reverse("scorer:hand_detail", args=[game.public_id, 1]))
    assert typed.status == 200
    expect(page.locator("h1[data-number]")).to_have_attribute("data-position", "2")

    page.goto(made_before)  # hand 3 then is hand 2 now: the link still opens it
    expect(page.locator("h1[data-number]")).to_have_attribute("data-number", "2")
    expect(page.locator("h1[data-number]")).to_have_attribute("data-position", "3")

    gone = page.goto(live_server.url + reverse("scorer:hand_detail", args=[game.public_id, 1]) + "?s=1")
    assert gone.status == 404  # the hand the link was made for was deleted: never another one
    assert Hand.objects.filter(game=game, position=1, deleted_at__isnull=False).exists()


def test_a_clubs_venue_display_follows_a_game_that_counts(live_server, phones):
    club = club_create(name="Kahve", ruleset="kerizim", options={}, members=list(NAMES))
    game, _secret = club_table_create(
        club=club, ruleset="kerizim", options={}, players=list(NAMES), hands_planned=1
    )
    url = live_server.url + reverse("scorer:club_display", args=[club.public_id])
    display = phones()
    display.goto(url)
    streaming(display)
    expect(display.locator("[data-no-games]")).to_be_visible()

    hand_record(game=game, data=finisher(0))  # the table's one hand: the game counts

    expect(display.locator("[data-provisional]")).to_contain_text("Ayşe")
    assert shown(display, "#club-display-live") == reloaded(phones, url, "#club-display-live")
