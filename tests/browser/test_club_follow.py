"""A club's own page and its members' pages follow the club's changes on a phone (375 × 812), as its
venue display does: a game that counts shows in the leaderboard of an open club page and on an open
member page within a second, without a reload; a member added shows in the admin's open list, its
form carrying the page's own CSRF token, while a visitor's page gets no admin controls.

The changes are made through the services, as another phone's saves make them; each open page must
end up showing what a reload of it shows."""

import time

from django.urls import reverse
from playwright.sync_api import expect

from scorer.clubs.models import Member
from scorer.clubs.services import club_create, club_table_create, member_add
from scorer.platform.push import PUSHED_CSRF_TOKEN
from scorer.tables.services.hands import hand_record
from tests.browser.test_follow import phones, reloaded, shown, streaming  # noqa: F401 (phones: a fixture)
from tests.support.factories import NAMES, finisher

FOLLOWS_WITHIN_MS = 1500
"""A pushed change shows this soon (a second, and room for a loaded test machine)."""


def club_with_a_table():
    club = club_create(name="Kahve", ruleset="kerizim", options={}, members=list(NAMES))
    game, _secret = club_table_create(
        club=club, ruleset="kerizim", options={}, players=list(NAMES), hands_planned=1
    )
    return club, game


def test_an_open_club_page_follows_a_game_that_counts(live_server, phones):  # noqa: F811
    club, game = club_with_a_table()
    url = live_server.url + reverse("scorer:club", args=[club.public_id])
    page = phones()
    page.goto(url)
    streaming(page)
    expect(page.locator("#club-live [data-no-games]")).to_be_visible()
    expect(page.locator("#club-live [data-games]")).to_have_attribute("data-games", "0")

    started = time.monotonic()
    hand_record(game=game, data=finisher(0))  # another phone scores the table's one hand: the game counts

    expect(page.locator("#club-live [data-provisional]")).to_contain_text("Ayşe", timeout=FOLLOWS_WITHIN_MS)
    followed_in = time.monotonic() - started
    expect(page.locator("#club-live [data-games]")).to_have_attribute("data-games", "1")
    assert page.evaluate("performance.getEntriesByType('navigation').length") == 1  # never reloaded
    assert shown(page, "#club-live") == reloaded(phones, url, "#club-live")
    print(f"club page followed in {followed_in * 1000:.0f} ms")


def test_an_open_member_page_follows_a_game_that_counts(live_server, phones):  # noqa: F811
    club, game = club_with_a_table()
    member = Member.objects.get(club=club, name=NAMES[0])
    url = live_server.url + reverse("scorer:club_member", args=[club.public_id, member.pk])
    page = phones()
    page.goto(url)
    streaming(page)
    expect(page.locator("#member-live [data-no-games]")).to_be_visible()

    hand_record(game=game, data=finisher(0))

    expect(page.locator("#member-live [data-stat=games]")).to_have_text("1", timeout=FOLLOWS_WITHIN_MS)
    assert shown(page, "#member-live") == reloaded(phones, url, "#member-live")


def test_the_admins_open_list_follows_a_member_added_and_a_visitor_gets_no_admin_controls(
    live_server,
    phones,  # noqa: F811
):
    club, _game = club_with_a_table()
    url = live_server.url + reverse("scorer:club", args=[club.public_id])
    admin = phones()
    admin.goto(live_server.url + reverse("scorer:club_claim", args=[club.public_id, club.link_secret]))
    visitor = phones()
    visitor.goto(url)
    for page in (admin, visitor):
        streaming(page)
    expect(admin.locator("#club-live [data-member]")).to_have_count(len(NAMES))
    expect(visitor.locator("#club-live [data-member]")).to_have_count(0)
    before = visitor.locator("#club-live").get_attribute("data-etag")

    member_add(club=club, name="Ece")  # another admin's phone adds a member

    added = admin.locator("#club-live [data-member='Ece']")
    expect(added).to_be_visible(timeout=FOLLOWS_WITHIN_MS)
    token = added.locator("input[name=csrfmiddlewaretoken]")
    expect(token).not_to_have_value(PUSHED_CSRF_TOKEN)  # the page's own token, set once the part settles
    assert token.input_value() == admin.locator("#masa-ekle input[name=csrfmiddlewaretoken]").input_value()
    expect(visitor.locator("#club-live")).not_to_have_attribute("data-etag", before)  # the public part came
    expect(visitor.locator("#club-live [data-member], #club-live form")).to_have_count(0)
    assert shown(visitor, "#club-live") == reloaded(phones, url, "#club-live")
