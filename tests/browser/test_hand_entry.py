"""Hand entry on a 375 × 812 phone: an ordinary hand on one screen above the sticky bar (and the
field typed into never under it or the keyboard), the disclosures that open under a player's row,
the tap budget.

Measured numbers (form heights per rule set, taps per reference hand) are also written to
test-artifacts/hand-entry-measurements.md.
"""

import json
import re
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scorer.engine import score_game, score_hand
from scorer.models import Game
from tests.browser.test_tables import HANDS, board_totals, hand_data, open_extras
from tests.conftest import DOCS_SCREENSHOT_DIR, SCREENSHOT_DIR, check_axe, shoot
from tests.support.factories import NAMES, claim_url, new_table

SCREEN = 812
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
MEASUREMENTS = ARTIFACTS / "hand-entry-measurements.json"
RULE_SETS = [
    ("loca", {}),
    ("loca", {"partners": True, "katlama": "extra"}),
    ("loca-cezali", {}),
    ("loca-cezali", {"partners": True}),
    ("gkokay", {}),
    ("gkokay", {"cezali": True, "katlamali": True}),
    ("gkokay", {"partners": True, "cezali": True}),
    ("kerizim", {}),
    ("kerizim", {"partners": True}),
]


def record(section: str, key: str, value) -> None:
    """Keep a measured number for the report (one JSON file, merged across tests)."""
    ARTIFACTS.mkdir(exist_ok=True)
    data = json.loads(MEASUREMENTS.read_text()) if MEASUREMENTS.exists() else {}
    data.setdefault(section, {})[key] = value
    MEASUREMENTS.write_text(json.dumps(data, indent=2, ensure_ascii=False))


def open_hand_page(page: Page, live_server, ruleset="loca-cezali", options=None, hands_planned=3) -> Game:
    game, secret = new_table(ruleset, options=options, hands_planned=hands_planned)
    page.goto(live_server.url + claim_url(game, secret))
    page.goto(live_server.url + reverse("scorer:hand_new", args=[game.public_id]))
    expect(page.locator("[data-hand-form].js-ready")).to_be_attached()
    return game


def click_label(page: Page, input_id: str) -> None:
    page.locator(f'label[for="{input_id}"]').click()


# The measure: where the hand form's fields end, from the top of the page (the site header, the
# title and the finisher choice included), i.e. the last player's last control. An ordinary hand
# (the finisher, each player's Açmadı / Per-Seri / Çift and "Kalan sayı") is on one screen above the
# sticky bar as the form opens, once the finisher is chosen and with three numbers typed, in every
# rule set and both languages; what else a player has (okeys, the opening's details, "Taşlardan
# say", penalties) opens under their row on demand.
FORM_BOX = """() => {
    const box = document.querySelector('[data-hand-form]').getBoundingClientRect();
    const bar = document.querySelector('[data-hand-bar]').getBoundingClientRect();
    return {height: Math.round(box.height), bottom: Math.round(box.bottom + window.scrollY),
            bar_top: Math.round(bar.top + window.scrollY)};
}"""
LANGS = ["tr", "en"]
NORMAL_FINISH = {1: 23, 2: 17, 3: 9}  # Ayşe finishes; the others' "Kalan sayı"
NOT_OPENED_LABEL = {"tr": "Açtıysa kalan", "en": "Left, if opened"}
OPENED_LABEL = {"tr": "Kalan sayı", "en": "Left in hand"}
EXTRAS = ("okeys", "fake_okeys", "opening_size", "side_tile", "opening_order")


# --- one screen -------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("ruleset", "options"), RULE_SETS, ids=lambda v: json.dumps(v) if isinstance(v, dict) else v
)
def test_the_hand_form_of_four_players_fits_one_screen_above_the_bar(
    phone, live_server, ruleset, options, lang
):
    page = phone(lang)
    open_hand_page(page, live_server, ruleset, options)
    heights = {"fresh": page.evaluate(FORM_BOX)}
    if not options:
        check_axe(page)
    expect(page.locator("#points-help")).to_have_count(1)  # what to count: once, above the players
    # "Açmadı": the number box says it is theirs only if they opened; everything else is folded.
    expect(page.locator('label[for="id_p1-points"]')).to_have_text(
        NOT_OPENED_LABEL[lang], use_inner_text=True
    )
    assert_extras_folded(page)
    click_label(page, "id_finisher_0")  # the finisher's flags appear under the choice
    expect(page.locator("#id_p0-opened_1")).to_be_checked()
    heights["finisher_chosen"] = page.evaluate(FORM_BOX)
    for i, points in NORMAL_FINISH.items():
        page.locator(f"#id_p{i}-points").fill(str(points))
        expect(page.locator(f"#id_p{i}-opened_1")).to_be_checked()
        expect(page.locator(f'label[for="id_p{i}-points"]')).to_have_text(
            OPENED_LABEL[lang], use_inner_text=True
        )
    heights["typed"] = page.evaluate(FORM_BOX)
    assert_extras_folded(page)  # opened, a player still shows only their row

    record("form_height_px", f"{lang} {ruleset} {json.dumps(options)}", heights)
    if not options:
        check_axe(page)
    if (ruleset, options) == ("loca-cezali", {}):
        page.evaluate("window.scrollTo(0, 0)")
        shoot(page, SCREENSHOT_DIR / f"hand_form-375-{lang}.png", full_page=True)
    for state, box in heights.items():
        assert box["bottom"] <= box["bar_top"], f"{state}: the form goes under the bar: {heights}"
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow == 0, "the hand form scrolls sideways at 375px"


