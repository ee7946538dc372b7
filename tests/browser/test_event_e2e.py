"""Events end to end: an organizer runs a 16-player points event of 3 rounds and a 16-player
knockout event to its final table from a phone (375 × 812), end to end, each in Turkish with
JavaScript and in English without (the organizer, the scorekeeper and the viewers alike), while a
scorekeeper enters one table's hands through the real hand form (the other tables' hands go
through the services, to stay fast), a viewer follows the public standings and the venue display
(1920 × 1080) shows the end. The standings shown are the rules' own (scorer.events.rules on the
event's document); axe clean."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scorer.events.models import Event, EventGame
from scorer.events.rules import score_event
from scorer.events.selectors.document import event_document
from tests.conftest import SCREENSHOT_DIR as SCREENSHOTS
from tests.conftest import shoot
from tests.support.eventdb import names, play

ENTRANTS = names(16)
TV = {"width": 1920, "height": 1080}
PHONE = {"width": 375, "height": 812}
WAIT_MS = 15_000
"""The organizer's progress and the public standings poll every 5 s."""

# Labels and buttons of the organizer's pages, in the two languages.
TEXT = {
    "tr": {
        "name": "Turnuvanın adı", "hands": "Oyun başına el", "rounds": "Tur sayısı", "entrants": "Katılımcılar",
        "seed": "Kura tohumu", "create": "Turnuvayı kur", "start": "{n}. turu başlat",
        "finish": "Turnuvayı bitir", "decide": "Kararı kaydet", "over": "Turnuva bitti.",
        "round_of": "Tur {n} / 3", "round": "{n}. tur", "table_done": "Masa 1 · bitti",
        "champion": "şampiyon", "table_closed": "Bu turnuva masası kapandı", "all_done": "4/4",
        "start_final": "Finali başlat", "final": "Final",
    },
    "en": {
        "name": "Event name", "hands": "Hands per game", "rounds": "Rounds", "entrants": "Entrants",
        "seed": "Seed of the draw", "create": "Create the event",
        "start": "Start round {n}", "finish": "Finish the event", "decide": "Record the decision",
        "over": "The event is over.",
        "round_of": "Round {n} of 3", "round": "Round {n}", "table_done": "Table 1 · done",
        "champion": "champion", "table_closed": "This tournament table is closed", "all_done": "4 of 4",
        "start_final": "Start the final", "final": "Final",
    },
}  # fmt: skip


def new_context(browser, *, js=True, viewport=PHONE, language="tr"):
    context = browser.new_context(java_script_enabled=js, viewport=viewport, locale="tr-TR")
    context.add_cookies([{"name": "django_language", "value": language, "url": "http://localhost"}])
    return context


@pytest.fixture
def people(browser, live_server):
    """Fresh phones (browser contexts) on demand, closed at the end."""
    contexts = []

    def make(**kwargs) -> Page:
        context = new_context(browser, **kwargs)
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def switch_to_english(page: Page, live_server) -> None:
    """The language switch in the header (a plain form: works without JavaScript)."""
    page.goto(live_server.url + "/")
    page.get_by_role("button", name="English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")


def create_event(page: Page, live_server, text: dict, name: str, *, knockout=False) -> Event:
    page.goto(live_server.url + reverse("scorer:event_new"))
    page.get_by_label(text["name"]).fill(name)
    page.get_by_label(text["hands"]).select_option("1")
    if knockout:
        page.locator("label[for=id_kind_1]").click()  # the segmented choice: its label is the button
    else:
        page.get_by_label(text["rounds"]).fill("3")
    page.get_by_label(text["entrants"]).fill("\n".join(ENTRANTS))
    page.get_by_label(text["seed"]).fill("1907")
    page.get_by_role("button", name=text["create"]).click()
    expect(page.get_by_role("heading", name=name)).to_be_visible()
    return Event.objects.get(name=name)


