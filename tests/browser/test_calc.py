"""Calculator, share links, tile picker, comparison, rules and examples in a real browser at 375px."""

import re

from django.urls import reverse
from playwright.sync_api import Page, expect

from scorer.calculator.share import share_token
from scorer.engine import score_hand
from scorer.teaching.compare import hand_compare
from scorer.teaching.examples import example_get
from tests.browser.test_tables import open_extras


def click_label(page: Page, input_id: str) -> None:
    """Radio and check buttons are styled labels (the input itself is visually hidden)."""
    page.locator(f'label[for="{input_id}"]').click()


def result_totals(page: Page) -> list[int]:
    values = page.locator("#calc-result .player-result [data-total]").evaluate_all(
        "els => els.map(e => e.dataset.total)"
    )
    return [int(v) for v in values]


def wait_for_totals(page: Page, selector: str, expected: list[int]) -> None:
    page.wait_for_function(
        "([selector, expected]) => JSON.stringify([...document.querySelectorAll(selector)]"
        ".map(e => Number(e.dataset.total))) === JSON.stringify(expected)",
        arg=[selector, expected],
    )


def no_sideways_scroll(page: Page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow == 0, "the page scrolls sideways at 375px"


def test_calculator_live_result_and_share_link_round_trip(page, live_server, axe_check, screenshot):
    page.goto(live_server.url + reverse("scorer:calculator"))
    expect(page.locator("[data-preview-empty]")).to_be_visible()
    axe_check()

    page.select_option("#id_setup-ruleset", "loca-cezali")
    expect(page.locator("#id_p0-okey_discard")).to_be_attached()  # the Cezalı fields came in
    page.locator("#id_setup-name_0").fill("Ayşe")
    page.locator("#id_setup-name_1").fill("Bora")
    page.locator("#id_setup-name_1").press("Tab")
    expect(page.locator('label[for="id_finisher_0"]')).to_have_text("Ayşe")

    click_label(page, "id_finisher_0")
    click_label(page, "id_p0-opened_1")
    page.locator('label[for="id_p0-okey_discard"]').click()
    click_label(page, "id_p1-opened_1")
    page.locator("#id_p1-points").fill("23")
    open_extras(page, "id_p1-okeys")
    page.locator('[data-stepper]:has(#id_p1-okeys) [data-step="1"]').click()
    click_label(page, "id_p2-opened_2")
    page.locator("#id_p2-points").fill("10")
    page.locator('[data-player="3"] details.extras > summary').click()
    page.locator('[data-stepper]:has(#id_p3-foul_okey_discard) [data-step="1"]').click()

    hand = {
        "ruleset": "loca-cezali",
        "players": [
            {"name": "Ayşe", "opened": "sets", "finished": True, "finish": {"okey_discard": True}},
            {"name": "Bora", "opened": "sets", "remaining": {"points": 23, "okeys": 1}},
            {"name": "Oyuncu 3", "opened": "pairs", "remaining": {"points": 10}},
            {"name": "Oyuncu 4", "fouls": {"okey_discard": 1}},
        ],
    }
    expected = list(score_hand(hand).totals)
    assert expected == [-404, 496, 40, 909]
    wait_for_totals(page, "#calc-result .player-result [data-total]", expected)
    expect(page.locator("[data-action=share]")).to_be_visible()
    axe_check()
    screenshot("calculator")
    no_sideways_scroll(page)

    share = page.locator("[data-action=share]")
    href = share.get_attribute("href")
    assert re.fullmatch(r"/hesap/paylas/[^/]+/", href)
    share.click()
    page.wait_for_url(live_server.url + href)
    assert result_totals(page) == expected

    other = page.context.new_page()
    other.goto(live_server.url + href)
    assert result_totals(other) == expected
    expect(other.locator("#id_setup-name_0")).to_have_value("Ayşe")
    expect(other.locator("#id_p1-points")).to_have_value("23")
    expect(other.locator("#id_finisher_0")).to_be_checked()
    expect(other.locator("#id_p0-okey_discard")).to_be_checked()
    other.close()


def test_a_tampered_share_link_shows_a_clear_message(page, live_server, axe_check):
    token = share_token({"ruleset": "loca", "players": [{"name": "A"}, {"name": "B"}]})

    response = page.goto(live_server.url + reverse("scorer:calculator_shared", args=[token[:-4] + "abcd"]))

    assert response is not None and response.status == 400
    expect(page.locator("[data-error=bad-link]")).to_be_visible()
    axe_check()
    # The page's own link (on a phone the site menu's is folded away behind "Menü").
    page.locator(f'main a[href="{reverse("scorer:calculator")}"]').click()
    expect(page.locator("#calc-form")).to_be_visible()


def picker_row(page: Page, player: int):
    return page.locator(f'.picker-totals tr[data-player="{player}"]')


def test_tile_picker_okey_totals_and_the_two_copies_limit(page, live_server, axe_check, screenshot):
    page.goto(live_server.url + reverse("scorer:tile_picker"))
    axe_check()

    page.select_option("#picker-indicator", "red-5")
    expect(page.locator("#okey-shown")).to_have_attribute("data-okey", "red-6")
    expect(page.locator('[data-tile="red-6"]')).to_have_class(re.compile(r"\bis-okey\b"))

    page.locator('[data-tile="blue-7"]').click()
    expect(picker_row(page, 0)).to_have_attribute("data-points", "7")
    page.locator('[data-tile="fake"]').click()  # a fake okey counts the okey's number
    expect(picker_row(page, 0)).to_have_attribute("data-points", "13")
    expect(picker_row(page, 0)).to_have_attribute("data-fake-okeys", "1")
    page.locator('[data-tile="red-6"]').click()  # the real okey: 101, no face value
    expect(picker_row(page, 0)).to_have_attribute("data-okeys", "1")
    expect(picker_row(page, 0)).to_have_attribute("data-hand-value", str(13 + 101 + 101))
    expect(page.locator("#picker-status")).to_contain_text("13")

    # The indicator red-5 is one copy: one more can be picked, then no third.
    red5 = page.locator('[data-tile="red-5"]')
    red5.click()
    expect(red5).to_have_attribute("data-mine", "1")
    expect(red5).to_have_attribute("aria-disabled", "true")
    expect(red5).to_be_disabled()  # for assistive technology; still focusable so it can say why
    red5.focus()
    page.keyboard.press("Enter")  # a third copy is refused, with the reason announced
    expect(page.locator("#picker-status .picker-message")).to_be_visible()
    expect(red5).to_have_attribute("data-mine", "1")
    expect(picker_row(page, 0)).to_have_attribute("data-points", "18")

    # Another player cannot take it either; their own tiles count separately.
    page.locator("#player-1").click()
    expect(page.locator("#player-1")).to_have_attribute("aria-pressed", "true")
    page.locator('[data-tile="red-5"]').click(force=True)
    expect(page.locator("#picker-status .picker-message")).to_be_visible()
    expect(page.locator('[data-tile="red-5"]')).to_have_attribute("data-mine", "0")
    page.locator('[data-tile="black-13"]').click()
    expect(picker_row(page, 1)).to_have_attribute("data-points", "13")
    expect(picker_row(page, 0)).to_have_attribute("data-points", "18")
    axe_check()
    screenshot("tile_picker")
    no_sideways_scroll(page)

    page.locator("[data-action=to-calculator]").click()
    expect(page.locator("[data-tiles]")).to_be_visible()
    expect(page.locator("#id_p0-points")).to_have_value("18")
    expect(page.locator("#id_p1-points")).to_have_value("13")


def test_tile_picker_works_with_the_keyboard(page, live_server):
    page.goto(live_server.url + reverse("scorer:tile_picker"))
    page.select_option("#picker-indicator", "black-13")
    expect(page.locator("#okey-shown")).to_have_attribute("data-okey", "black-1")

    tile = page.get_by_role("button", name=re.compile(r"^\S+ 9$")).first
    tile.focus()
    page.keyboard.press("Enter")
    expect(picker_row(page, 0)).to_have_attribute("data-points", "9")
    expect(page.locator(":focus")).to_have_attribute("data-tile", re.compile(r"-9$"))
    page.keyboard.press("Enter")
    expect(picker_row(page, 0)).to_have_attribute("data-points", "18")
    expect(page.locator("#picker-status")).to_contain_text("18")


def test_tile_picker_without_javascript_posts_counts(browser, live_server):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 375, "height": 812})
    try:
        page = context.new_page()
        page.goto(live_server.url + reverse("scorer:tile_picker"))
        page.select_option("#picker-indicator", "yellow-2")
        page.locator('[data-tile="yellow-9"]').click()
        expect(page.locator("#okey-shown")).to_have_attribute("data-okey", "yellow-3")
        expect(picker_row(page, 0)).to_have_attribute("data-points", "9")
        page.locator("details.picker-counts > summary").click()
        page.locator("#count-p0-blue-4").fill("2")
        page.locator('details.picker-counts button[type="submit"]').click()
        expect(picker_row(page, 0)).to_have_attribute("data-points", "17")
    finally:
        context.close()


