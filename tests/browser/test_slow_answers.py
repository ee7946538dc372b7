"""Answers that arrive late, as on a slow café connection: the screen always ends at what was
typed last. Each test holds one of the server's answers until more has been typed, then lets it
through. The page's clock stands still meanwhile (Playwright's clock), so that htmx's timers (the
live result's 400 ms delay, the 20 ms before swapped-in content listens) wait for the test too:
each race happens the same way on every run."""

import re
from datetime import datetime

from django.urls import reverse
from playwright.sync_api import Page, Request, Route, expect

from scorer.engine import score_hand
from tests.support.factories import claim_url, finisher, new_table

START = datetime(2030, 1, 1)
HTMX_TIMERS = 1_000  # ms: longer than any delay and settle time of htmx on these pages


class HeldAnswers:
    """A route that holds the server's answers to the first ``count`` POSTs whose address contains
    ``part`` until ``release``: the page sees them arrive late. The page counts the answers it
    handled (htmx:afterRequest), so that a test waits for that state, not for a time."""

    def __init__(self, page: Page, part: str, count: int = 1) -> None:
        self.page, self.part, self.count = page, part, count
        self.held: list[Route] = []
        count_answers(page)
        page.route("**/*", self._handle)

    def _handle(self, route: Route, request: Request) -> None:
        if request.method == "POST" and self.part in request.url and self.count:
            self.count -= 1
            self.held.append(route)
            self.page.evaluate("() => { window.answersHeld = (window.answersHeld || 0) + 1; }")
        else:
            route.continue_()

    def wait(self) -> None:
        """Until the request to hold has gone out (and is held)."""
        self.page.wait_for_function("() => window.answersHeld >= 1")

    def release(self) -> None:
        """Let the held answer through and wait until the page has handled it."""
        handled = self.page.evaluate("() => window.answersHandled || 0")
        self.held.pop(0).continue_()
        self.page.wait_for_function("n => window.answersHandled > n", arg=handled)


def count_answers(page: Page) -> None:
    """``window.answersHandled``: how many answers htmx has handled (htmx:afterRequest) since."""
    page.evaluate(
        """() => { if (window.answersHandled === undefined) { window.answersHandled = 0;
            document.addEventListener("htmx:afterRequest", () => { window.answersHandled += 1; }); } }"""
    )


def stop_the_clock(page: Page) -> None:
    page.clock.install(time=START)
    page.clock.pause_at(START.replace(second=1))


def open_calculator(page: Page, live_server) -> None:
    page.goto(live_server.url + reverse("scorer:calculator"))
    expect(page.locator("[data-hand-form].js-ready")).to_be_attached()  # htmx listens too


def test_a_name_left_just_as_the_answer_to_the_name_before_lands_is_checked(page, live_server):
    """The flaky test_errors_in_view test: the first name's refresh came back while the second
    was typed; the second name's change (Tab) then fell in the moment before the swapped-in
    set-up listened, and the result kept "Ali — Oyuncu 2" for ever."""
    open_calculator(page, live_server)
    held = HeldAnswers(page, "refresh=1")
    stop_the_clock(page)

    page.locator("#id_setup-name_0").fill("Ali")
    page.locator("#id_setup-name_1").fill("Ali")  # leaving the first name sends its refresh
    held.wait()
    held.release()  # the first name's answer lands after the second name was typed
    page.locator("#id_setup-name_1").press("Tab")
    page.clock.run_for(HTMX_TIMERS)

    expect(page.locator('#calc-result a[href="#id_setup-name_1"]')).to_be_visible()
    expect(page.locator("#id_setup-name_1")).to_have_value("Ali")


def test_a_name_changed_just_after_a_refresh_landed_is_checked(page, live_server):
    """What a swap brings in listens at once: a change in the moment after it is not lost."""
    open_calculator(page, live_server)
    held = HeldAnswers(page, "refresh=1")
    stop_the_clock(page)

    page.locator("#id_setup-name_0").fill("Ali")
    page.locator("#id_setup-name_0").press("Tab")
    held.wait()
    held.release()  # nothing typed meanwhile: the refresh is swapped in
    page.locator("#id_setup-name_1").fill("Ali")
    page.locator("#id_setup-name_1").press("Tab")
    page.clock.run_for(HTMX_TIMERS)

    expect(page.locator('#calc-result a[href="#id_setup-name_1"]')).to_be_visible()