def start_round(page: Page, text: dict, number: int, *, reload: bool, final: bool = False) -> None:
    label = text["start_final"] if final else text["start"].format(n=number)
    button = page.get_by_role("button", name=label, exact=True)
    if reload:  # without JavaScript the organizer refreshes the page
        page.reload()
    expect(button).to_be_visible(timeout=WAIT_MS)
    button.click()
    expect(button).to_have_count(0)  # the round has started (with htmx, when its page is swapped in)
    expect(page.locator("[data-tables-done]")).to_be_visible()


def games(event: Event, number: int) -> list[EventGame]:
    """The open games of round ``number``, in table order."""
    return list(
        EventGame.objects.filter(table__round__event=event, table__round__number=number)
        .select_related("game")
        .order_by("table__number", "number")
    )


def enter_hand_by_form(scorekeeper: Page, live_server, link: EventGame, *, js: bool) -> Page:
    """The scorekeeper of a table scans its card (the edit link) and enters one hand on the real
    form: the first player finishes, the others never opened."""
    game = link.game
    scorekeeper.goto(live_server.url + reverse("scorer:game_claim", args=[game.public_id, game.link_secret]))
    scorekeeper.goto(live_server.url + reverse("scorer:hand_new", args=[game.public_id]))
    return save_a_hand(scorekeeper, link, js=js)


def save_a_hand(scorekeeper: Page, link: EventGame, *, js: bool) -> Page:
    """On the hand form of ``link``'s game: the first player finishes, the others never opened;
    saved, the board shows the hand and links back to its event, round and table."""
    game = link.game
    if js:
        expect(scorekeeper.locator("[data-hand-form].js-ready")).to_be_attached()
    scorekeeper.locator('label[for="id_finisher_0"]').click()
    if js:  # choosing the finisher opens them with sets
        expect(scorekeeper.locator("#id_p0-opened_1")).to_be_checked()
    else:  # without JavaScript the finisher's "Per/Seri" is a tap of its own (the server refuses "Açmadı")
        expect(scorekeeper.locator("#id_p0-opened_1")).not_to_be_checked()
        scorekeeper.locator('label[for="id_p0-opened_1"]').click()
    with scorekeeper.expect_navigation():
        scorekeeper.locator("[data-save]").click()
    if scorekeeper.url.endswith(reverse("scorer:hand_new", args=[game.public_id])):
        with scorekeeper.expect_navigation():  # the form asks once more (players left on "Açmadı")
            scorekeeper.locator("[data-save]").click()
    board = reverse("scorer:game_board", args=[game.public_id])
    expect(scorekeeper).to_have_url(re.compile(re.escape(board) + "$"))
    assert game.hands.count() == 1
    # The table's board links back to its event, round and table.
    place = scorekeeper.locator("[data-event-place]")
    event = link.table.round.event
    expect(place.get_by_role("link", name=event.name)).to_have_attribute(
        "href", reverse("scorer:event_standings", args=[event.public_id])
    )
    expect(place).to_contain_text(str(link.table.round.number))
    return scorekeeper


def play_rest(event: Event, number: int, skip: int = 1) -> None:
    """Every table of round ``number`` but table ``skip`` finishes through the services."""
    for link in games(event, number):
        if link.table.number != skip:
            shift = link.table.number % 4
            totals = [-101, 40, 12, 150]
            play(link, tuple(totals[shift:] + totals[:shift]))


def finish(page: Page, text: dict) -> None:
    """Finishing asks first (a page of its own, with or without JavaScript), then finishes."""
    page.locator("[data-finish-ask]").click()
    expect(page.locator("[data-finish-confirm]")).to_be_visible()
    page.locator("[data-finish]").click()
    expect(page.locator("[data-finished]")).to_be_visible()


def shown_standings(page: Page) -> list[tuple[int, str]]:
    rows = page.locator("#standings-live tr[data-entrant]")
    return [(int(r.get_attribute("data-place")), r.get_attribute("data-entrant")) for r in rows.all()]


