"""Opening a table and entering hands in a real browser at 375px: live preview, totals, corrections, no JS."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scorer.engine import score_game
from scorer.models import Game
from tests.support.factories import NAMES, claim_url, new_table

# LOCA Cezalı, 4 players, three hands: an okey finish, a deck-out and a normal finish.
# Each player: opened, points, okeys, fake okeys, fouls; flags go to the finisher.
HANDS = [
    {
        "finisher": 0,
        "flags": ["okey_discard"],
        "players": [
            ("sets", 0, 0, 0, {}),
            ("sets", 23, 1, 0, {}),
            ("pairs", 10, 0, 0, {}),
            ("none", 0, 0, 0, {"okey_discard": 1}),
        ],
    },
    {
        "finisher": "deck",
        "flags": [],
        "players": [
            ("sets", 15, 0, 0, {}),
            ("none", 0, 0, 0, {}),
            ("pairs", 8, 0, 0, {}),
            ("sets", 40, 0, 1, {}),
        ],
    },
    {
        "finisher": 2,
        "flags": [],
        "players": [
            ("sets", 12, 0, 0, {"islek_discard": 1}),
            ("none", 0, 0, 0, {}),
            ("sets", 0, 0, 0, {}),
            ("pairs", 6, 1, 0, {}),
        ],
    },
]


def hand_data(spec: dict) -> dict:
    """The same hand in HAND_FORMAT.md form, for the engine's expected totals."""
    players = []
    for i, (opened, points, okeys, fakes, fouls) in enumerate(spec["players"]):
        player = {"opened": opened, "fouls": fouls}
        if spec["finisher"] == i:
            player |= {"finished": True, "finish": {flag: True for flag in spec["flags"]}}
        else:
            player["remaining"] = {"points": points, "okeys": okeys, "fake_okeys": fakes}
        players.append(player)
    return {"players": players}


def expected_totals(hands: list[dict]) -> list[int]:
    game = {"ruleset": "loca-cezali", "players": NAMES, "hands": [hand_data(h) for h in hands]}
    return list(score_game(game).totals)


def click_label(page: Page, input_id: str) -> None:
    """Radio and check buttons are styled labels (the input itself is visually hidden)."""
    page.locator(f'label[for="{input_id}"]').click()


def open_table(page: Page, live_server) -> None:
    page.goto(live_server.url + reverse("scorer:game_new"))
    click_label(page, page.locator('input[name="ruleset"][value="loca-cezali"]').get_attribute("id"))
    expect(page.locator('#game-options[data-ruleset="loca-cezali"]')).to_be_visible()
    for k, name in enumerate(NAMES, start=1):
        page.fill(f"#id_player_{k}", name)
    page.select_option("#id_hands_planned", "3")
    expect(page.locator("#id_first_dealer option").nth(1)).to_have_text("2. Bora")


def step(page: Page, field_id: str, times: int) -> None:
    """Tap a count's "+" ``times`` times, opening the player's "Okey · ceza · açılış" first if needed."""
    if times:
        open_extras(page, field_id)
    plus = page.locator(f'[data-stepper]:has(#{re.escape(field_id)}) [data-step="1"]')
    for _ in range(times):
        plus.click()


def open_extras(page: Page, field_id: str) -> bool:
    """Open the disclosure that holds ``field_id`` (an okey count, an opening detail, a penalty);
    whether it took a tap (it was closed)."""
    details = page.locator(f"details.extras:has(#{re.escape(field_id)})")
    if details.evaluate("d => d.open"):
        return False
    details.locator("> summary").click()
    expect(page.locator(f"#{re.escape(field_id)}")).to_be_visible()
    return True


def enter_hand(page: Page, spec: dict) -> None:
    finisher = spec["finisher"]
    click_label(page, f"id_finisher_{4 if finisher == 'deck' else finisher}")
    for i, (opened, points, okeys, fakes, fouls) in enumerate(spec["players"]):
        click_label(page, f"id_p{i}-opened_{['none', 'sets', 'pairs'].index(opened)}")
        if i == finisher:
            expect(page.locator(f"#id_p{i}-points")).to_be_hidden()
            for flag in spec["flags"]:
                click_label(page, f"id_p{i}-{flag}")
        else:
            expect(page.locator(f'[data-finish-flags="{i}"]')).to_be_hidden()
            page.locator(f"#id_p{i}-points").fill(str(points) if points else "")
            step(page, f"id_p{i}-okeys", okeys)
            step(page, f"id_p{i}-fake_okeys", fakes)
        for kind, count in fouls.items():
            step(page, f"id_p{i}-foul_{kind}", count)


