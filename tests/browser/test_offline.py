"""The installable app at the table without a connection (issue 21), in Chromium at 375 × 812.

Each test runs in a persistent browser profile (an installed app's is one; Playwright's usual
contexts are incognito, where Chromium installs nothing). "Offline" is the context's
``set_offline`` plus a route that aborts the service worker's own requests, which
``set_offline`` does not cover (Playwright issue #2311).
"""

import pytest
from django.urls import reverse
from playwright.sync_api import BrowserContext, Page, Route, expect

from tests.conftest import MOBILE_VIEWPORT, SCREENSHOT_DIR


@pytest.fixture
def profile(browser_type, browser_type_launch_args, tmp_path):
    context = browser_type.launch_persistent_context(
        str(tmp_path / "profile"),
        **browser_type_launch_args,
        viewport=MOBILE_VIEWPORT,
        locale="tr-TR",
        service_workers="allow",
    )
    yield context
    context.close()


@pytest.fixture
def phone(profile) -> Page:
    return profile.pages[0] if profile.pages else profile.new_page()


def shoot(phone: Page, name: str) -> None:
    """A full-page PNG of this phone in test-artifacts/screenshots/ (conftest's fixture shoots ``page``)."""
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SCREENSHOT_DIR / f"{name}.png"), full_page=True)


def _abort_worker_requests(route: Route) -> None:
    if route.request.service_worker:
        route.abort("internetdisconnected")
    else:
        route.fallback()


def go_offline(context: BrowserContext) -> None:
    context.set_offline(True)
    context.route("**/*", _abort_worker_requests)


def go_online(context: BrowserContext) -> None:
    context.unroute("**/*", _abort_worker_requests)
    context.set_offline(False)


def wait_for_worker(page: Page) -> None:
    """Until the service worker controls the page (it installs after the first load)."""
    page.evaluate("""() => new Promise((resolve) => {
        if (navigator.serviceWorker.controller) return resolve();
        navigator.serviceWorker.addEventListener("controllerchange", () => resolve());
    })""")


def test_chromium_finds_the_app_installable_with_no_error(phone: Page, live_server):
    phone.goto(live_server.url + reverse("scorer:home"))
    wait_for_worker(phone)
    cdp = phone.context.new_cdp_session(phone)

    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    manifest = cdp.send("Page.getAppManifest")

    assert errors == [], errors
    assert not manifest.get("errors"), manifest


# --- a scorekeeper's table ----------------------------------------------------------------------

from scorer.models import Game  # noqa: E402
from scorer.tables.services import game_create  # noqa: E402
from tests.browser.test_tables import HANDS, NAMES, board_totals, enter_hand, expected_totals  # noqa: E402

ONLINE_HAND = HANDS[1]
OFFLINE_HANDS = [HANDS[0], HANDS[2], HANDS[1]]


def url(live_server, name: str, game: Game, *args) -> str:
    return live_server.url + reverse(f"scorer:{name}", args=[game.public_id, *args])


def keep_score(phone: Page, live_server, hands_planned: int = 5) -> Game:
    """A table this phone keeps the score of, with the worker installed and one hand saved online."""
    game, secret = game_create(ruleset="loca-cezali", options={}, players=NAMES, hands_planned=hands_planned)
    phone.goto(url(live_server, "game_claim", game, secret))
    wait_for_worker(phone)
    save_hand(phone, live_server, game, ONLINE_HAND)
    expect(phone.locator("tbody tr[data-position]")).to_have_count(1)
    return game


def save_hand(phone: Page, live_server, game: Game, spec: dict) -> None:
    phone.goto(url(live_server, "hand_new", game))
    expect(phone.locator("[data-hand-form].js-ready")).to_be_attached()
    enter_hand(phone, spec)
    phone.locator("[data-save]").click()
    phone.wait_for_url(url(live_server, "game_board", game))


def pending(phone: Page):
    return phone.locator("[data-pending-list] > li")


