"""An event opened in a club from a phone (375 × 812; in Turkish with JavaScript and in English
without, all four with ``make test-deep``): the club page's link, the club's rule set to start
from, entrants chosen from the members' type-ahead (``<datalist>``, the browser's own, with or
without JavaScript) beside a guest typed in, then the organizer page naming the club and the club
page listing the event. axe clean (axe needs JavaScript: the same markup is checked in the run
with it)."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scorer.clubs.models import Club, ClubEvent
from tests.conftest import MOBILE_VIEWPORT, check_axe

MEMBERS = ["Ayşe", "Bora", "Cem", "Deniz", "Ece", "Fuat", "Gül"]
SUGGESTIONS = """field => [...field.list.options].map(o => o.value)
    .filter(v => v.toLocaleLowerCase("tr").startsWith(field.value.toLocaleLowerCase("tr")))"""


TEXT = {
    "tr": {
        "club_name": "Kulübün adı", "open_club": "Kulübü aç", "open_event": "Kulüpte turnuva aç",
        "heading": "Kulüpte yeni turnuva", "event_name": "Turnuvanın adı", "create": "Turnuvayı kur",
    },
    "en": {
        "club_name": "Club name", "open_club": "Open the club", "open_event": "Open an event in the club",
        "heading": "New event in the club", "event_name": "Event name", "create": "Create the event",
    },
}  # fmt: skip


@pytest.fixture
def page(browser, live_server, language, js):
    context = browser.new_context(java_script_enabled=js, viewport=MOBILE_VIEWPORT, locale="tr-TR")
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    yield context.new_page()
    context.close()


def axe(page, js: bool) -> None:
    if js:
        check_axe(page)


@pytest.mark.parametrize("language", ["tr", "en"])
@pytest.mark.parametrize("js", [True, False], ids=["js", "nojs"])
def test_an_event_opened_from_the_club_page_takes_its_entrants_from_the_members(
    page, live_server, language, js
):
    text = TEXT[language]
    page.goto(live_server.url + reverse("scorer:club_new"))
    page.get_by_label(text["club_name"]).fill("Çarşamba Okey")
    page.locator("#id_members").fill("\n".join(MEMBERS))
    page.get_by_role("button", name=text["open_club"]).click()
    club_page = page.url.split("#")[0]
    page.get_by_role("link", name=text["open_event"]).click()
    expect(page.get_by_role("heading", name=text["heading"])).to_be_visible()
    expect(page.locator("datalist#club-members option")).to_have_count(len(MEMBERS))
    entrants = page.locator("input[name^=entrant_]")
    expect(entrants).to_have_count(12)
    for field in entrants.all():
        expect(field).to_have_attribute("list", "club-members")
    axe(page, js)

    page.get_by_label(text["event_name"]).fill("Kış kupası")
    for n, name in enumerate(MEMBERS):
        field = page.locator(f"#id_entrant_{n}")
        field.fill(name[:2])
        # What the type-ahead offers for what is typed (the browser's own popup is not a page
        # element a test can click): the members of the field's own list starting with it.
        offered = field.evaluate(SUGGESTIONS)
        assert offered == [name], offered
        field.fill(offered[0])
    page.locator(f"#id_entrant_{len(MEMBERS)}").fill("Misafir")
    page.get_by_role("button", name=text["create"]).click()

    expect(page).to_have_url(re.compile(r"/yonet/"))
    club = Club.objects.get()
    event = ClubEvent.objects.get(club=club).event
    assert list(event.entrants.values_list("name", flat=True)) == [*MEMBERS, "Misafir"]
    assert event.ruleset == club.ruleset
    link = page.locator("[data-event-club] a")
    expect(link).to_have_text("Çarşamba Okey")
    axe(page, js)
    link.click()
    expect(page).to_have_url(club_page)
    expect(page.locator(f'[data-club-event="{event.public_id}"] a')).to_have_text("Kış kupası")
    axe(page, js)  # the club page with its events
