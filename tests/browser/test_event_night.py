"""A tournament night of 48 players with 20-letter names, 3 rounds of a points event: everyone
finds their seat on the venue display (1920 × 1080: nothing cut, no type under 28 px) and on
their phone (a search box, with and without JavaScript); the organizer's hands go through the
real form at one table a round, the rest through the services; the organizer finishes after a
question (and could undo it); the display shows the podium, then the final standings. axe clean;
the seating screen and the podium are photographed for the docs (`make screenshots` copies them
into docs/screenshots/)."""

from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scorer.events.models import Event
from scorer.events.public import alphabetical
from scorer.events.selectors import event_standings
from scorer.events.services import event_create, event_finish, event_unfinish, round_start
from tests.browser import test_event_e2e
from tests.browser.test_event_e2e import enter_hand_by_form, games, play_rest
from tests.support.eventdb import new_event, play_round

people = test_event_e2e.people  # the fixture: fresh phones on demand, closed at the end

TV = {"width": 1920, "height": 1080}
PHONE = {"width": 375, "height": 812}
WAIT_MS = 15_000
MIN_FONT_PX = 28
DOCS_SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "docs-screenshots"

FIRST = ["Abdurrahman", "Gülşen", "İsmail", "Şükriye", "Çağatay", "Müzeyyen", "Özdemir", "Ümmühan"]
LAST = ["Karaosmanoğlu", "Yıldırımoğlu", "Çelikkaya", "Öztürkmen", "Ağaoğulları", "Şahinbaş"]


def long_names(count: int) -> list[str]:
    """``count`` different names of exactly 20 letters (Turkish letters, wide capitals)."""
    found = []
    for k in range(count):
        name = f"{FIRST[k % len(FIRST)]} {LAST[k // len(FIRST) % len(LAST)]}"
        found.append((name + " " + "W" * 20)[:19] + chr(ord("A") + k % 26))
    assert len(set(found)) == count and all(len(n) == 20 for n in found)
    return found


NAMES = long_names(48)

# Every visible element holding text directly: its computed font size, and whether it is cut
# (its content wider or taller than its box while it hides the overflow, or outside the screen).
MEASURE = """() => {
    const texts = [...document.querySelectorAll("body *")].filter((el) =>
        el.offsetParent !== null && [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())
        && !el.closest(".visually-hidden"));
    const cut = texts.filter((el) => {
        const style = getComputedStyle(el);
        const r = el.getBoundingClientRect();
        return el.scrollWidth > el.clientWidth + 0.5 && style.overflowX !== "visible"
            || style.textOverflow === "ellipsis" && el.scrollWidth > el.clientWidth
            || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5;
    }).map((el) => el.textContent.trim().slice(0, 30));
    const cells = [...document.querySelectorAll("[data-seat] > span, tr[data-entrant] > *, .display-table-seats li")]
        .filter((el) => el.offsetParent !== null);
    return {
        smallest: Math.min(...texts.map((el) => parseFloat(getComputedStyle(el).fontSize))),
        smallestText: texts.map((el) => [parseFloat(getComputedStyle(el).fontSize), el.textContent.trim().slice(0, 20)])
            .sort((a, b) => a[0] - b[0])[0],
        cut,
        wideCells: cells.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent.trim()),
        seats: [...document.querySelectorAll("[data-seat]")].filter((el) => el.offsetParent !== null)
            .map((el) => el.dataset.seat),
        scroll: document.scrollingElement.scrollHeight > innerHeight || document.scrollingElement.scrollWidth > innerWidth,
    };
}"""


def assert_readable(tv: Page) -> dict:
    shown = tv.evaluate(MEASURE)
    assert shown["smallest"] >= MIN_FONT_PX, shown["smallestText"]
    assert shown["cut"] == [], shown["cut"]
    assert shown["wideCells"] == [], shown["wideCells"]
    assert not shown["scroll"]
    return shown


