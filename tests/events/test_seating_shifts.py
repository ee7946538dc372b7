"""A correction in an earlier round that moves the standings a later round was seated from is
shown to the organizer (who moved, whether the round can still be seated again), and re-seating
or keeping is written down; every correction, deletion and restore is in "Kayıtlar"."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scorer.events.corrections import changed_fields, seating_shifts
from scorer.events.models import EventGame, EventRecord, Round
from scorer.events.selectors.standings import event_standings
from scorer.events.services.rounds import round_start, seating_keep
from scorer.models import Hand
from scorer.tables.services.hands import hand_delete, hand_restore, hand_update
from tests.support.eventdb import new_event, play, play_round
from tests.support.events import hand

pytestmark = pytest.mark.django_db


def organizer(event, secret: str) -> Client:
    client = Client()
    client.get(reverse("scorer:event_claim", args=[event.public_id, secret]))
    return client


def first_hand(event, round_number: int, table: int) -> Hand:
    link = EventGame.objects.get(
        table__round__event=event, table__round__number=round_number, table__number=table
    )
    return link.game.hands.live().get(position=1)


@pytest.fixture
def seated():
    """Round 1 played, round 2 seated by its standings, nothing entered in round 2 yet."""
    event, secret = new_event(8)
    round_start(event=event)
    play_round(event)
    round_start(event=event)
    return event, secret


def turn_round_1_around(event) -> Hand:
    """Table 1 of round 1 again: whoever came last finishes, the winner never opened."""
    row = first_hand(event, 1, 1)
    totals = [
        -101 if p.get("finished") else p["remaining"]["points"] if "remaining" in p else 202
        for p in row.data["players"]
    ]
    turned = [202 if t == -101 else -101 if t == 202 else t for t in totals]
    return hand_update(hand=row, data=hand(*turned))


def test_nothing_is_shown_while_the_standings_stand(seated):
    event, _secret = seated
    assert seating_shifts(event_standings(event)) == []
    assert (
        "data-seating-shift"
        not in organizer(event, _secret)
        .get(reverse("scorer:event_organize", args=[event.public_id]))
        .content.decode()
    )


def test_a_correction_in_round_1_shows_who_moved_and_that_round_2_can_be_seated_again(seated):
    event, secret = seated
    turn_round_1_around(event)
    [shift] = seating_shifts(event_standings(event))
    assert shift.round_number == 2 and shift.can_reseat
    assert shift.moves and all(move.old != move.new for move in shift.moves)
    page = organizer(event, secret).get(reverse("scorer:event_organize", args=[event.public_id]))
    html = page.content.decode()
    notice = html.split('data-seating-shift="2"', 1)[1].split("</div>", 2)[0]
    move = shift.moves[0]
    assert f"{move.name}: {move.old}. → {move.new}." in notice
    assert "data-shift-reseat" in html and "data-shift-keep" in html


def test_re_seating_after_a_correction_seats_from_the_standings_as_they_are_and_writes_it_down(seated):
    event, secret = seated
    before = [t.seats for t in Round.objects.get(event=event, number=2).tables.all()]
    turn_round_1_around(event)
    shift = seating_shifts(event_standings(event))[0]
    boss = organizer(event, secret)
    event.refresh_from_db()
    response = boss.post(reverse("scorer:event_reseat", args=[event.public_id]), {"version": event.version})
    assert response.status_code == 302
    assert seating_shifts(event_standings(event)) == []
    after = [t.seats for t in Round.objects.get(event=event, number=2).tables.all()]
    assert after != before
    record = EventRecord.objects.get(event=event, kind=EventRecord.RESEAT)
    assert record.round_number == 2 and record.note == shift.note


def test_keeping_the_seating_writes_down_who_moved_and_the_notice_goes(seated):
    event, secret = seated
    before = [t.seats for t in Round.objects.get(event=event, number=2).tables.all()]
    turn_round_1_around(event)
    shift = seating_shifts(event_standings(event))[0]
    boss = organizer(event, secret)
    event.refresh_from_db()
    url = reverse("scorer:event_keep_seating", args=[event.public_id, 2])
    assert boss.post(url, {"version": event.version}).status_code == 302
    assert seating_shifts(event_standings(event)) == []
    assert [t.seats for t in Round.objects.get(event=event, number=2).tables.all()] == before
    record = EventRecord.objects.get(event=event, kind=EventRecord.KEEP)
    assert record.note == shift.note and record.entrants == [move.name for move in shift.moves]
    page = boss.get(reverse("scorer:event_organize", args=[event.public_id])).content.decode()
    assert "data-seating-shift" not in page and 'data-record="keep"' in page


def test_a_round_with_a_hand_entered_can_only_be_kept(seated):
    event, _secret = seated
    play(
        EventGame.objects.get(table__round__event=event, table__round__number=2, table__number=1),
        (-101, 40, 12, 202),
    )
    turn_round_1_around(event)
    [shift] = seating_shifts(event_standings(event))
    assert not shift.can_reseat
    seating_keep(event=event, round_number=2)
    assert seating_shifts(event_standings(event)) == []


def test_keeping_an_unchanged_seating_is_refused(seated):
    from scorer.engine import InvalidInput

    event, _secret = seated
    with pytest.raises(InvalidInput):
        seating_keep(event=event, round_number=2)
    assert not EventRecord.objects.filter(event=event, kind=EventRecord.KEEP).exists()


def test_every_correction_deletion_and_restore_is_in_the_records_with_table_hand_and_fields():
    event, secret = new_event(8, hands=2)
    round_start(event=event)
    link = EventGame.objects.get(table__round__event=event, table__number=2)
    play(link, (-101, 40, 12, 202), (40, -101, 12, 202))
    row = link.game.hands.live().get(position=1)
    hand_update(hand=row, data=hand(-101, 40, 30, 202))
    second = link.game.hands.live().get(position=2)
    hand_delete(hand=second)
    hand_restore(hand=second)
    html = (
        organizer(event, secret)
        .get(reverse("scorer:event_organize", args=[event.public_id]))
        .content.decode()
    )
    records = html.split('id="records-heading"', 1)[1].split("</section>", 1)[0]
    corrected = records.split('data-record="hand-correct"', 1)[1].split("</li>", 1)[0]
    player = link.game.players[2]
    assert "1. tur" in corrected and "masa 2" in corrected and "1. el" in corrected
    assert f"{player}: remaining.points: 12 → 30" in corrected
    assert re.match(r'><time datetime="[^"]+">\d\d:\d\d</time>', corrected)
    assert 'data-record="hand-delete"' in records and 'data-record="hand-restore"' in records


@pytest.mark.parametrize(
    ("before", "after", "fields"),
    [
        ({"a": 1}, {"a": 1}, []),
        ({"a": {"b": 1}}, {"a": {"b": 2}}, ["a.b: 1 → 2"]),
        ({"p": [{"x": 1}, {"x": 2}]}, {"p": [{"x": 1}, {"x": 3}]}, ["p[1].x: 2 → 3"]),
        ({"f": True}, {}, ["f: ✓ → —"]),
    ],
)
def test_changed_fields_name_each_path_with_its_old_and_new_value(before, after, fields):
    assert changed_fields(before, after) == fields