def expect_shown(locator, shown: bool) -> None:
    if shown:
        expect(locator).to_be_visible()
    else:
        expect(locator).to_be_hidden()


def assert_extras_folded(page: Page) -> None:
    """Every player's okeys, opening details and penalties are behind their closed disclosure."""
    expect(page.locator("details[data-extras][open]")).to_have_count(0)
    for i in range(4):
        for name in EXTRAS:
            expect(page.locator(f"#id_p{i}-{name}")).to_be_hidden()


# What an ordinary hand needs: who finished, the finisher's flags, each other player's opening and
# "Kalan sayı", and the save button. Each must be on screen, under nothing (the bar above all).
NEEDED = """([finisher, others]) => {
    const bar = document.querySelector('[data-hand-bar]').getBoundingClientRect();
    const controls = [
        ...document.querySelectorAll('.finisher-choices > label'),
        ...document.querySelectorAll(`[data-finish-flags="${finisher}"] label`),
        ...others.flatMap((i) => [...document.querySelectorAll(
            `[data-player="${i}"] .segmented > label, #id_p${i}-points`)]),
        document.querySelector('[data-save]'),
    ];
    return controls.flatMap((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        const save = el.matches('[data-save]');
        const ok = r.height > 0 && r.top >= 0 && r.bottom <= (save ? window.innerHeight : bar.top)
            && hit !== null && (hit === el || el.contains(hit));
        return ok ? [] : [`${el.id || el.getAttribute('for') || el.textContent.trim()}: ${r.top}–${r.bottom}`];
    });
}"""


@pytest.mark.parametrize("js", [True, False], ids=["js", "nojs"])
@pytest.mark.parametrize("lang", LANGS)
def test_an_ordinary_hand_is_entered_on_one_screen_with_nothing_under_the_save_bar(
    phone, live_server, lang, js
):
    """The target: one finisher tap, three numbers and save, without scrolling (LOCA Cezalı, four
    players, three finish flags: the most a normal finish shows)."""
    page = phone(lang, js=js)
    game, secret = new_table("loca-cezali", hands_planned=3)
    page.goto(live_server.url + claim_url(game, secret))
    page.goto(live_server.url + reverse("scorer:hand_new", args=[game.public_id]))
    if js:
        expect(page.locator("[data-hand-form].js-ready")).to_be_attached()
    click_label(page, "id_finisher_0")
    expect(page.locator('[data-finish-flags="0"]')).to_be_visible()
    for i, points in NORMAL_FINISH.items():
        page.locator(f"#id_p{i}-points").click()
        page.keyboard.type(str(points))
    if js:  # the preview answered: the bar shows the typed hand
        expect(page.locator("#hand-bar-totals [data-bar-total]").nth(3)).to_have_text("9")
    assert page.evaluate("window.scrollY") == 0, "typing the hand scrolled the page"
    assert page.evaluate(NEEDED, [0, list(NORMAL_FINISH)]) == []
    box = page.evaluate(FORM_BOX)
    record("one_screen", f"{lang} {'js' if js else 'nojs'}", box)
    assert box["bottom"] <= box["bar_top"], box
    if js:
        shoot(page, DOCS_SCREENSHOT_DIR / f"hand-form-{lang}.png")
    with page.expect_navigation():
        page.locator("[data-save]").click()
    if not js:  # the page could not open them while typing: it asks once (see the five actions' test)
        with page.expect_navigation():
            page.locator("[data-open-typed] button").click()
    assert board_totals(page) == normal_finish_totals("loca-cezali")


TOPS = """() => ['.finisher-group', '[data-player="1"] .player-row', '[data-player="2"] .player-row',
                 '[data-player="3"] .player-row'].map((s) => document.querySelector(s).getBoundingClientRect().top + scrollY)"""


