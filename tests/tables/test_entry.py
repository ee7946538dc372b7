"""The hand entry's saves as one call each (scorer/tables/entry.py): each answers what happened,
and a save that lost to another phone carries that phone's stored hand beside what was typed."""

import pytest

from scorer.models import Hand
from scorer.tables import entry
from tests.support.factories import new_table
from tests.support.posts import E2_HAND as HAND

pytestmark = pytest.mark.django_db


def test_a_new_hand_is_saved_with_its_number():
    game, _ = new_table("loca-cezali")

    answer = entry.hand_submit(game=game, data=HAND | {"hands_before": "0"})

    assert isinstance(answer, entry.Saved) and not answer.again
    assert answer.number == 1 and answer.hand == Hand.objects.get(game=game)


def test_the_same_new_hand_posted_twice_is_saved_once_and_answered_as_already_saved():
    game, _ = new_table("loca-cezali")
    first = entry.hand_submit(game=game, data=HAND | {"hands_before": "0"})

    again = entry.hand_submit(game=game, data=HAND | {"hands_before": "0"})

    assert isinstance(again, entry.Saved) and again.again
    assert again.hand == first.hand and again.number == 1
    assert Hand.objects.filter(game=game).count() == 1


def test_a_new_hand_that_lost_its_number_carries_the_stored_hand_and_the_typed_one():
    game, _ = new_table("loca-cezali")
    theirs = entry.hand_submit(game=game, data=HAND | {"hands_before": "0"}).hand

    answer = entry.hand_submit(game=game, data=HAND | {"hands_before": "0", "p1-points": "40"})

    assert isinstance(answer, entry.Conflict)
    assert answer.stored == theirs
    assert answer.submitted["players"][1]["remaining"]["points"] == 40
    assert answer.number == 1 and answer.live_hands == 1  # shown again for the number it was typed for
    assert answer.result is not None  # the preview of what was typed stays
    assert Hand.objects.filter(game=game).count() == 1


def test_saving_again_after_losing_the_number_is_answered_the_same_never_added():
    game, _ = new_table("loca-cezali")
    entry.hand_submit(game=game, data=HAND | {"hands_before": "0"})
    mine = HAND | {"hands_before": "0", "p1-points": "40"}
    entry.hand_submit(game=game, data=mine)

    again = entry.hand_submit(game=game, data=mine)

    assert isinstance(again, entry.Conflict) and again.number == 1
    assert Hand.objects.filter(game=game).count() == 1


def choice(kind: str, theirs: Hand, hands: int = 1) -> dict:
    """What the saved-meanwhile page posts with one of its three buttons."""
    return {
        "choice": kind,
        "shown_hand": theirs.position,
        "shown_version": theirs.version,
        "shown_hands": hands,
    }


def test_keeping_theirs_stores_nothing():
    game, _ = new_table("loca-cezali")
    theirs = entry.hand_submit(game=game, data=HAND | {"hands_before": "0"}).hand

    answer = entry.hand_submit(
        game=game, data=HAND | {"hands_before": "0", "p1-points": "40"} | choice("keep", theirs)
    )

    assert answer == entry.Kept(1)
    assert Hand.objects.get(game=game).data == theirs.data


def test_replacing_theirs_corrects_it_at_the_version_shown():
    game, _ = new_table("loca-cezali")
    theirs = entry.hand_submit(game=game, data=HAND | {"hands_before": "0"}).hand

    answer = entry.hand_submit(
        game=game, data=HAND | {"hands_before": "0", "p1-points": "40"} | choice("replace", theirs)
    )

    assert isinstance(answer, entry.Saved) and answer.corrected and answer.number == 1
    stored = Hand.objects.get(game=game)
    assert stored.version == 2 and stored.data["players"][1]["remaining"]["points"] == 40
    assert list(stored.changes.order_by("pk").values_list("kind", flat=True)) == ["create", "correct"]


def test_adding_it_as_a_different_hand_stores_the_next_hand():
    game, _ = new_table("loca-cezali")
    theirs = entry.hand_submit(game=game, data=HAND | {"hands_before": "0"}).hand

    answer = entry.hand_submit(
        game=game, data=HAND | {"hands_before": "0", "p1-points": "40"} | choice("add", theirs)
    )

    assert isinstance(answer, entry.Saved) and answer.number == 2 and not answer.corrected
    assert Hand.objects.filter(game=game).count() == 2


def test_adding_after_a_third_phone_saved_meanwhile_compares_with_that_hand():
    game, _ = new_table("loca-cezali")
    theirs = entry.hand_submit(game=game, data=HAND | {"hands_before": "0"}).hand
    third = entry.hand_submit(game=game, data=HAND | {"hands_before": "1", "p1-points": "7"}).hand

    answer = entry.hand_submit(
        game=game, data=HAND | {"hands_before": "0", "p1-points": "40"} | choice("add", theirs)
    )

    assert isinstance(answer, entry.Conflict)
    assert answer.stored == third and answer.number == 2 and answer.live_hands == 2
    assert Hand.objects.filter(game=game).count() == 2


def test_replacing_a_hand_corrected_meanwhile_shows_it_again():
    game, _ = new_table("loca-cezali")
    theirs = entry.hand_submit(game=game, data=HAND | {"hands_before": "0"}).hand
    shown = choice("replace", theirs)  # the page showed version 1
    entry.hand_correct(hand=theirs, number=1, data=HAND | {"p1-points": "30", "version": "1"})

    answer = entry.hand_submit(game=game, data=HAND | {"hands_before": "0", "p1-points": "40"} | shown)

    assert isinstance(answer, entry.Conflict) and answer.stored.version == 2
    assert Hand.objects.get(game=game).data["players"][1]["remaining"]["points"] == 30


def test_an_invalid_hand_answers_the_bound_form_with_its_errors_and_stores_nothing():
    game, _ = new_table("loca-cezali")

    answer = entry.hand_submit(game=game, data=HAND | {"p1-points": "-1"})

    assert isinstance(answer, entry.Invalid)
    assert answer.form.errors and answer.number == 1
    assert not Hand.objects.filter(game=game).exists()


def test_a_stale_correction_carries_the_other_phones_hand_and_the_typed_values():
    game, _ = new_table("loca-cezali")
    hand = entry.hand_submit(game=game, data=HAND | {"hands_before": "0"}).hand
    entry.hand_correct(hand=hand, number=1, data=HAND | {"p1-points": "30", "version": "1"})

    stale = Hand.objects.get(pk=hand.pk)
    stale.version = 1  # the page phone B loaded before phone A corrected it
    answer = entry.hand_correct(hand=stale, number=1, data=HAND | {"p1-points": "40", "version": "1"})

    assert isinstance(answer, entry.Conflict)
    assert answer.stored.version == 2
    assert answer.stored.data["players"][1]["remaining"]["points"] == 30
    assert answer.submitted["players"][1]["remaining"]["points"] == 40
    assert answer.result is not None and answer.version == "1"


def test_a_correction_of_a_hand_deleted_meanwhile_answers_that_it_was_deleted():
    game, _ = new_table("loca-cezali")
    hand = entry.hand_submit(game=game, data=HAND | {"hands_before": "0"}).hand
    Hand.objects.filter(pk=hand.pk).update(deleted_at="2026-01-01T00:00:00Z")

    answer = entry.hand_correct(hand=hand, number=1, data=HAND | {"version": "1"})

    assert answer == entry.HandDeleted(1)
