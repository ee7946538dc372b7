"""What users reported, at 375 × 812 in Turkish and English: the table code is in the first screen
of the scorekeeper's board after hand 1 (where the home page says to look), and no button of the
new-table page cuts its words."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.test_board import enter_first_hand_through_the_form
from tests.support.factories import claim_in, new_table

LANGS = ["tr", "en"]
HEADING = {"tr": "Puan tablosu", "en": "Scoreboard"}
SCREEN = 812


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_code_is_in_the_first_screen_under_the_heading_after_hand_1(phone, live_server, lang):
    page = phone(lang)
    game, secret = new_table("loca", hands_planned=5)
    claim_in(page.context, live_server, game, secret)
    page.goto(live_server.url + reverse("scorer:game_board", args=[game.public_id]))

    enter_first_hand_through_the_form(page)

    expect(page.locator("tbody tr[data-number]")).to_have_count(1)
    code = page.locator("[data-join-code]")
    expect(code).to_be_visible()
    expect(code).to_contain_text(f"{game.code[:3]}-{game.code[3:]}")
    heading = page.get_by_role("heading", level=1, name=HEADING[lang]).bounding_box()
    box = code.bounding_box()
    assert page.evaluate("window.scrollY") == 0
    assert heading["y"] + heading["height"] <= box["y"] < heading["y"] + heading["height"] + 24, (
        heading,
        box,
    )
    assert box["y"] + box["height"] <= SCREEN, box


CUT = "el => el.scrollWidth > el.clientWidth"
PAGES = ["scorer:game_new", "scorer:home"]
"""The new table's page, and the home page whose code field has "Masayı aç" / "Open the table"."""


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("js", [True, False], ids=["js", "nojs"])
@pytest.mark.parametrize("where", PAGES)
def test_every_button_holds_its_words_at_375_px(phone, live_server, lang, js, where):
    page = phone(lang, js=js)
    page.goto(live_server.url + reverse(where))
    buttons = page.locator("button:visible, .btn:visible")
    expect(buttons.first).to_be_visible()

    cut = [button.inner_text() for button in buttons.all() if button.evaluate(CUT)]

    assert buttons.count() >= 3
    assert not cut, f"cut at 375 px: {cut}"
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") == 0
