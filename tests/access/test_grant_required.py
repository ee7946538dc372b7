"""grant_required and the grants under it: a device holding a counting grant passes, every other
device is refused (none, another's, another thing's, expired, revoked by a new link), and a signed
link altered in any way opens nothing."""

from datetime import timedelta

import pytest
from django.http import Http404, HttpResponse
from django.test import RequestFactory, override_settings
from django.urls import reverse
from django.utils import timezone

from scorer import access
from scorer.clubs.models import Club, ClubGrant
from scorer.clubs.selectors import club_get
from scorer.clubs.services import club_create
from scorer.models import Device, Grant
from scorer.tables.services.links import game_grant_edit, game_grant_watch
from scorer.tables.views.auth import EDIT
from tests.support.factories import new_table

pytestmark = pytest.mark.django_db

ADMIN = access.Right(grant=ClubGrant, load=club_get)
calls: list = []


@access.grant_required(ADMIN)
def admin_page(request, club, *, part="all"):
    calls.append((club.pk, part))
    return HttpResponse(f"{club.name}:{part}")


def new_club(name: str = "Kahve") -> Club:
    return club_create(name=name, ruleset="loca", options={}, members=["Ayşe", "Bora"])


def request_of(token: str | None = None):
    request = RequestFactory().get("/")
    if token:
        request.COOKIES[access.DEVICE_COOKIE] = token
    return request


def new_device() -> tuple[Device, str]:
    """A device and its cookie's token, as a first request makes them."""
    first = request_of()
    device = access.device_ensure(first)
    return device, first._okeycalc_rights.token


def give(device: Device, club: Club) -> ClubGrant:
    grant, _created = access.grant_give(ClubGrant, device=device, target=club)
    return grant


@pytest.fixture(autouse=True)
def _no_calls():
    calls.clear()


def test_a_device_holding_a_counting_grant_reaches_the_view_with_the_thing_loaded():
    club = new_club()
    device, token = new_device()
    give(device, club)

    response = admin_page(request_of(token), club.public_id, part="members")

    assert response.status_code == 200 and response.content == b"Kahve:members"
    assert calls == [(club.pk, "members")]


def test_a_request_without_a_device_is_refused_and_the_view_never_runs():
    club = new_club()

    response = admin_page(request_of(), club.public_id)

    assert response.status_code == 403 and calls == []
    assert b"Kahve" not in response.content


def test_a_device_without_a_grant_is_refused_even_while_another_device_holds_one():
    club = new_club()
    holder, _token = new_device()
    give(holder, club)
    _stranger, token = new_device()

    assert admin_page(request_of(token), club.public_id).status_code == 403
    assert calls == []


def test_a_grant_on_one_thing_gives_nothing_on_another():
    mine, theirs = new_club("Kahve"), new_club("Lokal")
    device, token = new_device()
    give(device, mine)

    assert admin_page(request_of(token), theirs.public_id).status_code == 403
    assert admin_page(request_of(token), mine.public_id).status_code == 200


def test_a_cookie_of_the_wrong_shape_is_no_device():
    club = new_club()
    device, token = new_device()
    give(device, club)

    for cookie in (token[:-1], token + "x", token[:-1] + "!", ""):
        assert admin_page(request_of(cookie), club.public_id).status_code == 403
    assert calls == []


def test_an_unknown_thing_is_not_found_before_any_right_is_read():
    with pytest.raises(Http404):
        admin_page(request_of(), "nosuchclub0000000000")


def test_an_expired_grant_is_refused_and_deleted_with_its_idle_device():
    club = new_club()
    device, token = new_device()
    grant = give(device, club)
    long_ago = timezone.now() - access.max_idle() - timedelta(minutes=1)
    ClubGrant.objects.filter(pk=grant.pk).update(last_used_at=long_ago)
    Device.objects.filter(pk=device.pk).update(last_seen_at=long_ago)

    assert admin_page(request_of(token), club.public_id).status_code == 403

    assert access.grants_expire() == 1
    assert not ClubGrant.objects.exists() and not Device.objects.filter(pk=device.pk).exists()


def test_expiry_keeps_a_device_that_still_holds_a_grant_of_another_kind():
    club = new_club()
    game, _secret = new_table(players=["Ayşe", "Bora"])
    device, _token = new_device()
    give(device, club)
    game_grant_watch(device=device, game=game)
    long_ago = timezone.now() - access.max_idle() - timedelta(minutes=1)
    Grant.objects.update(last_used_at=long_ago)
    Device.objects.filter(pk=device.pk).update(last_seen_at=long_ago)

    assert access.grants_expire() == 1

    assert Device.objects.filter(pk=device.pk).exists() and ClubGrant.objects.filter(device=device).exists()


def test_a_new_link_revokes_every_grant_of_the_older_version():
    club = new_club()
    device, token = new_device()
    give(device, club)
    old_secret = club.link_secret

    access.link_renew(club)
    club.save(update_fields=["secret_version", "link_key"])

    assert admin_page(request_of(token), club.public_id).status_code == 403
    assert not club.check_secret(old_secret) and club.check_secret(club.link_secret)
    assert calls == []


