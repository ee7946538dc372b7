"""The installable app at the table without a connection, in Chromium at 375 × 812.

Each test runs in a persistent browser profile (an installed app's is one; Playwright's usual
contexts are incognito, where Chromium installs nothing). "Offline" is the context's
``set_offline`` plus a route that aborts the service worker's own requests, which
``set_offline`` does not cover (Playwright issue #2311).
"""

import re
import warnings

import pytest
from django.urls import reverse
from playwright.sync_api import BrowserContext, Error, Page, Route, expect

from scorer.shell.views.offline import WORKBOX
from tests.conftest import BASE_DIR, MOBILE_VIEWPORT, SCREENSHOT_DIR, check_axe, shoot

STATIC_DIR = BASE_DIR / "static"


@pytest.fixture
def profile(browser_type, browser_type_launch_args, tmp_path):
    yield (context := launch_profile(browser_type, browser_type_launch_args, tmp_path))
    context.close()


def launch_profile(browser_type, launch_args: dict, tmp_path) -> BrowserContext:
    """A new browser in a new persistent profile. Debian's headless shell, started anew for each of
    these tests, once crashed while starting (a segmentation fault before any page was opened, on
    a machine loaded by other work): a browser that dies before it is up is started once more in a
    fresh profile; one that dies again, or any failure after it is up, fails the test."""
    for attempt in (1, 2):
        try:
            return browser_type.launch_persistent_context(
                str(tmp_path / f"profile-{attempt}"),
                **launch_args,
                viewport=MOBILE_VIEWPORT,
                locale="tr-TR",
                service_workers="allow",
            )
        except Error as error:  # Playwright's TargetClosedError, with the browser's log
            if attempt == 2 or "Segmentation fault" not in str(error):
                raise
            warnings.warn(f"Chromium crashed while starting; started again: {error}", stacklevel=1)
    raise AssertionError("unreachable")


@pytest.fixture
def phone(profile) -> Page:
    return profile.pages[0] if profile.pages else profile.new_page()


def picture(phone: Page, name: str) -> None:
    """A full-page PNG of this phone in test-artifacts/screenshots/ (conftest's fixture shoots ``page``)."""
    shoot(phone, SCREENSHOT_DIR / f"{name}.png", full_page=True)


def axe_clean(phone: Page) -> None:
    """axe-core on this phone's page as it is now (conftest's fixture checks ``page``, and loads
    axe from the server, which an offline phone cannot reach: here it is evaluated directly)."""
    check_axe(phone, inline=True)


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


WORKER_FILES = [f"vendor/workbox/workbox-{name}.prod.js" for name in WORKBOX] + ["js/serviceworker.js"]
WORKER_WAIT_MS = 30_000
"""How long a page may take to come under a service worker's control before the test fails
(installing precaches the static files: a few seconds on a loaded machine)."""


@pytest.fixture(autouse=True, scope="module")
def _worker_scripts_exist() -> None:
    """The scripts /sw.js imports. Without them the worker never installs and every test here
    would wait for it for ever; fail at once instead, saying what is missing."""
    missing = [name for name in WORKER_FILES if not (STATIC_DIR / name).is_file()]
    if missing:
        pytest.fail(
            f"the service worker cannot install: {', '.join(f'static/{name}' for name in missing)} "
            "missing (Workbox comes from npm: run `make static`)",
            pytrace=False,
        )


def until_controlled(page: Page, *, update: bool = False) -> None:
    """Wait until a service worker takes control of the page (at once if one does), or with
    ``update`` ask the registration to update and wait until the new worker takes over; an error
    naming the registration's state after WORKER_WAIT_MS instead of waiting for ever."""
    page.evaluate(
        """async ([update, ms]) => {
            const worker = navigator.serviceWorker;
            const controlled = new Promise((resolve) => worker.addEventListener("controllerchange", resolve));
            if (update) await (await worker.getRegistration()).update();
            else if (worker.controller) return;
            let timer;
            const late = new Promise((_, reject) => { timer = setTimeout(async () => {
                const registration = await worker.getRegistration();
                const state = registration
                    ? ["installing", "waiting", "active"].map((k) => `${k}: ${registration[k]?.state ?? "none"}`).join(", ")
                    : "not registered";
                reject(new Error(`no service worker took control of ${location.pathname} in ${ms} ms (${state})`));
            }, ms); });
            try { await Promise.race([controlled, late]); } finally { clearTimeout(timer); }
        }""",
        [update, WORKER_WAIT_MS],
    )


