"""The board's "what it takes to win" at 375 × 812: visible on the last hands, at most half a screen
high with its details folded (and they open without JavaScript), readable on a phone (nothing
scrolls sideways), axe-clean, in Turkish and English."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.conftest import DOCS_SCREENSHOT_DIR, MOBILE_VIEWPORT, SCREENSHOT_DIR, shoot
from tests.support.factories import finisher, new_table

HALF_SCREEN = MOBILE_VIEWPORT["height"] / 2


def panel_height(outlook) -> float:
    box = outlook.bounding_box()
    assert box is not None
    return box["height"]


def check_folded_and_opens(page, outlook) -> float:
    """The panel's height with its details folded, checked against half a screen; then "More" opens
    the folded part (a <details>: no JavaScript needed) and folds it again."""
    height = panel_height(outlook)
    assert height <= HALF_SCREEN, f"the outlook is {height:.0f}px high, more than half of 812"
    more = outlook.locator("[data-outlook-more]")
    expect(more.locator("[data-outlook-model]")).to_be_hidden()
    more.locator("summary").click()
    expect(more.locator("[data-outlook-model]")).to_be_visible()
    more.locator("summary").click()
    expect(more.locator("[data-outlook-model]")).to_be_hidden()
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow == 0, "the board scrolls sideways at 375px"
    return height


@pytest.mark.parametrize(
    ("language", "heading"),
    [("tr", "Kazanmak için son elde ne gerekiyor"), ("en", "What it takes to win the last hand")],
)
def test_the_outlook_is_visible_axe_clean_and_half_a_screen_at_most(
    page, live_server, axe_check, screenshot, language, heading
):
    hands = [finisher(seat=k % 4, points=10 + 7 * k) for k in range(4)]
    game, _secret = new_table("loca-cezali", hands_planned=5, hands=hands)
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto(live_server.url + reverse("scorer:game_board", args=[game.public_id]))

    outlook = page.locator("[data-outlook]")
    expect(outlook.get_by_role("heading", name=heading)).to_be_visible()
    expect(outlook.locator("[data-prospect]")).to_have_count(4)
    expect(outlook.locator("[data-behind]")).to_have_count(4)
    expect(outlook.locator("[data-outlook-assumes]")).to_be_visible()
    outlook.scroll_into_view_if_needed()
    check_folded_and_opens(page, outlook)
    axe_check()
    screenshot(f"board-outlook-{language}")


SETS, PAIRS, NONE = "sets", "pairs", "none"


def left(opened: str, points: int = 0) -> dict:
    return {"opened": opened, "remaining": {"points": points}} if opened != NONE else {"opened": NONE}


def out(finish: dict | None = None, opened: str = SETS) -> dict:
    return {"opened": opened, "finished": True, "finish": finish or {}}


OKEY = {"okey_discard": True}


TWO_LEFT = [
    {"players": [left(NONE), left(SETS, 20), out(), left(NONE)]},
    {"players": [left(SETS, 59), left(NONE), left(PAIRS, 31), out({"okey_discard": True})]},
    {"players": [left(SETS, 25), left(SETS, 14), out({"elden": True}), left(SETS, 23)]},
    {"players": [out({"okey_discard": True}), left(NONE), left(PAIRS, 15), left(NONE)]},
]
"""Four LOCA Cezalı hands (Ayşe 84, Bora 1,664, Cem −119, Deniz 652) with two left. Cem leads by
203, but Ayşe could finish a hand with pairs and okey after opening with 9 pairs (−1,010): only
finishing both hands is sure for anyone; Bora, 1,783 behind, can still win. The replays give Ayşe 5,
Cem 10 and Deniz 1 of 16, and Bora none (so no chance beside his "can still win")."""


@pytest.mark.parametrize(
    ("language", "model", "first"),
    [
        ("tr", "16 son", "İki eli de okey atarak veya 9 çift + 1 seriyle bitirirse kazanır."),
        ("en", "the 16 endings", "Finishing both hands with okey or 9 pairs + 1 run wins."),
    ],
)
def test_two_hands_left_name_the_conditions_the_gaps_and_the_chances(
    page, live_server, axe_check, screenshot, language, model, first
):
    game, _secret = new_table("loca-cezali", hands_planned=6, hands=TWO_LEFT)
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto(live_server.url + reverse("scorer:game_board", args=[game.public_id]))

    outlook = page.locator("[data-outlook]")
    expect(outlook).to_have_attribute("data-hands-left", "2")
    prospects = outlook.locator("[data-prospect]")
    expect(prospects.nth(0).locator('[data-claim="finish_both"]')).to_have_text(first)
    expect(prospects.nth(1).locator('[data-claim="some"]')).to_be_visible()
    behind = [prospects.nth(k).locator("[data-behind]").get_attribute("data-behind") for k in range(4)]
    assert behind == ["203", "1783", "0", "771"]
    percents = outlook.locator("[data-percent]")
    expect(percents).to_have_count(3)
    assert [percents.nth(k).get_attribute("data-percent") for k in range(3)] == ["31", "62", "6"]
    expect(outlook.locator("[data-outlook-chances]")).to_contain_text(model)
    outlook.scroll_into_view_if_needed()
    check_folded_and_opens(page, outlook)
    axe_check()
    screenshot(f"board-outlook-two-left-{language}")


ONE_LEFT = [
    {"players": [left(SETS, 36), out(OKEY, PAIRS), left(SETS, 41), left(SETS, 31)]},
    {"players": [out(), left(NONE), left(NONE), left(NONE)]},
    {"players": [out({"elden": True}), left(PAIRS, 44), left(PAIRS, 56), left(NONE)]},
    {"players": [out(OKEY, PAIRS), left(SETS, 50), left(SETS, 27), left(SETS, 15)]},
]
"""Four LOCA Cezalı hands (Ayşe −967, Bora −318, Cem 586, Deniz 790) with one left: the docs' picture."""


@pytest.mark.parametrize("language", ["tr", "en"])
def test_the_panel_as_the_docs_show_it(phone, live_server, language):
    """One hand left: the panel's height in both languages, with JavaScript and without, and its
    picture (the Turkish one is the docs')."""
    game, _secret = new_table("loca-cezali", hands_planned=5, hands=ONE_LEFT)
    for js in (True, False):
        page = phone(language, js=js)
        page.goto(live_server.url + reverse("scorer:game_board", args=[game.public_id]))
        outlook = page.locator("[data-outlook]")
        expect(outlook.locator("[data-prospect]")).to_have_count(4)
        outlook.scroll_into_view_if_needed()
        check_folded_and_opens(page, outlook)
        if js:
            name = "board-outlook.png" if language == "tr" else "board-outlook-en.png"
            shoot(outlook, (DOCS_SCREENSHOT_DIR if language == "tr" else SCREENSHOT_DIR) / name)
            outlook.locator("[data-outlook-more] summary").click()
            shoot(outlook, SCREENSHOT_DIR / f"board-outlook-more-{language}.png")
