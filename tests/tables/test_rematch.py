"""Rövanş: a finished table opens its rematch (same players, rule set, options, the deal rotating
on), once, by a POST from a device with edit rights; both boards link each other."""

import re

import pytest
from django.contrib.messages import get_messages
from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import Http404

from scorer.engine import InvalidInput
from scorer.models import Game
from scorer.tables import selectors
from scorer.tables.services import games as game_services
from scorer.tables.services.games import game_create, game_rematch, rematch_dealer
from scorer.tables.services.hands import hand_delete, hand_record
from tests.support.factories import claim, finisher, new_table, url
from tests.support.markup import post_actions

pytestmark = pytest.mark.django_db


def finished_game(planned: int = 3, first_dealer: int = 1, options: dict | None = None):
    """A GkOkay table (eşli, katlamalı unless ``options`` say otherwise) whose planned hands are all played."""
    return new_table(
        "gkokay",
        options=options or {"partners": True, "katlamali": True},
        hands_planned=planned,
        first_dealer=first_dealer,
        hands=[finisher(k % 4) for k in range(planned)],
    )


def test_the_rematch_has_the_same_players_rule_set_options_and_hands_and_the_deal_rotates_on():
    game, _ = finished_game(planned=3, first_dealer=2)

    rematch, created = game_rematch(game=game)

    assert created
    assert rematch.pk != game.pk and rematch.rematch_of == game
    assert (rematch.ruleset, rematch.options, rematch.players, rematch.hands_planned) == (
        game.ruleset,
        game.options,
        game.players,
        game.hands_planned,
    )
    assert rematch.first_dealer == (2 + 3) % 4  # who would have dealt hand 4
    assert rematch.hands.count() == 0


@pytest.mark.parametrize(("first", "planned", "expected"), [(0, 5, 1), (3, 1, 0), (1, 11, 0), (0, 2, 2)])
def test_the_rematch_dealer_continues_the_rotation(first, planned, expected):
    game, _ = finished_game(planned=planned, first_dealer=first)
    assert rematch_dealer(game) == expected


def test_a_second_rematch_request_returns_the_first():
    game, _ = finished_game()

    first, created = game_rematch(game=game)
    again, created_again = game_rematch(game=game)

    assert created and again == first and not created_again
    assert Game.objects.filter(rematch_of=game).count() == 1


def test_a_rematch_opened_between_the_check_and_the_insert_is_returned_not_doubled(monkeypatch):
    game, _ = finished_game()
    other, _ = new_table(game.ruleset, options=game.options)
    Game.objects.filter(pk=other.pk).update(rematch_of=game)  # the other request won the race
    monkeypatch.setattr(game_services, "rematch_get", lambda game: None)  # …after our check

    rematch, created = game_rematch(game=game)

    assert rematch.pk == other.pk and not created
    assert Game.objects.filter(rematch_of=game).count() == 1


def test_the_database_allows_one_rematch_per_table():
    game, _ = finished_game()
    game_rematch(game=game)
    with pytest.raises(IntegrityError), transaction.atomic():
        game_create(
            ruleset=game.ruleset, options=game.options, players=game.players, hands_planned=3, rematch_of=game
        )


def test_no_rematch_before_the_last_planned_hand():
    game, _ = finished_game(planned=3)
    hand_delete(hand=game.hands.last())

    with pytest.raises(InvalidInput):
        game_rematch(game=game)
    assert not Game.objects.filter(rematch_of=game).exists()


def test_opening_the_rematch_changes_the_finished_boards_etag_so_viewers_see_the_link(client):
    game, _ = finished_game()
    etag = client.get(url("board_live", game))["ETag"]

    rematch, _ = game_rematch(game=game)

    response = client.get(url("board_live", game), headers={"If-None-Match": etag})
    assert response.status_code == 200  # the new board, which still follows corrections
    assert f'href="{url("game_board", rematch)}" data-rematch-link' in response.content.decode()


# --- the view --------------------------------------------------------------------------------


def test_the_editor_opens_the_rematch_with_a_post_and_can_enter_its_hands(client):
    game, secret = finished_game()
    claim(client, game, secret)
    board = client.get(url("game_board", game)).content.decode()
    assert url("game_rematch", game) in post_actions(board)
    assert "data-rematch " in board or "data-rematch>" in board

    response = client.post(url("game_rematch", game))

    rematch = Game.objects.get(rematch_of=game)
    assert response.status_code == 302 and response["Location"] == url("game_board", rematch)
    [message] = [str(m) for m in get_messages(response.wsgi_request)]
    assert "Rövanş masası açıldı" in message
    new_board = client.get(url("game_board", rematch)).content.decode()
    assert "data-add-hand" in new_board  # this device got edit rights on the new table
    assert f'href="{url("game_board", game)}"' in new_board.split("data-rematch-of", 1)[1]
    assert client.get(url("hand_new", rematch)).status_code == 200