def test_opening_a_players_disclosure_moves_nothing_above_it(page, live_server):
    open_hand_page(page, live_server)
    click_label(page, "id_finisher_0")
    before = page.evaluate(TOPS)
    open_extras(page, "id_p2-foul_take_back")
    after = page.evaluate(TOPS)
    assert after[:3] == before[:3], "the finisher and the rows of Bora and Cem stay where they were"
    assert after[3] > before[3] + 100, "what it opens comes under Cem's row, above Deniz"
    summary = page.locator('[data-player="2"] details.extras > summary').bounding_box()
    row = page.locator('[data-player="2"] .player-row').bounding_box()
    assert summary["y"] + summary["height"] <= row["y"] + 8, "the summary sits on the name's row"


# A phone's keyboard leaves the visual viewport shorter than the page's: okeycalc.js scrolls the
# field being typed into above it (and above the bar), as the keyboard opens or the focus moves.
KEYBOARD = """(height) => {
    const listeners = [];
    const view = {offsetTop: 0, height: window.innerHeight, width: window.innerWidth,
                  addEventListener: (type, fn) => listeners.push(fn), removeEventListener() {}};
    Object.defineProperty(window, 'visualViewport', {value: view, configurable: true});
    window.openKeyboard = () => { view.height = height; listeners.forEach((fn) => fn()); };
}"""


def test_the_field_being_typed_into_is_scrolled_above_the_keyboard_and_the_bar(page, live_server):
    page.add_init_script(f"({KEYBOARD})(420)")
    game, secret = new_table("loca-cezali", hands_planned=3)
    page.goto(live_server.url + claim_url(game, secret))
    page.goto(live_server.url + reverse("scorer:hand_new", args=[game.public_id]))
    expect(page.locator("[data-hand-form].js-ready")).to_be_attached()
    # The finisher's preview is held on its way (a slow connection): the page is as short as it
    # gets, and the last field must still come above the keyboard.
    held: list = []
    page.route("**/el/onizleme/", lambda route: held.append(route))
    click_label(page, "id_finisher_0")
    page.wait_for_function("() => document.querySelector('#hand-form').classList.contains('htmx-request')")
    page.locator("#id_p3-points").focus()
    page.evaluate("window.openKeyboard()")  # the keyboard comes up after the focus
    above = "(id) => document.getElementById(id).getBoundingClientRect().bottom"
    page.wait_for_function(f"() => ({above})('id_p3-points') <= 420")
    assert page.evaluate("window.scrollY") > 0
    # Moving to a field higher up brings it back into the part above the keyboard.
    page.locator("#id_p1-points").focus()
    page.wait_for_function(f"() => ({above})('id_p1-points') <= 420 && ({above})('id_p1-points') > 0")
    assert len(held) == 1, "the preview was held all along"
    held[0].continue_()
    page.unroute("**/el/onizleme/")
    # Without a keyboard, a field at the page's end is never left under the sticky bar (CSS
    # scroll-padding for the browser's own focus scrolling, the script for the rest).
    page.set_viewport_size({"width": 375, "height": 520})
    page.evaluate("window.visualViewport.height = window.innerHeight; window.scrollTo(0, 0)")
    open_extras(page, "id_p3-foul_okey_swapped")
    page.locator("#id_p3-foul_okey_swapped").focus()
    page.wait_for_function(
        """() => document.getElementById('id_p3-foul_okey_swapped').getBoundingClientRect().bottom
                 <= document.querySelector('[data-hand-bar]').getBoundingClientRect().top"""
    )


@pytest.mark.parametrize("lang", LANGS)
def test_deck_ran_out_takes_two_lines_at_most_and_the_way_back_stays_on_the_title_row(
    phone, live_server, lang
):
    page = phone(lang)
    open_hand_page(page, live_server)
    deck = page.evaluate(
        """() => { const label = document.querySelector('label.choice-deck');
                   const style = getComputedStyle(label);
                   const lines = (label.getBoundingClientRect().height - parseFloat(style.paddingTop)
                       - parseFloat(style.paddingBottom) - 2) / parseFloat(style.lineHeight);
                   return Math.round(lines * 10) / 10; }"""
    )
    assert deck <= 2, f"“{page.locator('label.choice-deck').inner_text()}” takes {deck} lines"
    title, back = (page.locator(f".hand-title-line {css}").bounding_box() for css in ("h1", ".back-link"))
    assert back["y"] < title["y"] + title["height"], "the way back went to a line of its own"
    for width, height in ((1920, 1080), (375, 812)):
        page.set_viewport_size({"width": width, "height": height})
        shoot(page, SCREENSHOT_DIR / f"hand_form-{width}-{lang}.png")
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow == 0, f"the hand page scrolls sideways at {width} px"


