"""The round timer: server time, moved by the tests (scorer.events.clock.now), never waited for."""

import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse

from scorer.engine import InvalidInput
from scorer.events import clock
from scorer.events.models import Event, EventGame, EventRecord, Round
from scorer.events.services.rounds import round_start
from scorer.events.timer import MSG_NOT_RUNNING, timer_change
from tests.support.eventdb import new_event

pytestmark = pytest.mark.django_db

T0 = datetime.datetime(2026, 12, 4, 19, 0, tzinfo=datetime.UTC)


@pytest.fixture
def at(monkeypatch):
    """Set the server's time: ``at(seconds after T0)``."""
    moment = [T0]
    monkeypatch.setattr(clock, "now", lambda: moment[0])

    def move(seconds: float) -> None:
        moment[0] = T0 + datetime.timedelta(seconds=seconds)

    return move


def running_event():
    event, secret = new_event(8)
    round_start(event=event)
    event.refresh_from_db()
    boss = Client()
    boss.get(reverse("scorer:event_claim", args=[event.public_id, secret]))
    return event, boss


def post(boss: Client, event: Event, **data):
    event.refresh_from_db()
    return boss.post(
        reverse("scorer:event_timer", args=[event.public_id]), {"version": event.version, **data}
    )


def test_started_paused_resumed_and_added_to_it_counts_server_time(at):
    event, boss = running_event()
    at(0)
    assert post(boss, event, action="start", minutes="45").status_code == 302
    at(600)
    assert clock.timer_of(Round.objects.get(event=event)).left == 35 * 60
    post(boss, event, action="pause")
    at(5000)  # paused: the time left stays
    timer = clock.timer_of(Round.objects.get(event=event))
    assert (timer.state, timer.left) == ("paused", 35 * 60)
    post(boss, event, action="add", minutes="5")
    post(boss, event, action="resume")
    at(5000 + 40 * 60 - 1)
    assert clock.timer_of(Round.objects.get(event=event)).left == 1
    at(5000 + 40 * 60)
    assert clock.timer_of(Round.objects.get(event=event)).state == "over"
    assert EventRecord.objects.filter(event=event, kind=EventRecord.TIMER).count() == 1


def test_the_display_the_standings_and_every_tables_board_show_the_time_left(at):
    event, boss = running_event()
    at(0)
    post(boss, event, action="start", minutes="30")
    at(60)
    viewer = Client()
    display = viewer.get(reverse("scorer:event_display", args=[event.public_id])).content.decode()
    standings = viewer.get(reverse("scorer:event_standings", args=[event.public_id])).content.decode()
    ends = int((T0 + datetime.timedelta(minutes=30)).timestamp() * 1000)
    for page in (display, standings):
        assert f'data-ends-at="{ends}"' in page and "22:30" in page  # until 22:30 in Istanbul
    for link in EventGame.objects.filter(table__round__event=event).select_related("game"):
        board = viewer.get(reverse("scorer:game_board", args=[link.game.public_id])).content.decode()
        assert f'data-ends-at="{ends}"' in board and "29:00" in board


def test_a_boards_clock_for_its_timer_is_this_requests_though_the_page_is_kept(at):
    event, boss = running_event()
    at(0)
    post(boss, event, action="start", minutes="30")
    link = EventGame.objects.filter(table__round__event=event).select_related("game").first()
    board = reverse("scorer:game_board", args=[link.game.public_id])
    clocks = []
    for seconds in (60, 90):  # the same version of the board: its page and layout are kept
        at(seconds)
        page = Client().get(board).content.decode()
        clocks.append(int(re.search(r'<meta name="okeycalc-now" content="(\d+)">', page)[1]))
    assert clocks == [int((T0 + datetime.timedelta(seconds=s)).timestamp() * 1000) for s in (60, 90)]


def test_at_zero_the_tables_are_told_to_play_the_last_hand(at):
    event, boss = running_event()
    at(0)
    post(boss, event, action="start", minutes="1")
    link = EventGame.objects.filter(table__round__event=event).select_related("game").first()
    at(61)
    post(boss, event, action="add", minutes="1")  # a new version of every board: rendered afresh
    at(200)
    board = Client().get(reverse("scorer:game_board", args=[link.game.public_id])).content.decode()
    assert 'data-state="over"' in board and "son eli oynayın" in board


def test_a_pause_needs_a_running_timer_and_a_start_needs_minutes(at):
    event, boss = running_event()
    at(0)
    timer_change(event=event, action="start", minutes=10)
    timer_change(event=event, action="pause")
    with pytest.raises(InvalidInput) as refused:
        timer_change(event=event, action="pause")
    assert refused.value.errors[0].message == str(MSG_NOT_RUNNING)
    page = post(boss, event, action="start", minutes="").content.decode()
    assert 'id="timer-minutes"' in page and "Kaç dakika?" in page
