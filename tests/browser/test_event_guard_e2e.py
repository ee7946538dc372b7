"""Decision E15 in a browser (375 × 812, Turkish, JavaScript): a round-1 table's scorekeeper has the
correction form open when the organizer starts round 2; the delete she then asks for is refused
in the dialog with the reason, what she had typed is still there and saves as a correction, and
the organizer page keeps working (no error list, its table buttons open the boards). axe clean."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scorer.events.models import EventGame
from scorer.events.selectors.standings import event_standings
from scorer.events.services.rounds import round_start
from tests.support.eventdb import new_event, play_round

WAIT_MS = 15_000
REFUSED = "Bu masa turnuvanın 1. turunda: 2. tur başladığı için el silinemez; eli düzeltebilirsiniz."


@pytest.mark.django_db(transaction=True)
def test_a_round_one_delete_is_refused_once_round_two_started_and_the_organizer_page_works(
    browser, live_server, page, axe_check
):
    event, secret = new_event(8, hands=1)
    round_start(event=event)
    play_round(event)
    link = EventGame.objects.select_related("game").get(table__round__number=1, table__number=1)
    game = link.game
    keeper = page  # axe_check runs on this page
    keeper.goto(live_server.url + reverse("scorer:game_claim", args=[game.public_id, game.link_secret]))
    keeper.goto(live_server.url + reverse("scorer:hand_edit", args=[game.public_id, 1]))
    expect(keeper.locator("[data-hand-form].js-ready")).to_be_attached()
    expect(keeper.locator("[data-delete]")).to_be_visible()  # round 1 is still the current round
    points = keeper.locator("#id_p0-points")  # the first seat was left with 40 (tests/support/eventdb.py)
    expect(points).to_have_value("40")
    points.fill("30")  # she starts a correction

    organizer = browser.new_context(viewport={"width": 375, "height": 812}, locale="tr-TR").new_page()
    organizer.goto(live_server.url + reverse("scorer:event_claim", args=[event.public_id, secret]))
    organizer.get_by_role("button", name="2. turu başlat").click()
    expect(organizer.get_by_role("heading", name="Tur 2 / 3")).to_be_visible()

    keeper.locator("[data-delete]").click()  # the page she had open still offers it
    dialog = keeper.locator("dialog[data-confirm-dialog]")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text(REFUSED)
    expect(dialog.locator("[data-confirm-yes]")).to_have_count(0)
    axe_check()
    dialog.get_by_role("link", name="Geri dön").click()
    expect(dialog).to_have_count(0)
    expect(points).to_have_value("30")  # nothing she typed is lost
    assert game.hands.live().count() == 1

    with keeper.expect_navigation():
        keeper.locator("[data-save]").click()
    if "/el/" in keeper.url:  # the form asks once more (players left on "Açmadı")
        with keeper.expect_navigation():
            keeper.locator("[data-save]").click()
    board = reverse("scorer:game_board", args=[game.public_id])
    expect(keeper).to_have_url(re.compile(re.escape(board) + "$"))
    assert game.hands.live().get().data["players"][0]["remaining"] == {"points": 30}  # corrected (E12)

    # A fresh hand page no longer offers the delete at all, and says why.
    keeper.goto(live_server.url + reverse("scorer:hand_edit", args=[game.public_id, 1]))
    expect(keeper.locator("[data-delete]")).to_have_count(0)
    expect(keeper.locator("[data-delete-refused]")).to_have_text(REFUSED)
    axe_check()

    # The organizer page: round 2's tables, the standings, no error list; its buttons work.
    organizer.reload()
    expect(organizer.get_by_role("heading", name="Tur 2 / 3")).to_be_visible()
    expect(organizer.locator("[data-event-problems]")).to_have_count(0)
    expect(organizer.locator("li[data-table]")).to_have_count(2)
    assert not event_standings(event).errors
    organizer.locator("li[data-table='1'] [data-open-table]").click()
    second = EventGame.objects.select_related("game").get(table__round__number=2, table__number=1)
    expect(organizer).to_have_url(
        re.compile(re.escape(reverse("scorer:game_board", args=[second.game.public_id])) + "$"),
        timeout=WAIT_MS,
    )
    organizer.context.close()