def rules_standings(event: Event) -> list[tuple[int, str]]:
    result = score_event(event_document(event)).to_dict()
    return [(row["place"], row["entrant"]) for row in result["standings"]]


def assert_fits_phone(page: Page) -> None:
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]


def fresh(page: Page, js: bool) -> None:
    """Without JavaScript nothing updates by itself: the person refreshes the page."""
    if not js:
        page.reload()


def as_organizer(page: Page, live_server, event: Event, lang: str) -> None:
    """``page`` (the one axe_check looks at) opens the event's organizer link, in ``lang``."""
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    page.goto(live_server.url + reverse("scorer:event_claim", args=[event.public_id, event.link_secret]))


def organizer_phone(people, page: Page, live_server, *, js: bool, lang: str) -> Page:
    """The organizer's phone: ``page`` itself with JavaScript, a phone without it otherwise."""
    organizer = page if js else people(js=False)
    if lang == "en":
        switch_to_english(organizer, live_server)
    return organizer


def display_at_the_end(
    people, live_server, event: Event, text: dict, *, js, lang, tables, champion=None
) -> Page:
    """A TV (1920 × 1080) opens the venue display of the finished event: it says so, shows the
    last round's tables (a knockout: its bracket, the final last; and the champion), and does not
    scroll."""
    tv = people(js=js, viewport=TV, language=lang)
    tv.goto(live_server.url + reverse("scorer:event_display", args=[event.public_id]))
    expect(tv.locator(".display-round")).to_contain_text(text["over"])
    last = tv.locator("[data-bracket-round]").last if champion else tv
    expect(last.locator("li[data-table]")).to_have_count(tables)
    if champion:
        expect(tv.locator(f"tr[data-entrant='{champion}'] [data-state]")).to_have_text(text["champion"])
        if not js:
            shoot(tv, SCREENSHOTS / "knockout-venue-display.png", full_page=True)
    assert tv.evaluate("document.scrollingElement.scrollHeight <= innerHeight")
    return tv


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("lang", "js"), [("tr", True), ("en", False)], ids=["tr-js", "en-nojs"])
def test_a_16_player_points_event_of_3_rounds(people, live_server, axe_check, page, lang, js):
    text = TEXT[lang]
    organizer = organizer_phone(people, page, live_server, js=js, lang=lang)
    event = create_event(organizer, live_server, text, "Cuma turnuvası")
    viewer = people(js=js, language=lang)
    standings_url = live_server.url + reverse("scorer:event_standings", args=[event.public_id])

    for number in (1, 2, 3):
        start_round(organizer, text, number, reload=not js)
        expect(organizer.get_by_role("heading", name=text["round_of"].format(n=number))).to_be_visible()
        if number == 1:
            viewer.goto(standings_url)
            expect(viewer.locator("[data-round]")).to_have_text(text["round_of"].format(n=1))
            if not js:
                as_organizer(page, live_server, event, lang)
                page.goto(organizer.url)
            axe_check()  # the organizer's page of a running round
        fresh(viewer, js)
        expect(viewer.locator("[data-round]")).to_have_text(
            text["round_of"].format(n=number), timeout=WAIT_MS
        )
        table = games(event, number)[0]
        keeper = enter_hand_by_form(people(js=js, language=lang), live_server, table, js=js)
        if number == 2 and js:
            shoot(keeper, SCREENSHOTS / "event-table-board.png", full_page=True)
        # The viewer's standings show the table done (by themselves with htmx polling).
        fresh(viewer, js)
        expect(viewer.locator("li[data-table='1']")).to_contain_text(text["table_done"], timeout=WAIT_MS)
        play_rest(event, number)
        fresh(organizer, js)
        expect(organizer.locator("[data-tables-done]")).to_contain_text(text["all_done"], timeout=WAIT_MS)

    finish(organizer, text)
    event.refresh_from_db()
    assert event.finished

    fresh(viewer, js)
    expect(viewer.locator("#standings-live")).to_contain_text(text["over"], timeout=WAIT_MS)
    assert shown_standings(viewer) == rules_standings(event)
    assert_fits_phone(viewer)
    page.goto(standings_url)
    expect(page.locator("#standings-live tr[data-entrant]")).to_have_count(16)
    axe_check()

    # The venue display at the end: the last round's tables and the final standings, no scrolling.
    tv = display_at_the_end(people, live_server, event, text, js=js, lang=lang, tables=4)
    page.set_viewport_size(TV)
    page.goto(tv.url)
    axe_check()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("lang", "js"), [("en", False), ("tr", True)], ids=["en-nojs", "tr-js"])
