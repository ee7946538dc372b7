"""A club's admins: the devices that opened its admin link; a new link locks out every other."""

import pytest
from django.test import RequestFactory

from scorer.access import DEVICE_COOKIE, device_ensure
from scorer.clubs.rights import grant_admin, is_admin
from scorer.clubs.services import admin_link_rotate, club_create

pytestmark = pytest.mark.django_db


def phone():
    """A request from a new device, and a function giving that device's next request."""
    first = RequestFactory().get("/")
    device = device_ensure(first)
    token = first._okeycalc_rights.token

    def again():
        request = RequestFactory().get("/")
        request.COOKIES[DEVICE_COOKIE] = token
        return request

    return first, device, again


@pytest.fixture
def club():
    return club_create(name="Kahve", ruleset="loca", options={}, members=["Ayşe", "Bora"])


def test_the_admin_link_opens_only_this_club_and_only_its_current_version(club):
    secret = club.link_secret
    assert (
        club.check_secret(secret) and not club.check_secret(secret[:-1] + "x") and not club.check_secret(None)
    )
    other = club_create(name="Başka", ruleset="loca", options={}, members=[])
    assert not other.check_secret(secret)


def test_a_new_admin_link_keeps_the_replacing_device_and_locks_out_the_others(club):
    first, device, mine = phone()
    grant_admin(first, club)
    second, _other, theirs = phone()
    grant_admin(second, club)
    old = club.link_secret
    assert is_admin(mine(), club) and is_admin(theirs(), club)

    admin_link_rotate(club=club, device=device)

    assert not club.check_secret(old) and club.check_secret(club.link_secret)
    assert is_admin(mine(), club) and not is_admin(theirs(), club)


def test_a_device_without_a_grant_is_no_admin(club):
    _request, _device, later = phone()
    assert not is_admin(later(), club)