def test_points_typed_while_a_name_refresh_is_away_are_kept_and_scored(page, live_server):
    open_calculator(page, live_server)
    page.locator('label[for="id_finisher_0"]').click()
    expect(page.locator("#calc-result .player-result [data-total]")).to_have_count(4)
    held = HeldAnswers(page, "refresh=1")
    stop_the_clock(page)

    page.locator("#id_setup-name_0").fill("Ali")
    page.locator("#id_setup-name_0").press("Tab")  # the name's refresh goes out
    held.wait()
    page.locator("#id_p1-points").fill("23")  # typed while it is away
    held.release()
    page.clock.run_for(HTMX_TIMERS)

    expect(page.locator("#id_p1-points")).to_have_value("23")
    expect(page.locator('label[for="id_finisher_0"]')).to_have_text("Ali")
    hand = {
        "ruleset": "loca",
        "players": [
            {"name": "Ali", "opened": "sets", "finished": True},
            {"name": "Oyuncu 2", "opened": "sets", "remaining": {"points": 23}},
            {"name": "Oyuncu 3"},
            {"name": "Oyuncu 4"},
        ],
    }
    totals = [str(total) for total in score_hand(hand).totals]
    expect(page.locator("#calc-result .player-result [data-total]").nth(1)).to_have_attribute(
        "data-total", totals[1]
    )


def test_a_count_typed_while_a_tapped_tile_is_away_is_kept_with_the_tile(page, live_server):
    page.goto(live_server.url + reverse("scorer:tile_picker"))
    page.select_option("#picker-indicator", "red-5")
    expect(page.locator("#okey-shown")).to_have_attribute("data-okey", "red-6")
    held = HeldAnswers(page, reverse("scorer:tile_picker"))
    stop_the_clock(page)

    page.locator('[data-tile="blue-7"]').click()  # the tap goes out
    held.wait()
    page.locator("details.picker-counts > summary").click()
    page.locator("#count-p0-red-3").fill("2")  # typed while it is away
    held.release()
    page.clock.run_for(HTMX_TIMERS)

    expect(page.locator("#count-p0-red-3")).to_have_value("2")
    row = page.locator('.picker-totals tr[data-player="0"]')
    expect(row).to_have_attribute("data-points", str(7 + 3 + 3))  # the tapped tile and the typed two


def test_tiles_tapped_while_an_answer_is_away_are_each_added_once(page, live_server):
    """Taps wait in line while the indicator's answer is away; that answer swaps the tiles out.
    Each tap still goes with its own tile: none is lost, none counted twice."""
    page.goto(live_server.url + reverse("scorer:tile_picker"))
    expect(page.locator("#picker-body")).to_be_attached()
    held = HeldAnswers(page, reverse("scorer:tile_picker"))

    page.select_option("#picker-indicator", "red-5")  # its answer is held
    held.wait()
    page.locator('[data-tile="blue-7"]').click()
    page.locator('[data-tile="yellow-13"]').click()
    held.release()

    row = page.locator('.picker-totals tr[data-player="0"]')
    expect(row).to_have_attribute("data-points", str(7 + 13))
    expect(page.locator('[data-tile="blue-7"]')).to_have_attribute("data-mine", "1")
    expect(page.locator('[data-tile="yellow-13"]')).to_have_attribute("data-mine", "1")
    expect(page.locator("#okey-shown")).to_have_attribute("data-okey", "red-6")


