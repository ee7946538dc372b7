"""House rule sets on phones (375 × 812): a kahvehane house made on one phone, played at a table
opened from a second phone by its code, the board showing −100 and 200 with the house cited, and
the running game keeping its numbers once the house is edited; a colour house asking the
gösterge's colour and multiplying the hand, in Turkish with JavaScript and in English without.
axe finds nothing on the new pages."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scorer.houses.models import House
from scorer.houses.services import house_create
from scorer.models import Game
from tests.conftest import DOCS_SCREENSHOT_DIR, MOBILE_VIEWPORT, check_axe, shoot

RENKLI = {"base": "loca", "name": "Renkli", "colours": {"red": 4, "yellow": 6, "blue": 3, "black": 5}}
TEXT = {
    "tr": {
        "open_table": "Masayı aç",
        "gosterge": "Gösterge rengi",
        "blue": "Mavi",
        "save": "Eli kaydet",
        "finish_detail": "−101 × 3 (mavi gösterge)",
    },
    "en": {
        "open_table": "Open the table",
        "gosterge": "Gösterge colour",
        "blue": "Blue",
        "save": "Save the hand",
        "finish_detail": "−101 × 3 (blue gösterge)",
    },
}


@pytest.fixture
def phones(browser, live_server):
    """Phones, each its own browser (its own device), in a language, with or without JavaScript."""
    contexts = []

    def make(language: str = "tr", js: bool = True) -> Page:
        context = browser.new_context(java_script_enabled=js, viewport=MOBILE_VIEWPORT, locale="tr-TR")
        context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def click_label(page: Page, input_id: str) -> None:
    """Radio buttons are styled labels (the input itself is visually hidden)."""
    page.locator(f'label[for="{input_id}"]').click()


def board_totals(page: Page) -> list[int]:
    cells = page.locator(".board-table .totals [data-total]")
    expect(cells.first).to_be_visible()
    return [int(t) for t in cells.evaluate_all("els => els.map(e => e.dataset.total)")]


def make_kahvehane(page: Page, live_server) -> str:
    """The house rules page: LOCA Cezalı, the kahvehane preset, the preview, save; the house's code."""
    page.goto(live_server.url + reverse("scorer:house_new"))
    click_label(page, page.locator('input[name="ruleset"][value="loca-cezali"]').get_attribute("id"))
    expect(page.locator('#game-options[data-ruleset="loca-cezali"]')).to_be_visible()
    expect(page.locator("#id_finish_nine_pairs_run_base")).to_contain_text("−404")
    check_axe(page)
    with page.expect_navigation():
        page.locator('button[data-preset="kahvehane"]').click()
    expect(page.locator("#id_finish_normal")).to_have_value("−100")
    expect(page.locator("#id_not_opened")).to_have_value("200")
    expect(page.locator("#id_foul")).to_have_value("100")
    ayse = page.locator('#house-preview tr[data-player="Ayşe"] [data-total]')
    expect(ayse.nth(1)).to_have_attribute("data-total", "-100")
    expect(page.locator('#house-preview tr[data-player="Deniz"] [data-changed]').first).to_be_visible()
    page.locator("#id_name").fill("Köşe Kahvesi")
    expect(page.locator('#house-preview tr[data-player="Ayşe"] [data-total]').nth(1)).to_have_attribute(
        "data-total", "-100"
    )  # the preview, asked again after the typing
    check_axe(page)
    shoot(page, DOCS_SCREENSHOT_DIR / "house-rules-form.png", full_page=True)
    with page.expect_navigation():
        page.locator('button[name="save"]').click()
    code = page.locator("[data-house-code]").inner_text().strip()
    expect(page.locator("[data-difference]")).to_have_count(3)
    expect(page.locator('[data-difference="not_opened"] [data-house]')).to_have_text("→ 200")
    check_axe(page)
    shoot(page, DOCS_SCREENSHOT_DIR / "house-rules-page.png", full_page=True)
    return code


def open_table_by_code(page: Page, live_server, code: str) -> Game:
    page.goto(live_server.url + reverse("scorer:game_new"))
    page.locator("#id_house_code").fill(code)
    page.locator("#id_house_code").dispatch_event("change")  # htmx shows the house's base and options
    expect(page.locator('[data-house-base="loca-cezali"]')).to_be_visible()
    page.fill("#id_player_1", "Ayşe")
    page.fill("#id_player_2", "Bora")
    page.select_option("#id_hands_planned", "3")
    check_axe(page)
    with page.expect_navigation():
        page.get_by_role("button", name=TEXT["tr"]["open_table"]).click()
    return Game.objects.get(public_id=page.url.rstrip("/").rsplit("/", 1)[1])