def create(name: str) -> tuple[Event, str]:
    return event_create(
        name=name, date=None, ruleset="loca", options={}, hands_per_game=1, kind="points",
        entrants=NAMES, seed=2026, rounds=3,
    )  # fmt: skip


def claim(page: Page, live_server, event: Event, secret: str) -> None:
    page.goto(live_server.url + reverse("scorer:event_claim", args=[event.public_id, secret]))
    expect(page.locator("#organize")).to_be_visible()


def start(organizer: Page, number: int) -> None:
    button = organizer.locator("[data-start-round]")
    expect(button).to_be_visible(timeout=WAIT_MS)
    button.click()
    expect(organizer.locator("#round-heading")).to_have_text(f"Tur {number} / 3", timeout=WAIT_MS)


def seat_of(event: Event, number: int) -> dict[str, tuple[int, int]]:
    """Every player's (table, seat) in round ``number``: seats 1–4 in turn order from the dealer."""
    found = {}
    for link in games(event, number):
        players, first = link.game.players, link.game.first_dealer
        for k, name in enumerate(players):
            found[name] = (link.table.number, (k - first) % len(players) + 1)
    return found


@pytest.mark.django_db(transaction=True)
def test_a_48_player_night_seats_everyone_on_the_display_and_ends_on_the_podium(
    people, live_server, page, axe_check
):
    event, secret = create("Perşembe gecesi")
    organizer = page
    claim(organizer, live_server, event, secret)
    tv = people(viewport=TV)
    display = live_server.url + reverse("scorer:event_display", args=[event.public_id]) + "?sn=3"
    phone = people()
    standings = live_server.url + reverse("scorer:event_standings", args=[event.public_id])

    for number in (1, 2, 3):
        start(organizer, number)
        seats = seat_of(event, number)
        seating_screen_shows(tv, display, seats)
        if number == 1:
            DOCS_SHOTS.mkdir(parents=True, exist_ok=True)
            tv.screenshot(path=str(DOCS_SHOTS / "event-seating-screen.png"))
            page.set_viewport_size(TV)
            page.goto(display)
            expect(page.locator("[data-pager=seating][data-pages]")).to_have_count(1)
            axe_check()
            page.set_viewport_size(PHONE)
            page.goto(standings)  # the phones' seat list with its search box
            expect(page.locator("[data-seat-list] tr[data-seat]")).to_have_count(len(NAMES))
            axe_check()
            claim(organizer, live_server, event, secret)

        phone_finds_a_seat_as_it_types(phone, standings, seats)

        # One table's hand through the real form; the first hand ends the seating screen.
        enter_hand_by_form(people(), live_server, games(event, number)[0], js=True)
        expect(tv.locator("[data-pager=standings][data-pages]")).to_have_count(1, timeout=WAIT_MS)
        assert_readable(tv)
        play_rest(event, number)
        expect(organizer.locator("[data-tables-done]")).to_contain_text("12/12", timeout=WAIT_MS)

    # The display says the round is complete until the organizer finishes; finishing asks first.
    expect(tv.locator(".display-round")).to_contain_text("organizatör", timeout=WAIT_MS)
    organizer.locator("[data-finish-now]").click()  # beside "every round is played"
    expect(organizer.locator("[data-podium-preview] li")).to_have_count(3)
    axe_check()
    organizer.locator("[data-finish]").click()
    expect(organizer.locator("[data-unfinish]")).to_be_visible()  # it could be undone

    podium = podium_shows_the_top_three(tv, display, event)
    page.set_viewport_size(TV)
    page.goto(display)
    expect(page.locator("[data-podium]")).to_be_visible()
    axe_check()
    expect(tv.locator("[data-display-grid]")).to_be_visible(timeout=WAIT_MS)  # after the podium's time
    expect(podium).to_be_hidden()
    expect(tv.locator(".display-round")).to_contain_text("Turnuva bitti.")
    assert_readable(tv)


