"""The board's "what it takes to win" at 375 × 812: visible on the last hands, readable on a phone
(nothing scrolls sideways), axe-clean, in Turkish and English."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.conftest import DOCS_SCREENSHOT_DIR, shoot
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


SETS, PAIRS, NONE = "sets", "pairs", "none"


def left(opened: str, points: int = 0) -> dict:
    return {"opened": opened, "remaining": {"points": points}} if opened != NONE else {"opened": NONE}


def out(finish: dict | None = None) -> dict:
    return {"opened": SETS, "finished": True, "finish": finish or {}}


TWO_LEFT = [
    {"players": [left(NONE), left(SETS, 20), out(), left(NONE)]},
    {"players": [left(SETS, 59), left(NONE), left(PAIRS, 31), out({"okey_discard": True})]},
    {"players": [left(SETS, 25), left(SETS, 14), out({"elden": True}), left(SETS, 23)]},
    {"players": [out({"okey_discard": True}), left(NONE), left(PAIRS, 15), left(NONE)]},
]
"""Four LOCA Cezalı hands (Ayşe 84, Bora 1,664, Cem −119, Deniz 652) with two left: Cem leads but
wins only by finishing while a rival has not opened, or by finishing both; Ayşe and Deniz must
finish both; the replayed chances are spread (5, 0, 10 and 1 of 16)."""


@pytest.mark.parametrize(("language", "model"), [("tr", "16 son üzerinden"), ("en", "the 16 endings")])
def test_two_hands_left_name_the_conditions_and_the_chances_model(
    page, live_server, axe_check, screenshot, language, model
):
    game, _secret = new_table("loca-cezali", hands_planned=6, hands=TWO_LEFT)
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto(live_server.url + reverse("scorer:game_board", args=[game.public_id]))

    outlook = page.locator("[data-outlook]")
    expect(outlook).to_have_attribute("data-hands-left", "2")
    prospects = outlook.locator("[data-prospect]")
    expect(prospects.nth(2).locator('[data-claim="finish_if_not_opened"]')).to_be_visible()
    expect(prospects.nth(0).locator('[data-claim="finish_both"]')).to_be_visible()
    percents = outlook.locator("[data-percent]")
    expect(percents).to_have_count(4)
    assert [percents.nth(k).get_attribute("data-percent") for k in range(4)] == ["31", "0", "62", "6"]
    expect(outlook.locator("[data-outlook-model]")).to_contain_text(model)
    axe_check()
    outlook.scroll_into_view_if_needed()
    screenshot(f"board-outlook-two-left-{language}")
    if language == "en":
        shoot(outlook, DOCS_SCREENSHOT_DIR / "board-outlook.png")
