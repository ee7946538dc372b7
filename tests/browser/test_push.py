"""Every open screen follows a tournament table's saves by push (scorer/platform/push/): the
scorekeeper saving through the hand form at 375 × 812, another phone holding the edit link, two
viewer phones, the standings on a phone and the venue display at 1920 × 1080. No screen polls while
its stream is open; a screen whose stream is cut polls and still follows.

Each screen notes when its live part changed (a MutationObserver, the browser's clock), and the
test when the saving request was answered (the same machine's clock): the save-to-screen times
are printed (the scale figures come from bench/push.py).
"""

import statistics

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scorer.events.services.rounds import round_start
from tests.support.eventdb import new_event

SAVES = 10
TV = {"width": 1920, "height": 1080}
PHONE = {"width": 375, "height": 812}
POLL_WAIT_MS = 12_000
"""The fallback polls every 4 s (board), 5 s (standings) and 10 s (display): one poll and its time."""

WATCH = """() => {
    window.okeycalcSeen = [];
    const live = () => document.querySelector(".live-stream [data-etag]");
    let last = live() && live().dataset.etag;
    new MutationObserver(() => {
        const part = live();
        const etag = part && part.dataset.etag;
        if (etag && etag !== last) {
            last = etag;
            window.okeycalcSeen.push({etag, at: Date.now()});
        }
    }).observe(document.body, {childList: true, subtree: true});
}"""


@pytest.fixture
def event_table(db):
    """A points event of four players, one table of SAVES hands, its round seated."""
    event, _secret = new_event(4, hands=SAVES, rounds=1)
    round_start(event=event)
    link = event.rounds.get().tables.get().games.select_related("game").get()
    return event, link.game


@pytest.fixture
def screens(browser, browser_context_args):
    contexts = []

    def open_screen(viewport=PHONE, route_streams=None):
        context = browser.new_context(
            **browser_context_args | {"viewport": viewport}, service_workers="block"
        )
        contexts.append(context)
        page = context.new_page()
        page.okeycalc_polls = []
        page.on(
            "request",
            lambda r: ("/canli/" in r.url or "/ilerleme/" in r.url) and page.okeycalc_polls.append(r.url),
        )
        if route_streams:
            page.route("**/akis/**", route_streams)
        return page

    yield open_screen
    for context in contexts:
        context.close()


def streaming(page) -> None:
    expect(page.locator("html[data-live=stream]")).to_have_count(1)


def save_hand(page, live_server, game, k: int) -> float:
    """Hand k through the form: seat k % 4 finishes, the others never opened. Returns when the
    save's answer arrived (ms since the epoch, the browser's clock: the machine's). A pushed change
    can arrive before it: the change is published when it commits, before the answer is sent."""
    form = live_server.url + reverse("scorer:hand_new", args=[game.public_id])
    page.goto(form)
    seat = k % 4
    page.locator(f'label[for="id_finisher_{seat}"]').click()
    for player in range(4):
        opened = 1 if player == seat else 0  # sets for the finisher, "never opened" for the rest
        page.locator(f'label[for="id_p{player}-opened_{opened}"]').click()
    # The form's own POST: a live preview's POST (each tap sends one) may be answered meanwhile.
    with page.expect_response(lambda r: r.request.method == "POST" and r.url == form) as answer:
        page.locator("[data-save]").click()
    assert answer.value.status == 302, answer.value.status
    page.wait_for_url(f"**{reverse('scorer:game_board', args=[game.public_id])}")
    # The save's answer (the redirect) arrived at redirectEnd of the board's navigation.
    return page.evaluate("performance.timeOrigin + performance.getEntriesByType('navigation')[0].redirectEnd")


