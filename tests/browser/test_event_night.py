"""A tournament night of 48 players with 20-letter names, 3 rounds of a points event, in Turkish
with JavaScript and in English without: everyone finds their seat on the venue display
(1920 × 1080: nothing cut, no type under 28 px) and on their phone (a search box); the table
cards are printed once, and table 1's phone, which opened its card in round 1, is taken to its
table's game every round and enters a hand through the real form (the rest through the
services); the organizer finishes after a question (and could undo it); the display shows the
podium, then the final standings. axe clean (with JavaScript); the seating screen and the podium
are photographed for the docs (`make screenshots` copies them into docs/screenshots/)."""

import re
from urllib.parse import urljoin

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scorer.events.models import Event
from scorer.events.public import alphabetical
from scorer.events.selectors.standings import event_standings
from scorer.events.services.creation import event_create
from scorer.events.services.finish import event_finish, event_unfinish
from scorer.events.services.rounds import round_start
from tests.browser import test_event_e2e
from tests.browser.test_event_e2e import games, play_rest, save_a_hand
from tests.conftest import DOCS_SCREENSHOT_DIR, check_axe, shoot
from tests.support.eventdb import new_event, play_round

people = test_event_e2e.people  # the fixture: fresh phones on demand, closed at the end

TV = {"width": 1920, "height": 1080}
PHONE = {"width": 375, "height": 812}
WAIT_MS = 15_000
MIN_FONT_PX = 28

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


# What the pages say, in the two languages.
TEXT = {
    "tr": {
        "round_of": "Tur {n} / 3", "all_done": "12/12", "find": "Yerini bul", "search": "Ara",
        "back": "Organizatör sayfasına dön", "waiting": "organizatörün", "points": "puan",
        "over": "Turnuva bitti.", "seating": "Yerini bul",
    },
    "en": {
        "round_of": "Round {n} of 3", "all_done": "12 of 12", "find": "Find your seat", "search": "Search",
        "back": "Back to the organizer page", "waiting": "waiting for the organizer", "points": "pts",
        "over": "The event is over.", "seating": "Find your seat",
    },
}  # fmt: skip


def start(organizer: Page, text: dict, number: int) -> None:
    """The organizer starts round ``number`` (with htmx the page swaps in, without it the form's
    answer is the new page)."""
    button = organizer.locator("[data-start-round]")
    expect(button).to_be_visible(timeout=WAIT_MS)
    button.click()
    expect(organizer.locator("#round-heading")).to_have_text(
        text["round_of"].format(n=number), timeout=WAIT_MS
    )


def seat_of(event: Event, number: int) -> dict[str, tuple[int, int]]:
    """Every player's (table, seat) in round ``number``: seats 1–4 in turn order from the dealer."""
    found = {}
    for link in games(event, number):
        players, first = link.game.players, link.game.first_dealer
        for k, name in enumerate(players):
            found[name] = (link.table.number, (k - first) % len(players) + 1)
    return found


def print_the_cards(organizer: Page, live_server, event: Event, text: dict) -> str:
    """The cards page, printed once for the whole event: one card per physical table (12).
    Returns table 1's card link; the organizer goes back to the organizer page."""
    qr = re.compile(r"/qr\.svg$")  # the QR codes have their own test (test_table_cards.py)
    organizer.route(qr, lambda route: route.abort())
    organizer.goto(live_server.url + reverse("scorer:event_cards", args=[event.public_id]))
    organizer.unroute(qr)
    cards = organizer.locator("li.table-card")
    expect(cards).to_have_count(12)
    assert [card.get_attribute("data-table") for card in cards.all()] == [str(n) for n in range(1, 13)]
    link = cards.first.locator("[data-claim-link]").get_attribute("href")
    organizer.get_by_role("link", name=text["back"]).click()
    expect(organizer.locator("#organize")).to_be_visible()
    return link


def keeper_enters_a_hand(keeper: Page, event: Event, number: int, card: str, *, js: bool) -> None:
    """Table 1's phone, which opened its card once in round 1, is taken to the table's game of
    round ``number`` (by itself with JavaScript, after a refresh without) and enters a hand on
    the real form."""
    link = games(event, number)[0]
    if number == 1:
        keeper.goto(card)
    else:
        if not js:
            keeper.reload()
        keeper.locator("[data-next-round-table]").click()
    expect(keeper).to_have_url(
        re.compile(re.escape(reverse("scorer:game_board", args=[link.game.public_id])) + "$")
    )
    keeper.locator("[data-add-hand]").click()
    save_a_hand(keeper, link, js=js)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("lang", "js"), [("tr", True), ("en", False)], ids=["tr-js", "en-nojs"])