def test_the_hand_preview_shows_the_points_typed_after_its_request_went_out(page, live_server):
    """An older preview is not shown while the newer one waits for its 400 ms."""
    game, secret = new_table("loca")
    page.goto(live_server.url + claim_url(game, secret))
    page.goto(live_server.url + reverse("scorer:hand_new", args=[game.public_id]))
    expect(page.locator("[data-hand-form].js-ready")).to_be_attached()
    preview = reverse("scorer:hand_preview", args=[game.public_id])
    # The finisher's tap sends a preview at once: htmx handles its answer before the route that
    # holds the next preview is set and the points are typed. Its network answer alone is not
    # enough: handled after the typing (a busy machine), it would be dropped and asked again
    # (okeycalc.js), that request would be the one held, then replaced by the typed preview
    # (hx-sync), and the answer waited for would never come.
    count_answers(page)
    page.locator('label[for="id_finisher_0"]').click()
    page.wait_for_function("() => window.answersHandled >= 1")
    bora = page.locator("#hand-bar-totals [data-bar-total]").nth(1)
    expect(bora).not_to_have_text("—")
    held = HeldAnswers(page, preview)
    stop_the_clock(page)

    page.locator("#id_p1-points").fill("23")
    page.clock.run_for(HTMX_TIMERS)  # its preview goes out
    held.wait()
    page.locator("#id_p1-points").fill("30")  # typed while it is away
    held.release()

    expect(bora).to_have_text("30")


def press_save_while_the_preview_lands(page: Page, live_server, game) -> tuple[float, float]:
    """The save button held down (its center) while the whole hand's preview, longer than the one
    shown, lands; the points field was left for it."""
    page.goto(live_server.url + reverse("scorer:hand_new", args=[game.public_id]))
    expect(page.locator("[data-hand-form].js-ready")).to_be_attached()
    preview = reverse("scorer:hand_preview", args=[game.public_id])
    for label in ("id_finisher_0", "id_p0-opened_1", "id_p1-opened_1"):
        page.locator(f'label[for="{label}"]').click()
    expect(page.locator("#hand-bar-totals")).to_have_class(
        re.compile("has-errors")
    )  # Bora's points: a short preview
    page.wait_for_function("() => !document.querySelector('#hand-form.htmx-request')")  # every answer handled
    held = HeldAnswers(page, preview, count=2)
    stop_the_clock(page)

    page.locator("#id_p1-points").fill("21")
    page.clock.run_for(HTMX_TIMERS)
    held.wait()  # the typing's preview is away
    save = page.locator("[data-save]")
    save.scroll_into_view_if_needed()
    box = save.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()  # the points field is left: its "change" sends the preview again
    page.wait_for_function("() => window.answersHeld >= 2")
    handled = page.evaluate("() => window.answersHandled")
    held.held.pop().continue_()  # the whole hand's preview lands under the finger
    page.wait_for_function("n => window.answersHandled > n", arg=handled)
    return x, y


def test_a_press_on_save_is_not_lost_to_a_preview_landing_under_the_finger(page, live_server):
    """Leaving the points for the save button sends a preview (its "change"). Its answer, landing
    between the press and the release, would change the preview's length and move the bar: the
    release fell on the totals beside the button, and the press saved nothing (a browser test
    lost its save so on a busy machine). An answer that lands while the button is held waits."""
    game, secret = new_table("loca-cezali", hands_planned=5, hands=[finisher(0, points=30)])
    page.goto(live_server.url + claim_url(game, secret))
    x, y = press_save_while_the_preview_lands(page, live_server, game)

    under = page.evaluate(
        "([x, y]) => Boolean(document.elementFromPoint(x, y)?.closest('[data-save]'))", [x, y]
    )
    assert under, "the save button moved away from under the finger"
    with page.expect_navigation():
        page.mouse.up()
    assert page.url.endswith(reverse("scorer:game_board", args=[game.public_id]))
    assert game.hands.count() == 2


def test_a_press_let_go_elsewhere_shows_the_preview_it_held_back(page, live_server):
    """The finger slides off the button: nothing is saved, and the preview held back while it was
    down is asked again, so the bar and the preview show the points typed."""
    game, secret = new_table("loca-cezali", hands_planned=5, hands=[finisher(0, points=30)])
    page.goto(live_server.url + claim_url(game, secret))
    x, y = press_save_while_the_preview_lands(page, live_server, game)
    bora = page.locator("#hand-bar-totals [data-bar-total]").nth(1)
    expect(bora).to_have_text("—")  # held back

    page.mouse.move(x, y - 300)
    page.mouse.up()
    page.clock.run_for(HTMX_TIMERS)
    expect(bora).to_have_text("21")
    assert game.hands.count() == 1
