"""A tie at the cut played off in the app: a tie-break game of only the tied, one hand unless the
organizer chooses more, whose result is recorded as the table's decision; the event's export
holds that decision only (EVENT_FORMAT.md), and ``score_event`` scores it as the page does."""

import json

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from scorer.events.models import Entrant, Event, EventGame, EventRecord, EventTable, TieBreak
from scorer.events.selectors.standings import event_standings
from scorer.events.services.rounds import round_start
from scorer.events.tiebreak import MSG_STILL_TIED
from scorer.tables.services.hands import hand_record
from tests.support.eventdb import new_event, play
from tests.support.events import hand

pytestmark = pytest.mark.django_db


def event_url(name: str, event: Event, *args) -> str:
    return reverse(f"scorer:{name}", args=[event.public_id, *args])


def tied_event():
    """An 8-player knockout whose table 1 is tied at the cut: seats 2 and 3 both have 12."""
    event, secret = new_event(8, kind="knockout")
    round_start(event=event)
    link, other = EventGame.objects.filter(table__round__event=event).order_by("table__number")
    play(link, (-101, 12, 12, 202))
    play(other, (-101, 40, 12, 202))
    boss = Client()
    boss.get(reverse("scorer:event_claim", args=[event.public_id, secret]))
    event.refresh_from_db()
    tied = [Entrant.objects.get(pk=pk) for pk in link.table.seats[1:3]]
    return event, boss, link.table, tied


def start(boss, event, **data):
    event.refresh_from_db()
    return boss.post(event_url("event_tiebreak", event, 1, 1), {"version": event.version, **data})


def test_the_tie_break_game_seats_only_the_tied_over_one_hand_and_this_device_keeps_its_score():
    event, boss, table, tied = tied_event()
    page = boss.get(event_url("event_organize", event)).content.decode()
    assert "data-tie-break-start" in page and 'name="hands"' in page
    response = start(boss, event, hands="1")
    tie_break = TieBreak.objects.get(table=table)
    assert response.status_code == 302
    assert response["Location"] == reverse("scorer:game_board", args=[tie_break.game.public_id])
    assert tie_break.game.players == [entrant.name for entrant in tied]
    assert tie_break.game.hands_planned == 1 and tie_break.places == 1
    assert boss.get(reverse("scorer:hand_new", args=[tie_break.game.public_id])).status_code == 200
    record = EventRecord.objects.get(event=event, kind=EventRecord.TIE_BREAK)
    assert record.entrants == [entrant.name for entrant in tied] and record.table_number == 1


def test_its_result_is_recorded_as_the_decision_and_the_export_scores_the_same(tmp_path, capsys):
    event, boss, table, tied = tied_event()
    start(boss, event, hands="1")
    game = TieBreak.objects.get(table=table).game
    hand_record(game=game, data=hand(40, -101))  # the second of the tied wins the play-off
    page = boss.get(event_url("event_organize", event)).content.decode()
    assert 'data-tie-break-state="decided"' in page and "data-tie-break-record" in page
    event.refresh_from_db()
    response = boss.post(event_url("event_tiebreak_record", event, 1, 1), {"version": event.version})
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.decided == [tied[1].pk]
    record = EventRecord.objects.get(event=event, kind=EventRecord.CUT)
    assert record.entrants == [tied[1].name]
    assert record.note == f"Eşitlik oyunu: {tied[0].name} 40, {tied[1].name} \u2212101"
    view = event_standings(event)
    assert view.round_complete and tied[1].name in view.current[0].advancing
    body = Client().get(event_url("event_export_json", event)).content
    document = json.loads(body)
    assert document["rounds"][0]["tables"][0]["decided"] == [tied[1].name]
    assert len(document["rounds"][0]["tables"][0]["games"]) == 1  # the tie-break is no game of the event
    path = tmp_path / "turnuva.json"
    path.write_bytes(body)
    call_command("score_event", str(path), "--lang", "en")
    assert json.loads(capsys.readouterr().out)["standings"] == view.result.to_dict()["standings"]


def test_a_tie_break_that_is_tied_too_decides_nothing_and_deciding_by_hand_stays_possible():
    event, boss, table, tied = tied_event()
    start(boss, event, hands="2")
    game = TieBreak.objects.get(table=table).game
    hand_record(game=game, data=hand(40, -101))
    event.refresh_from_db()
    early = boss.post(
        event_url("event_tiebreak_record", event, 1, 1), {"version": event.version}, follow=True
    )
    assert "henüz bitmedi" in early.content.decode()
    hand_record(game=game, data=hand(-101, 40))
    page = boss.get(event_url("event_organize", event)).content.decode()
    assert 'data-tie-break-state="tied"' in page and "data-tie-break-start" in page
    event.refresh_from_db()
    refused = boss.post(
        event_url("event_tiebreak_record", event, 1, 1), {"version": event.version}, follow=True
    )
    table.refresh_from_db()
    assert table.decided is None
    with_lang = refused.content.decode()
    assert "da berabere" in with_lang, str(MSG_STILL_TIED)
    event.refresh_from_db()
    boss.post(event_url("event_decide", event, 1, 1), {"chosen": [tied[0].name], "version": event.version})
    assert EventTable.objects.get(pk=table.pk).decided == [tied[0].pk]


def test_a_table_without_a_tie_gets_no_tie_break_game():
    event, boss, _table, _tied = tied_event()
    event.refresh_from_db()
    response = boss.post(event_url("event_tiebreak", event, 1, 2), {"version": event.version, "hands": "1"})
    assert "eşitlik yok" in boss.get(response["Location"]).content.decode()
    assert not TieBreak.objects.exists()