def preview_totals(page: Page) -> list[int]:
    return [
        int(t)
        for t in page.locator("#hand-preview .player-result [data-total]").evaluate_all(
            "els => els.map(e => e.dataset.total)"
        )
    ]


def board_totals(page: Page) -> list[int]:
    return [
        int(t)
        for t in page.locator(".board-table .totals [data-total]").evaluate_all(
            "els => els.map(e => e.dataset.total)"
        )
    ]


def save(page: Page) -> None:
    with page.expect_navigation():
        page.locator("[data-save]").click()
    expect(page.locator(".board-table .totals [data-total]").first).to_be_visible()


def test_a_loca_cezali_table_from_start_to_corrected_totals(page, live_server, axe_check, screenshot):
    open_table(page, live_server)
    axe_check()
    screenshot("game_new")
    with page.expect_navigation():
        page.get_by_role("button", name=re.compile("masa|table", re.I)).last.click()

    game = Game.objects.get()
    assert page.url == live_server.url + reverse("scorer:game_board", args=[game.public_id])
    expect(page.locator("[data-share-panel]")).to_have_attribute("open", "")  # hand the links round now
    expect(page.locator("#edit-link")).to_have_value(
        re.compile(rf"^{re.escape(live_server.url)}/masa/{game.public_id}/anahtar/")
    )
    screenshot("table_created")

    for number, spec in enumerate(HANDS, start=1):
        page.locator("[data-add-hand]").click()
        expect(page.locator("#hand-form")).to_be_visible()
        if number == 1:
            axe_check()
            screenshot("hand_form")
        enter_hand(page, spec)
        expect(page.locator("#hand-preview .player-result")).to_have_count(4)
        page.wait_for_function(
            "expected => JSON.stringify([...document.querySelectorAll('#hand-preview .player-result [data-total]')]"
            ".map(e => Number(e.dataset.total))) === JSON.stringify(expected)",
            arg=[
                r.total
                for r in score_game({"ruleset": "loca-cezali", "players": NAMES, "hands": [hand_data(spec)]})
                .hands[0]
                .players
            ],
        )
        if number == 1:
            screenshot("hand_preview")
        save(page)
        assert board_totals(page) == expected_totals(HANDS[:number])

    before = board_totals(page)
    page.locator(f'a[href="{reverse("scorer:hand_edit", args=[game.public_id, 2])}?s=2"]').first.click()
    expect(page.locator("#id_p3-points")).to_have_value("40")
    page.locator("#id_p3-points").fill("5")
    save(page)

    corrected = [dict(h) for h in HANDS]
    corrected[1] = {**HANDS[1], "players": [*HANDS[1]["players"][:3], ("sets", 5, 0, 1, {})]}
    assert board_totals(page) == expected_totals(corrected)
    assert board_totals(page) != before


def test_live_preview_follows_the_typing(page, live_server, axe_check):
    game, secret = new_table("loca-cezali")
    page.goto(live_server.url + claim_url(game, secret))
    page.goto(live_server.url + reverse("scorer:hand_new", args=[game.public_id]))
    expect(page.locator("[data-preview-empty]")).to_be_visible()

    click_label(page, "id_finisher_0")
    click_label(page, "id_p0-opened_1")
    click_label(page, "id_p1-opened_1")
    page.locator("#id_p1-points").press_sequentially("23")
    expect(page.locator("#hand-preview .player-result").nth(1).locator("[data-total]")).to_have_attribute(
        "data-total", "23"
    )

    page.locator("#id_p1-points").press_sequentially("0")  # 230
    expect(page.locator("#hand-preview .player-result").nth(1).locator("[data-total]")).to_have_attribute(
        "data-total", "230"
    )

    page.locator("#id_p1-points").fill("999")
    expect(page.locator("#hand-preview [data-preview-errors]")).to_be_visible()
    expect(page.locator('#hand-preview a[href="#id_p1-points"]')).to_be_visible()
    axe_check()


