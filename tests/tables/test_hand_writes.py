"""Hand writes under concurrency: at most once, never a silent overwrite, few statements."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorer.models import Game, Hand
from scorer.tables.services.hands import (
    HandAlreadySaved,
    HandsChanged,
    StaleHand,
    hand_delete,
    hand_record,
    hand_update,
)
from tests.support.factories import finisher, new_table

pytestmark = pytest.mark.django_db

MAX_SAVE_STATEMENTS = 7
"""5 for the save itself, +1: the hand's history row (HandChange), +1: the table's kept totals
(scorer/tables/scores.py), written in the same transaction."""


def test_the_same_hand_posted_again_with_the_same_hands_before_is_stored_once():
    game, _ = new_table()
    first = hand_record(game=game, data=finisher(0), hands_before=0)

    with pytest.raises(HandAlreadySaved) as exc:
        hand_record(game=game, data=finisher(0), hands_before=0)

    assert exc.value.hand.pk == first.pk
    assert exc.value.number == 1
    assert game.hands.count() == 1


def test_a_different_hand_saved_meanwhile_is_reported_not_doubled():
    game, _ = new_table()
    hand_record(game=game, data=finisher(0), hands_before=0)

    with pytest.raises(HandsChanged) as exc:
        hand_record(game=game, data=finisher(1), hands_before=0)

    assert exc.value.hands == 1
    assert game.hands.count() == 1
    hand_record(game=game, data=finisher(1), hands_before=1)
    assert list(game.hands.values_list("position", flat=True)) == [1, 2]


def test_hands_before_counts_live_hands_only():
    game, _ = new_table()
    hand_delete(hand=hand_record(game=game, data=finisher(0)))

    hand = hand_record(game=game, data=finisher(1), hands_before=0)

    assert hand.position == 2  # positions never reuse a deleted hand's place


def test_a_correction_based_on_an_older_version_is_refused_with_the_stored_hand():
    game, _ = new_table()
    hand = hand_record(game=game, data=finisher(0))
    hand_update(hand=Hand.objects.get(pk=hand.pk), data=finisher(1), version=1)

    with pytest.raises(StaleHand) as exc:
        hand_update(hand=Hand.objects.get(pk=hand.pk), data=finisher(2), version=1)

    assert exc.value.current.version == 2
    assert exc.value.current.data["players"][1].get("finished") is True  # the other change
    assert Hand.objects.get(pk=hand.pk).data["players"][1].get("finished") is True  # not overwritten


def test_a_correction_on_the_current_version_bumps_it():
    game, _ = new_table()
    hand = hand_record(game=game, data=finisher(0))

    updated = hand_update(hand=hand, data=finisher(1), version=1)

    assert updated.version == 2
    assert Hand.objects.get(pk=hand.pk).version == 2


def test_a_hand_save_takes_at_most_seven_sql_statements():
    game, _ = new_table(ruleset="loca", hands_planned=21)
    for k in range(3):
        hand_record(game=game, data=finisher(k % 4))
    game = Game.objects.get(pk=game.pk)

    with CaptureQueriesContext(connection) as save:
        hand_record(game=game, data=finisher(3), hands_before=3)
    assert game.version == Game.objects.get(pk=game.pk).version  # kept current without a re-read
    with CaptureQueriesContext(connection) as correction:
        hand_update(hand=game.hands.first(), data=finisher(2), version=1)

    statements = [q["sql"] for q in save.captured_queries]  # with the transaction's own SAVEPOINT/RELEASE
    assert len(statements) <= MAX_SAVE_STATEMENTS, statements
    data = [sql.split()[0] for sql in statements if sql.split()[0] not in ("SAVEPOINT", "RELEASE")]
    # lock + bump the table and its later rematches (WITH RECURSIVE … UPDATE), read its hands,
    # store, the history row, then the table's kept totals
    assert data == ["WITH", "SELECT", "INSERT", "INSERT", "UPDATE"]
    assert len(correction.captured_queries) <= MAX_SAVE_STATEMENTS


def test_the_save_statement_count_does_not_grow_with_hands():
    game, _ = new_table(ruleset="loca", hands_planned=21)
    with CaptureQueriesContext(connection) as first:
        hand_record(game=game, data=finisher(0), hands_before=0)
    for k in range(1, 10):
        hand_record(game=game, data=finisher(k % 4))
    with CaptureQueriesContext(connection) as eleventh:
        hand_record(game=game, data=finisher(1), hands_before=10)

    assert len(eleventh.captured_queries) == len(first.captured_queries)


# --- the request id a device makes for a hand form (hands kept offline and sent again) ------------

RID = "0f8e3c1a-5b2d-4e6f-9a7b-1c2d3e4f5a6b"


def test_a_replay_with_the_request_id_of_a_stored_hand_is_stored_once_even_after_other_hands():
    game, _ = new_table(ruleset="loca", hands_planned=21)
    first = hand_record(game=game, data=finisher(0), hands_before=0, request_id=RID)
    hand_record(game=game, data=finisher(1), hands_before=1)  # another phone, meanwhile

    with pytest.raises(HandAlreadySaved) as exc:  # the answer to the first post was lost: sent again
        hand_record(game=game, data=finisher(0), hands_before=0, request_id=RID)

    assert exc.value.hand.pk == first.pk and exc.value.number == 1
    assert game.hands.count() == 2


def test_a_replay_of_a_hand_deleted_since_does_not_bring_it_back():
    game, _ = new_table()
    hand_delete(hand=hand_record(game=game, data=finisher(0), hands_before=0, request_id=RID))

    with pytest.raises(HandAlreadySaved):
        hand_record(game=game, data=finisher(0), hands_before=0, request_id=RID)

    assert game.hands.count() == 1 and game.hands.live().count() == 0


def test_the_same_values_under_a_new_request_id_after_a_change_meanwhile_are_refused_not_doubled():
    game, _ = new_table()
    hand_record(game=game, data=finisher(0), hands_before=0, request_id=RID)
    hand_record(game=game, data=finisher(1), hands_before=1)

    with pytest.raises(HandsChanged):
        hand_record(game=game, data=finisher(2), hands_before=0, request_id=RID.replace("0f", "1f"))

    assert game.hands.count() == 2


def test_two_identical_hands_in_a_row_each_with_its_own_request_id_are_both_stored():
    game, _ = new_table(ruleset="loca", hands_planned=21)
    hand_record(game=game, data=finisher(0), hands_before=0, request_id=RID)

    second = hand_record(game=game, data=finisher(0), hands_before=1, request_id=RID.replace("0f", "2f"))

    assert second.position == 2 and game.hands.live().count() == 2


def test_a_save_with_a_request_id_still_takes_five_data_statements():
    game, _ = new_table(ruleset="loca", hands_planned=21)
    hand_record(game=game, data=finisher(0), hands_before=0, request_id=RID)

    with CaptureQueriesContext(connection) as save:
        hand_record(game=game, data=finisher(1), hands_before=1, request_id=RID.replace("0f", "3f"))

    data = [q["sql"].split()[0] for q in save.captured_queries]
    # the table and its later rematches bumped (WITH RECURSIVE … UPDATE); the last INSERT is the
    # history row, the last UPDATE the table's kept totals
    assert [word for word in data if word not in ("SAVEPOINT", "RELEASE")] == [
        "WITH",
        "SELECT",
        "INSERT",
        "INSERT",
        "UPDATE",
    ]