def test_a_48_player_night_of_3_rounds_seats_everyone_on_the_display_and_ends_on_the_podium(
    people, live_server, page, lang, js
):
    text = TEXT[lang]
    event, secret = create("Perşembe gecesi")
    organizer = page if js else people(js=False, language=lang)
    claim(organizer, live_server, event, secret)
    tv = people(js=js, viewport=TV, language=lang)
    # With JavaScript the pages turn every 3 s; without, the server's meta refresh keeps its 10 s.
    display = live_server.url + reverse("scorer:event_display", args=[event.public_id]) + f"?dil={lang}"
    display += "&sn=3" if js else ""
    phone = people(js=js, language=lang)
    keeper = people(js=js, language=lang)
    standings = live_server.url + reverse("scorer:event_standings", args=[event.public_id])

    for number in (1, 2, 3):
        start(organizer, text, number)
        seats = seat_of(event, number)
        seating_screen_shows(tv, display, seats, text, js=js)
        if number == 1:
            card = print_the_cards(organizer, live_server, event, text)
            if js:
                shoot(tv, DOCS_SCREENSHOT_DIR / "event-seating-screen.png")
                check_axe(tv)
        if number == 2:  # the first seating made from the standings: a phone finds a seat in it
            phone_finds_a_seat(phone, standings, seats, text, js=js)
            if js:
                check_axe(phone)  # the phones' seat list with its search box

        # Table 1's hand through the real form; the first hand ends the seating screen.
        keeper_enters_a_hand(keeper, event, number, card, js=js)
        if not js:
            tv.goto(display)
        expect(tv.locator("[data-pager=standings]")).to_have_count(1, timeout=WAIT_MS)
        assert_readable(tv)
        play_rest(event, number)
        if not js:
            organizer.reload()
        expect(organizer.locator("[data-tables-done]")).to_contain_text(text["all_done"], timeout=WAIT_MS)
    assert event.cards.count() == 12  # the cards of round 1 served all three rounds

    # The display says the round is complete until the organizer finishes; finishing asks first.
    if not js:
        tv.goto(display)
    expect(tv.locator(".display-round")).to_contain_text(text["waiting"], timeout=WAIT_MS)
    organizer_finishes(organizer, axe=js)
    display_ends_on_the_podium(tv, display, event, text, js=js)


def organizer_finishes(organizer: Page, *, axe: bool) -> None:
    """Finishing asks first (showing the podium to come), and can be undone."""
    organizer.locator("[data-finish-now]").click()  # beside "every round is played"
    expect(organizer.locator("[data-podium-preview] li")).to_have_count(3)
    if axe:
        check_axe(organizer)
    organizer.locator("[data-finish]").click()
    expect(organizer.locator("[data-unfinish]")).to_be_visible()


def display_ends_on_the_podium(tv: Page, display: str, event: Event, text: dict, *, js: bool) -> None:
    """The podium first, then (after the podium's time, or its page's refresh without JavaScript)
    the final standings."""
    podium = podium_shows_the_top_three(tv, display, event, text, js=js)
    if js:
        check_axe(tv)
        expect(tv.locator("[data-display-grid]")).to_be_visible(timeout=WAIT_MS)  # after the podium's time
        expect(podium).to_be_hidden()
    else:  # the podium's page refreshes to the standings' (a longer wait than its usual page)
        refresh = tv.locator("meta[http-equiv=refresh]").get_attribute("content")
        seconds, then = re.fullmatch(r"(\d+); url=(\S+)", refresh).groups()
        assert int(seconds) == 20 and "sayfa=2" in then
        tv.goto(urljoin(tv.url, then))
        expect(tv.locator("[data-display-grid]")).to_be_visible()
        expect(tv.locator("[data-podium]")).to_be_hidden()
    expect(tv.locator(".display-round")).to_contain_text(text["over"])
    assert_readable(tv)


def seating_screen_shows(tv: Page, display: str, seats: dict, text: dict, *, js: bool) -> None:
    """The display: the seating screen, everyone on it, alphabetically, nothing cut or small
    (with JavaScript, display.js has fitted it to one page)."""
    tv.goto(display)
    expect(tv.locator("#display-seating-heading")).to_contain_text(text["seating"])
    if js:
        expect(tv.locator("[data-pager=seating][data-pages]")).to_have_count(1)
    shown = assert_readable(tv)
    assert sorted(shown["seats"]) == sorted(NAMES)  # 48 fit one screen
    assert shown["seats"] == sorted(shown["seats"], key=alphabetical)  # down the columns
    for name in (NAMES[0], NAMES[47]):
        row = tv.locator(f"[data-seat='{name}']")
        assert row.get_attribute("data-seat-table") == str(seats[name][0])
        assert row.get_attribute("data-seat-number") == str(seats[name][1])


def phone_finds_a_seat(phone: Page, standings: str, seats: dict, text: dict, *, js: bool) -> None:
    """The phones' seat list: with JavaScript the search box filters it as one types; without, the
    search is sent and the answer lists the matches."""
    phone.goto(standings)
    rows = phone.locator("[data-seat-list] tr[data-seat]:visible")
    expect(rows).to_have_count(len(NAMES))
    name = NAMES[13]
    search = phone.get_by_label(text["find"])
    if js:
        search.fill(name.split()[0][:4].lower())
        expect(rows).not_to_have_count(len(NAMES))
        search.fill(name)
    else:
        search.fill(name.lower())
        phone.get_by_role("button", name=text["search"]).click()
        rows = phone.locator("[data-seat-results] tr[data-seat]")
    expect(rows).to_have_count(1)
    expect(rows.locator("th")).to_have_text(name)
    expect(rows.locator("td").first).to_have_text(str(seats[name][0]))
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]


def podium_shows_the_top_three(tv: Page, display: str, event: Event, text: dict, *, js: bool):
    """The podium: the top three with their points (before the final standings)."""
    tv.goto(display)
    podium = tv.locator("[data-podium]")
    expect(podium).to_be_visible()
    places = podium.locator("[data-podium-place]")
    expect(places).to_have_count(3)
    top = [row.name for row in event_standings(event, next_round=False).standings[:3]]
    assert [place.get_attribute("data-entrant") for place in places.all()] == top
    expect(podium.locator("[data-podium-place='1']")).to_contain_text(text["points"])
    assert_readable(tv)
    if js:
        shoot(tv, DOCS_SCREENSHOT_DIR / "event-podium.png")
    return podium


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
