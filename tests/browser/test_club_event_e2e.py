"""An event opened in a club from a phone (375 × 812, Turkish, JavaScript): the club page's link,
the club's rule set to start from, entrants chosen from the members' type-ahead (``<datalist>``)
beside a guest typed in, then the organizer page naming the club and the club page listing the
event. axe clean."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scorer.clubs.models import Club, ClubEvent
from tests.conftest import MOBILE_VIEWPORT, check_axe

MEMBERS = ["Ayşe", "Bora", "Cem", "Deniz", "Ece", "Fuat", "Gül"]
SUGGESTIONS = """field => [...field.list.options].map(o => o.value)
    .filter(v => v.toLocaleLowerCase("tr").startsWith(field.value.toLocaleLowerCase("tr")))"""


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(viewport=MOBILE_VIEWPORT, locale="tr-TR")
    context.add_cookies([{"name": "django_language", "value": "tr", "url": live_server.url}])
    yield context.new_page()
    context.close()


def test_an_event_opened_from_the_club_page_takes_its_entrants_from_the_members(page, live_server):
    page.goto(live_server.url + reverse("scorer:club_new"))
    page.get_by_label("Kulübün adı").fill("Çarşamba Okey")
    page.locator("#id_members").fill("\n".join(MEMBERS))
    page.get_by_role("button", name="Kulübü aç").click()
    club_page = page.url.split("#")[0]
    page.get_by_role("link", name="Kulüpte turnuva aç").click()
    expect(page.get_by_role("heading", name="Kulüpte yeni turnuva")).to_be_visible()
    expect(page.locator("datalist#club-members option")).to_have_count(len(MEMBERS))
    entrants = page.locator("input[name^=entrant_]")
    expect(entrants).to_have_count(12)
    for field in entrants.all():
        expect(field).to_have_attribute("list", "club-members")
    check_axe(page)

    page.get_by_label("Turnuvanın adı").fill("Kış kupası")
    for n, name in enumerate(MEMBERS):
        field = page.locator(f"#id_entrant_{n}")
        field.fill(name[:2])
        # What the type-ahead offers for what is typed (the browser's own popup is not a page
        # element a test can click): the members of the field's own list starting with it.
        offered = field.evaluate(SUGGESTIONS)
        assert offered == [name], offered
        field.fill(offered[0])
    page.locator(f"#id_entrant_{len(MEMBERS)}").fill("Misafir")
    page.get_by_role("button", name="Turnuvayı kur").click()

    expect(page).to_have_url(re.compile(r"/yonet/"))
    club = Club.objects.get()
    event = ClubEvent.objects.get(club=club).event
    assert list(event.entrants.values_list("name", flat=True)) == [*MEMBERS, "Misafir"]
    assert event.ruleset == club.ruleset
    link = page.locator("[data-event-club] a")
    expect(link).to_have_text("Çarşamba Okey")
    check_axe(page)
    link.click()
    expect(page).to_have_url(club_page)
    expect(page.locator(f'[data-club-event="{event.public_id}"] a')).to_have_text("Kış kupası")
    check_axe(page)  # the club page with its events