@pytest.mark.parametrize("lang", LANGS)
def test_on_a_phone_the_site_menu_folds_into_one_row_and_opens_without_javascript(phone, live_server, lang):
    for js in (True, False):
        page = phone(lang, js=js)
        page.goto(live_server.url + reverse("scorer:home"))
        header = page.locator(".site-header").bounding_box()
        assert header["height"] <= 64, f"the site header is {header['height']} px tall"
        links = page.locator(".site-header nav .nav-link")
        expect(links.first).to_be_hidden()
        page.locator(".site-menu-toggle").click()
        expect(links.first).to_be_visible()
        expect(links.last).to_be_in_viewport()
    page.set_viewport_size({"width": 1024, "height": 768})  # wider: the links are always there
    page.goto(live_server.url + reverse("scorer:home"))
    expect(page.locator(".site-menu-toggle")).to_be_hidden()
    expect(page.locator(".site-header nav .nav-link").first).to_be_visible()


# --- the sticky bar ------------------------------------------------------------------------------------

IN_VIEW = """(selector) => {
    const el = document.querySelector(selector);
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return {top: r.top, bottom: r.bottom, visible: r.top >= 0 && r.bottom <= window.innerHeight,
            uncovered: hit !== null && (hit === el || el.contains(hit))};
}"""


def assert_bar_in_view(page: Page, where: str) -> None:
    for selector in ("[data-save]", "#hand-bar-totals"):
        box = page.evaluate(IN_VIEW, selector)
        assert box["visible"] and box["uncovered"], f"{selector} at the {where} of the form: {box}"


def test_the_save_button_and_live_totals_stay_on_screen_while_typing(
    page, live_server, axe_check, screenshot
):
    open_hand_page(page, live_server)
    form = page.evaluate(
        "() => { const r = document.querySelector('[data-hand-form]').getBoundingClientRect();"
        " return {top: r.top + scrollY, bottom: r.bottom + scrollY}; }"
    )
    assert_bar_in_view(page, "top")
    click_label(page, "id_finisher_0")
    page.locator("#id_p1-points").click()
    page.keyboard.type("23")
    # The bar follows the typing (the live preview's totals, copied by okeycalc.js).
    expect(page.locator("#hand-bar-totals [data-bar-total]").nth(1)).to_have_text("23")
    expect(page.locator("#id_p2-okeys")).to_be_hidden()  # Cem is on "Açmadı": nothing he holds counts
    click_label(page, "id_p2-opened_1")
    open_extras(page, "id_p2-okeys")
    page.locator('[data-stepper]:has(#id_p2-okeys) [data-step="1"]').click()
    page.locator("#id_p2-points").fill("0")  # an empty "Kalan sayı" is refused
    expect(page.locator("#hand-bar-totals [data-bar-total]").nth(2)).to_have_text("101")
    shoot(page, SCREENSHOT_DIR / "hand_entry-top.png")

    page.evaluate("(y) => window.scrollTo(0, y)", (form["top"] + form["bottom"]) / 2 - SCREEN / 2)
    assert_bar_in_view(page, "middle")
    page.locator("#id_p3-points").click()
    page.keyboard.type("9")
    expect(page.locator("#hand-bar-totals [data-bar-total]").nth(3)).to_have_text("9")
    shoot(page, SCREENSHOT_DIR / "hand_entry-middle.png")

    page.evaluate("(y) => window.scrollTo(0, y)", form["bottom"] - SCREEN + 10)
    assert_bar_in_view(page, "bottom")
    shoot(page, SCREENSHOT_DIR / "hand_entry-bottom.png")
    bar = page.locator("[data-hand-bar]").bounding_box()
    shoot(page, SCREENSHOT_DIR / "hand_bar.png", clip=bar)
    assert bar["height"] <= 64, "the bar stays small"

    # The bar's totals lead to the itemised preview under the form.
    page.locator("#hand-bar-totals").click()
    expect(page.locator("#preview-heading")).to_be_in_viewport()
    axe_check()
    screenshot("hand_entry-full")


BAR_AND_CARDS = """() => ({
    bar: [...document.querySelectorAll('#hand-bar-totals [data-bar-total]')]
        .map(e => [e.textContent, e.dataset.barTotal]),
    cards: [...document.querySelectorAll('#hand-preview .player-result [data-total]')]
        .map(e => [e.textContent, e.dataset.total]),
    errors: document.getElementById('hand-bar-totals').classList.contains('has-errors'),
    said: document.querySelector('#hand-bar-totals [data-bar-said]').textContent,
})"""


