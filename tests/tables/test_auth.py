"""Edit rights per device: granted once, checked on every write, bounded by age, never needed to view."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.sessions.backends.signed_cookies import SessionStore
from django.http import Http404, HttpResponse
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone

from scorer import access
from scorer.models import Device, Grant
from scorer.tables import rights
from scorer.tables.views.auth import SESSION_KEY, can_edit, edit_required
from tests.support.factories import new_table

pytestmark = pytest.mark.django_db


def new_game():
    return new_table(players=["Ayşe", "Bora"])


def fresh_request(rf: RequestFactory, cookies: dict | None = None):
    request = rf.post("/")
    request.session = SessionStore()
    request.COOKIES.update(cookies or {})
    return request


def same_device(rf: RequestFactory, request):
    """A later request of the device that made ``request`` (its cookie, nothing cached)."""
    return fresh_request(rf, {access.DEVICE_COOKIE: request._okeycalc_rights.token})


@edit_required
def protected(request, game, position=None):
    return HttpResponse(f"{game.public_id}:{position}")


def test_can_edit_only_after_an_edit_grant(rf):
    game, _ = new_game()
    request = fresh_request(rf)

    assert not can_edit(request, game)
    rights.grant_edit(request, game)

    assert can_edit(request, game)
    assert can_edit(same_device(rf, request), game)


def test_a_grant_on_another_table_does_not_give_edit_rights(rf):
    game, _ = new_game()
    other, _ = new_game()
    request = fresh_request(rf)
    rights.grant_edit(request, game)

    assert not can_edit(same_device(rf, request), other)


def test_a_watch_grant_never_gives_edit_rights_and_never_downgrades_an_edit_grant(rf):
    watched, _ = new_game()
    edited, _ = new_game()
    request = fresh_request(rf)
    rights.grant_watch(request, watched)
    rights.grant_edit(request, edited)
    later = same_device(rf, request)
    rights.grant_watch(later, edited)

    again = same_device(rf, request)
    assert not can_edit(again, watched)
    assert can_edit(again, edited)


@pytest.mark.parametrize("cookie", ["x" * 43, "short", "é" * 43, "a/b" + "c" * 40])
def test_an_unknown_or_malformed_device_cookie_gives_no_rights(rf, cookie):
    game, _ = new_game()

    assert not can_edit(fresh_request(rf, {access.DEVICE_COOKIE: cookie}), game)


def test_only_a_hash_of_the_device_token_is_stored(rf):
    game, _ = new_game()
    request = fresh_request(rf)
    rights.grant_edit(request, game)

    token = request._okeycalc_rights.token
    assert not Device.objects.filter(token_hash=token).exists()
    assert Device.objects.get().token_hash != token


def test_rights_are_bounded_by_age_not_by_count(rf):
    """Forty tables (the old session kept thirty) all stay editable on one device."""
    request = fresh_request(rf)
    games = [new_game()[0] for _ in range(40)]
    for game in games:
        rights.grant_edit(request, game)

    later = same_device(rf, request)
    assert all(can_edit(later, game) for game in games)


def test_a_grant_unused_for_longer_than_the_limit_expires(rf, settings):
    settings.OKEYCALC_GRANT_MAX_IDLE_DAYS = 30
    game, _ = new_game()
    request = fresh_request(rf)
    rights.grant_edit(request, game)

    Grant.objects.update(last_used_at=timezone.now() - timedelta(days=29))
    assert can_edit(same_device(rf, request), game)
    Grant.objects.update(last_used_at=timezone.now() - timedelta(days=31))
    assert not can_edit(same_device(rf, request), game)


def test_an_expired_edit_grant_is_not_revived_by_watching_the_board(rf, settings):
    settings.OKEYCALC_GRANT_MAX_IDLE_DAYS = 30
    game, _ = new_game()
    request = fresh_request(rf)
    rights.grant_edit(request, game)
    Grant.objects.update(last_used_at=timezone.now() - timedelta(days=31))

    rights.grant_watch(same_device(rf, request), game)

    assert Grant.objects.get().kind == Grant.WATCH
    assert not can_edit(same_device(rf, request), game)


def test_using_a_grant_refreshes_it_at_most_once_an_hour(rf, django_assert_num_queries):
    game, _ = new_game()
    request = fresh_request(rf)
    rights.grant_edit(request, game)
    recent = timezone.now() - timedelta(minutes=10)
    Grant.objects.update(last_used_at=recent)

    with django_assert_num_queries(1):  # the grant, no write
        assert can_edit(same_device(rf, request), game)
    assert Grant.objects.get().last_used_at == recent

    Grant.objects.update(last_used_at=timezone.now() - timedelta(days=2))
    assert can_edit(same_device(rf, request), game)
    assert Grant.objects.get().last_used_at > recent


def test_expiry_deletes_old_grants_and_devices_left_without_any(rf):
    game, _ = new_game()
    request = fresh_request(rf)
    rights.grant_edit(request, game)
    long_ago = timezone.now() - timedelta(days=400)
    Grant.objects.update(last_used_at=long_ago)
    Device.objects.update(last_seen_at=long_ago)

    assert access.grants_expire() == 1
    assert not Device.objects.exists()


def legacy_client(client, game, secret):
    """A device from before grants: the raw secret in its signed-cookie session."""
    session = SessionStore()
    session[SESSION_KEY] = {game.public_id: secret}
    session.save()
    client.cookies[settings.SESSION_COOKIE_NAME] = session.session_key


def test_a_secret_remembered_in_an_old_session_becomes_a_grant_and_leaves_the_session(client):
    game, secret = new_game()
    legacy_client(client, game, secret)

    assert client.get(reverse("scorer:hand_new", args=[game.public_id])).status_code == 200

    assert SESSION_KEY not in client.session
    assert access.DEVICE_COOKIE in client.cookies
    assert Grant.objects.get().kind == Grant.EDIT
    assert client.get(reverse("scorer:hand_new", args=[game.public_id])).status_code == 200


def test_a_wrong_secret_in_an_old_session_gives_nothing(client):
    game, secret = new_game()
    legacy_client(client, game, secret + "x")

    assert client.get(reverse("scorer:hand_new", args=[game.public_id])).status_code == 403
    assert SESSION_KEY not in client.session
    assert not Grant.objects.exists()


def test_edit_required_passes_the_game_and_other_arguments_on(rf):
    game, _ = new_game()
    request = fresh_request(rf)
    rights.grant_edit(request, game)

    response = protected(same_device(rf, request), game.public_id, position=3)

    assert response.status_code == 200
    assert response.content.decode() == f"{game.public_id}:3"


def test_edit_required_answers_403_without_a_grant(rf):
    game, _ = new_game()

    response = protected(fresh_request(rf), game.public_id)

    assert response.status_code == 403
    assert b"403" in response.content


def test_edit_required_answers_404_for_an_unknown_table(rf):
    with pytest.raises(Http404):
        protected(fresh_request(rf), "no-such-table")