def seating_screen_shows(tv: Page, display: str, seats: dict) -> None:
    """The display: the seating screen, everyone on it, alphabetically, nothing cut or small."""
    tv.goto(display)
    expect(tv.locator("[data-pager=seating][data-pages]")).to_have_count(1)
    shown = assert_readable(tv)
    assert sorted(shown["seats"]) == sorted(NAMES)  # 48 fit one screen
    assert shown["seats"] == sorted(shown["seats"], key=alphabetical)  # down the columns
    for name in (NAMES[0], NAMES[47]):
        row = tv.locator(f"[data-seat='{name}']")
        assert row.get_attribute("data-seat-table") == str(seats[name][0])
        assert row.get_attribute("data-seat-number") == str(seats[name][1])


def phone_finds_a_seat_as_it_types(phone: Page, standings: str, seats: dict) -> None:
    phone.goto(standings)
    rows = phone.locator("[data-seat-list] tr[data-seat]:visible")
    expect(rows).to_have_count(len(NAMES))
    name = NAMES[13]
    phone.get_by_label("Yerini bul").fill(name.split()[0][:4].lower())
    expect(rows).not_to_have_count(len(NAMES))
    phone.get_by_label("Yerini bul").fill(name)
    expect(rows).to_have_count(1)
    expect(rows.locator("th")).to_have_text(name)
    expect(rows.locator("td").first).to_have_text(str(seats[name][0]))
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]


def podium_shows_the_top_three(tv: Page, display: str, event: Event):
    """The podium: the top three with their points (before the final standings)."""
    tv.goto(display)
    podium = tv.locator("[data-podium]")
    expect(podium).to_be_visible()
    places = podium.locator("[data-podium-place]")
    expect(places).to_have_count(3)
    top = [row.name for row in event_standings(event, next_round=False).standings[:3]]
    assert [place.get_attribute("data-entrant") for place in places.all()] == top
    expect(podium.locator("[data-podium-place='1']")).to_contain_text("puan")
    assert_readable(tv)
    DOCS_SHOTS.mkdir(parents=True, exist_ok=True)
    tv.screenshot(path=str(DOCS_SHOTS / "event-podium.png"))
    return podium


@pytest.mark.django_db(transaction=True)
def test_without_javascript_the_seats_show_on_the_display_and_a_search_finds_one(people, live_server):
    event, secret = create("Cuma gecesi")
    organizer = people(js=False, language="en")
    claim(organizer, live_server, event, secret)
    organizer.locator("[data-start-round]").click()
    expect(organizer.locator("[data-tables-done]")).to_be_visible()
    seats = seat_of(event, 1)

    tv = people(js=False, viewport=TV, language="en")
    tv.goto(live_server.url + reverse("scorer:event_display", args=[event.public_id]) + "?dil=en")
    expect(tv.locator("#display-seating-heading")).to_contain_text("Find your seat")
    shown = assert_readable(tv)
    assert sorted(shown["seats"]) == sorted(NAMES)  # the server's page holds all 48

    phone = people(js=False, language="en")
    phone.goto(live_server.url + reverse("scorer:event_standings", args=[event.public_id]))
    name = NAMES[30]
    phone.get_by_label("Find your seat").fill(name.lower())
    phone.get_by_role("button", name="Search").click()
    found = phone.locator("[data-seat-results] tr[data-seat]")
    expect(found).to_have_count(1)
    expect(found).to_contain_text(f"{seats[name][0]}")
    assert found.get_attribute("data-seat") == name


@pytest.mark.django_db(transaction=True)
def test_an_undone_finish_reaches_the_display_showing_the_podium(people, live_server):
    event, _secret = new_event(8)
    for _ in range(3):
        round_start(event=event)
        play_round(event)
    event_finish(event=event)
    tv = people(viewport=TV)
    tv.goto(live_server.url + reverse("scorer:event_display", args=[event.public_id]))
    expect(tv.locator("[data-podium]")).to_be_visible()
    event_unfinish(event=event)
    expect(tv.locator(".display-round")).to_contain_text("organizatör", timeout=WAIT_MS)  # pushed
    expect(tv.locator("[data-podium]")).to_have_count(0)
