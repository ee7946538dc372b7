"""The public standings' "find your seat" at 375 × 812: typing a name filters the round's seat
list as one types (static/js/seats.js finds the form's field), the matches of the server's search
hidden since the list itself is filtered."""

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scorer.events.services.rounds import round_start
from tests.support.eventdb import new_event


@pytest.mark.django_db(transaction=True)
def test_typing_a_name_in_find_your_seat_leaves_only_its_row(page: Page, live_server):
    event, _secret = new_event(16)
    round_start(event=event)
    page.goto(live_server.url + reverse("scorer:event_standings", args=[event.public_id]))
    rows = page.locator("[data-seat-list] tr[data-search]")
    expect(rows.filter(visible=True)).to_have_count(16)

    page.get_by_label("Yerini bul").fill("ipek")

    expect(rows.filter(visible=True)).to_have_count(1)
    expect(rows.filter(visible=True)).to_have_attribute("data-seat", "İpek")
    page.get_by_label("Yerini bul").fill("")
    expect(rows.filter(visible=True)).to_have_count(16)
