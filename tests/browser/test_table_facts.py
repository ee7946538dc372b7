"""A table's own facts after it was opened, and what it is played for, at 375 × 812: the scorekeeper
renames a player and changes the first dealer and a viewer's board (another browser) follows
without a reload; a 3-hand Kerizim game with a stake and a cut is settled on the board and on its
scoresheet; a LOCA draw refunds the table entry."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scorer.models import Game
from tests.conftest import DOCS_SCREENSHOT_DIR, SCREENSHOT_DIR, check_axe, shoot
from tests.support.factories import NAMES, claim_url, new_table


def click_label(page: Page, input_id: str) -> None:
    page.locator(f'label[for="{input_id}"]').click()


def open_facts(page: Page, live_server, game: Game) -> None:
    page.goto(live_server.url + reverse("scorer:game_board", args=[game.public_id]))
    with page.expect_navigation():
        page.locator("[data-facts-link]").click()
    expect(page.locator("#facts-form")).to_be_visible()


def save_facts(page: Page) -> None:
    with page.expect_navigation():
        page.locator("#facts-form button[type=submit]").click()
    expect(page.locator(".alert-success")).to_be_visible()


@pytest.fixture
def viewer(browser, browser_context_args):
    """A second phone that only watches."""
    context = browser.new_context(**browser_context_args, service_workers="block")
    yield context.new_page()
    context.close()


def test_a_renamed_player_and_a_new_first_dealer_reach_a_viewers_board(page, viewer, live_server):
    game, secret = new_table("loca-cezali", hands_planned=5, hands=[finisher_hand(0)])
    viewer.goto(live_server.url + reverse("scorer:game_board", args=[game.public_id]))
    expect(viewer.locator("html[data-live=stream]")).to_have_count(1)
    expect(viewer.locator("[data-facts='1']")).to_contain_text("Dağıtan: Ayşe")

    page.goto(live_server.url + claim_url(game, secret))
    open_facts(page, live_server, game)
    check_axe(page)
    page.locator("#id_player_2").fill("Bora Kaya")
    page.locator("#id_first_dealer").select_option("2")  # Cem dealt first, not Ayşe
    save_facts(page)

    # The viewer's board, untouched: the new name in the columns, the deal moved, the history.
    expect(viewer.locator(".board-table thead .names")).to_contain_text("Bora Kaya")
    expect(viewer.locator("[data-facts='1']")).to_contain_text("Dağıtan: Cem")
    expect(viewer.locator("[data-next-dealer]")).to_have_text("Deniz")
    changes = viewer.locator("[data-table-history] [data-fact-change]")
    expect(changes).to_have_count(2)
    expect(changes.nth(0)).to_contain_text(re.compile(r"İlk dağıtan:\s*önce\s*Ayşe\s*→\s*sonra\s*Cem"))
    expect(changes.nth(1)).to_contain_text(re.compile(r"Oyuncu 2:\s*önce\s*Bora\s*→\s*sonra\s*Bora Kaya"))
    check_axe(viewer)
    # The scorekeeper's details page says which phone did it; the next hand is dealt by Deniz.
    open_facts(page, live_server, game)
    expect(page.locator("[data-table-history] [data-device=this]")).to_have_count(2)
    shoot(page.locator("[data-table-history]"), DOCS_SCREENSHOT_DIR / "table-history.png")
    page.goto(live_server.url + reverse("scorer:hand_new", args=[game.public_id]))
    expect(page.locator("[data-dealer-line]")).to_have_text("Dağıtan: Deniz")
    expect(page.locator("#name-player-1")).to_have_text("Bora Kaya")


def finisher_hand(seat: int, players: int = 4) -> dict:
    hand = [{"opened": "sets", "remaining": {"points": 20}} for _ in range(players)]
    hand[seat] = {"opened": "sets", "finished": True}
    return {"players": hand}


def enter_hand(page: Page, live_server, game: Game, finisher: int, points: dict[int, int]) -> None:
    """Through the hand form: the finisher, then each other player's "Kalan sayı" (they open)."""
    page.goto(live_server.url + reverse("scorer:hand_new", args=[game.public_id]))
    expect(page.locator("[data-hand-form].js-ready")).to_be_attached()
    click_label(page, f"id_finisher_{finisher}")
    for seat, left in points.items():
        page.locator(f"#id_p{seat}-points").fill(str(left))
    expect(page.locator("#hand-bar-totals [data-bar-total]").first).not_to_have_text("—")
    with page.expect_navigation():
        page.locator("[data-save]").click()


