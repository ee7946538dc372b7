"""A knockout that reads like one, and the round timer, in the browser: a 16-player knockout plays
off its tie at the cut at a tie-break game (entered through the real hand form), and ends with a
champion and a second, its bracket on the standings and the display, and once the organizer
finishes it, the display's podium (champion, second, third) before the bracket; the round timer counts
down on the venue display and a table's phone from the server's time (the browser's clock is
moved, never waited for); the new event form follows the chosen format. axe clean."""

import datetime
import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scorer.events import clock
from scorer.events.models import Event, EventGame, TieBreak
from scorer.events.services.rounds import round_start
from scorer.events.timer import timer_change
from tests.browser.test_event_night import assert_readable, organizer_finishes
from tests.conftest import DOCS_SCREENSHOT_DIR, check_axe, shoot
from tests.support.eventdb import names, new_event, play

TV = {"width": 1920, "height": 1080}
PHONE = {"width": 375, "height": 812}
LAPTOP = {"width": 1280, "height": 800}
T0 = datetime.datetime(2026, 12, 4, 19, 0, tzinfo=datetime.UTC)


def games(event: Event, number: int) -> list[EventGame]:
    return list(
        EventGame.objects.filter(table__round__event=event, table__round__number=number)
        .select_related("game", "table")
        .order_by("table__number", "number")
    )


def start(organizer: Page, label: str) -> None:
    button = organizer.get_by_role("button", name=label, exact=True)
    button.click()
    expect(button).to_have_count(0)


def enter_hand(page: Page, live_server, public_id: str, finisher: int) -> None:
    """One hand on the real form: ``finisher`` finishes, the others never opened."""
    page.goto(live_server.url + reverse("scorer:hand_new", args=[public_id]))
    expect(page.locator("[data-hand-form].js-ready")).to_be_attached()
    page.locator(f'label[for="id_finisher_{finisher}"]').click()
    expect(page.locator(f"#id_p{finisher}-opened_1")).to_be_checked()
    with page.expect_navigation():
        page.locator("[data-save]").click()
    if "/el/" in page.url or page.url.endswith("/yeni/"):
        with page.expect_navigation():  # the form asks once more (players left on "Açmadı")
            page.locator("[data-save]").click()
    expect(page).to_have_url(re.compile(re.escape(reverse("scorer:game_board", args=[public_id])) + "$"))


def play_off(organizer: Page, live_server, event: Event, link: EventGame, tied: list[str]) -> None:
    """Table 1's tie at the cut, played off at a tie-break game of one hand that the second of
    the tied wins, its result recorded as the decision."""
    organizer.reload()
    card = organizer.locator("li[data-table='1']")
    expect(card.locator(".cut-decision legend")).to_contain_text("kim devam ediyor? Seçin")
    check_axe(organizer)
    card.locator("summary", has_text="Oynayarak çözün").click()
    expect(card.get_by_label("Eşitlik oyununun el sayısı")).to_have_value("1")
    card.get_by_role("button", name="Eşitlik oyununu aç").click()
    expect(organizer).to_have_url(re.compile(r"/masa/[\w-]+/$"))
    tie_break = TieBreak.objects.get()
    assert tie_break.game.players == tied and tie_break.game.hands_planned == 1
    enter_hand(organizer, live_server, tie_break.game.public_id, finisher=1)  # the second of the tied

    organizer.goto(live_server.url + reverse("scorer:event_organize", args=[event.public_id]))
    card = organizer.locator("li[data-table='1']")
    expect(card.locator("[data-tie-break-state=decided]")).to_be_visible()
    card.get_by_role("button", name="Sonucunu karar olarak kaydet").click()
    expect(card).to_contain_text(f"Üst tura çıkan: {link.game.players[0]}, {tied[1]}")