def test_the_bar_follows_each_live_preview_that_brings_the_result_alone(page, live_server):
    """A live preview's answer holds the itemised result only; the page's script copies each card's
    total into the bar, or with something to fix a dash each, the bar marked and its hidden text
    saying so, as the page without JavaScript renders the bar."""
    game = open_hand_page(page, live_server)
    bar = page.locator("#hand-bar-totals")
    said_ok, said_fix = bar.get_attribute("data-said-ok"), bar.get_attribute("data-said-fix")
    assert said_ok and said_fix and said_ok != said_fix
    preview = reverse("scorer:hand_preview", args=[game.public_id])
    answers = []
    page.on("response", lambda r: answers.append(r) if r.url.endswith(preview) else None)

    click_label(page, "id_finisher_0")
    click_label(page, "id_p1-opened_1")  # Bora opened: his points are still empty
    expect(bar).to_have_class(re.compile("has-errors"))
    shown = page.evaluate(BAR_AND_CARDS)
    assert shown == {"bar": [["—", ""]] * 4, "cards": [], "errors": True, "said": said_fix}

    page.locator("#id_p1-points").fill("23")
    expect(bar.locator("[data-bar-total]").nth(1)).to_have_text("23")
    shown = page.evaluate(BAR_AND_CARDS)
    assert shown["bar"] == shown["cards"] and len(shown["cards"]) == 4
    text, total = shown["bar"][0]  # the finisher's, as the card writes it: a real minus sign
    assert total.startswith("-") and text == "\u2212" + total[1:]
    assert not shown["errors"] and shown["said"] == said_ok

    page.locator("#id_p1-points").fill("9999")  # more than a hand can hold
    expect(bar).to_have_class(re.compile("has-errors"))
    assert page.evaluate(BAR_AND_CARDS)["bar"] == [["—", ""]] * 4
    assert answers and all("hand-bar-totals" not in a.text() for a in answers), "no bar in the answers"


# --- choosing the finisher, typing for "Açmadı" ------------------------------------------------------


def opened(page: Page, i: int) -> str:
    return page.locator(f'input[name="p{i}-opened"]:checked').get_attribute("value")


def test_the_finisher_is_opened_by_the_page_and_shows_their_flags_right_there(page, live_server):
    open_hand_page(page, live_server)
    click_label(page, "id_finisher_1")
    assert opened(page, 1) == "sets"
    flags = page.locator('[data-finish-flags="1"]')
    expect(flags).to_be_visible()
    # Right under the finisher choice, with 44 px targets.
    choice = page.locator(".finisher-group").bounding_box()
    assert abs(flags.bounding_box()["y"] - (choice["y"] + choice["height"])) < 24
    for label in flags.locator("label").all():
        assert label.bounding_box()["height"] >= 44

    click_label(page, "id_p1-opened_2")  # changeable: Bora opened with pairs
    click_label(page, "id_finisher_2")
    assert opened(page, 2) == "sets"
    assert opened(page, 1) == "pairs", "chosen by hand: kept"
    click_label(page, "id_finisher_3")
    assert opened(page, 2) == "none", "opened by the page only because Cem finished: undone"
    assert opened(page, 3) == "sets"


def test_points_typed_for_a_player_marked_acmadi_open_them_and_a_deliberate_acmadi_is_warned(
    page, live_server, axe_check
):
    game = open_hand_page(page, live_server)
    click_label(page, "id_finisher_0")
    page.locator("#id_p1-points").click()
    page.keyboard.type("25")
    assert opened(page, 1) == "sets", "typing points means Bora opened"
    expect(page.locator("#id_p2-fake_okeys")).to_be_hidden()  # on "Açmadı": no steppers yet
    page.locator("#id_p2-points").fill("7")
    assert opened(page, 2) == "sets"
    open_extras(page, "id_p2-fake_okeys")
    page.locator('[data-stepper]:has(#id_p2-fake_okeys) [data-step="1"]').click()
    warning = page.locator('[data-player="1"] [data-dropped]')
    expect(warning).to_be_hidden()

    click_label(page, "id_p1-opened_0")  # "no, Bora really did not open"
    expect(warning).to_be_visible()
    expect(page.locator("[data-dropped-seen]")).to_have_value("p1-points")
    bora = page.locator("#hand-preview .player-result").nth(1)
    expect(bora.locator('[data-code="not_opened"]')).to_be_visible()
    expect(bora.locator('[data-code="info"]')).to_contain_text("25")  # the engine's 0-point line
    expect(page.locator("#hand-bar-totals [data-bar-total]").nth(1)).to_have_text("202")
    axe_check()  # with the warning shown
    shoot(page.locator("[data-player='1']"), SCREENSHOT_DIR / "hand_entry-dropped-warning.png")

    with page.expect_navigation():
        page.locator("[data-save]").click()
    bora = game.hands.get().data["players"][1]
    assert bora["opened"] == "none"
    assert bora["remaining"] == {"points": 25}, "the stored hand keeps what was typed"


