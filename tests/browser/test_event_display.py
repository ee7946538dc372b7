"""The venue display on a 1920 × 1080 TV with 16 tables and 64 entrants: it never scrolls, pages
through what does not fit (every entrant and every table shows on some page), updates itself,
and without JavaScript shows the server's first page and refreshes. The public standings at
375 px: no sideways scrolling, live updates, axe clean."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scorer.events.services.rounds import round_start
from tests.support.eventdb import names, new_event, play

TV = {"width": 1920, "height": 1080}
PAGE_SECONDS = 3


@pytest.fixture
def big_event(db):
    event, _secret = new_event(64, hands=11)
    round_start(event=event)
    tables = {t.number: t.games.get() for t in event.rounds.get().tables.all()}
    play(tables[1], *[(-101, 40, 12, 202)] * 7)  # Masa 1 · El 7/11
    play(tables[16], *[(-101, 40, 12, 202)] * 11)  # done
    return event, tables


@pytest.fixture
def tv(page):
    """The TV: the test's own page (axe_check runs on it) at 1920 × 1080."""
    page.set_viewport_size(TV)
    return page


@pytest.fixture
def tv_without_js(browser, browser_context_args):
    context = browser.new_context(**browser_context_args | {"viewport": TV}, java_script_enabled=False)
    yield context.new_page()
    context.close()


def display_url(live_server, event, **query) -> str:
    address = live_server.url + reverse("scorer:event_display", args=[event.public_id])
    return address + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


SHOWN = """() => {
    const inWindow = (item) => {
        const box = item.closest("[data-pager-window]").getBoundingClientRect();
        const r = item.getBoundingClientRect();
        return r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
    };
    const visible = (sel) => [...document.querySelectorAll(sel)].filter((el) => el.offsetParent !== null);
    return {
        scroll: document.scrollingElement.scrollHeight,
        scrollWidth: document.scrollingElement.scrollWidth,
        height: innerHeight,
        width: innerWidth,
        entrants: visible("tr[data-entrant]").map((tr) => tr.dataset.entrant),
        tables: visible("li[data-table]").map((li) => li.dataset.table),
        cut: visible("[data-pager-item]").filter((el) => !inWindow(el)).map((el) => el.textContent.trim().slice(0, 40)),
        fontSize: parseFloat(getComputedStyle(document.querySelector("tr[data-entrant] th")).fontSize),
        pages: [...document.querySelectorAll("[data-pager]")].map((p) => [p.dataset.pager, p.dataset.page, p.dataset.pages]),
    };
}"""


def assert_no_scroll(shown: dict) -> None:
    assert shown["scroll"] <= shown["height"], shown
    assert shown["scrollWidth"] <= shown["width"], shown
    assert shown["cut"] == [], shown  # nothing on the page shown is cut off by its window


def test_the_display_pages_through_64_entrants_and_16_tables_without_ever_scrolling(
    tv, live_server, big_event, axe_check
):
    event, tables = big_event
    tv.goto(display_url(live_server, event, sn=PAGE_SECONDS))
    expect(tv.locator("[data-pager=standings][data-pages]")).to_have_count(1)
    first = tv.evaluate(SHOWN)
    assert_no_scroll(first)
    assert first["fontSize"] >= 28, first  # large type, readable across a room
    pages = int(tv.locator("[data-pager=standings]").get_attribute("data-pages"))
    assert pages >= 2, first  # 64 entrants do not fit one screen
    assert "Masa 1 · El 7/11" in tv.locator("li[data-table='1']").inner_text()
    axe_check()

    entrants, shown_tables, seen_pages = set(first["entrants"]), set(first["tables"]), {first["entrants"][0]}
    for _ in range(pages + 1):  # every page, then the first again
        before = tv.locator("[data-pager=standings]").get_attribute("data-page")
        expect(tv.locator("[data-pager=standings]")).not_to_have_attribute(
            "data-page", before, timeout=(PAGE_SECONDS + 3) * 1000
        )
        shown = tv.evaluate(SHOWN)
        assert_no_scroll(shown)
        entrants |= set(shown["entrants"])
        shown_tables |= set(shown["tables"])
        seen_pages.add(shown["entrants"][0])
    assert entrants == set(names(64))
    assert shown_tables == {str(n) for n in range(1, 17)}
    assert len(seen_pages) == pages  # the pages turned through and came round again

    # A hand at table 2 is pushed to the display at once, and the display still fits.
    play(tables[2], (-101, 40, 12, 202))
    expect(tv.locator("li[data-table='2']")).to_contain_text("El 1/11")
    assert_no_scroll(tv.evaluate(SHOWN))


def test_without_javascript_the_display_shows_the_first_server_page_and_refreshes(
    tv_without_js, live_server, big_event
):
    event, _tables = big_event
    tv = tv_without_js
    tv.goto(display_url(live_server, event))
    shown = tv.evaluate(SHOWN)
    assert_no_scroll(shown)
    assert shown["entrants"] and len(shown["entrants"]) < 64
    refresh = tv.locator("noscript").first.inner_html()
    assert re.search(r'http-equiv="refresh" content="\d+; url=\?sayfa=2', refresh), refresh

    tv.goto(display_url(live_server, event, sayfa=2))
    second = tv.evaluate(SHOWN)
    assert_no_scroll(second)
    assert not set(second["entrants"]) & set(shown["entrants"])


def test_the_public_standings_fit_a_phone_and_update_themselves(page, live_server, big_event, axe_check):
    event, tables = big_event
    page.goto(live_server.url + reverse("scorer:event_standings", args=[event.public_id]))
    expect(page.locator("#standings-live tr[data-entrant]")).to_have_count(64)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 375
    expect(page.locator("li[data-table='1']")).to_contain_text("Masa 1 · El 7/11")
    expect(page.locator("li[data-table='16']")).to_contain_text("Masa 16 · bitti")
    axe_check()

    play(tables[3], (-101, 40, 12, 202))
    expect(page.locator("li[data-table='3']")).to_contain_text("El 1/11")  # pushed
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 375