def test_finish_flags_follow_the_finisher_and_are_not_sent_for_others(page, live_server):
    game, secret = new_table("loca-cezali")
    page.goto(live_server.url + claim_url(game, secret))
    page.goto(live_server.url + reverse("scorer:hand_new", args=[game.public_id]))

    for i in range(4):
        expect(page.locator(f'[data-finish-flags="{i}"]')).to_be_hidden()
    click_label(page, "id_finisher_1")
    expect(page.locator('[data-finish-flags="1"]')).to_be_visible()
    click_label(page, "id_p1-elden")
    click_label(page, "id_finisher_2")
    expect(page.locator('[data-finish-flags="1"]')).to_be_hidden()
    expect(page.locator('[data-finish-flags="2"]')).to_be_visible()
    expect(page.locator("#id_p1-elden")).to_be_disabled()
    expect(page.locator("#id_p1-points")).to_be_visible()
    expect(page.locator("#id_p2-points")).to_be_hidden()


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_new_table_and_hand_form_have_no_axe_violations(
    page, live_server, axe_check, screenshot, color_scheme
):
    page.emulate_media(color_scheme=color_scheme)
    page.goto(live_server.url + reverse("scorer:game_new"))
    click_label(page, page.locator('input[name="ruleset"][value="gkokay"]').get_attribute("id"))
    expect(page.locator('#game-options[data-ruleset="gkokay"]')).to_be_visible()
    page.locator("#id_option_partners").check()
    expect(page.locator('[data-team="2"]')).to_be_visible()
    axe_check()
    screenshot(f"game_new-partners-{color_scheme}")
    page.locator("#id_option_cezali").check()
    for k, name in enumerate(NAMES, start=1):
        page.fill(f"#id_player_{k}", name)
    with page.expect_navigation():
        page.locator("#game-new-form button[type=submit]").last.click()
    page.locator("[data-add-hand]").click()
    click_label(page, "id_finisher_0")
    click_label(page, "id_p0-opened_2")
    page.locator("#id_p1-points").fill("12")
    expect(page.locator("#hand-preview .player-result")).to_have_count(4)
    page.locator('[data-player="1"] details.extras > summary').click()
    page.locator("#id_p1-foul_okey_discard").fill("1")
    expect(page.locator('[data-player="1"] [data-extras-count]')).to_have_text(re.compile(r"1$"))
    axe_check()
    screenshot(f"hand_form-gkokay-partners-{color_scheme}")


def test_touch_targets_are_at_least_44_px(page, live_server):
    game, secret = new_table("loca-cezali")
    page.goto(live_server.url + claim_url(game, secret))
    page.goto(live_server.url + reverse("scorer:hand_new", args=[game.public_id]))
    page.locator('[data-player="0"] details.extras > summary').click()
    click_label(page, "id_finisher_1")  # the finisher's flags show: 44 px rows too

    small = page.evaluate(
        """() => [...document.querySelectorAll('#hand-form label.btn, #hand-form .finish-flag label, #hand-form button, #hand-form input:not([type=hidden]):not(.btn-check):not([type=checkbox]), #hand-form select, #hand-form summary, #hand-form .bar-totals')]
            .filter((el) => el.offsetParent !== null)
            .map((el) => ({el: el.id || el.getAttribute('for') || el.textContent.trim(), ...el.getBoundingClientRect().toJSON()}))
            .filter((r) => r.height < 44 || (r.width < 44 && !r.el.startsWith('id_p')))"""
    )
    assert small == []
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow == 0, "the hand form scrolls sideways at 375px"