def test_the_penalty_disclosure_shows_a_count_badge(page, live_server):
    open_hand_page(page, live_server)
    badge = page.locator('[data-player="2"] [data-extras-count]')
    expect(badge).to_be_hidden()
    page.locator('[data-player="2"] details.extras > summary').click()
    plus = page.locator('[data-stepper]:has(#id_p2-foul_take_back) [data-step="1"]')
    plus.click()
    plus.click()
    page.locator("#id_p2-opening_order").select_option("1")
    page.locator('[data-player="2"] details.extras > summary').click()  # closed again
    expect(badge).to_be_visible()
    expect(badge).to_have_text(re.compile(r"2$"))


# --- the tap budget -----------------------------------------------------------------------------------

# The five reference hands of the table test (LOCA Cezalı, Ayşe · Bora · Cem · Deniz): the three of
# test_tables.HANDS and two more. Each player: opened, points, okeys, fake okeys, fouls.
TYPICAL = {  # finisher + 3 opponents with tiles left, one okey held
    "finisher": 0,
    "flags": [],
    "players": [
        ("sets", 0, 0, 0, {}),
        ("sets", 23, 0, 0, {}),
        ("sets", 17, 1, 0, {}),
        ("pairs", 9, 0, 0, {}),
    ],
}
ELDEN_PAIRS = {  # Bora finishes elden with pairs; Ayşe and Deniz never opened
    "finisher": 1,
    "flags": ["elden"],
    "players": [
        ("none", 0, 0, 0, {}),
        ("pairs", 0, 0, 0, {}),
        ("sets", 31, 0, 0, {}),
        ("none", 0, 0, 0, {}),
    ],
}
REFERENCE_HANDS = [*HANDS, TYPICAL, ELDEN_PAIRS]

# What a scorekeeper taps (digits are typed on the number keyboard and counted apart).
# The page infers "opened with sets" for the finisher and for anyone whose points or okeys are
# typed, so only pairs (or a deliberate "Açmadı") costs a tap on the opening. Okeys left and
# penalties are under a player's "Okey · ceza · açılış": one tap opens it ("more").
#
# hand                                     finisher flags opening fields more steppers penalties save | taps digits budget
# 1 Ayşe okey finish; Bora 23+okey;           1      1      1      2     2      1        1       1   |  10     4     10
#   Cem pairs 10; Deniz discarded okey
# 2 deck ran out; Ayşe 15; Cem pairs 8;       1      0      1      3     1      1        0       1   |   8     5      8
#   Deniz 40 + fake okey
# 3 Cem finishes; Ayşe 12 + işlek penalty;    1      0      1      2     2      1        1       1   |   9     3     10
#   Deniz pairs 6 + okey
# 4 typical: Ayşe finishes; Bora 23,          1      0      1      3     1      1        0       1   |   8     5      8
#   Cem 17 + okey, Deniz pairs 9
# 5 Bora elden with pairs; Cem 31             1      1      1      1     0      0        0       1   |   5     2      8
TAP_TABLE = [
    # (taps, digits, budget)
    (10, 4, 10),
    (8, 5, 8),
    (9, 3, 10),
    (8, 5, 8),
    (5, 2, 8),
]
TYPICAL_BUDGET = 8  # the issue: a typical hand takes at most 8 taps plus the digits


class Taps:
    """Drives the page like a thumb: every click is one tap, every typed character one digit."""

    def __init__(self, page: Page) -> None:
        self.page, self.taps, self.digits = page, 0, 0

    def tap(self, locator) -> None:
        locator.click()
        self.taps += 1

    def label(self, input_id: str) -> None:
        self.tap(self.page.locator(f'label[for="{input_id}"]'))

    def type_number(self, input_id: str, number: int) -> None:
        self.tap(self.page.locator(f"#{re.escape(input_id)}"))
        self.page.keyboard.type(str(number))
        self.digits += len(str(number))

    def step(self, input_id: str, times: int) -> None:
        if times and open_extras(self.page, input_id):
            self.taps += 1
        for _ in range(times):
            self.tap(self.page.locator(f'[data-stepper]:has(#{re.escape(input_id)}) [data-step="1"]'))


OPENED_INDEX = {"none": 0, "sets": 1, "pairs": 2}