def test_a_concerns_own_check_and_refusal_are_used():
    """A table's watch grant is a grant, but gives no edit right; a stale edit grant is told why."""
    game, _secret = new_table(players=["Ayşe", "Bora"])
    device, token = new_device()
    game_grant_watch(device=device, game=game)
    view = access.grant_required(EDIT)(lambda request, game: HttpResponse("edited"))

    watcher = view(request_of(token), game.public_id)
    assert watcher.status_code == 403 and b"data-edit-rights-help" in watcher.content

    Grant.objects.filter(device=device).update(kind=Grant.EDIT)
    assert view(request_of(token), game.public_id).content == b"edited"

    game.secret_version += 1
    game.save(update_fields=["secret_version"])
    stale = view(request_of(token), game.public_id)
    assert stale.status_code == 403 and b"data-revoked" in stale.content


def test_using_a_grant_is_written_down_at_most_once_per_interval_and_resends_the_cookie():
    club = new_club()
    device, token = new_device()
    grant = give(device, club)
    recent = timezone.now() - access.USE_NOTED_EVERY / 2
    ClubGrant.objects.filter(pk=grant.pk).update(last_used_at=recent)

    request = request_of(token)
    admin_page(request, club.public_id)
    response = HttpResponse()
    access.device_cookie_set(request, response)
    assert ClubGrant.objects.get(pk=grant.pk).last_used_at == recent
    assert access.DEVICE_COOKIE not in response.cookies

    earlier = timezone.now() - access.USE_NOTED_EVERY * 2
    ClubGrant.objects.filter(pk=grant.pk).update(last_used_at=earlier)
    request = request_of(token)
    admin_page(request, club.public_id)
    response = HttpResponse()
    access.device_cookie_set(request, response)
    assert ClubGrant.objects.get(pk=grant.pk).last_used_at > earlier
    assert response.cookies[access.DEVICE_COOKIE].value == token


# --- signed links ---------------------------------------------------------------------------------


def test_a_signed_link_opens_only_unaltered_for_its_own_subject_version_and_key():
    subject, version, key = "abcDEF123456ghij", 3, access.new_link_key()
    secret = access.link_secret(subject, version, key)
    assert access.link_secret_matches(subject, version, key, secret)

    flipped = [secret[:i] + ("A" if c != "A" else "B") + secret[i + 1 :] for i, c in enumerate(secret)]
    tampered = [*flipped, secret[:-1], secret + "A", secret.upper(), secret.lower(), "", "x" * 10_000]
    assert not any(access.link_secret_matches(subject, version, key, bad) for bad in tampered)
    assert not access.link_secret_matches(f"event:{subject}", version, key, secret)
    assert not access.link_secret_matches(subject, version + 1, key, secret)
    assert not access.link_secret_matches(subject, version, access.new_link_key(), secret)


def test_a_link_made_under_a_retired_server_key_still_opens_and_a_foreign_key_does_not():
    subject, key = "abcDEF123456ghij", access.new_link_key()
    with override_settings(SECRET_KEY="old-key-" + "x" * 50):
        old = access.link_secret(subject, 1, key)
    with override_settings(SECRET_KEY="new-key-" + "y" * 50, SECRET_KEY_FALLBACKS=["old-key-" + "x" * 50]):
        assert access.link_secret_matches(subject, 1, key, old)
    with override_settings(SECRET_KEY="new-key-" + "y" * 50, SECRET_KEY_FALLBACKS=[]):
        assert not access.link_secret_matches(subject, 1, key, old)


def test_a_tampered_admin_link_gives_no_grant(client):
    club = new_club()
    secret = club.link_secret
    bad = secret[:-1] + ("A" if secret[-1] != "A" else "B")

    response = client.get(reverse("scorer:club_claim", args=[club.public_id, bad]))

    assert response.status_code == 403 and not ClubGrant.objects.exists()
    good = client.get(reverse("scorer:club_claim", args=[club.public_id, secret]))
    assert good.status_code == 302 and ClubGrant.objects.filter(club=club).count() == 1


# --- the reads of a right ------------------------------------------------------------------------


def test_an_edit_check_reads_the_thing_and_the_grant_in_one_statement_each(django_assert_num_queries):
    game, _secret = new_table(players=["Ayşe", "Bora"])
    device, token = new_device()
    game_grant_edit(device=device, game=game)
    view = access.grant_required(EDIT)(lambda request, game: HttpResponse(f"{game.public_id}:{game.players}"))

    with django_assert_num_queries(2):
        response = view(request_of(token), game.public_id)

    assert response.content == f"{game.public_id}:{game.players}".encode()


def test_an_edit_check_refuses_a_grant_on_another_thing_and_finds_no_unknown_thing():
    mine, _secret = new_table(players=["Ayşe", "Bora"])
    theirs, _secret = new_table(players=["Cem", "Deniz"])
    device, token = new_device()
    game_grant_edit(device=device, game=mine)
    view = access.grant_required(EDIT)(lambda request, game: HttpResponse("edited"))

    assert view(request_of(token), theirs.public_id).status_code == 403
    assert view(request_of(token), mine.public_id).status_code == 200
    with pytest.raises(Http404):
        view(request_of(token), "nosuchtable000000000")