def test_three_hands_entered_offline_wait_on_the_phone_then_go_out_in_order_by_themselves(
    phone: Page, live_server
):
    game = keep_score(phone, live_server)
    go_offline(phone.context)

    for k, spec in enumerate(OFFLINE_HANDS, start=1):
        phone.locator("[data-add-hand]").click()
        expect(phone.locator("h1")).to_contain_text(f"El {1 + k} / 5")
        enter_hand(phone, spec)
        expect(phone.locator("[data-preview-offline]")).to_be_visible()  # never a stale or invented score
        assert set(phone.locator("[data-bar-total]").all_inner_texts()) == {"—"}
        if k == 1:
            shoot(phone, "offline-hand-page")
        phone.locator("[data-save]").click()
        phone.wait_for_url(url(live_server, "game_board", game))
        expect(pending(phone)).to_have_count(k)
        expect(phone.locator("#offline-status")).to_have_text(f"Çevrimdışı · {k} el gönderilmeyi bekliyor")
    assert game.hands.count() == 1

    phone.close()  # the tab is closed; the app is opened again, still offline
    phone = phone.context.new_page()
    phone.goto(live_server.url + reverse("scorer:my_tables"))
    expect(phone.locator("#offline-status")).to_have_text("Çevrimdışı · 3 el gönderilmeyi bekliyor")
    phone.locator(f'a[href="{reverse("scorer:game_board", args=[game.public_id])}"]').first.click()
    expect(pending(phone)).to_have_count(3)
    expect(pending(phone).nth(0)).to_contain_text("El 2")
    expect(pending(phone).nth(2)).to_contain_text("El 4")
    expect(phone.locator("tbody tr[data-position]")).to_have_count(1)  # no score for them yet
    shoot(phone, "offline-board-pending")

    go_online(phone.context)

    expect(phone.locator("tbody tr[data-position]")).to_have_count(4, timeout=30000)
    expect(pending(phone)).to_have_count(0)
    expect(phone.locator("#offline-status")).to_be_hidden()
    assert board_totals(phone) == expected_totals([ONLINE_HAND, *OFFLINE_HANDS])
    assert game.hands.count() == 4
    shoot(phone, "offline-board-sent")


def test_a_replay_whose_first_answer_is_lost_stores_each_hand_once(phone: Page, live_server, browser):
    game = keep_score(phone, live_server)
    go_offline(phone.context)
    for spec in OFFLINE_HANDS:
        phone.locator("[data-add-hand]").click()
        enter_hand(phone, spec)
        phone.locator("[data-save]").click()
        phone.wait_for_url(url(live_server, "game_board", game))
    expect(pending(phone)).to_have_count(3)
    lost = []

    def lose_the_first_answer(route: Route) -> None:
        if route.request.method == "POST" and not lost:
            lost.append(route.fetch())  # the server stores the hand; its answer never arrives
            route.abort("connectionreset")
        else:
            route.fallback()

    phone.context.route(url(live_server, "hand_new", game), lose_the_first_answer)
    go_online(phone.context)

    expect(phone.locator("tbody tr[data-position]")).to_have_count(4, timeout=45000)
    assert lost and game.hands.count() == 4
    assert list(game.hands.values_list("position", flat=True)) == [1, 2, 3, 4]
    assert len(set(game.hands.values_list("request_id", flat=True))) == 4
    assert board_totals(phone) == expected_totals([ONLINE_HAND, *OFFLINE_HANDS])
    viewer = browser.new_context(viewport=MOBILE_VIEWPORT, locale="tr-TR").new_page()
    viewer.goto(url(live_server, "game_board", game))
    expect(viewer.locator("tbody tr[data-position]")).to_have_count(4)
    assert board_totals(viewer) == board_totals(phone)
    viewer.context.close()


def test_a_second_phone_saving_meanwhile_loses_nothing_the_scorekeeper_decides(
    phone: Page, live_server, browser
):
    game = keep_score(phone, live_server)
    other = browser.new_context(viewport=MOBILE_VIEWPORT, locale="tr-TR").new_page()
    other.goto(url(live_server, "game_claim", game, game.link_secret))
    go_offline(phone.context)
    for spec in OFFLINE_HANDS[:2]:
        phone.locator("[data-add-hand]").click()
        enter_hand(phone, spec)
        phone.locator("[data-save]").click()
        phone.wait_for_url(url(live_server, "game_board", game))
    save_hand(other, live_server, game, OFFLINE_HANDS[2])  # the second phone, online meanwhile

    go_online(phone.context)

    attention = phone.locator('[data-pending-list] > li[data-state="attention"]')
    expect(attention).to_have_count(1, timeout=45000)
    expect(phone.locator('[data-pending-list] > li[data-state="held"]')).to_have_count(1)
    assert game.hands.count() == 2  # the scorekeeper's two hands wait: nothing saved over, nothing lost
    shoot(phone, "offline-changed-meanwhile-board")
    attention.locator("[data-open]").click()
    expect(phone.locator("[data-saved-meanwhile]")).to_be_visible()
    expect(phone.locator("#id_finisher_0")).to_be_checked()  # what was typed offline
    shoot(phone, "offline-changed-meanwhile-page")
    phone.locator("[data-save]").click()

    expect(phone.locator("tbody tr[data-position]")).to_have_count(4, timeout=45000)
    expect(pending(phone)).to_have_count(0)
    hands = [OFFLINE_HANDS[2], ONLINE_HAND, *OFFLINE_HANDS[:2]]
    assert board_totals(phone) == expected_totals([ONLINE_HAND, OFFLINE_HANDS[2], *OFFLINE_HANDS[:2]])
    assert game.hands.count() == len(hands)
    other.context.close()