def enter_with_taps(page: Page, spec: dict) -> Taps:
    """The fewest taps for the hand, letting the page infer what it infers; then save."""
    t, finisher = Taps(page), spec["finisher"]
    t.label("id_finisher_4" if finisher == "deck" else f"id_finisher_{finisher}")
    for flag in spec["flags"]:
        t.label(f"id_p{finisher}-{flag}")
    for i, (how, points, okeys, fakes, fouls) in enumerate(spec["players"]):
        if i != finisher:
            if points:
                t.type_number(f"id_p{i}-points", points)
            t.step(f"id_p{i}-okeys", okeys)
            t.step(f"id_p{i}-fake_okeys", fakes)
        if not page.locator(f"#id_p{i}-opened_{OPENED_INDEX[how]}").is_checked():
            t.label(f"id_p{i}-opened_{OPENED_INDEX[how]}")
        for kind, count in fouls.items():
            t.step(f"id_p{i}-foul_{kind}", count)
    expected = [
        p.total for p in score_hand({"ruleset": "loca-cezali", "players": NAMES, **hand_data(spec)}).players
    ]
    page.wait_for_function(
        "expected => JSON.stringify([...document.querySelectorAll('#hand-bar-totals [data-bar-total]')]"
        ".map(e => Number(e.dataset.barTotal))) === JSON.stringify(expected)",
        arg=expected,
    )
    with page.expect_navigation():
        t.tap(page.locator("[data-save]"))
    return t


def test_the_five_reference_hands_stay_within_their_tap_budget(page, live_server):
    game = open_hand_page(page, live_server, hands_planned=len(REFERENCE_HANDS))
    measured = []
    for number, (spec, (taps, digits, budget)) in enumerate(
        zip(REFERENCE_HANDS, TAP_TABLE, strict=True), start=1
    ):
        if number > 1:
            page.locator("[data-add-hand]").click()
            expect(page.locator("[data-hand-form].js-ready")).to_be_attached()
        t = enter_with_taps(page, spec)
        measured.append({"hand": number, "taps": t.taps, "digits": t.digits, "budget": budget})
        # The taps entered exactly this hand: the board shows the engine's totals.
        game_json = {
            "ruleset": "loca-cezali",
            "players": NAMES,
            "hands": [hand_data(h) for h in REFERENCE_HANDS[:number]],
        }
        assert board_totals(page) == list(score_game(game_json).totals)
        assert (t.taps, t.digits) == (taps, digits), f"hand {number}: the table of taps is out of date"
        assert t.taps <= budget
    record("taps", "reference_hands", measured)
    assert measured[3]["taps"] <= TYPICAL_BUDGET
    assert game.hands.count() == len(REFERENCE_HANDS)


# --- a normal finish in five actions -------------------------------------------------------------------


class Actions:
    """Counts what a scorekeeper does: each click and each field filled is one action."""

    def __init__(self, page: Page) -> None:
        self.page, self.count = page, 0

    def click(self, locator) -> None:
        locator.click()
        self.count += 1

    def fill(self, input_id: str, value: int) -> None:
        self.page.locator(f"#{re.escape(input_id)}").fill(str(value))
        self.count += 1


def normal_finish_totals(ruleset: str) -> list[int]:
    players = [{"name": NAMES[0], "opened": "sets", "finished": True}] + [
        {"name": NAMES[i], "opened": "sets", "remaining": {"points": points}}
        for i, points in NORMAL_FINISH.items()
    ]
    return list(score_game({"ruleset": ruleset, "players": NAMES, "hands": [{"players": players}]}).totals)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("js", [True, False], ids=["js", "nojs"])
@pytest.mark.parametrize("ruleset", ["loca", "loca-cezali", "gkokay", "kerizim"])
def test_a_normal_finish_takes_five_actions_and_one_more_without_javascript(
    phone, live_server, ruleset, lang, js
):
    page = phone(lang, js=js)
    game, secret = new_table(ruleset)
    page.goto(live_server.url + claim_url(game, secret))
    page.goto(live_server.url + reverse("scorer:hand_new", args=[game.public_id]))
    act = Actions(page)
    act.click(page.locator('label[for="id_finisher_0"]'))
    for i, points in NORMAL_FINISH.items():
        act.fill(f"id_p{i}-points", points)
    with page.expect_navigation():
        act.click(page.locator("[data-save]"))
    if not js:  # the page cannot open them while typing: it asks once, naming them
        offer = page.locator("[data-open-typed]")
        for name in NAMES:
            expect(offer).to_contain_text(name)
        assert game.hands.count() == 0
        with page.expect_navigation():
            act.click(offer.locator("button"))

    assert act.count == (5 if js else 6)
    stored = game.hands.get().data["players"]
    assert [p["opened"] for p in stored] == ["sets"] * 4
    assert [p.get("remaining", {}).get("points") for p in stored[1:]] == list(NORMAL_FINISH.values())
    assert board_totals(page) == normal_finish_totals(ruleset)


# --- the calculator shares the form --------------------------------------------------------------------