def test_compare_page_shows_the_engines_totals_side_by_side(page, live_server, axe_check, screenshot):
    hand = example_get("kerizim-dort-kat").hand
    comparison = hand_compare(hand=hand)

    page.goto(live_server.url + f"{reverse('scorer:compare')}?el={share_token(hand)}")

    headers = page.locator(".compare-table thead th[data-ruleset]")
    expect(headers).to_have_count(4)
    assert headers.evaluate_all("els => els.map(e => e.dataset.ruleset)") == [
        c.ruleset.id for c in comparison.columns
    ]
    cells = page.locator(".compare-table tbody tr[data-row=player] td[data-total]")
    assert [int(v) for v in cells.evaluate_all("els => els.map(e => e.dataset.total)")] == [
        c.result.totals[i] for i in range(4) for c in comparison.columns
    ]
    expect(page.locator(".compare-table td.differs").first).to_be_visible()
    expect(page.locator(".reasons li").first).to_be_visible()
    axe_check()
    screenshot("compare")
    no_sideways_scroll(page)

    page.locator("details.compare-lines > summary").first.click()
    expect(page.locator("details.compare-lines .player-result").first).to_be_visible()
    axe_check()


def test_rules_page(page, live_server, axe_check, screenshot):
    page.goto(live_server.url + reverse("scorer:rules", args=["loca-cezali"]))

    expect(page.locator("#puan .payments-table")).to_be_visible()
    expect(page.locator("#D5")).to_be_attached()
    axe_check()
    screenshot("rules")
    no_sideways_scroll(page)

    page.goto(live_server.url + reverse("scorer:rules", args=["kerizim"]) + "#katlar")
    expect(page.locator("#katlar")).to_be_in_viewport()
    axe_check()


