"""Services and selectors of tables: validated writes, undo, board totals, constant query count."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils.translation import gettext

from scorer.engine import InvalidInput, score_game
from scorer.tables.selectors import deleted_hands, game_board, game_document, live_hand_count
from scorer.tables.services.hands import (
    MSG_GAME_COMPLETE,
    hand_delete,
    hand_record,
    hand_restore,
    hand_update,
)
from tests.support.factories import finisher, new_table

pytestmark = pytest.mark.django_db


def test_game_create_stores_only_a_hash_of_the_edit_secret():
    game, secret = new_table()
    assert game.check_secret(secret)
    assert not game.check_secret(secret + "x")
    assert secret not in game.edit_secret_hash
    assert len(game.public_id) >= 16


@pytest.mark.parametrize(
    ("overrides", "path"),
    [
        ({"ruleset": "batak"}, "ruleset"),
        ({"hands_planned": 5}, "hands_planned"),
        ({"players": ["Ayşe"]}, "players"),
        ({"players": ["Ayşe", "ayşe"]}, "players[1]"),
        ({"options": {"katlama": "extra"}}, "options.katlama"),
        ({"first_dealer": 4}, "first_dealer"),
    ],
)
def test_game_create_rejects_bad_tables_naming_the_field(overrides, path):
    with pytest.raises(InvalidInput) as exc:
        new_table(**overrides)
    assert path in [e.path for e in exc.value.errors]


def test_hand_record_validates_and_board_totals_match_engine():
    game, _ = new_table()
    hand_record(game=game, data=finisher(0, foul=1))
    hand_record(game=game, data=finisher(1))
    board = game_board(game)
    expected = score_game(game_document(game))
    assert board.totals == expected.totals
    assert [row.number for row in board.rows] == [1, 2]
    assert board.rows[-1].running == expected.totals
    assert board.rows[1].dealer == 1


def test_invalid_hand_is_rejected_with_its_path_and_nothing_stored():
    game, _ = new_table()
    bad = finisher()
    bad["players"][1]["remaining"]["points"] = 999
    with pytest.raises(InvalidInput) as exc:
        hand_record(game=game, data=bad)
    assert [e.path for e in exc.value.errors] == ["players[1].remaining.points"]
    assert game.hands.count() == 0


def test_no_hand_beyond_the_planned_count():
    game, _ = new_table(hands_planned=1)
    hand_record(game=game, data=finisher())
    with pytest.raises(InvalidInput) as exc:
        hand_record(game=game, data=finisher())
    assert exc.value.errors[0].message == gettext(MSG_GAME_COMPLETE)


def test_correcting_a_hand_changes_totals_and_keeps_its_place():
    game, _ = new_table()
    first = hand_record(game=game, data=finisher(0))
    hand_record(game=game, data=finisher(1))
    before = game_board(game).totals
    hand_update(hand=first, data=finisher(2))
    board = game_board(game)
    assert board.totals != before
    assert board.rows[0].hand.pk == first.pk


def test_deleted_hand_can_be_restored_and_every_write_bumps_the_version():
    game, _ = new_table()
    hand = hand_record(game=game, data=finisher(0))
    version = game.version
    hand_delete(hand=hand)
    game.refresh_from_db()
    assert game.version == version + 1
    assert game_board(game).hands_played == 0
    assert deleted_hands(game) == [hand]
    hand_restore(hand=hand)
    assert game_board(game).hands_played == 1


def test_winners_when_the_game_is_complete():
    game, _ = new_table(hands_planned=1)
    hand_record(game=game, data=finisher(0))
    board = game_board(game)
    assert board.complete
    assert board.result.winners == (0,)


def test_board_query_count_does_not_grow_with_hands(django_assert_num_queries):
    game, _ = new_table(ruleset="loca", hands_planned=21)
    hand_record(game=game, data=finisher(0))
    with CaptureQueriesContext(connection) as one:
        game_board(game)
    for i in range(10):
        hand_record(game=game, data=finisher(i % 4))
    with CaptureQueriesContext(connection) as eleven:
        game_board(game)
    assert len(eleven.captured_queries) == len(one.captured_queries) <= 2


def test_live_hand_count_counts_what_the_orm_counts():
    game, _secret = new_table()
    other, _ = new_table()
    assert live_hand_count(game) == 0
    hands = [hand_record(game=game, data=finisher(i % 4)) for i in range(3)]
    hand_record(game=other, data=finisher())
    hand_delete(hand=hands[1])
    assert live_hand_count(game) == game.hands.live().count() == 2
    with CaptureQueriesContext(connection) as queries:
        live_hand_count(game)
    assert len(queries) == 1
