"""The board's "what it takes to win" at 375 × 812: visible on the last hands, readable on a phone
(nothing scrolls sideways), axe-clean, in Turkish and English."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.support.factories import finisher, new_table


@pytest.mark.parametrize(
    ("language", "heading"),
    [("tr", "Kazanmak için son elde ne gerekiyor"), ("en", "What it takes to win the last hand")],
)
def test_the_outlook_is_visible_and_axe_clean_at_375px(
    page, live_server, axe_check, screenshot, language, heading
):
    hands = [finisher(seat=k % 4, points=10 + 7 * k) for k in range(4)]
    game, _secret = new_table("loca-cezali", hands_planned=5, hands=hands)
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto(live_server.url + reverse("scorer:game_board", args=[game.public_id]))

    outlook = page.locator("[data-outlook]")
    expect(outlook.get_by_role("heading", name=heading)).to_be_visible()
    expect(outlook.locator("[data-prospect]")).to_have_count(4)
    expect(outlook.locator("[data-percent]").first).to_be_visible()
    expect(outlook.locator("[data-outlook-model]")).to_be_visible()
    axe_check()
    outlook.scroll_into_view_if_needed()
    screenshot(f"board-outlook-{language}")
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow == 0, "the board scrolls sideways at 375px"
