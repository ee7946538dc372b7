"""The scoreboard fits a 375 × 812 phone: no sideways scrolling, every total on the first screen,
also with partners (six columns) and a long game of big numbers; rematch from the finished board."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scorer.models import Game
from scorer.teaching.examples import example_get
from tests.conftest import SCREENSHOT_DIR, shoot
from tests.support.factories import claim_in, new_table

NAMES = ["Muhammed Ali Karagöz", "Bora", "Cemile Nur", "Deniz Su"]
VIEWPORT = {"width": 375, "height": 812}


def table_of(example: str, hands: int, planned: int = 11, partners: bool = False):
    """A table whose every hand is the worked example's hand (big numbers come from the penalties)."""
    hand = example_get(example).hand
    options = dict(hand.get("options", {})) | ({"partners": True} if partners else {})
    data = {key: hand[key] for key in ("indicator",) if key in hand}
    data["players"] = [{k: v for k, v in player.items() if k != "name"} for player in hand["players"]]
    return new_table(
        hand["ruleset"], options=options, players=NAMES, hands_planned=planned, hands=[data] * hands
    )


def board(live_server, game) -> str:
    return live_server.url + reverse("scorer:game_board", args=[game.public_id])


MEASURE = """() => {
    const wrap = document.querySelector(".board-wrap");
    const table = wrap.querySelector("table");
    const inside = (r) => r.left >= 0 && r.right <= innerWidth && r.top >= 0 && r.bottom <= innerHeight;
    const clipped = [...table.querySelectorAll("td.col-score, td.col-score a, .totals td")]
        .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent.trim());
    return {
        wrap: wrap.clientWidth,
        table: table.getBoundingClientRect().width,
        wrapScroll: wrap.scrollWidth,
        pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        totalsInView: [...table.querySelectorAll(".totals td")].map((td) => inside(td.getBoundingClientRect())),
        namesInView: [...table.querySelectorAll(".names th")].map((th) => inside(th.getBoundingClientRect())),
        clipped,
        overflowing: [...wrap.querySelectorAll("*")].filter((el) => el.scrollWidth > el.clientWidth + 1 && el.clientWidth)
            .map((el) => [el.scrollWidth, el.clientWidth, el.outerHTML.slice(0, 100)]),
        fontSize: parseFloat(getComputedStyle(table.querySelector("tbody td a, .totals td")).fontSize),
    };
}"""


def assert_fits(page, columns: int) -> dict:
    m = page.evaluate(MEASURE)
    assert m["table"] <= m["wrap"] + 0.5, m
    assert m["wrapScroll"] <= m["wrap"], m.get("overflowing")
    assert m["pageOverflow"] == 0, m
    assert m["totalsInView"] == [True] * columns, m
    assert m["namesInView"] == [True] * (columns + 1), m
    assert m["clipped"] == [], m
    return m


CASES = [
    # (screenshot, example, hands, partners, columns)
    ("board_fit-4-players", "cezali-cift-okey", 3, False, 4),
    ("board_fit-esli", "cezali-esli-sabit-taban", 3, True, 6),
    ("board_fit-11-hands", "cezali-cift-okey", 11, False, 4),
    ("board_fit-esli-11-hands", "cezali-cift-okey", 11, True, 6),
]


@pytest.mark.parametrize(
    ("name", "example", "hands", "partners", "columns"), CASES, ids=[c[0] for c in CASES]
)
def test_board_fits_375px_with_every_total_on_the_first_screen(
    page,
    browser,
    browser_context_args,
    live_server,
    axe_check,
    screenshot,
    name,
    example,
    hands,
    partners,
    columns,
):
    game, secret = table_of(example, hands, partners=partners)
    claim_in(page.context, live_server, game, secret)
    page.goto(board(live_server, game))

    m = assert_fits(page, columns)
    assert m["fontSize"] >= (17 if columns == 4 else 11), m  # large numbers where there is room
    expect(page.locator("tbody tr[data-number]")).to_have_count(hands)
    header = page.locator(".names th.col-score").first
    assert header.get_attribute("title") == ("Muhammed Ali Karagöz & Cemile Nur" if partners else NAMES[0])
    axe_check()
    screenshot(name)

    # Scrolled down to the last hand, the names and totals stay on screen (sticky header).
    page.locator("tbody tr[data-number]").last.scroll_into_view_if_needed()
    totals = page.locator(".totals").bounding_box()
    assert totals["y"] >= 0 and totals["y"] + totals["height"] <= VIEWPORT["height"]
    last = page.locator("tbody tr[data-number]").last.bounding_box()
    assert last["y"] >= totals["y"] + totals["height"] - 1  # not hidden under the header
    if hands == 11:  # what the phone shows there: the viewport, not the full page
        shoot(page, SCREENSHOT_DIR / f"{name}-scrolled.png")

    # A viewer's phone (no edit rights): the same fit, the rows open the breakdown.
    context = browser.new_context(**browser_context_args)
    try:
        viewer = context.new_page()
        viewer.goto(board(live_server, game))
        assert_fits(viewer, columns)
        first = viewer.locator("tbody tr[data-number] td.col-score a").first
        assert first.get_attribute("href") == reverse("scorer:hand_detail", args=[game.public_id, 1]) + "?s=1"
    finally:
        context.close()


def test_rematch_without_javascript_opens_one_linked_table_that_this_phone_can_edit(
    browser, browser_context_args, live_server
):
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()
    game, secret = table_of("cezali-cift-okey", 3, planned=3)
    claim_in(context, live_server, game, secret)
    page.goto(board(live_server, game))

    banner = page.locator(".winners-banner")
    expect(banner).to_contain_text("Muhammed Ali Karagöz")
    expect(banner.locator("[data-rematch]")).to_be_visible()
    assert_fits(page, 4)
    shoot(page, SCREENSHOT_DIR / "board_finished-rematch-nojs.png", full_page=True)
    with page.expect_navigation():
        banner.locator("[data-rematch]").click()

    rematch = Game.objects.get(rematch_of=game)
    assert page.url == board(live_server, rematch)
    expect(page.locator("[data-add-hand]")).to_be_visible()  # this phone keeps the score
    expect(page.locator("[data-rematch-of] a")).to_have_attribute("href", f"/masa/{game.public_id}/")
    expect(page.locator("[data-next-dealer]")).to_have_text(NAMES[(0 + 3) % 4])
    page.go_back()
    page.reload()
    expect(page.locator("[data-rematch-link]")).to_have_attribute("href", f"/masa/{rematch.public_id}/")
    expect(page.locator("[data-rematch]")).to_have_count(0)
    context.close()


def test_a_viewer_trying_to_write_gets_a_403_page_that_says_how_to_get_edit_rights(
    page, live_server, axe_check, screenshot
):
    game, _ = table_of("cezali-cift-okey", 1, planned=3)

    page.goto(live_server.url + reverse("scorer:hand_new", args=[game.public_id]))

    expect(page.locator("[data-edit-rights-help]")).to_contain_text("düzenleme bağlantısını")
    expect(page.locator("[data-board-link]")).to_have_attribute("href", f"/masa/{game.public_id}/")
    axe_check()
    screenshot("forbidden-how-to-edit")