def test_a_16_player_knockout_event_to_its_final_table(people, live_server, axe_check, page, lang, js):
    text = TEXT[lang]
    organizer = organizer_phone(people, page, live_server, js=js, lang=lang)
    event = create_event(organizer, live_server, text, "Friday knockout", knockout=True)
    assert event.knockout and event.advance == 2

    # Round 1: four tables. Table 1 by the form: one finisher and three tied at the cut.
    start_round(organizer, text, 1, reload=False)
    keeper = enter_hand_by_form(people(js=js, language=lang), live_server, games(event, 1)[0], js=js)
    play_rest(event, 1)
    organizer.reload()
    tied = organizer.locator("li[data-table='1'] .cut-decision")
    expect(tied).to_be_visible()
    chosen = tied.locator("input[name=chosen]").first
    winner_of_cut = chosen.get_attribute("value")
    chosen.check()
    tied.get_by_role("button", name=text["decide"]).click()
    expect(organizer.locator("li[data-table='1'] .cut-decision")).to_have_count(0)

    # Round 2: the eight who advanced, two tables; round 3: the final table of four.
    start_round(organizer, text, 2, reload=True)
    assert len(games(event, 2)) == 2
    seated = {name for link in games(event, 2) for name in link.game.players}
    assert winner_of_cut in seated and len(seated) == 8
    # Round 1's results stand (E12): its scorekeeper's phone is told why it can only watch now.
    keeper.reload()
    expect(keeper.locator("[data-revoked-notice=round]")).to_contain_text(text["table_closed"])
    expect(keeper.locator("[data-event-locked=round]")).to_be_visible()
    play_rest(event, 2, skip=0)
    start_round(organizer, text, 3, reload=True, final=True)
    final = games(event, 3)
    assert len(final) == 1
    expect(organizer.get_by_role("heading", name=text["final"], exact=True)).to_be_visible()
    enter_hand_by_form(people(js=js, language=lang), live_server, final[0], js=js)
    organizer.reload()
    finish(organizer, text)
    event.refresh_from_db()
    assert event.finished

    viewer = people(js=js, language=lang)
    viewer.goto(live_server.url + reverse("scorer:event_standings", args=[event.public_id]))
    expect(viewer.locator("#standings-live")).to_contain_text(text["over"])
    assert shown_standings(viewer) == rules_standings(event)
    champion = final[0].game.players[0]
    expect(viewer.locator(f"tr[data-entrant='{champion}'] [data-state]")).to_have_text(text["champion"])
    expect(viewer.locator("[data-refresh]")).to_be_visible()  # a refresh link, with JavaScript too
    assert_fits_phone(viewer)

    page.set_viewport_size(PHONE)  # axe on the same standings, on the page axe_check knows
    page.context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    page.goto(viewer.url)
    axe_check()

    # The venue display (1920 × 1080): the final table and the champion, no scrolling.
    tv = display_at_the_end(people, live_server, event, text, js=js, lang=lang, tables=1, champion=champion)
    page.set_viewport_size(TV)
    page.goto(tv.url)
    axe_check()
