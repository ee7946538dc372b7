"""An organizer at 375 × 812 creates a 16-player points event and runs it from round 1 to round 2:
the form, the draw with its seed, the tables' progress refreshing by itself while the tables play,
the table cards, the next round seated by standings. With and without JavaScript; axe clean."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scorer.events.models import Event, EventGame, Round
from tests.support.eventdb import names, play, play_round

ENTRANTS = names(16)


def create_event(page: Page, live_server, axe_check) -> Event:
    page.goto(live_server.url + reverse("scorer:event_new"))
    expect(page.get_by_role("heading", name="Yeni turnuva")).to_be_visible()
    axe_check()
    page.get_by_label("Turnuvanın adı").fill("Cuma turnuvası")
    page.get_by_label("Oyun başına el").select_option("1")
    page.get_by_label("Tur sayısı").fill("3")
    page.get_by_label("Katılımcılar").fill("\n".join(ENTRANTS))
    page.get_by_label("Kura tohumu").fill("1907")
    page.get_by_role("button", name="Turnuvayı kur").click()
    expect(page.get_by_role("heading", name="Cuma turnuvası")).to_be_visible()
    return Event.objects.get(name="Cuma turnuvası")


@pytest.mark.django_db(transaction=True)
def test_an_organizer_runs_a_16_player_points_event_from_round_1_to_2(
    page: Page, live_server, axe_check, screenshot
):
    event = create_event(page, live_server, axe_check)
    expect(page.locator("[data-seed]")).to_have_text("1907")
    axe_check()

    page.get_by_role("button", name="1. turu başlat").click()
    expect(page.get_by_role("heading", name="Tur 1 / 3")).to_be_visible()
    expect(page.locator("[data-tables-done]")).to_have_text("0/4 masa bitti")
    cards = page.locator("li.event-table")
    expect(cards).to_have_count(4)
    expect(cards.nth(2).locator("[data-progress]")).to_have_text("Masa 3 · El 0/1")
    axe_check()
    screenshot("event-organizer-round-1")

    # The tables play (their scorekeepers, elsewhere): the progress refreshes by itself (htmx).
    first = EventGame.objects.get(table__round__event=event, table__number=1)
    play(first, (-101, 40, 12, 202))
    expect(page.locator("[data-tables-done]")).to_have_text("1/4 masa bitti", timeout=12_000)
    expect(cards.nth(0).locator(".badge")).to_have_text("bitti")
    play_round(event)
    expect(page.get_by_role("button", name="2. turu başlat")).to_be_visible(timeout=12_000)

    # The table cards of round 1: every table, its seats and its scorekeeper's QR code.
    page.goto(live_server.url + reverse("scorer:event_cards", args=[event.public_id]))
    expect(page.locator(".table-card")).to_have_count(4)
    expect(page.locator(".card-qr").first).to_be_visible()
    axe_check()
    page.go_back()

    page.get_by_role("button", name="2. turu başlat").click()
    expect(page.get_by_role("heading", name="Tur 2 / 3")).to_be_visible()
    assert Round.objects.get(event=event, number=2).method == "standings"
    leader = page.locator("#standings-heading ~ div tbody tr").first.get_attribute("data-entrant")
    expect(cards.nth(0).locator(".seats li").first).to_have_text(re.compile(re.escape(leader)))
    axe_check()
    screenshot("event-organizer-round-2")


@pytest.fixture
def no_js_page(browser, live_server):
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": 375, "height": 812}, locale="tr-TR"
    )
    yield context.new_page()
    context.close()


@pytest.mark.django_db(transaction=True)
def test_without_javascript_too(no_js_page: Page, live_server, axe_check):
    page = no_js_page
    page.goto(live_server.url + reverse("scorer:event_new"))
    page.get_by_label("Turnuvanın adı").fill("Gece")
    page.get_by_label("Katılımcılar").fill("\n".join(ENTRANTS))
    page.get_by_role("button", name="Turnuvayı kur").click()
    event = Event.objects.get(name="Gece")
    page.get_by_role("button", name="1. turu başlat").click()
    expect(page.locator("li.event-table")).to_have_count(4)
    play_round(event)
    page.reload()
    page.get_by_role("button", name="2. turu başlat").click()
    expect(page.get_by_role("heading", name="Tur 2 / 3")).to_be_visible()
