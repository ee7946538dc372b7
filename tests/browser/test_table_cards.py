"""A table's card at 375 × 812: the phone that opens it lands on its table's round-1 game with
"El ekle" on the first screen and the seats shown; when the organizer starts round 2 its board
says so and takes it to the same table's round-2 game, without a new card. A correction in round 1
then shows the organizer who moved, and the round is seated again. axe clean; the correction
notice is photographed for the docs (`make screenshots` copies it into docs/screenshots/)."""

import os
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scorer.events.models import EventGame
from scorer.events.services.rounds import round_start
from scorer.tables.services.hands import hand_update
from tests.conftest import DOCS_SCREENSHOT_DIR, check_axe, shoot
from tests.support.eventdb import new_event, play_round
from tests.support.events import hand

SHOTS = Path(os.environ.get("OKEYCALC_CARD_SHOTS", "test-artifacts/screenshots"))


def game_at(event, round_number: int, number: int):
    return EventGame.objects.get(
        table__round__event=event, table__round__number=round_number, table__number=number
    ).game


def board_url(live_server, game) -> str:
    return live_server.url + reverse("scorer:game_board", args=[game.public_id])


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    shoot(page, SHOTS / f"cards-{name}.png", full_page=True)


def print_cards(boss: Page, live_server, event) -> str:
    """The organizer's cards page (axe, the printed screenshot); returns table 2's card link."""
    boss.goto(live_server.url + reverse("scorer:event_cards", args=[event.public_id]))
    card = boss.locator("#kart-2")
    code = event.cards.get(number=2).code
    expect(card.get_by_role("heading", name="Masa 2")).to_be_visible()
    expect(card.locator("[data-card-code]")).to_have_text(f"{code[:3]}-{code[3:]}")
    expect(card.locator(".card-qr")).to_be_visible()
    check_axe(boss)
    boss.emulate_media(media="print")
    shot(boss, "card")
    boss.emulate_media(media="screen")
    return card.locator("[data-claim-link]").get_attribute("href")


def type_the_code(other: Page, live_server, event) -> None:
    """Table 1's code typed in on another phone opens that table; a wrong one says why."""
    other.goto(live_server.url + reverse("scorer:card_code"))
    other.get_by_label("Kart kodu").fill("zzz")
    other.get_by_role("button", name="Masayı aç").click()
    expect(other.locator("#card-code_error")).to_contain_text("6 harf")
    check_axe(other)
    other.get_by_label("Kart kodu").fill(event.cards.get(number=1).code.lower())
    other.get_by_role("button", name="Masayı aç").click()
    expect(other).to_have_url(board_url(live_server, game_at(event, 1, 1)))
    expect(other.locator("[data-add-hand]")).to_be_visible()


def correct_round_1_and_reseat(boss: Page, event) -> None:
    """Table 1's round-1 hand turned around (the last finishes, the winner never opened): the
    organizer is told who moved and seats round 2 again."""
    row = game_at(event, 1, 1).hands.live().get(position=1)
    totals = [
        -101 if p.get("finished") else p.get("remaining", {}).get("points", 202) for p in row.data["players"]
    ]
    hand_update(hand=row, data=hand(*[202 if t == -101 else -101 if t == 202 else t for t in totals]))
    notice = boss.locator('[data-seating-shift="2"]')
    expect(notice).to_be_visible()
    expect(notice.locator("[data-moves] li").first).to_contain_text("→")
    check_axe(boss)
    shot(boss, "correction-notice")
    notice.scroll_into_view_if_needed()
    shoot(boss, DOCS_SCREENSHOT_DIR / "event-correction-notice.png")
    notice.get_by_role("button", name="2. turu yeniden oturt").click()
    expect(boss.locator("[data-seating-shift]")).to_have_count(0)
    expect(boss.locator('[data-record="reseat"]').first).to_contain_text("→")
    expect(boss.locator('[data-record="hand-correct"]').first).to_contain_text("masa 1")
    check_axe(boss)


@pytest.mark.django_db(transaction=True)
def test_a_card_keeps_its_table_from_round_1_to_round_2_and_a_correction_is_shown(
    page: Page, browser, browser_context_args, live_server, axe_check
):
    event, secret = new_event(8)
    round_start(event=event)
    desk = browser.new_context(**browser_context_args)
    boss = desk.new_page()
    boss.goto(live_server.url + reverse("scorer:event_claim", args=[event.public_id, secret]))
    card_link = print_cards(boss, live_server, event)
    type_the_code(desk.new_page(), live_server, event)

    # The scorekeeper's phone opens the card: table 2 of round 1, "El ekle" on the first screen.
    page.goto(card_link)
    expect(page).to_have_url(board_url(live_server, game_at(event, 1, 2)))
    expect(page.locator("[data-event-place]")).to_contain_text("Masa 2")
    seats = page.locator("[data-event-seats]")
    expect(seats.locator("[data-first-dealer]")).to_have_text("(ilk dağıtır)")
    for player in game_at(event, 1, 2).players:
        expect(seats).to_contain_text(player)
    expect(page.locator("[data-add-hand]")).to_be_in_viewport()
    axe_check()
    shot(page, "first-landing")

    # Round 1 is played and the organizer starts round 2: the phone's board says so by itself.
    play_round(event)
    boss.goto(live_server.url + reverse("scorer:event_organize", args=[event.public_id]))
    boss.get_by_role("button", name="2. turu başlat").click()
    expect(boss.get_by_role("heading", name="Tur 2 / 3")).to_be_visible()
    onward = page.locator("[data-next-round-table]")
    expect(onward).to_be_visible()
    axe_check()
    onward.click()
    expect(page).to_have_url(board_url(live_server, game_at(event, 2, 2)))
    expect(page.locator("[data-add-hand]")).to_be_in_viewport()
    page.locator("[data-add-hand]").click()
    expect(page).to_have_url(
        live_server.url + reverse("scorer:hand_new", args=[game_at(event, 2, 2).public_id])
    )

    correct_round_1_and_reseat(boss, event)
    desk.close()
