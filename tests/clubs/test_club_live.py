"""The live parts of a club's page and its members' pages as their streams send them
(scorer/clubs/live.py): rendered per role, the admins' only while the device's admin grant counts,
and a member hidden since the page was shown withheld from a visitor's open page.

The streams are read in the test's own thread (tests/platform/test_push.py); a change is
announced with ``push.send``, since a test's transaction never commits."""

import pytest
from django.test import Client
from django.urls import reverse

from scorer.clubs.models import Member
from scorer.clubs.services import admin_link_rotate, club_create, member_add, member_visibility_set
from scorer.models import Device
from scorer.platform import push
from tests.platform.test_push import open_stream
from tests.support.factories import NAMES

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _quick_heartbeat(monkeypatch):
    monkeypatch.setattr(push.stream, "HEARTBEAT_SECONDS", 0.05)


def club_and_admin():
    club = club_create(name="Kahve", ruleset="kerizim", options={}, members=list(NAMES))
    admin = Client()
    assert admin.get(reverse("scorer:club_claim", args=[club.public_id, club.link_secret])).status_code == 302
    return club, admin


def test_a_visitors_club_stream_has_no_admin_controls_and_an_admins_has_them_with_a_stand_in_token():
    club, admin = club_and_admin()
    member_visibility_set(member=Member.objects.get(club=club, name="Bora"), hidden=True)
    url = reverse("scorer:club_stream", args=[club.public_id])

    public = open_stream(Client(), url).next_part()
    admins = open_stream(admin, url).next_part()

    assert public["event"] == admins["event"] == "club"
    assert public["id"].endswith("-tr-public") and admins["id"].endswith("-tr-admin")
    assert 'id="club-live"' in public["data"] and "data-member=" not in public["data"]
    assert "<form" not in public["data"] and "Bora" not in public["data"]
    assert 'data-member="Bora" data-hidden' in admins["data"]
    assert f'value="{push.PUSHED_CSRF_TOKEN}"' in admins["data"]


def test_a_new_admin_link_turns_another_admins_stream_into_a_visitors():
    club, admin = club_and_admin()
    stream = open_stream(admin, reverse("scorer:club_stream", args=[club.public_id]))
    assert "data-member=" in stream.next_part()["data"]

    admin_link_rotate(club=club, device=Device.objects.create(token_hash="e" * 64))
    member_add(club=club, name="Ece")
    push.send([f"club:{club.pk}"])

    after = stream.next_part()
    assert after["id"].endswith("-public") and "data-member=" not in after["data"]
    stream.close()


def test_a_member_hidden_while_a_visitor_holds_their_page_is_withheld_from_it():
    club, _admin = club_and_admin()
    bora = Member.objects.get(club=club, name="Bora")
    url = reverse("scorer:club_member_stream", args=[club.public_id, bora.pk])
    stream = open_stream(Client(), url)
    assert 'id="member-live"' in stream.next_part()["data"]

    member_visibility_set(member=bora, hidden=True)
    push.send([f"club:{club.pk}"])

    assert "data-withheld" in stream.next_part()["data"]
    assert Client().get(url).status_code == 404  # a new stream, like a reload, does not find them
    stream.close()
