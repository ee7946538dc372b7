"""The organizer's laptop (1280 × 800): the round's tables, each with its actions, beside the
standings; the phone (375 × 812) keeps one column. And a player's page, reached from a name on
the standings: its rounds and the boards. axe clean."""

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scorer.events.services.rounds import round_start
from tests.conftest import SCREENSHOT_DIR, shoot
from tests.support.eventdb import new_event, play_round

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 812}

BOXES = """() => {
    const box = (sel) => document.querySelector(sel).getBoundingClientRect();
    const tables = box("#progress"), standings = box(".organize-side .standings-table");
    const actions = [...document.querySelectorAll("li.event-table form, li.event-table button")]
        .map((el) => el.closest("li.event-table").contains(el));
    return {tables: [tables.left, tables.right, tables.top], standings: [standings.left, standings.right, standings.top],
            scrollWidth: document.scrollingElement.scrollWidth, width: innerWidth, actions};
}"""


@pytest.fixture
def running(db):
    event, secret = new_event(16)
    round_start(event=event)
    play_round(event)
    round_start(event=event)
    return event, secret


def test_the_laptop_puts_the_tables_beside_the_standings_and_the_phone_stacks_them(
    page: Page, live_server, running, axe_check
):
    event, secret = running
    page.set_viewport_size(LAPTOP)
    page.goto(live_server.url + reverse("scorer:event_claim", args=[event.public_id, secret]))
    expect(page.locator("li.event-table")).to_have_count(4)
    wide = page.evaluate(BOXES)
    assert wide["standings"][0] >= wide["tables"][1]  # side by side: the standings right of the tables
    assert abs(wide["standings"][2] - wide["tables"][2]) < 200  # and level with them
    assert wide["tables"][1] - wide["tables"][0] > 600  # the tables use the width (not a phone column)
    assert wide["scrollWidth"] <= wide["width"]
    assert all(wide["actions"])  # each table's actions sit in its own card
    shoot(page, SCREENSHOT_DIR / "event-organizer-laptop.png", full_page=True)
    axe_check()

    page.set_viewport_size(PHONE)
    narrow = page.evaluate(BOXES)
    assert narrow["standings"][2] > narrow["tables"][2] + 300  # one column: the standings below
    assert narrow["scrollWidth"] <= PHONE["width"]


def test_a_name_on_the_standings_opens_that_players_rounds(page: Page, live_server, running, axe_check):
    event, _secret = running
    page.goto(live_server.url + reverse("scorer:event_standings", args=[event.public_id]))
    first = page.locator("#standings-live [data-entrant-link]").first
    name = first.inner_text()
    first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text(name)
    expect(page.locator("[data-entrant-round]")).to_have_count(2)
    expect(page.locator("[data-entrant-round='1'] [data-result]")).to_contain_text("kişide")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    axe_check()
    page.locator("[data-entrant-round='1'] [data-board]").click()
    expect(page.locator("[data-event-place]")).to_be_visible()