@pytest.mark.django_db(transaction=True)
def test_a_16_player_knockout_plays_a_tie_break_game_and_ends_on_the_podium(page, live_server, phone):
    organizer = phone("tr")
    event, secret = new_event(16, kind="knockout")
    organizer.goto(live_server.url + reverse("scorer:event_claim", args=[event.public_id, secret]))
    start(organizer, "1. turu başlat")
    first = games(event, 1)
    play(first[0], (-101, 12, 12, 202))  # seats 2 and 3 tie for the second place that goes on
    for link in first[1:]:
        play(link, (-101, 40, 12, 202))
    tied = list(first[0].game.players[1:3])

    play_off(organizer, live_server, event, first[0], tied)

    start(organizer, "2. turu başlat")
    second = games(event, 2)
    assert len(second) == 2 and tied[1] in {name for link in second for name in link.game.players}
    for link in second:
        play(link, (-101, 40, 12, 202))
    organizer.reload()
    start(organizer, "Finali başlat")
    expect(organizer.get_by_role("heading", name="Final", exact=True)).to_be_visible()
    (final,) = games(event, 3)
    play(final, (-101, 40, 12, 202))
    organizer.reload()
    champion, runner_up = final.game.players[0], final.game.players[2]
    expect(organizer.locator("li[data-table='1']")).to_contain_text(f"Şampiyon: {champion}")

    organizer.goto(live_server.url + reverse("scorer:event_standings", args=[event.public_id]))
    expect(organizer.locator(f"tr[data-entrant='{champion}'] [data-state]")).to_have_text("şampiyon")
    expect(organizer.locator(f"tr[data-entrant='{runner_up}'] [data-state]")).to_have_text("ikinci")
    bracket = organizer.locator("[data-bracket]")
    expect(bracket.locator("[data-bracket-round]")).to_have_count(3)
    expect(bracket.locator("[data-bracket-round='3'] h3")).to_have_text("Final")
    expect(bracket.locator("[data-bracket-round='1'] [data-mark=advanced]")).to_have_count(8)
    expect(bracket.locator("[data-mark=champion]")).to_have_text(re.compile(champion))
    check_axe(organizer)
    organizer.set_viewport_size(LAPTOP)
    shoot(bracket, DOCS_SCREENSHOT_DIR / "knockout-bracket.png")

    organizer.goto(live_server.url + reverse("scorer:event_organize", args=[event.public_id]))
    organizer_finishes(organizer, axe=False)  # its question: axe in the points night
    display_ends_on_the_podium(organizer, live_server, event, final)


def display_ends_on_the_podium(tv: Page, live_server, event: Event, final: EventGame) -> None:
    """The display of the finished knockout (1920 × 1080): the podium (the champion, the second
    and the third of the final table), before the bracket with the final standings."""
    players = final.game.players
    tv.set_viewport_size(TV)
    tv.goto(live_server.url + reverse("scorer:event_display", args=[event.public_id]))
    podium = tv.locator("[data-podium]")
    expect(podium).to_be_visible()
    expect(podium.locator("#display-podium-heading")).to_have_text("Şampiyon")
    places = podium.locator("[data-podium-place]")
    expect(places).to_have_count(3)
    assert [place.get_attribute("data-entrant") for place in places.all()] == [
        players[0],
        players[2],
        players[1],
    ]
    assert_readable(tv)
    shoot(tv, DOCS_SCREENSHOT_DIR / "knockout-podium.png")
    check_axe(tv)
    # Behind it the bracket waits for the podium's time (the points night waits that time out).
    grid = tv.locator("[data-display-grid]")
    expect(grid).to_be_hidden()
    expect(grid.locator("#display-tables-heading")).to_contain_text("Eşleşme tablosu")
    expect(grid.locator("[data-bracket] [data-mark=champion]").first).to_contain_text(players[0])
    expect(tv.locator(".display-round")).to_contain_text("Turnuva bitti.")


@pytest.fixture
def server_time(monkeypatch):
    """The server's clock, stopped at T0 (scorer.events.clock.now)."""
    monkeypatch.setattr(clock, "now", lambda: T0)
    return T0