def test_ten_saves_reach_every_open_screen_by_push(live_server, event_table, screens, capsys):
    event, game = event_table
    board = live_server.url + reverse("scorer:game_board", args=[game.public_id])
    claim = live_server.url + reverse("scorer:game_claim", args=[game.public_id, game.link_secret])
    keeper = screens()
    keeper.goto(claim)
    other_keeper = screens()
    other_keeper.goto(claim)
    viewers = [screens(), screens()]
    standings = screens()
    display = screens(TV)
    for viewer in viewers:
        viewer.goto(board)
    standings.goto(live_server.url + reverse("scorer:event_standings", args=[event.public_id]))
    display.goto(live_server.url + reverse("scorer:event_display", args=[event.public_id]))
    watching = {"keeper-2": other_keeper, "viewer-1": viewers[0], "viewer-2": viewers[1]}
    watching |= {"standings": standings, "display": display}
    for page in watching.values():
        streaming(page)
        page.evaluate(WATCH)
    expect(other_keeper.locator("[data-add-hand]")).to_be_visible()  # the scorekeeper's own board

    latencies: dict[str, list[float]] = {name: [] for name in watching}
    for k in range(1, SAVES + 1):
        answered = save_hand(keeper, live_server, game, k)
        for name in ("keeper-2", "viewer-1", "viewer-2"):
            page = watching[name]
            expect(page.locator("#board-live [data-hands-played]")).to_have_attribute(
                "data-hands-played", str(k)
            )
        expect(standings.locator("li[data-table='1']")).to_contain_text(
            f"El {k}/{SAVES}" if k < SAVES else "bitti"
        )
        expect(display.locator("li[data-table='1']")).to_contain_text(
            f"El {k}/{SAVES}" if k < SAVES else "bitti"
        )
        for name, page in watching.items():
            seen = page.evaluate("window.okeycalcSeen.splice(0)")
            assert seen, f"{name}: the change of save {k} came without a new part"
            latencies[name].append(seen[-1]["at"] - answered)

    for name, page in watching.items():
        assert page.okeycalc_polls == [], f"{name} polled while its stream was open: {page.okeycalc_polls}"
        assert len(latencies[name]) == SAVES
    # The scorekeeper's second phone still has its edit controls, with its own CSRF token.
    expect(other_keeper.locator("[data-add-hand]")).to_have_count(0)  # the game is over
    tokens = other_keeper.locator("#board-live input[name=csrfmiddlewaretoken]")
    if tokens.count():
        assert "pushed" not in tokens.evaluate_all("inputs => inputs.map((i) => i.value)")
    every = sorted(ms for values in latencies.values() for ms in values)
    with capsys.disabled():
        print(
            f"\nsave to screen, {len(every)} changes on {len(watching)} screens: "
            f"p50 {statistics.median(every):.0f} ms, max {every[-1]:.0f} ms"
        )


def test_a_cut_stream_falls_back_to_polling_on_every_screen(live_server, event_table, screens):
    """The streams cannot open (a proxy that buffers, say): each page polls, says nothing
    alarming, and shows the saves."""
    event, game = event_table
    cut = lambda route: route.abort()  # noqa: E731
    claim = live_server.url + reverse("scorer:game_claim", args=[game.public_id, game.link_secret])
    keeper = screens()
    keeper.goto(claim)
    viewer = screens(route_streams=cut)
    viewer.goto(live_server.url + reverse("scorer:game_board", args=[game.public_id]))
    standings = screens(route_streams=cut)
    standings.goto(live_server.url + reverse("scorer:event_standings", args=[event.public_id]))
    display = screens(TV, route_streams=cut)
    display.goto(live_server.url + reverse("scorer:event_display", args=[event.public_id]))
    for page in (viewer, standings, display):
        expect(page.locator("html[data-live=poll]")).to_have_count(1)

    save_hand(keeper, live_server, game, 1)
    expect(viewer.locator("#board-live [data-hands-played]")).to_have_attribute(
        "data-hands-played", "1", timeout=POLL_WAIT_MS
    )
    expect(standings.locator("li[data-table='1']")).to_contain_text("El 1/", timeout=POLL_WAIT_MS)
    expect(display.locator("li[data-table='1']")).to_contain_text("El 1/", timeout=POLL_WAIT_MS)
    for page in (viewer, standings, display):
        assert page.okeycalc_polls, "the page did not poll"
        expect(page.locator(".alert-danger, [role=alert]")).to_have_count(0)


def test_a_stream_that_drops_is_reopened_and_brings_what_was_missed(live_server, event_table, screens):
    """The server ends the stream (a restart): the browser reconnects with the last id it got and
    the server sends the state it missed."""
    from scorer.platform import push

    event, game = event_table
    claim = live_server.url + reverse("scorer:game_claim", args=[game.public_id, game.link_secret])
    keeper = screens()
    keeper.goto(claim)
    viewer = screens()
    viewer.goto(live_server.url + reverse("scorer:game_board", args=[game.public_id]))
    streaming(viewer)
    with viewer.expect_request(lambda r: "/akis/" in r.url):  # with Last-Event-ID once it got an event
        push.end_streams()  # every open stream of the test server ends
    save_hand(keeper, live_server, game, 1)
    expect(viewer.locator("#board-live [data-hands-played]")).to_have_attribute("data-hands-played", "1")
