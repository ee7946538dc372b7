"""The scoreboard in a real browser at 375px: live refresh for viewers, no way to write, accessibility."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scorer.models import Hand
from scorer.tables.services.games import game_rematch
from scorer.tables.services.hands import hand_record
from tests.support.factories import NAMES, claim_in, finisher, new_table

POLL_WAIT_MS = 6000
"""The fallback polls every 4 s: a change shows within one poll (and the time it takes)."""


def board_url(live_server, game) -> str:
    return live_server.url + reverse("scorer:game_board", args=[game.public_id])


@pytest.fixture
def viewer(browser, browser_context_args):
    """A second phone at the table: its own browser context, without the edit secret."""
    context = browser.new_context(**browser_context_args)
    yield context.new_page()
    context.close()


@pytest.fixture
def plain_viewer(browser, browser_context_args):
    """A viewer whose browser runs no service worker: the page's own requests reach the server
    (with the worker, it answers the page and the 304s happen between it and the server)."""
    context = browser.new_context(**browser_context_args, service_workers="block")
    yield context.new_page()
    context.close()


def write_forms(page) -> int:
    """POST forms on the page other than the language switch."""
    return page.locator("form[method=post]:not(.lang-switch)").count()


def live_statuses(page) -> list[int]:
    """The HTTP status of every board_live response as the network saw it."""
    statuses: list[int] = []
    urls: dict[str, str] = {}
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on(
        "Network.responseReceivedExtraInfo",
        lambda e: "/canli/" in urls.get(e["requestId"], "") and statuses.append(e["statusCode"]),
    )
    return statuses


def streaming(page) -> None:
    """Wait until the page's stream is open (static/js/live.js marks <html> once it said hello)."""
    expect(page.locator("html[data-live=stream]")).to_have_count(1)


def test_viewer_board_gets_each_change_pushed_and_polls_nothing_meanwhile(page, plain_viewer, live_server):
    viewer = plain_viewer
    game, secret = new_table(hands=[finisher(0)])
    statuses = live_statuses(viewer)
    viewer.goto(board_url(live_server, game))
    rows = viewer.locator("#board-live tbody tr[data-number]")
    expect(rows).to_have_count(1)
    streaming(viewer)
    viewer.evaluate("document.getElementById('board-live').dataset.probe = 'kept'")

    hand_record(game=game, data=finisher(2, points=44))
    expect(rows).to_have_count(2)
    expect(viewer.locator("#board-live [data-leaders]")).to_have_text("Ayşe, Cem")  # 101 each
    expect(viewer.locator("#board-live")).not_to_have_attribute("data-probe", "kept")
    expect(viewer.locator("[data-next-dealer]")).to_have_text("Cem")
    expect(viewer.locator(".live-stream[sse-swap=board] > #board-live[data-live-poll]")).to_have_count(1)
    hand_record(game=game, data=finisher(1, points=10))
    expect(rows).to_have_count(3)
    assert statuses == [], statuses  # the stream brought them: no poll


def test_without_a_stream_the_board_polls_and_unchanged_polls_get_204(plain_viewer, live_server):
    viewer = plain_viewer
    viewer.route("**/akis/**", lambda route: route.abort())  # a proxy that will not stream
    game, secret = new_table(hands=[finisher(0)])
    statuses = live_statuses(viewer)
    viewer.goto(board_url(live_server, game))
    rows = viewer.locator("#board-live tbody tr[data-number]")
    expect(rows).to_have_count(1)
    viewer.evaluate("document.getElementById('board-live').dataset.probe = 'kept'")
    with viewer.expect_response(lambda r: "/canli/" in r.url and r.status == 204, timeout=POLL_WAIT_MS):
        pass
    expect(viewer.locator("#board-live[data-probe=kept]")).to_have_count(1)  # no needless re-swap
    expect(viewer.locator("html[data-live=poll]")).to_have_count(1)

    hand_record(game=game, data=finisher(2, points=44))
    expect(rows).to_have_count(2, timeout=POLL_WAIT_MS)
    expect(viewer.locator("#board-live [data-leaders]")).to_have_text("Ayşe, Cem")
    assert 204 in statuses, statuses


def test_a_phone_that_wakes_asks_at_once(plain_viewer, live_server):
    """A sleeping phone's stream may be gone: when its page shows again it asks for the board."""
    viewer = plain_viewer
    viewer.route("**/akis/**", lambda route: route.abort())
    game, _ = new_table(hands=[finisher(0)])
    viewer.goto(board_url(live_server, game))
    rows = viewer.locator("#board-live tbody tr[data-number]")
    expect(rows).to_have_count(1)
    hand_record(game=game, data=finisher(2, points=44))
    with viewer.expect_response(lambda r: "/canli/" in r.url and r.status == 200, timeout=1500):
        viewer.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(rows).to_have_count(2)


def test_the_finished_board_shows_the_rematch_by_itself_and_keeps_listening(plain_viewer, live_server):
    """Its hands can still be corrected once the rematch is open: it keeps its stream (and its
    poll, held back while the stream is open)."""
    viewer = plain_viewer
    game, _ = new_table(hands_planned=1, hands=[finisher(0)])
    statuses = live_statuses(viewer)
    viewer.goto(board_url(live_server, game))
    expect(viewer.locator(".winners-banner")).to_be_visible()
    streaming(viewer)

    rematch, _created = game_rematch(game=game)

    link = viewer.locator("[data-rematch-link]")
    board = reverse("scorer:game_board", args=[rematch.public_id])
    expect(link).to_have_attribute("href", board)
    final = viewer.locator("#board-live")
    expect(final).to_have_attribute("hx-trigger", re.compile("every"))  # the fallback stays
    assert statuses == [], statuses  # pushed, not polled
    viewer.reload()
    expect(link).to_be_visible()
    streaming(viewer)  # a finished board still opens its stream