def test_everything_works_without_javascript(browser, browser_context_args, live_server):
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(live_server.url + reverse("scorer:game_new"))
        click_label(page, page.locator('input[name="ruleset"][value="gkokay"]').get_attribute("id"))
        with page.expect_navigation():
            page.locator('button[name="refresh"]').click()
        expect(page.locator("#id_option_cezali")).to_be_attached()
        expect(page.locator("#id_option_katlama_0")).not_to_be_attached()
        page.locator("#id_option_cezali").check()
        page.fill("#id_player_1", "Ayşe")
        page.fill("#id_player_2", "Bora")
        page.select_option("#id_hands_planned", "3")
        with page.expect_navigation():
            page.locator("#game-new-form button[type=submit]").last.click()
        expect(page.locator(".board-table .totals [data-total]")).to_have_count(2)

        page.locator("[data-add-hand]").click()
        expect(page.locator('[data-step="1"]').first).to_be_hidden()
        click_label(page, "id_finisher_1")
        click_label(page, "id_p1-opened_1")
        page.locator("#id_p0-points").fill("17")
        open_extras(page, "id_p0-okeys")  # a <details>: opens without JavaScript
        page.locator("#id_p0-okeys").fill("1")
        with page.expect_navigation():
            page.locator('button[name="preview"]').click()
        expect(page.locator("#hand-preview .player-result [data-total]").first).to_have_attribute(
            "data-total", "303"
        )
        expect(page.locator("#id_p0-points")).to_have_value("17")
        # Ayşe is still "Açmadı": the 17 does not count, and the page says so beside the field.
        expect(page.locator('[data-player="0"] [data-dropped]')).to_be_visible()
        expect(page.locator("#id_p0-points")).to_have_attribute(
            "aria-describedby", re.compile("id_p0-points_dropped")
        )
        expect(page.locator("[data-bar-total]").first).to_have_text("303")
        with page.expect_navigation():
            page.locator("[data-save]").click()
        assert board_totals(page) == [303, 0]
    finally:
        context.close()


def test_an_invalid_hand_shows_its_errors_inline_and_keeps_what_was_typed(
    page, live_server, axe_check, screenshot
):
    game, secret = new_table("loca-cezali")
    page.goto(live_server.url + claim_url(game, secret))
    page.goto(live_server.url + reverse("scorer:hand_new", args=[game.public_id]))

    click_label(page, "id_finisher_0")
    page.locator("#id_p1-points").fill("300")
    page.locator("#id_p2-points").fill("17")
    click_label(page, "id_p0-opened_2")
    click_label(page, "id_p0-nine_pairs_run")
    click_label(page, "id_p0-opened_1")  # 9 pairs + 1 run with sets: the engine refuses
    with page.expect_navigation():
        page.locator("[data-save]").click()

    expect(page.locator("#error-summary")).to_be_focused()
    expect(page.locator("#id_p1-points")).to_have_value("300")
    expect(page.locator("#id_p2-points")).to_have_value("17")
    expect(page.locator("#id_p1-points_error")).to_be_visible()
    expect(page.locator("#id_p1-points")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#id_p0-nine_pairs_run_error")).to_be_visible()
    page.locator('#error-summary a[href="#id_p1-points"]').click()
    expect(page.locator("#id_p1-points")).to_be_in_viewport()
    axe_check()
    screenshot("hand_errors")


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_correcting_a_hand_page_has_no_axe_violations(page, live_server, axe_check, screenshot, color_scheme):
    game, secret = new_table(options={"partners": True}, hands=[hand_data({**HANDS[2], "flags": []})])
    page.emulate_media(color_scheme=color_scheme)
    page.goto(live_server.url + claim_url(game, secret))
    page.goto(live_server.url + reverse("scorer:hand_edit", args=[game.public_id, 1]))

    expect(page.locator("#id_finisher_2")).to_be_checked()
    expect(page.locator("#hand-preview .player-result")).to_have_count(4)
    expect(page.locator('[data-player="1"] .team-badge')).to_have_attribute("data-team", "2")
    axe_check()
    screenshot(f"hand_edit-{color_scheme}")


def test_a_double_tap_on_save_records_the_hand_once(page, live_server):
    game, secret = new_table(players=NAMES[:2])
    page.goto(live_server.url + claim_url(game, secret))
    page.goto(live_server.url + reverse("scorer:hand_new", args=[game.public_id]))
    click_label(page, "id_finisher_0")
    click_label(page, "id_p0-opened_1")

    with page.expect_navigation():
        page.locator("[data-save]").dblclick()

    expect(page.locator(".board-table .totals [data-total]").first).to_be_visible()
    assert game.hands.count() == 1
