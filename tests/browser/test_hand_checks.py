"""Hand checks at 375 × 812, in Turkish and English, with JavaScript and without: nothing counts that
nobody typed (an empty "Kalan sayı", a finisher left "Açmadı"), and the refusal is in view."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.browser.test_tables import open_extras
from tests.conftest import shoot
from tests.support.factories import claim_in, new_table

TEXT = {
    "tr": {
        "points_empty": "Kalan sayı boş: 0 ise 0 yazın.",
        "finisher_opened": "Eli bitiren açmıştır: Per/Seri veya Çift seçin.",
    },
    "en": {
        "points_empty": "Left in hand is empty: if it is 0, type 0.",
        "finisher_opened": "The finisher has opened: choose Sets or Pairs.",
    },
}
LANGS = ["tr", "en"]


def hand_page(page: Page, live_server, ruleset: str = "loca-cezali"):
    game, secret = new_table(ruleset)
    claim_in(page.context, live_server, game, secret)
    page.goto(live_server.url + reverse("scorer:hand_new", args=[game.public_id]))
    return game


def tap(page: Page, input_id: str) -> None:
    page.locator(f'label[for="{input_id}"]').click()


def save(page: Page) -> None:
    with page.expect_navigation():
        page.locator("[data-save]").click()


def summary_in_view_and_links_to(page: Page, field_id: str) -> None:
    """The error summary is on screen when the page opens, and its link moves focus to the field."""
    summary = page.locator("#error-summary")
    expect(summary).to_be_in_viewport()
    link = summary.locator(f'a[href="#{field_id}"]')
    link.click()
    expect(page.locator(f"#{field_id}")).to_be_focused()
    expect(page.locator(f"#{field_id}")).to_be_in_viewport()


@pytest.mark.parametrize("lang", LANGS)
def test_with_javascript_the_finishers_acmadi_is_disabled_and_empty_points_are_refused(
    phone, live_server, lang, axe_check, screenshot
):
    page = phone(lang)
    game = hand_page(page, live_server)
    expect(page.locator("[data-hand-form].js-ready")).to_be_attached()

    tap(page, "id_finisher_0")
    expect(page.locator("#id_p0-opened_0")).to_be_disabled()
    expect(page.locator("#id_p0-opened_1")).to_be_checked()
    tap(page, "id_finisher_1")  # another finisher: Ayşe's "Açmadı" can be chosen again
    expect(page.locator("#id_p0-opened_0")).to_be_enabled()
    expect(page.locator("#id_p1-opened_0")).to_be_disabled()

    tap(page, "id_p2-opened_1")  # Cem opened with sets and nothing is typed in his "Kalan sayı"
    expect(page.locator("#hand-preview")).to_contain_text(TEXT[lang]["points_empty"])
    save(page)

    assert game.hands.count() == 0
    expect(page.locator("#id_p2-points_error")).to_have_text(TEXT[lang]["points_empty"])
    expect(page.locator("#error-summary")).to_be_focused()
    summary_in_view_and_links_to(page, "id_p2-points")
    screenshot(f"hand-checks-empty-points-{lang}")
    axe_check()

    page.locator("#id_p2-points").fill("0")
    save(page)
    assert game.hands.count() == 1


@pytest.mark.parametrize("lang", LANGS)
def test_without_javascript_the_server_refuses_a_finisher_left_acmadi_and_empty_points(
    phone, live_server, lang
):
    page = phone(lang, js=False)
    game = hand_page(page, live_server)
    tap(page, "id_finisher_0")  # Ayşe's opening is left on "Açmadı"
    tap(page, "id_p1-opened_1")  # Bora opened, his "Kalan sayı" is left empty
    save(page)

    assert game.hands.count() == 0
    expect(page.locator("#id_p0-opened_error")).to_have_text(TEXT[lang]["finisher_opened"])
    expect(page.locator("#id_p1-points_error")).to_have_text(TEXT[lang]["points_empty"])
    expect(page.locator("#error-summary")).to_be_in_viewport()
    summary_in_view_and_links_to(page, "id_p1-points")

    tap(page, "id_p0-opened_1")
    page.locator("#id_p1-points").fill("0")
    save(page)
    assert game.hands.count() == 1
    assert game.hands.get().data["players"][0]["opened"] == "sets"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("js", [True, False], ids=["js", "nojs"])
def test_the_calculator_refuses_an_opener_with_empty_points(phone, live_server, lang, js):
    page = phone(lang, js=js)
    page.goto(live_server.url + reverse("scorer:calculator"))
    tap(page, "id_finisher_0")
    if not js:
        tap(page, "id_p0-opened_1")
    tap(page, "id_p1-opened_2")  # pairs, nothing typed
    if not js:
        with page.expect_navigation():
            page.locator('button[name="calculate"]').click()
    expect(page.locator("#calc-result")).to_contain_text(TEXT[lang]["points_empty"])
    if not js:
        expect(page.locator("#id_p1-points_error")).to_have_text(TEXT[lang]["points_empty"])


# --- entry help where the eye is ---------------------------------------------------------------------

HINT = {
    "tr": "Kalan taşları toplayın, sahte okeyi okeyin sayısıyla",
    "en": "Add the tiles left, a fake okey at the okey's number",
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("js", [True, False], ids=["js", "nojs"])
def test_count_from_tiles_opens_the_picker_for_that_player_and_brings_the_sum_back(
    phone, live_server, lang, js, request
):
    page = phone(lang, js=js)
    game = hand_page(page, live_server)
    hint = page.locator("#points-help")  # said once, above the players, and read out with each field
    expect(page.locator("#id_p1-points")).to_have_attribute("aria-describedby", re.compile(r"^points-help\b"))
    expect(hint).to_be_visible()
    expect(hint).to_contain_text(HINT[lang])
    expect(hint).to_contain_text("“Sahte okey”" if lang == "tr" else "“Fake okeys”")  # LOCA: +101 each
    tap(page, "id_finisher_0")
    if not js:
        tap(page, "id_p0-opened_1")
    tap(page, "id_p1-opened_1")
    tap(page, "id_p2-opened_2")
    page.locator("#id_p2-points").fill("10")

    open_extras(page, "count-tiles-1")  # under Bora's "Okey · ceza · açılış"
    with page.expect_navigation():
        page.locator("#count-tiles-1").click()  # Bora's
    expect(page.locator("[data-picker-target]")).to_contain_text("Bora")
    expect(page.locator("#player-1")).to_have_attribute("aria-pressed", "true")
    page.select_option("#picker-indicator", "red-4")  # the okey is red 5
    for tile in ("black-9", "fake", "red-5"):
        count = page.locator(f'[data-tile="{tile}"]')
        if js:
            count.click()
            expect(count).to_have_attribute("data-mine", "1")
        else:
            with page.expect_navigation():
                count.click()
    expect(page.locator("[data-counted]")).to_contain_text("14")
    if js:
        request.getfixturevalue("axe_check")()
        request.getfixturevalue("screenshot")(f"tile-picker-for-a-hand-{lang}")
    with page.expect_navigation():
        page.locator('[data-action="to-hand"]').click()

    expect(page.locator("#id_p1-points")).to_have_value("14")
    expect(page.locator("#id_p1-okeys")).to_have_value("1")
    expect(page.locator("#id_p1-fake_okeys")).to_have_value("1")
    expect(page.locator("#id_p1-fake_okeys")).to_be_visible()  # what the tiles gave stays in sight
    expect(page.locator("#id_p2-points")).to_have_value("10")
    expect(page.locator("#id_p2-opened_2")).to_be_checked()
    expect(page.locator("#id_finisher_0")).to_be_checked()
    assert game.hands.count() == 0
    save(page)
    assert game.hands.count() == 1
    bora = game.hands.get().data["players"][1]
    assert bora["remaining"] == {"points": 14, "okeys": 1, "fake_okeys": 1}


@pytest.mark.parametrize("lang", LANGS)
def test_the_calculators_count_from_tiles_comes_back_with_the_tiles(phone, live_server, lang):
    page = phone(lang)
    page.goto(live_server.url + reverse("scorer:calculator"))
    tap(page, "id_finisher_0")
    tap(page, "id_p3-opened_1")
    open_extras(page, "count-tiles-3")
    with page.expect_navigation():
        page.locator("#count-tiles-3").click()
    page.select_option("#picker-indicator", "blue-12")
    page.locator('[data-tile="yellow-13"]').click()
    expect(page.locator("[data-counted]")).to_contain_text("13")
    with page.expect_navigation():
        page.locator('[data-action="to-hand"]').click()
    expect(page.locator("#id_p3-points")).to_have_value("13")
    expect(page.locator("[data-tiles]")).to_be_visible()
    expect(page.locator("#id_finisher_0")).to_be_checked()


@pytest.mark.parametrize("lang", LANGS)
def test_the_hint_and_error_fit_a_phone_and_the_label_is_not_cut(
    phone, live_server, lang, screenshot, axe_check
):
    page = phone(lang)
    hand_page(page, live_server, "kerizim")
    label = page.locator('label[for="id_p1-points"]')
    cut = label.evaluate("el => el.scrollWidth > el.clientWidth")
    assert not cut, "the “Kalan sayı” label is cut"
    hint = page.locator("#points-help")  # said once, above the players, and read out with each field
    expect(page.locator("#id_p1-points")).to_have_attribute("aria-describedby", re.compile(r"^points-help\b"))
    expect(hint).to_contain_text(HINT[lang])
    expect(hint).not_to_contain_text("“Sahte okey”" if lang == "tr" else "“Fake okeys”")  # not LOCA
    shoot(page.locator("[data-player='1']"), screenshot(f"hand-form-{lang}").parent / f"hand-hint-{lang}.png")
    axe_check()
