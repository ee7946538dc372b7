"""The edit secret: remembered per session, checked on every write, never needed to view."""

import pytest
from django.contrib.sessions.backends.signed_cookies import SessionStore
from django.http import Http404, HttpResponse
from django.test import RequestFactory

from scorer.services import game_create
from scorer.views.auth import MAX_REMEMBERED, SESSION_KEY, can_edit, edit_required, remember_secret

pytestmark = pytest.mark.django_db


def new_game():
    return game_create(ruleset="kerizim", options={}, players=["Ayşe", "Bora"], hands_planned=3)


def request_with_session(rf: RequestFactory):
    request = rf.post("/")
    request.session = SessionStore()
    return request


@edit_required
def protected(request, game, position=None):
    return HttpResponse(f"{game.public_id}:{position}")


def test_can_edit_only_after_the_secret_is_remembered(rf):
    game, secret = new_game()
    request = request_with_session(rf)

    assert not can_edit(request, game)
    remember_secret(request, game, secret)
    assert can_edit(request, game)


def test_a_wrong_secret_does_not_give_edit_rights(rf):
    game, secret = new_game()
    request = request_with_session(rf)

    remember_secret(request, game, secret + "x")

    assert not can_edit(request, game)


def test_a_secret_of_another_table_does_not_give_edit_rights(rf):
    game, secret = new_game()
    other, _ = new_game()
    request = request_with_session(rf)

    remember_secret(request, game, secret)

    assert not can_edit(request, other)


def test_a_tampered_session_value_is_ignored(rf):
    game, _ = new_game()
    request = request_with_session(rf)
    request.session[SESSION_KEY] = ["not", "a", "dict"]

    assert not can_edit(request, game)


def test_only_the_most_recent_tables_are_remembered(rf):
    request = request_with_session(rf)
    games = [new_game() for _ in range(MAX_REMEMBERED + 2)]
    for game, secret in games:
        remember_secret(request, game, secret)

    assert len(request.session[SESSION_KEY]) == MAX_REMEMBERED
    assert can_edit(request, games[-1][0])
    assert not can_edit(request, games[0][0])


def test_remembering_again_moves_a_table_to_the_front(rf):
    request = request_with_session(rf)
    first, first_secret = new_game()
    remember_secret(request, first, first_secret)
    for game, secret in [new_game() for _ in range(MAX_REMEMBERED - 1)]:
        remember_secret(request, game, secret)

    remember_secret(request, first, first_secret)
    newest, newest_secret = new_game()
    remember_secret(request, newest, newest_secret)

    assert can_edit(request, first)


def test_edit_required_passes_the_game_and_other_arguments_on(rf):
    game, secret = new_game()
    request = request_with_session(rf)
    remember_secret(request, game, secret)

    response = protected(request, game.public_id, position=3)

    assert response.status_code == 200
    assert response.content.decode() == f"{game.public_id}:3"


def test_edit_required_answers_403_without_the_secret(rf):
    game, _ = new_game()

    response = protected(request_with_session(rf), game.public_id)

    assert response.status_code == 403
    assert b"403" in response.content


def test_edit_required_answers_404_for_an_unknown_table(rf):
    with pytest.raises(Http404):
        protected(request_with_session(rf), "no-such-table")