def test_examples_list_and_one_example(page, live_server, axe_check, screenshot):
    page.goto(live_server.url + reverse("scorer:examples"))
    axe_check()
    screenshot("examples")
    no_sideways_scroll(page)

    page.locator('[data-example="cezali-esli-sabit-taban"] a').click()
    expected = score_hand(example_get("cezali-esli-sabit-taban").hand)
    # the click only starts the navigation: wait for the example's page before reading it
    expect(page).to_have_url(
        re.compile(re.escape(reverse("scorer:example", args=["cezali-esli-sabit-taban"])) + "$")
    )
    results = page.locator(".hand-result [data-total]")
    expect(results).to_have_count(len(expected.players) + len(expected.teams))
    totals = results.evaluate_all("els => els.map(e => Number(e.dataset.total))")
    assert totals == [p.total for p in expected.players] + [t.total for t in expected.teams]
    axe_check()
    screenshot("example")
    no_sideways_scroll(page)

    page.locator("[data-action=open-calculator]").click()
    wait_for_totals(page, "#calc-result .player-result [data-total]", [p.total for p in expected.players])


def test_the_new_pages_have_no_axe_violations_in_dark_mode(page, live_server, axe_check):
    page.emulate_media(color_scheme="dark")
    hand = example_get("cezali-yandan-ceza").hand
    for url in (
        reverse("scorer:rules", args=["gkokay"]),
        reverse("scorer:examples"),
        reverse("scorer:example", args=["kerizim-taslarla"]),
        f"{reverse('scorer:compare')}?el={share_token(hand)}",
        reverse("scorer:calculator_shared", args=[share_token(hand)]),
    ):
        page.goto(live_server.url + url)
        expect(page.locator("html")).to_have_attribute("data-bs-theme", "dark")
        axe_check()
    page.goto(live_server.url + reverse("scorer:tile_picker"))
    page.select_option("#picker-indicator", "yellow-13")
    expect(page.locator("#okey-shown")).to_have_attribute("data-okey", "yellow-1")
    page.locator('[data-tile="yellow-13"]').click()
    expect(page.locator('[data-tile="yellow-13"]')).to_have_attribute("aria-disabled", "true")
    axe_check()