def test_a_kahvehane_house_made_on_one_phone_is_played_from_another_and_an_edit_keeps_the_game(
    phones, live_server
):
    maker, table = phones(), phones()
    code = make_kahvehane(maker, live_server)

    game = open_table_by_code(table, live_server, code)
    assert (game.house_code, game.house_version) == (code, 1)
    plays = table.locator("[data-house-plays]")
    expect(plays).to_contain_text("Köşe Kahvesi")
    expect(plays).to_have_attribute("data-house-version", "1")
    table.locator("[data-add-hand]").click()
    click_label(table, "id_finisher_0")
    click_label(table, "id_p0-opened_1")
    click_label(table, "id_p1-opened_0")
    expect(table.locator("#hand-preview .player-result").nth(0).locator("[data-total]")).to_have_attribute(
        "data-total", "-100"
    )
    with table.expect_navigation():
        table.locator("[data-save]").click()
    assert board_totals(table) == [-100, 200]
    shoot(table, DOCS_SCREENSHOT_DIR / "house-rules-board.png")

    table.goto(live_server.url + reverse("scorer:hand_detail", args=[game.public_id, 1]))
    version_url = reverse("scorer:house_version", args=[code, 1])
    expect(table.locator(f'.line a[href="{version_url}#finish"]')).to_be_visible()
    expect(table.locator(f'.line a[href="{version_url}#not_opened"]')).to_be_visible()
    check_axe(table)

    maker.goto(live_server.url + reverse("scorer:house_edit", args=[code]))
    maker.locator("#id_not_opened").fill("250")
    with maker.expect_navigation():
        maker.locator('button[name="save"]').click()
    expect(maker.locator("[data-house-version]").first).to_contain_text("2")
    assert House.objects.get(code=code).current == 2

    table.goto(live_server.url + reverse("scorer:game_board", args=[game.public_id]))
    assert board_totals(table) == [-100, 200]
    expect(table.locator("[data-house-plays]")).to_have_attribute("data-house-version", "1")


def test_a_houses_page_prints_on_one_a4_sheet_and_its_pages_pass_axe(phones, live_server):
    cafe = {
        "base": "loca-cezali",
        "name": "Köşe Kahvesi",
        "values": {
            "finish": {"normal": -100, "okey": -400, "pairs_okey": -800, "elden": -200, "pairs": -200},
            "multiplier": {"okey": 3, "pairs_okey": 3},
            "not_opened": 200,
            "okey_in_hand": 100,
            "foul": 100,
            "pairs_and_multiplier": "product",
        },
        "colours": {"red": 4, "yellow": 6, "blue": 3, "black": 5},
    }
    house = house_create(document=cafe, device=None)
    page = phones()
    page.goto(live_server.url + reverse("scorer:house", args=[house.code]))
    expect(page.locator("[data-difference]")).to_have_count(15)
    check_axe(page)
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf)) == 1
    page.emulate_media(media="screen")
    page.goto(live_server.url + reverse("scorer:houses") + "?kod=QQQQQQ")
    expect(page.locator("#id_kod_error")).to_be_visible()
    check_axe(page)
    page.goto(live_server.url + reverse("scorer:compare") + f"?ev={house.code}")
    expect(page.locator('th[data-ruleset="house"]')).to_contain_text("Köşe Kahvesi")
    check_axe(page)


@pytest.mark.parametrize("lang", ["tr", "en"])
@pytest.mark.parametrize("js", [True, False])
def test_a_colour_house_asks_the_gosterge_and_multiplies_the_hand(phones, live_server, lang, js):
    house = house_create(document=RENKLI, device=None)
    page = phones(lang, js)
    text = TEXT[lang]
    page.goto(live_server.url + reverse("scorer:house", args=[house.code]))
    expect(page.locator('[data-difference="colours.blue"] [data-house]')).to_have_text("→ ×3")
    if js:
        check_axe(page)
    page.locator(f'a[href$="?ev={house.code}"]').first.click()
    expect(page.locator('[data-house-base="loca"]')).to_be_visible()
    page.fill("#id_player_1", "Ayşe")
    page.fill("#id_player_2", "Bora")
    with page.expect_navigation():
        page.get_by_role("button", name=text["open_table"]).click()

    page.locator("[data-add-hand]").click()
    gosterge = page.locator("[data-gosterge]")
    expect(gosterge.locator("legend")).to_have_text(text["gosterge"])
    expect(gosterge.locator("label")).to_have_count(4)
    click_label(page, "id_finisher_0")
    click_label(page, "id_p0-opened_1")
    click_label(page, "id_p1-opened_1")
    page.locator("#id_p1-points").fill("23")
    if js:
        check_axe(page)
    with page.expect_navigation():
        page.locator("[data-save]").click()
    expect(page.locator("#id_gosterge_error")).to_be_visible()  # no colour chosen: nothing saved
    expect(page.locator("#id_p1-points")).to_have_value("23")
    page.locator("[data-gosterge] label", has_text=text["blue"]).click()
    if js and lang == "tr":
        shoot(page, DOCS_SCREENSHOT_DIR / "house-rules-gosterge.png")
    with page.expect_navigation():
        page.locator("[data-save]").click()
    assert board_totals(page) == [-303, 69]
    game = Game.objects.get()
    assert game.hands.get().data["indicator"] == "blue-1"
    page.goto(live_server.url + reverse("scorer:hand_detail", args=[game.public_id, 1]))
    expect(page.locator(".line-detail").first).to_have_text(TEXT[lang]["finish_detail"])