def stopped_browser_clock(page: Page) -> None:
    """The browser's clock at the server's, stopped: it moves only when the test moves it."""
    page.clock.install(time=T0 - datetime.timedelta(seconds=1))
    page.clock.pause_at(T0)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("where", ["display", "board"])
def test_the_round_timer_counts_down_and_at_zero_says_last_hand(page, live_server, server_time, where):
    event, _secret = new_event(8)
    round_start(event=event)
    event.refresh_from_db()
    timer_change(event=event, action="start", minutes=1)
    link = games(event, 1)[0]
    if where == "display":
        page.set_viewport_size(TV)
        url = reverse("scorer:event_display", args=[event.public_id])
    else:
        url = reverse("scorer:game_board", args=[link.game.public_id])
    stopped_browser_clock(page)
    page.goto(live_server.url + url)
    timer = page.locator("[data-timer]")
    expect(timer.locator("[data-timer-left]")).to_have_text("01:00")
    page.clock.run_for(30_000)
    expect(timer.locator("[data-timer-left]")).to_have_text("00:30")
    expect(timer.locator("[data-timer-over]")).to_be_hidden()
    page.clock.run_for(30_000)
    expect(timer.locator("[data-timer-over]")).to_have_text("Süre doldu: son eli oynayın.")
    expect(timer.locator("[data-timer-running]")).to_be_hidden()
    page.clock.resume()  # axe times itself with the page's timers
    check_axe(page)


@pytest.mark.django_db(transaction=True)
def test_the_round_timer_without_javascript_says_until_when(live_server, server_time, browser):
    event, _secret = new_event(8)
    round_start(event=event)
    event.refresh_from_db()
    timer_change(event=event, action="start", minutes=45)
    context = browser.new_context(java_script_enabled=False, viewport=TV, locale="tr-TR")
    page = context.new_page()
    page.goto(live_server.url + reverse("scorer:event_display", args=[event.public_id]))
    expect(page.locator("[data-timer-running]")).to_contain_text("45:00 kaldı (bitiş 22:45)")
    context.close()


def test_the_event_form_shows_the_chosen_format_and_what_the_entrants_give(page, live_server):
    page.goto(live_server.url + reverse("scorer:event_new"))
    points = page.locator(".format-part[data-kind=points]")
    knockout = page.locator(".format-part[data-kind=knockout]")
    expect(points).to_be_visible()
    expect(knockout).to_be_hidden()
    page.get_by_label("Katılımcılar").fill("\n".join(names(16)))
    live = page.locator("[data-counts-live]")
    expect(live).to_have_text("16 katılımcıyla: her tur 4 masa.")
    page.locator("label[for=id_kind_1]").click()
    expect(points).to_be_hidden()
    expect(knockout).to_be_visible()
    expect(live).to_have_text("16 katılımcıyla: 3 tur (4 → 2 → 1 masa), sonuncusu final.")
    page.get_by_label("Maç başına oyun").select_option("3")
    expect(page.locator("#id_games_per_match_helptext")).to_contain_text("3 oyunluk maç")
    page.get_by_label("Maç başına oyun").select_option("1")
    expect(page.locator("#id_games_per_match_helptext")).to_have_text(
        "Masa başına bir oyun: sıralaması kimin devam edeceğini belirler."
    )
    check_axe(page)


def test_without_javascript_the_form_shows_both_formats_under_headings_and_a_table_of_counts(
    browser, live_server
):
    context = browser.new_context(java_script_enabled=False, viewport=PHONE, locale="tr-TR")
    page = context.new_page()
    page.goto(live_server.url + reverse("scorer:event_new"))
    expect(page.locator(".format-part[data-kind=points]")).to_be_visible()
    expect(page.locator(".format-part[data-kind=knockout]")).to_be_visible()
    page.locator(".event-counts summary").click()
    row = page.locator(".event-counts-table tr", has=page.locator("th", has_text=re.compile(r"^16$")))
    expect(row).to_contain_text("4 → 2 → 1 (final)")
    context.close()