def test_a_double_tap_opens_one_rematch_and_both_answers_go_to_it(client):
    game, secret = finished_game()
    claim(client, game, secret)

    first = client.post(url("game_rematch", game))
    second = client.post(url("game_rematch", game))

    assert Game.objects.filter(rematch_of=game).count() == 1
    assert first["Location"] == second["Location"] == url("game_board", Game.objects.get(rematch_of=game))


def test_the_finished_board_links_the_rematch_for_everybody_and_offers_no_second_one(client):
    game, secret = finished_game()
    rematch, _ = game_rematch(game=game)

    viewer = client.get(url("game_board", game)).content.decode()
    assert f'href="{url("game_board", rematch)}" data-rematch-link' in viewer
    assert "Ayşe &amp; Cem" in viewer.split("winners-banner", 1)[1].split("</div>", 1)[0]  # who won
    claim(client, game, secret)
    editor = client.get(url("game_board", game)).content.decode()
    assert url("game_rematch", game) not in editor
    assert f'href="{url("game_board", rematch)}" data-rematch-link' in editor
    assert f'href="{url("game_board", game)}"' in client.get(url("game_board", rematch)).content.decode()


def test_a_second_phone_with_edit_rights_joins_the_existing_rematch(client):
    game, secret = finished_game()
    rematch, _ = game_rematch(game=game)  # opened on the scorekeeper's phone
    claim(client, game, secret)  # another phone that may edit the finished table

    response = client.post(url("game_rematch", game))

    assert response["Location"] == url("game_board", rematch)
    assert Game.objects.filter(rematch_of=game).count() == 1
    assert client.get(url("hand_new", rematch)).status_code == 200


def test_after_a_new_edit_link_of_the_rematch_other_phones_are_not_let_back_in(client):
    game, secret = finished_game()
    rematch, _ = game_rematch(game=game)
    Game.objects.filter(pk=rematch.pk).update(secret_version=F("secret_version") + 1)  # rotated
    claim(client, game, secret)

    response = client.post(url("game_rematch", game))

    assert response["Location"] == url("game_board", rematch)
    [message] = [str(m) for m in get_messages(response.wsgi_request)]
    assert "düzenleme bağlantısını" in message
    assert client.get(url("hand_new", rematch)).status_code == 403


def test_a_viewer_cannot_open_a_rematch_and_is_told_how_to_get_edit_rights(client):
    game, _ = finished_game()

    board = client.get(url("game_board", game)).content.decode()
    response = client.post(url("game_rematch", game))

    assert url("game_rematch", game) not in board
    assert response.status_code == 403
    html = response.content.decode()
    assert "data-edit-rights-help" in html and "düzenleme bağlantısını" in html
    assert f'href="{url("game_board", game)}" data-board-link' in html
    assert not Game.objects.filter(rematch_of=game).exists()


def test_the_rematch_is_a_post_only_and_refused_before_the_game_ends(client):
    game, secret = finished_game()
    hand_delete(hand=game.hands.last())
    claim(client, game, secret)

    assert client.get(url("game_rematch", game)).status_code == 405
    response = client.post(url("game_rematch", game), follow=True)

    assert not Game.objects.filter(rematch_of=game).exists()
    assert re.search(r"alert-danger\">[^<]*planlanan", response.content.decode())


def test_the_board_loads_a_table_and_both_rematch_links_in_one_query(django_assert_num_queries):
    first, _ = finished_game()
    second, _ = game_rematch(game=first)
    for k in range(second.hands_planned):
        hand_record(game=second, data=finisher(k % 4))
    third, _ = game_rematch(game=second)
    lone, _ = new_table("loca")
    with django_assert_num_queries(2):  # one per table, the links' public ids included
        middle = selectors.game_for_board(second.public_id)
        assert (middle.pk, middle.public_id, middle.players) == (second.pk, second.public_id, second.players)
        assert middle.rematch_of.public_id == first.public_id
        assert middle.rematch.public_id == third.public_id
        alone = selectors.game_for_board(lone.public_id)
        assert alone.rematch_of is None
        with pytest.raises(Game.rematch.RelatedObjectDoesNotExist):
            alone.rematch  # noqa: B018 (the reverse one-to-one raises when there is none)
    with pytest.raises(Http404):
        selectors.game_for_board("no-such-table")