def test_viewer_finds_no_way_to_write_and_a_write_from_their_phone_is_refused(
    page, viewer, live_server, axe_check
):
    game, secret = new_table()
    hand = hand_record(game=game, data=finisher(0))
    viewer.goto(board_url(live_server, game))

    assert write_forms(viewer) == 0
    expect(viewer.locator("[data-add-hand], [data-editor], [data-deleted]")).to_have_count(0)
    expect(viewer.get_by_role("button")).to_have_count(2)  # the two language buttons
    delete_url = reverse("scorer:hand_delete", args=[game.public_id, hand.position])
    post = """async (url) => {
        const token = JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"];
        const response = await fetch(url, {method: "POST", headers: {"X-CSRFToken": token}});
        return response.status;
    }"""
    assert viewer.evaluate(post, delete_url) == 403
    assert Hand.objects.live().filter(pk=hand.pk).exists()

    claim_in(page.context, live_server, game, secret)  # the same request from the scorekeeper works
    page.goto(board_url(live_server, game))
    assert page.evaluate(post, delete_url) == 200
    assert not Hand.objects.live().filter(pk=hand.pk).exists()


def enter_first_hand_through_the_form(page) -> None:
    """Ayşe finishes, Bora opened with 35 left, Cem and Deniz never opened."""
    page.locator("[data-add-hand]").click()
    page.locator('label[for="id_finisher_0"]').click()
    for player, opened in enumerate(["sets", "sets", "none", "none"]):
        page.locator(f'label[for="id_p{player}-opened_{["none", "sets", "pairs"].index(opened)}"]').click()
    page.locator("#id_p1-points").fill("35")
    with page.expect_navigation():
        page.locator("[data-save]").click()


def test_partners_kerizim_table_played_to_the_end_shows_the_winners(
    page, viewer, live_server, axe_check, screenshot
):
    game, secret = new_table(options={"partners": True}, first_dealer=1)
    claim_in(page.context, live_server, game, secret)
    page.goto(board_url(live_server, game))
    expect(page.locator("[data-add-hand]")).to_be_visible()
    expect(page.locator("details.share-box img.viewer-qr")).to_be_visible()
    assert page.locator("img.viewer-qr").evaluate("img => img.naturalWidth") > 0
    axe_check()
    screenshot("board_editor-start")
    viewer.goto(page.locator("#viewer-link").input_value())  # the link the editor shows the table
    expect(viewer.locator("[data-empty]")).to_have_count(1)

    enter_first_hand_through_the_form(page)
    expect(page.locator("tbody tr[data-number]")).to_have_count(1)
    expect(viewer.locator("tbody tr[data-number]")).to_have_count(1)  # by itself
    expect(viewer.locator("tbody tr.hand-facts [data-dealer]")).to_have_attribute("data-dealer", "1")
    expect(viewer.locator("tbody tr.hand-facts")).to_contain_text("Dağıtan: Bora")
    for seat, points in [(1, 12), (2, 60)]:
        hand_record(game=game, data=finisher(seat, points=points))

    expect(viewer.locator(".winners-banner")).to_contain_text("Ayşe & Cem")
    assert write_forms(viewer) == 0
    page.reload()
    banner = page.locator(".winners-banner")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("Ayşe & Cem")
    expect(page.locator("[data-add-hand]")).to_have_count(0)
    expect(page.locator("#board-live tbody tr[data-number]")).to_have_count(3)
    expect(page.locator("thead th.col-team")).to_have_count(2)
    expect(page.locator(".totals td.col-team[data-winner]")).to_have_count(1)
    axe_check()
    screenshot("board_editor")
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") == 0
    page.emulate_media(color_scheme="dark")
    page.reload()
    axe_check()
    screenshot("board_editor-dark")


def test_viewer_board_hand_detail_and_print_have_no_axe_violations_in_light_and_dark(
    page, live_server, axe_check, screenshot
):
    game, _ = new_table(
        players=[*NAMES[:3], "Muhammed Ali Karagöz"], hands=[finisher(0, points=35), finisher(3, points=12)]
    )
    pages = {
        "board_viewer": board_url(live_server, game),
        "hand_detail": live_server.url + reverse("scorer:hand_detail", args=[game.public_id, 2]),
        "print": live_server.url + reverse("scorer:game_print", args=[game.public_id]),
    }
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for name, url in pages.items():
            page.goto(url)
            axe_check()
            screenshot(name if scheme == "light" else f"{name}-dark")
            overflow = page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert overflow == 0, f"{name} scrolls sideways at 375px"


def test_hand_detail_share_link_opens_the_same_breakdown_read_only(viewer, live_server):
    game, _ = new_table(hands=[finisher(1)])
    viewer.goto(board_url(live_server, game))

    viewer.locator("tbody td.col-score a").first.click()
    share = viewer.locator("#share-link").input_value()
    assert re.fullmatch(rf"{re.escape(live_server.url)}/masa/[\w-]+/el/1/\?s=1", share)  # its stored position
    viewer.goto(share)
    expect(viewer.locator(".hand-result")).to_be_visible()
    assert write_forms(viewer) == 0


def test_without_javascript_the_viewer_board_offers_a_refresh(browser, browser_context_args, live_server):
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()
    game, _ = new_table()
    page.goto(board_url(live_server, game))

    expect(page.locator("a[data-refresh]")).to_be_visible()
    assert page.locator("noscript").count() >= 1
    hand_record(game=game, data=finisher(0))
    page.locator("a[data-refresh]").click()
    expect(page.locator("tbody tr[data-number]")).to_have_count(1)
    context.close()