def wait_for_worker(page: Page) -> None:
    """Until the service worker controls the page (it installs after the first load)."""
    until_controlled(page)


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
from scorer.tables.services.games import game_create  # noqa: E402
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


def lose_the_first_answer(context: BrowserContext, live_server, game: Game) -> list:
    """The first hand the worker sends reaches the server, which stores it; its answer never arrives."""
    lost = []

    def route(route: Route) -> None:
        if route.request.method == "POST" and route.request.service_worker and not lost:
            lost.append(route.fetch())
            route.abort("connectionreset")
        else:
            route.fallback()

    context.route(url(live_server, "hand_new", game), route)
    return lost


@pytest.mark.parametrize("answer", ["answered", "first-answer-lost"])
def test_three_hands_entered_offline_wait_on_the_phone_then_go_out_in_order_by_themselves(
    phone: Page, live_server, browser, answer
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
            picture(phone, "offline-hand-page")
            axe_clean(phone)
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
    expect(pending(phone).nth(0)).to_contain_text("Bora: Per/Seri, Kalan sayı 23, Okey 1")  # as typed
    expect(pending(phone).nth(2)).to_contain_text("El 4")
    expect(phone.locator("tbody tr[data-position]")).to_have_count(1)  # no score for them yet
    picture(phone, "offline-board-pending")
    axe_clean(phone)
    lost = lose_the_first_answer(phone.context, live_server, game) if answer == "first-answer-lost" else None

    go_online(phone.context)

    expect(phone.locator("tbody tr[data-position]")).to_have_count(4, timeout=45000)
    expect(pending(phone)).to_have_count(0)
    expect(phone.locator("#offline-status")).to_be_hidden()
    totals = expected_totals([ONLINE_HAND, *OFFLINE_HANDS])
    assert board_totals(phone) == totals
    assert list(game.hands.values_list("position", flat=True)) == [1, 2, 3, 4]  # each stored once
    assert len(set(game.hands.values_list("request_id", flat=True))) == 4
    if lost is not None:
        assert len(lost) == 1 and lost[0].status == 200  # stored, answered, and the answer was lost
    picture(phone, "offline-board-sent")
    viewer = browser.new_context(viewport=MOBILE_VIEWPORT, locale="tr-TR").new_page()
    viewer.goto(url(live_server, "game_board", game))
    expect(viewer.locator("tbody tr[data-position]")).to_have_count(4)
    assert board_totals(viewer) == totals
    viewer.context.close()


@pytest.mark.parametrize("decision", ["save-it-as-the-next-hand", "throw-it-away"])
def test_a_second_phone_saving_meanwhile_loses_nothing_the_scorekeeper_decides(
    phone: Page, live_server, browser, decision
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
    expect(phone.locator("#offline-status")).to_contain_text("bir el puan tablosunda sizi bekliyor")
    if decision == "throw-it-away":  # it was the hand the other phone saved
        phone.on("dialog", lambda dialog: dialog.accept())
        attention.locator("[data-discard]").click()
        hands = [ONLINE_HAND, OFFLINE_HANDS[2], OFFLINE_HANDS[1]]
    else:
        picture(phone, "offline-changed-meanwhile-board")
        attention.locator("[data-open]").click()
        expect(phone.locator("[data-saved-meanwhile]")).to_be_visible()  # the existing "bu arada" page
        expect(phone.locator("#id_finisher_0")).to_be_checked()  # what was typed offline
        picture(phone, "offline-changed-meanwhile-page")
        phone.locator("[data-save]").click()  # saving again asks again: nothing is added
        expect(phone.locator("[data-saved-meanwhile]")).to_be_visible()
        assert game.hands.count() == 2
        phone.locator("[data-choice=add]").click()  # a different hand: the one behind it follows
        hands = [ONLINE_HAND, OFFLINE_HANDS[2], *OFFLINE_HANDS[:2]]

    expect(phone.locator("tbody tr[data-position]")).to_have_count(len(hands), timeout=45000)
    expect(pending(phone)).to_have_count(0)
    assert board_totals(phone) == expected_totals(hands)
    assert game.hands.count() == len(hands)
    other.context.close()


# --- café wifi: connected, reaching nothing -----------------------------------------------------

import contextlib  # noqa: E402
import socket  # noqa: E402
import time  # noqa: E402

from django.contrib.staticfiles.handlers import StaticFilesHandler  # noqa: E402
from django.core.servers.basehttp import ThreadedWSGIServer  # noqa: E402
from django.test.testcases import LiveServerThread, QuietWSGIRequestHandler  # noqa: E402


class StoppableWSGIServer(ThreadedWSGIServer):
    """Stopping it also cuts the connections the browser keeps open, as a stopped process would."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.open_sockets: set[socket.socket] = set()

    def process_request(self, request, client_address) -> None:
        self.open_sockets.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request) -> None:
        self.open_sockets.discard(request)
        super().shutdown_request(request)

    def server_close(self) -> None:
        super().server_close()
        for sock in list(self.open_sockets):
            with contextlib.suppress(OSError):  # closed meanwhile
                sock.shutdown(socket.SHUT_RDWR)


class StoppableServerThread(LiveServerThread):
    server_class = StoppableWSGIServer

    def _create_server(self, connections_override=None):
        return self.server_class(
            (self.host, self.port),
            QuietWSGIRequestHandler,
            allow_reuse_address=True,  # started again on the same port (the phone's origin)
            connections_override=connections_override,
        )


class LiveServer:
    """The app on ``port`` (0: any free one) in this process, that a test can stop and start again."""

    def __init__(self, port: int = 0) -> None:
        self.thread = StoppableServerThread("localhost", StaticFilesHandler, port=port)
        self.thread.daemon = True
        self.thread.start()
        self.thread.is_ready.wait()
        if self.thread.error:
            raise self.thread.error

    @property
    def url(self) -> str:
        return f"http://localhost:{self.thread.port}"

    def stop(self) -> None:
        self.thread.terminate()


def test_with_the_server_stopped_hands_are_kept_and_go_out_within_a_minute_of_it_answering_again(
    phone: Page, transactional_db
):
    server = LiveServer()
    port = server.thread.port
    try:
        game = keep_score(phone, server)
        server.stop()  # the browser still believes it is online

        for k, spec in enumerate(OFFLINE_HANDS[:2], start=1):
            phone.locator("[data-add-hand]").click()
            expect(phone.locator("h1")).to_contain_text(f"El {1 + k} / 5")
            enter_hand(phone, spec)
            phone.locator("[data-save]").click()
            phone.wait_for_url(url(server, "game_board", game))
            expect(pending(phone)).to_have_count(k)
        expect(phone.locator("#offline-status")).to_have_text(
            "Sunucuya ulaşılamıyor · 2 el gönderilmeyi bekliyor", timeout=15000
        )
        assert phone.evaluate("navigator.onLine") is True
        assert game.hands.count() == 1
        picture(phone, "offline-server-unreachable")

        server = LiveServer(port)
        answering = time.monotonic()

        expect(phone.locator("tbody tr[data-position]")).to_have_count(3, timeout=60000)
        assert time.monotonic() - answering < 60
        assert game.hands.count() == 3
        assert board_totals(phone) == expected_totals([ONLINE_HAND, *OFFLINE_HANDS[:2]])
    finally:
        server.stop()


# --- viewers, teaching pages, a new release -------------------------------------------------------

from scorer.tables.services.hands import hand_record  # noqa: E402
from tests.browser.test_tables import hand_data  # noqa: E402

STORED_TEXTS_JS = """async () => {
    const texts = [];
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
            texts.push(request.url, await (await cache.match(request)).text());
        }
    }
    return texts.join("\\n");
}"""
HTTP_CACHED_JS = """async (path) => {
    try {
        return await (await fetch(path, { cache: "only-if-cached", mode: "same-origin" })).text();
    } catch (error) {
        return "";  // nothing in the browser's HTTP cache for it
    }
}"""


def test_offline_with_its_cookies_cleared_the_phone_keeps_no_edit_link_in_any_cache(phone: Page, live_server):
    game = keep_score(phone, live_server)
    secret = game.link_secret
    phone.locator("#paylas > summary").click()
    phone.locator("#duzenleme-baglantisi > summary").click()
    expect(phone.locator("#edit-link")).to_have_value(re.compile(re.escape(secret)))  # online, it is shown
    board = reverse("scorer:game_board", args=[game.public_id])
    go_offline(phone.context)
    assert secret not in phone.evaluate(HTTP_CACHED_JS, board)
    phone.context.clear_cookies()

    phone.reload()

    expect(phone.locator("html[data-offline-copy]")).to_be_attached()
    expect(phone.locator("tbody tr[data-position]")).to_have_count(1)
    assert secret not in phone.content()
    stored = phone.evaluate(STORED_TEXTS_JS)
    assert board in stored  # the board is kept for offline use, without the link
    assert secret not in stored
    assert secret not in phone.evaluate(HTTP_CACHED_JS, board)
    expect(phone.locator("[data-edit-link-online]")).to_be_attached()
    phone.locator("[data-add-hand]").click()  # entering hands offline still works
    enter_hand(phone, OFFLINE_HANDS[0])
    phone.locator("[data-save]").click()
    expect(pending(phone)).to_have_count(1)


def test_a_viewer_offline_sees_the_last_board_stamped_and_it_updates_by_itself_when_back(
    phone: Page, live_server
):
    game, _secret = game_create(ruleset="loca-cezali", options={}, players=NAMES, hands_planned=5)
    hand_record(game=game, data=hand_data(HANDS[0]))
    board = url(live_server, "game_board", game)
    phone.goto(board)
    wait_for_worker(phone)
    phone.reload()  # through the worker now: this copy is kept on the phone
    go_offline(phone.context)

    phone.reload()

    expect(phone.locator("tbody tr[data-position]")).to_have_count(1)
    expect(phone.locator("#offline-status")).to_have_text(
        re.compile(r"Çevrimdışı · son güncelleme \d\d:\d\d")
    )
    picture(phone, "offline-viewer-board")
    hand_record(game=game, data=hand_data(HANDS[1]))  # the scorekeeper, meanwhile

    go_online(phone.context)

    expect(phone.locator("tbody tr[data-position]")).to_have_count(2, timeout=15000)
    expect(phone.locator("#offline-status")).to_be_hidden()


def test_teaching_pages_once_visited_and_the_static_files_come_from_the_cache_offline(
    phone: Page, live_server
):
    pages = [
        reverse("scorer:rules", args=["loca"]),
        reverse("scorer:examples"),
        reverse("scorer:example", args=["klasik-normal-bitis"]),
        reverse("scorer:compare"),
    ]
    phone.goto(live_server.url + reverse("scorer:home"))
    wait_for_worker(phone)
    for path in pages:
        phone.goto(live_server.url + path)
    go_offline(phone.context)

    for path in pages:
        phone.goto(live_server.url + path)
        expect(phone.locator("h1")).to_be_visible()
        assert phone.evaluate("document.documentElement.dataset.offlineCopy"), path  # the stored copy
        assert phone.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--bs-blue')")
        assert phone.evaluate("typeof htmx") == "object"  # scripts from the cache too
    phone.goto(live_server.url + reverse("scorer:rules", args=["kerizim"]))  # never opened here
    expect(phone.locator("[data-offline-page]")).to_be_visible()
    picture(phone, "offline-page")


def test_a_new_release_takes_over_and_no_old_cache_is_left(phone: Page, live_server, monkeypatch):
    monkeypatch.setenv("OKEYCALC_RELEASE", "release-one")
    rules = live_server.url + reverse("scorer:rules", args=["loca"])
    phone.goto(rules)
    wait_for_worker(phone)
    phone.goto(rules)
    caches = "() => caches.keys()"
    assert "okeycalc-pages-release-one" in phone.evaluate(caches)

    monkeypatch.setenv("OKEYCALC_RELEASE", "release-two")
    until_controlled(phone, update=True)
    phone.goto(rules)

    names = phone.evaluate(caches)
    assert "okeycalc-pages-release-two" in names
    assert not [name for name in names if "release-one" in name], names
    assert not phone.evaluate("document.documentElement.dataset.offlineCopy")  # online: the server's page
