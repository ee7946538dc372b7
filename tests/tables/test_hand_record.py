"""What a hand records beside its input: its dealer, who finished and how, stored
when it is saved and never recomputed: a deletion leaves every other hand's dealer as it was."""

import importlib
from types import SimpleNamespace

import pytest
from django.apps import apps as django_apps
from django.db import connection

from scorer.models import Hand
from scorer.tables import backup
from scorer.tables.board import csv_rows
from scorer.tables.outcome import next_dealer, stored_finish
from scorer.tables.selectors import game_board, next_hand
from scorer.tables.services.games import game_rematch
from scorer.tables.services.hands import hand_delete, hand_record, hand_restore, hand_update
from tests.support.factories import finisher, new_table

pytestmark = pytest.mark.django_db


def dealers(game) -> list[int]:
    return list(game.hands.live().values_list("dealer", flat=True))


def test_deleting_hand_1_leaves_the_dealer_of_every_later_hand_unchanged():
    game, _ = new_table("loca", hands_planned=7, first_dealer=2, hands=[finisher(k % 4) for k in range(5)])
    before = {hand.position: hand.dealer for hand in game.hands.all()}
    assert list(before.values()) == [2, 3, 0, 1, 2]

    hand_delete(hand=game.hands.get(position=1))

    after = {hand.position: hand.dealer for hand in game.hands.live()}
    assert after == {position: dealer for position, dealer in before.items() if position != 1}
    assert [row.dealer for row in game_board(game).rows] == [3, 0, 1, 2]
    board_csv = csv_rows(game_board(game))
    assert [row[1] for row in board_csv[1:-1]] == ["Deniz", "Ayşe", "Bora", "Cem"]  # as before the deletion


def test_the_next_hand_follows_the_last_stored_dealer_not_the_hand_count():
    game, _ = new_table(
        "loca", hands_planned=7, first_dealer=1, hands=[finisher(0), finisher(1), finisher(2)]
    )
    hand_delete(hand=game.hands.get(position=1))  # dealers 2, 3 remain

    assert next_hand(game) == (2, 0)
    assert game_board(game).next_dealer == 0
    assert hand_record(game=game, data=finisher(3)).dealer == 0


def test_deleting_the_last_hand_gives_its_deal_to_the_hand_entered_again():
    game, _ = new_table("loca", hands_planned=5, hands=[finisher(0), finisher(1)])
    hand_delete(hand=game.hands.get(position=2))  # dealt by seat 1

    assert hand_record(game=game, data=finisher(2)).dealer == 1


def test_a_restored_hand_keeps_its_dealer_and_a_correction_keeps_the_dealer():
    game, _ = new_table("loca", hands_planned=5, first_dealer=3, hands=[finisher(0), finisher(1)])
    first = game.hands.get(position=1)
    hand_delete(hand=first)
    hand_restore(hand=first)
    hand_update(hand=first, data=finisher(2), version=1)

    first.refresh_from_db()
    assert (first.dealer, first.finisher) == (3, 2)
    assert dealers(game) == [3, 0]


@pytest.mark.parametrize(
    ("ruleset", "player", "finish"),
    [
        ("loca", {"opened": "sets", "finished": True}, ""),
        ("loca", {"opened": "pairs", "finished": True}, "pairs"),
        ("loca", {"opened": "sets", "finished": True, "finish": {"okey_discard": True}}, "okey_discard"),
        ("loca-cezali", {"opened": "sets", "finished": True, "finish": {"elden": True}}, "elden"),
        (
            "loca-cezali",
            {"opened": "pairs", "finished": True, "finish": {"okey_discard": True, "elden": True}},
            "pairs,okey_discard,elden",
        ),
        (
            "loca-cezali",
            {"opened": "pairs", "finished": True, "finish": {"nine_pairs_run": True}},
            "pairs,nine_pairs_run",
        ),
    ],
)
def test_the_finisher_and_how_they_finished_are_stored_as_the_rule_set_scores_them(ruleset, player, finish):
    seats = [{"opened": "none"} for _ in range(4)]
    seats[2] = player
    seats[3] = {"opened": "sets", "remaining": {"points": 10}}
    game, _ = new_table(ruleset, hands_planned=5 if ruleset == "loca" else 7)

    hand = hand_record(game=game, data={"players": seats})

    stored = Hand.objects.get(pk=hand.pk)
    assert (stored.finisher, stored.finish) == (2, finish)