def test_calculator_names_typed_then_a_finisher_tap_update_the_buttons(page, live_server):
    page.goto(live_server.url + reverse("scorer:calculator"))
    expect(page.locator("[data-hand-form].js-ready")).to_be_attached()
    page.locator("#id_setup-name_3").fill("Deniz")
    click_label(page, "id_finisher_0")  # blurs the name (its refresh starts) and asks for a result
    expect(page.locator('label[for="id_finisher_3"]')).to_have_text("Deniz")
    expect(page.locator('[data-player="3"] .player-name')).to_have_text("Deniz")
    expect(page.locator("#hand-bar-totals .bar-name").nth(3)).to_have_text("Deniz")
    expect(page.locator("#id_finisher_0")).to_be_checked()
    assert opened(page, 0) == "sets"


# --- without JavaScript ------------------------------------------------------------------------------


def test_without_javascript_the_finisher_shows_their_flags_and_a_dropped_value_is_warned_before_saving(
    browser, browser_context_args, live_server
):
    game, secret = new_table("loca-cezali")
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(live_server.url + claim_url(game, secret))
        page.goto(live_server.url + reverse("scorer:hand_new", args=[game.public_id]))
        expect(page.locator("[data-finish-flags]").first).to_be_hidden()
        click_label(page, "id_finisher_2")  # CSS alone shows Cem's flags and hides his numbers
        expect(page.locator('[data-finish-flags="2"]')).to_be_visible()
        expect(page.locator('[data-finish-flags="0"]')).to_be_hidden()
        expect(page.locator("#id_p2-points")).to_be_hidden()
        expect(page.locator('[data-player="2"] [data-finished-note]')).to_be_visible()
        click_label(page, "id_p2-opened_1")  # without JavaScript the finisher's opening is tapped too
        click_label(page, "id_p2-elden")
        click_label(page, "id_p0-opened_1")
        page.locator("#id_p0-points").fill("12")
        page.locator("#id_p1-points").fill("25")  # Bora left on "Açmadı"
        with page.expect_navigation():
            page.locator("[data-save]").click()

        # Not saved yet: the page says the 25 does not count, beside the field and in the preview.
        assert game.hands.count() == 0
        expect(page.locator("[data-dropped-confirm]")).to_be_visible()
        expect(page.locator('[data-player="1"] [data-dropped]')).to_be_visible()
        expect(page.locator("#id_p1-points")).to_have_value("25")
        expect(page.locator("#id_p2-opened_1")).to_be_checked()
        bora = page.locator("#hand-preview .player-result").nth(1)
        expect(bora.locator('[data-code="info"]')).to_contain_text("25")
        expect(page.locator("[data-bar-total]").nth(1)).not_to_have_text("—")
        with page.expect_navigation():
            page.locator("[data-save]").click()
        stored = game.hands.get().data["players"]
        assert stored[1] == {"name": "Bora", "opened": "none", "remaining": {"points": 25}}
        assert stored[2]["finish"] == {"elden": True}
    finally:
        context.close()


# --- line details start under their label ----------------------------------------------------------

# Where the text itself starts (a block's box starts at the left even when its text is pushed right).
DETAIL_OFFSETS = """() => {
    const textLeft = (el) => { const r = document.createRange(); r.selectNodeContents(el);
                               return r.getClientRects()[0].left; };
    return [...document.querySelectorAll('.hand-result .line')].flatMap((line) => {
        const label = line.querySelector('.line-text > a') || line.querySelector('.line-text');
        const detail = line.querySelector('.line-detail');
        return detail ? [Math.round(textLeft(detail) - textLeft(label))] : [];
    });
}"""


def test_breakdown_details_start_under_their_label(page, live_server, screenshot):
    game, secret = new_table("loca-cezali", hands_planned=5, hands=[hand_data(HANDS[0])])
    pages = {
        "hand_detail": reverse("scorer:hand_detail", args=[game.public_id, 1]),
        "example": reverse("scorer:example", args=["cezali-okey-atarak"]),
    }
    for name, path in pages.items():
        page.goto(live_server.url + path)
        offsets = page.evaluate(DETAIL_OFFSETS)
        assert offsets, f"{name}: no line details"
        assert set(offsets) == {0}, f"{name}: details not under their labels: {offsets}"
        shoot(page.locator(".hand-result .player-result").nth(1), SCREENSHOT_DIR / f"breakdown-{name}.png")

    page.goto(live_server.url + reverse("scorer:calculator"))
    expect(page.locator("[data-hand-form].js-ready")).to_be_attached()
    click_label(page, "id_finisher_0")
    page.locator("#id_p1-points").fill("23")
    expect(page.locator("#calc-result .player-result")).to_have_count(4)
    offsets = page.evaluate(DETAIL_OFFSETS)
    assert offsets and set(offsets) == {0}, offsets
    expect(page.locator("#hand-bar-totals [data-bar-total]").nth(1)).to_have_text("23")
    shoot(page.locator("#calc-result .player-result").nth(1), SCREENSHOT_DIR / "breakdown-calculator.png")
