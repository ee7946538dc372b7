"""What a hand's history shows: the fields that changed, in the hand page's words, and the totals
before and after, scored by the engine (scorer/tables/history.py)."""

import pytest
from django.utils import translation

from scorer.documents import score_document
from scorer.models import Device, Hand, HandChange
from scorer.tables.history import differences, entries, total_changes
from scorer.tables.services.hands import hand_delete, hand_record, hand_update
from tests.support.factories import NAMES, finisher, new_table

pytestmark = pytest.mark.django_db


def table():
    return new_table("loca-cezali", hands_planned=5)[0]


def test_a_correction_lists_only_the_fields_that_differ_per_player_in_turkish():
    game = table()
    with translation.override("tr"):
        changes = differences(game, finisher(0, points=20), finisher(0, points=35, foul=1))

    assert [(c.player, c.label, c.before, c.after) for c in changes] == [
        ("Bora", "Kalan sayı", "20", "35"),
        ("Cem", "Gerçek okey attı", "0", "1"),
    ]


def test_the_finisher_moving_shows_who_finished_and_who_opened_in_english():
    game = table()
    with translation.override("en"):
        changes = differences(game, finisher(0), finisher(1))

    labels = {(c.player, c.label): (c.before, c.after) for c in changes}
    assert labels[("Ayşe", "Finished the hand")] == ("Yes", "No")
    assert labels[("Bora", "Finished the hand")] == ("No", "Yes")
    assert labels[("Ayşe", "Opened")] == ("Sets", "Not opened")
    assert labels[("Cem", "Left in hand")] == ("0", "20")


def test_a_creation_lists_what_was_typed_against_the_defaults():
    game = table()
    with translation.override("en"):
        changes = differences(game, None, finisher(0, points=12))

    assert ("Bora", "Left in hand", "0", "12") in [(c.player, c.label, c.before, c.after) for c in changes]
    assert all(c.player != "Cem" for c in changes)  # never opened, nothing typed: nothing to say


def test_the_totals_before_and_after_are_the_engines():
    game = table()
    before, after = finisher(0, points=20), finisher(0, points=35)

    totals = total_changes(game, before, after)

    document = {"ruleset": "loca-cezali", "players": NAMES}
    expected = [score_document(document | data)[1]["players"] for data in (before, after)]
    assert [(t.before, t.after) for t in totals] == [
        (old["total"], new["total"]) for old, new in zip(*expected, strict=True)
    ]
    assert [t.changed for t in totals] == [False, True, False, False]


def test_the_history_says_this_phone_only_for_the_viewers_own_device():
    game = table()
    mine, theirs = (Device.objects.create(token_hash=c * 64) for c in "ab")
    hand = hand_record(game=game, data=finisher(0), device=mine)
    hand_update(hand=Hand.objects.get(pk=hand.pk), data=finisher(1), version=1, device=theirs)
    hand_delete(hand=Hand.objects.get(pk=hand.pk))

    shown = entries(game, HandChange.objects.filter(hand=hand), mine.pk)

    assert [(e.kind, e.this_device) for e in shown] == [
        ("create", True),
        ("correct", False),
        ("delete", False),
    ]
    assert entries(game, HandChange.objects.filter(hand=hand), None)[0].this_device is False
    assert shown[2].fields == () and [t.after for t in shown[2].totals] == [None] * 4


@pytest.mark.parametrize(
    ("language", "points", "pairs"),
    [
        ("tr", "Açılış büyüklüğü (sayı)", "Açılış büyüklüğü (çift)"),
        ("en", "Opening size, in points", "Opening size, in pairs"),
    ],
)
def test_the_opening_size_and_the_tiles_left_read_in_the_pages_language(language, points, pairs):
    game = table()
    before = {
        "players": [{"opened": "sets", "finished": True}, {"opened": "pairs", "remaining": {"points": 4}}]
    }
    after = {
        "indicator": "red-6",
        "players": [
            {"opened": "sets", "finished": True, "first_opening": {"points": 160}},
            {"opened": "pairs", "remaining": {"tiles": ["red-7", "fake"]}, "first_opening": {"pairs": 9}},
        ],
    }
    with translation.override(language):
        changes = {(c.player, c.label): (c.before, c.after) for c in differences(game, before, after)}

    assert changes[("Ayşe", points)] == ("—", "160")
    assert changes[("Bora", pairs)] == ("—", "9")
    tiles_left = "Elde kalan taşlar" if language == "tr" else "Tiles left"
    assert changes[("Bora", tiles_left)][1] == (
        "kırmızı 7, sahte okey" if language == "tr" else "red 7, fake okey"
    )
    indicator = "Gösterge" if language == "tr" else "Indicator"
    assert changes[("", indicator)] == ("—", "kırmızı 6" if language == "tr" else "red 6")
    shown = " ".join(label for _player, label in changes)
    assert "First opening" not in shown