def test_a_flag_the_rule_set_does_not_score_is_not_recorded_and_a_deck_out_has_no_finisher():
    assert stored_finish(
        {"players": [{"finished": True, "opened": "sets", "finish": {"elden": True}}]}, ("okey_discard",)
    ) == (0, "")
    assert stored_finish({"players": [{"opened": "sets"}, {"opened": "none"}]}, ("elden",)) == (None, "")
    assert next_dealer(None, 5, 4) == 1 and next_dealer(3, 0, 4) == 0


def test_the_rematch_deals_on_from_the_last_stored_dealer():
    game, _ = new_table(
        "kerizim", hands_planned=3, first_dealer=0, hands=[finisher(0), finisher(1), finisher(2)]
    )
    hand_delete(hand=game.hands.get(position=3))  # dealt by seat 2
    hand_record(game=game, data=finisher(3))  # dealt by seat 2 again

    rematch, _created = game_rematch(game=game)

    assert rematch.first_dealer == 3


def test_the_backup_carries_each_hands_dealer_and_an_old_backup_without_it_still_imports():
    game, _ = new_table(
        "loca", hands_planned=5, first_dealer=1, hands=[finisher(0), finisher(1), finisher(2)]
    )
    hand_delete(hand=game.hands.get(position=1))
    entry = backup.table_entry(game)
    assert [meta["dealer"] for meta in entry["table"]["hands"]] == [2, 3]
    assert [meta["dealer"] for meta in entry["table"]["deleted_hands"]] == [1]
    assert "dealer" not in str(entry["game"])  # the game document stays HAND_FORMAT.md's

    game.delete()
    restored = backup.entry_import(data=entry).game
    assert dealers(restored) == [2, 3]
    assert list(restored.hands.filter(deleted_at__isnull=False).values_list("dealer", flat=True)) == [1]
    assert list(restored.hands.live().values_list("finisher", flat=True)) == [1, 2]

    restored.delete()
    for meta in entry["table"]["hands"] + entry["table"]["deleted_hands"]:
        del meta["dealer"]  # a backup written before hands stored their dealer
    old = backup.entry_import(data=entry).game
    assert dealers(old) == [1, 2]  # rotating from the first dealer, as the board showed them then
    assert list(old.hands.filter(deleted_at__isnull=False).values_list("dealer", flat=True)) == [1]

    fresh = backup.entry_import(data=entry["game"]).game  # a bare game document (oyun.json)
    assert dealers(fresh) == [0, 1]


def test_the_migration_fills_existing_hands_with_the_dealer_the_board_showed():
    game, _ = new_table("loca", hands_planned=7, first_dealer=3, hands=[finisher(k % 4) for k in range(4)])
    hand_delete(hand=game.hands.get(position=2))
    Hand.objects.filter(game=game).update(dealer=0, finisher=None, finish="x")

    migration = importlib.import_module("scorer.migrations.0008_hand_dealer_finisher")
    migration.fill_existing_hands(django_apps, SimpleNamespace(connection=connection))

    rows = {h.position: (h.dealer, h.finisher, h.finish) for h in game.hands.all()}
    # live hands 1, 3, 4 were shown as dealt by seats 3, 0, 1; deleted hand 2 lies after hand 1
    assert rows == {1: (3, 0, ""), 2: (0, 1, ""), 3: (0, 2, ""), 4: (1, 3, "")}
