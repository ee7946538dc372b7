"""Small details at 375 × 812, in Turkish and English, with JavaScript and without:
the calculator's blank names on the finisher buttons, "9 çift + 1 seri" choosing "Çift", the board
header in one language, the downloads' names, and a first visit in the browser's language."""

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.support.factories import claim_in, new_table

LANGS = ["tr", "en"]
JS = pytest.mark.parametrize("js", [True, False], ids=["js", "nojs"])
CUT = "el => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1"


def tap(page: Page, input_id: str) -> None:
    page.locator(f'label[for="{input_id}"]').click()


@pytest.mark.parametrize("lang", LANGS)
@JS
def test_the_calculators_blank_names_show_whole_on_the_finisher_buttons(
    phone, live_server, lang, js, request
):
    page = phone(lang, js=js)
    page.goto(live_server.url + reverse("scorer:calculator"))
    labels = page.locator(".finisher-choices [data-name]")
    expect(labels).to_have_count(4)
    word = "Oyuncu" if lang == "tr" else "Player"
    for i in range(4):
        expect(labels.nth(i)).to_have_text(f"{word} {i + 1}")
        assert not labels.nth(i).evaluate(CUT), f"{word} {i + 1} is cut"
    if js:
        request.getfixturevalue("screenshot")(f"calculator-blank-names-{lang}")
        request.getfixturevalue("axe_check")()


@pytest.mark.parametrize("lang", LANGS)
def test_ticking_nine_pairs_and_a_run_chooses_pairs(phone, live_server, lang):
    page = phone(lang)
    game, secret = new_table("loca-cezali")
    claim_in(page.context, live_server, game, secret)
    page.goto(live_server.url + reverse("scorer:hand_new", args=[game.public_id]))
    expect(page.locator("[data-hand-form].js-ready")).to_be_attached()
    tap(page, "id_finisher_2")
    expect(page.locator("#id_p2-opened_1")).to_be_checked()  # the finisher is taken to have opened
    page.locator('label[for="id_p2-nine_pairs_run"]').click()
    expect(page.locator("#id_p2-opened_2")).to_be_checked()
    expect(page.locator("#hand-preview [data-code='finish']").first).to_be_visible()


@pytest.mark.parametrize("lang", LANGS)
def test_ticking_nine_pairs_and_a_run_chooses_pairs_in_the_calculator(phone, live_server, lang):
    page = phone(lang)
    page.goto(live_server.url + reverse("scorer:calculator"))
    page.select_option("#id_setup-ruleset", "loca-cezali")
    expect(page.locator("#id_p0-nine_pairs_run")).to_be_attached()
    tap(page, "id_finisher_0")
    page.locator('label[for="id_p0-nine_pairs_run"]').click()
    expect(page.locator("#id_p0-opened_2")).to_be_checked()


HEADER = {
    "tr": "Tekli · Masa türü: Katlamasız",
    "en": "Individual · Table type: Katlamasız",
}


@pytest.mark.parametrize("lang", LANGS)
@JS
def test_the_board_header_speaks_one_language_and_downloads_are_named_by_date_and_players(
    phone, live_server, lang, js
):
    page = phone(lang, js=js)
    game, _secret = new_table("loca", players=["Ayşe", "Bora", "Cem", "Deniz"])
    page.goto(live_server.url + reverse("scorer:game_board", args=[game.public_id]))
    header = page.locator(".board-head p").first
    expect(header).to_contain_text(HEADER[lang])
    expect(header).not_to_contain_text("(tekli)")
    day = timezone.localdate().isoformat()
    for link, extension in (("export_csv", "csv"), ("export_json", "json")):
        with page.expect_download() as download:
            page.locator(f'a[href="{reverse(f"scorer:{link}", args=[game.public_id])}"]').click()
        assert download.value.suggested_filename == f"okey-{day}-Ayşe-Bora-Cem-Deniz.{extension}"


@pytest.mark.parametrize(("locale", "lang", "other"), [("en-GB", "en", "tr"), ("tr-TR", "tr", "en")])
@JS
def test_a_first_visit_follows_the_browsers_language_and_the_switch_wins_after(
    browser, live_server, locale, lang, other, js
):
    context = browser.new_context(
        viewport={"width": 375, "height": 812}, locale=locale, java_script_enabled=js
    )
    try:
        page = context.new_page()
        page.goto(live_server.url + "/")
        expect(page.locator("html")).to_have_attribute("lang", lang)
        with page.expect_navigation():
            page.locator(f'.lang-switch button[value="{other}"]').click()
        expect(page.locator("html")).to_have_attribute("lang", other)
        page.goto(live_server.url + reverse("scorer:calculator"))
        expect(page.locator("html")).to_have_attribute("lang", other)
    finally:
        context.close()