def test_a_kerizim_game_played_for_gold_is_settled_on_the_board_and_the_sheet(page, live_server):
    game, secret = new_table("kerizim", players=NAMES[:3], hands_planned=3)
    page.goto(live_server.url + claim_url(game, secret))
    open_facts(page, live_server, game)
    page.locator("#id_entry").fill("10")
    page.locator("#id_unit").fill("altın")
    click_label(page, "id_cut_kind_1")  # a percentage of the pot
    page.locator("#id_cut").fill("10")
    save_facts(page)
    terms = page.locator("[data-stake-terms]")
    expect(terms).to_contain_text("kişi başı 10 altın × 3 = 30 altın")
    expect(terms).to_contain_text("masanın kesintisi %10: 3 altın")
    expect(page.locator("[data-settlement]")).to_have_count(0)

    # Ayşe −101 + 15 + 10, Bora 20 − 101 + 20, Cem 5 + 20 − 101: Ayşe and Cem tie at −76, Bora −61.
    enter_hand(page, live_server, game, 0, {1: 20, 2: 5})
    enter_hand(page, live_server, game, 1, {0: 15, 2: 20})
    enter_hand(page, live_server, game, 2, {0: 10, 1: 20})
    expect(page.locator(".winners-banner")).to_contain_text("Ayşe, Cem")
    settlement = page.locator("[data-settlement]")
    # 30 altın less the table's 3: Ayşe and Cem share 27, 13,50 each
    expect(settlement.locator("[data-gets]")).to_have_text(["13,50 altın", "0 altın", "13,50 altın"])
    expect(settlement.locator("[data-net]")).to_have_text(["+3,50 altın", "−10 altın", "+3,50 altın"])
    expect(page.locator("[data-payments] li")).to_have_text(
        [
            "Bora öder, Ayşe alır: 3,50 altın",
            "Bora öder, Cem alır: 3,50 altın",
            "Bora masaya öder: 3 altın (kesinti)",
        ]
    )
    check_axe(page)
    shoot(page.locator("[data-stake]"), DOCS_SCREENSHOT_DIR / "settlement.png")
    shoot(page, SCREENSHOT_DIR / "settlement-board.png", full_page=True)

    page.goto(live_server.url + reverse("scorer:game_print", args=[game.public_id]))
    expect(page.locator("[data-settlement] [data-net]")).to_have_text(
        ["+3,50 altın", "−10 altın", "+3,50 altın"]
    )
    expect(page.locator("[data-payments] li").last).to_have_text("Bora masaya öder: 3 altın (kesinti)")
    shoot(page, SCREENSHOT_DIR / "settlement-sheet.png", full_page=True)

    # The rematch keeps the stake; its board's series shows where each one stands.
    page.goto(live_server.url + reverse("scorer:game_board", args=[game.public_id]))
    with page.expect_navigation():
        page.locator("[data-rematch]").click()
    expect(page.locator("[data-stake-terms]")).to_contain_text("kişi başı 10 altın × 3 = 30 altın")
    expect(page.locator("[data-series-balance]")).to_have_text(["+3,50 altın", "−10 altın", "+3,50 altın"])


def test_a_loca_draw_refunds_the_table_entry(page, live_server):
    game, secret = new_table("loca", hands_planned=3)
    page.goto(live_server.url + claim_url(game, secret))
    open_facts(page, live_server, game)
    page.locator("#id_entry").fill("50")
    page.locator("#id_unit").fill("₺")
    click_label(page, "id_cut_kind_2")  # an amount
    page.locator("#id_cut").fill("20")
    save_facts(page)
    page.goto(live_server.url + reverse("scorer:hand_new", args=[game.public_id]))
    expect(page.locator("[data-hand-form].js-ready")).to_be_attached()
    click_label(page, "id_finisher_4")  # the deck ran out; nobody opened
    expect(page.locator("#hand-preview [data-code=draw]").first).to_be_visible()
    with page.expect_navigation():
        page.locator("[data-save]").click()
    refund = page.locator("[data-refund]")
    expect(refund).to_contain_text("masa girişi iade edilir")
    expect(page.locator("[data-payments]")).to_have_count(0)
    check_axe(page)
    shoot(page.locator("[data-stake]"), SCREENSHOT_DIR / "settlement-refund.png")
    page.goto(live_server.url + reverse("scorer:game_print", args=[game.public_id]))
    expect(page.locator("[data-refund]")).to_be_visible()
