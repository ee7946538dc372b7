"""Every decision code an event page names ("decision E11") links to its text, on the public page
of okeycalc's tournament decisions, which holds each code under its own anchor."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scorer.events.rules.decisions import DECISIONS
from scorer.events.services.rounds import round_start
from tests.support.eventdb import new_event

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["tr", "en"])
def test_the_codes_on_the_organizer_page_link_to_their_decisions(language):
    event, secret = new_event(5)  # 5 players: one sits out (E4)
    client = Client()
    client.cookies["django_language"] = language
    client.get(reverse("scorer:event_claim", args=[event.public_id, secret]))
    round_start(event=event)
    html = client.get(reverse("scorer:event_organize", args=[event.public_id])).content.decode()
    linked = re.findall(r'<a href="([^"]*)#(e\d+)" data-decision="(E\d+)">E\d+</a>', html)
    codes = {code for _url, _anchor, code in linked}
    assert {"E2", "E4", "E10", "E9"} <= codes, codes
    assert all(
        url == reverse("scorer:event_decisions") and anchor == code.lower() for url, anchor, code in linked
    )
    assert "<strong data-seed>" in html  # the seed's sentence keeps its markup

    page = Client().get(reverse("scorer:event_decisions")).content.decode()
    anchors = set(re.findall(r'<dt id="(e\d+)"', page))
    assert anchors == {decision.id.lower() for decision in DECISIONS}
    assert {anchor for _url, anchor, _code in linked} <= anchors
