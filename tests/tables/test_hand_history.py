"""Every hand has a history: each creation, correction, deletion and restore is a
``HandChange`` row written in the same transaction as the change, on SQLite and PostgreSQL."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorer.models import Device, Game, Hand, HandChange
from scorer.tables.services import hands as hand_services
from scorer.tables.services.hands import (
    HandAlreadySaved,
    StaleHand,
    _history,
    hand_delete,
    hand_record,
    hand_restore,
    hand_update,
)
from tests.support.factories import finisher, new_table

pytestmark = pytest.mark.django_db


def kinds(hand: Hand) -> list[str]:
    return list(HandChange.objects.filter(hand=hand).values_list("kind", flat=True))


@pytest.fixture
def phone() -> Device:
    return Device.objects.create(token_hash="a" * 64)


def test_each_write_of_a_hand_leaves_one_history_row_with_what_it_held_before_and_after(phone):
    game, _ = new_table(hands_planned=3)
    hand = hand_record(game=game, data=finisher(0), device=phone)
    hand_update(hand=Hand.objects.get(pk=hand.pk), data=finisher(1, points=30), version=1, device=phone)
    hand_delete(hand=Hand.objects.get(pk=hand.pk), device=phone)
    hand_restore(hand=Hand.objects.get(pk=hand.pk))

    changes = list(HandChange.objects.filter(hand=hand))

    assert [c.kind for c in changes] == ["create", "correct", "delete", "restore"]
    create, correct, delete, restore = changes
    assert (create.before, create.after) == (None, finisher(0))
    assert (correct.before, correct.after) == (finisher(0), finisher(1, points=30))
    assert (delete.before, delete.after) == (finisher(1, points=30), None)
    assert (restore.before, restore.after) == (None, finisher(1, points=30))
    assert [c.device_id for c in changes] == [phone.pk, phone.pk, phone.pk, None]
    assert create.at <= correct.at <= delete.at <= restore.at


def test_a_correction_without_a_version_keeps_what_was_stored_not_what_the_caller_had_loaded():
    game, _ = new_table()
    hand = hand_record(game=game, data=finisher(0))
    loaded = Hand.objects.get(pk=hand.pk)
    hand_update(hand=Hand.objects.get(pk=hand.pk), data=finisher(1), version=1)  # another phone

    hand_update(hand=loaded, data=finisher(2))  # no version: replaces whatever is stored

    assert HandChange.objects.filter(kind="correct").last().before == finisher(1)


def test_corrections_and_deletions_after_every_planned_hand_was_played_are_marked():
    game, _ = new_table(hands_planned=3)
    first = hand_record(game=game, data=finisher(0))
    hand_update(hand=Hand.objects.get(pk=first.pk), data=finisher(1), version=1)
    for seat in (1, 2):
        hand_record(game=game, data=finisher(seat))

    hand_update(hand=Hand.objects.get(pk=first.pk), data=finisher(3), version=2)
    hand_delete(hand=Hand.objects.get(pk=first.pk))
    hand_restore(hand=Hand.objects.get(pk=first.pk))

    marks = list(HandChange.objects.filter(hand=first).values_list("kind", "after_game_end"))
    assert marks == [
        ("create", False),
        ("correct", False),  # hand 1 corrected while the game ran
        ("correct", True),  # after the third and last hand
        ("delete", True),
        ("restore", False),  # a restore needs room: the game was not over
    ]


def test_a_stale_correction_writes_no_history():
    game, _ = new_table()
    hand = hand_record(game=game, data=finisher(0))
    hand_update(hand=Hand.objects.get(pk=hand.pk), data=finisher(1), version=1)

    with pytest.raises(StaleHand):
        hand_update(hand=Hand.objects.get(pk=hand.pk), data=finisher(2), version=1)

    assert kinds(hand) == ["create", "correct"]


def test_a_hand_refused_as_already_saved_writes_no_history():
    game, _ = new_table()
    hand = hand_record(game=game, data=finisher(0), hands_before=0)

    with pytest.raises(HandAlreadySaved):
        hand_record(game=game, data=finisher(0), hands_before=0)

    assert HandChange.objects.count() == 1 and kinds(hand) == ["create"]


def test_a_forgotten_device_leaves_its_changes_as_another_phones(phone):
    game, _ = new_table()
    hand = hand_record(game=game, data=finisher(0), device=phone)

    phone.delete()  # its grants expired

    assert HandChange.objects.get(hand=hand).device_id is None


def test_a_correction_with_its_history_takes_one_statement_more_than_without():
    game, _ = new_table(ruleset="loca", hands_planned=21)
    hand = game.hands.get(pk=hand_record(game=game, data=finisher(0)).pk)

    with CaptureQueriesContext(connection) as correction:
        hand_update(hand=hand, data=finisher(1), version=1)

    data = [q["sql"].split()[0] for q in correction.captured_queries]
    # the hand, the table's version (with its later rematches': WITH RECURSIVE … UPDATE), the
    # history row, then the table's kept totals
    assert [w for w in data if w not in ("SAVEPOINT", "RELEASE")] == ["UPDATE", "WITH", "INSERT", "UPDATE"]
    assert all(" UPDATE " in q["sql"] for q in correction.captured_queries if q["sql"].startswith("WITH"))


# --- one transaction: the change and its history row stand or fall together ----------------------


class Boom(Exception):
    pass


def fail_after_history(monkeypatch):
    """Make every history write succeed, then fail: whatever was written before must go too."""
    real = _history

    def write_then_fail(*args, **kwargs):
        real(*args, **kwargs)
        assert HandChange.objects.count() > 0  # the row was written inside the transaction
        raise Boom

    monkeypatch.setattr(hand_services, "_history", write_then_fail)


def fail_history(monkeypatch):
    def refuse(*args, **kwargs):
        raise Boom

    monkeypatch.setattr(hand_services, "_history", refuse)


@pytest.mark.django_db(transaction=True)  # real transactions: COMMIT and ROLLBACK, not savepoints only
@pytest.mark.parametrize("fail", [fail_after_history, fail_history])
def test_a_new_hand_and_its_history_row_are_written_together_or_not_at_all(monkeypatch, fail):
    game, _ = new_table()
    version = Game.objects.get(pk=game.pk).version
    fail(monkeypatch)

    with pytest.raises(Boom):
        hand_record(game=game, data=finisher(0), hands_before=0)

    assert Hand.objects.count() == 0 and HandChange.objects.count() == 0
    assert Game.objects.get(pk=game.pk).version == version  # the lock's bump went too


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("fail", [fail_after_history, fail_history])
def test_a_correction_and_its_history_row_are_written_together_or_not_at_all(monkeypatch, fail):
    game, _ = new_table()
    hand = hand_record(game=game, data=finisher(0))
    fail(monkeypatch)

    with pytest.raises(Boom):
        hand_update(hand=Hand.objects.get(pk=hand.pk), data=finisher(1), version=1)

    stored = Hand.objects.get(pk=hand.pk)
    assert (stored.data, stored.version) == (finisher(0), 1)
    assert kinds(hand) == ["create"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("fail", [fail_after_history, fail_history])
def test_a_deletion_and_a_restore_and_their_history_rows_are_written_together(monkeypatch, fail):
    game, _ = new_table()
    hand = hand_record(game=game, data=finisher(0))
    real = _history
    fail(monkeypatch)

    with pytest.raises(Boom):
        hand_delete(hand=Hand.objects.get(pk=hand.pk))
    assert Hand.objects.get(pk=hand.pk).deleted_at is None and kinds(hand) == ["create"]

    monkeypatch.setattr(hand_services, "_history", real)
    hand_delete(hand=Hand.objects.get(pk=hand.pk))
    fail(monkeypatch)
    with pytest.raises(Boom):
        hand_restore(hand=Hand.objects.get(pk=hand.pk))
    assert Hand.objects.get(pk=hand.pk).deleted_at is not None and kinds(hand) == ["create", "delete"]
