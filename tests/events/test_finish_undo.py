"""Finishing an event asks first (a page of its own: it works without JavaScript), and can be
undone while no table changes: the tables it locked open again with their scorekeepers' links,
the rounds are as they were, and both steps are written down."""

import datetime

import pytest
from django.db.models import F
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorer.engine import InvalidInput
from scorer.events.models import Event, EventRecord, EventTable, Round
from scorer.events.selectors.document import finish_undoable
from scorer.events.services.finish import event_finish, event_unfinish
from scorer.events.services.rounds import round_start
from scorer.events.services.tables import table_close
from scorer.models import Game
from tests.support.eventdb import new_event, play_round

pytestmark = pytest.mark.django_db


def organizer(event: Event, secret: str) -> Client:
    client = Client()
    client.get(reverse("scorer:event_claim", args=[event.public_id, secret]))
    return client


@pytest.fixture
def played():
    """Two rounds of 8 players played."""
    event, secret = new_event(8)
    round_start(event=event)
    play_round(event)
    round_start(event=event)
    play_round(event)
    return event, secret


def test_finishing_asks_first_and_the_question_changes_nothing(played):
    event, secret = played
    client = organizer(event, secret)
    url = reverse("scorer:event_finish", args=[event.public_id])
    page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    assert "data-finish-confirm" in html and html.count("<li><strong>") == 3  # the podium it gives
    event.refresh_from_db()
    assert not event.finished
    assert client.post(url, {"version": event.version}).status_code == 302
    event.refresh_from_db()
    assert event.finished
    assert Client().get(url).status_code == 403  # only the organizer is asked


def test_undoing_finishing_reopens_what_it_locked_and_keeps_what_was_closed(played):
    event, secret = played
    second = event.rounds.get(number=2)
    closed = second.tables.get(number=1)
    table_close(event=event, table_id=closed.pk)
    game = second.tables.get(number=2).games.get().game
    link = game.link_secret
    statuses = dict(Round.objects.filter(event=event).values_list("number", "status"))
    event_finish(event=event)
    game.refresh_from_db()
    assert game.link_secret != link  # finishing revoked the scorekeeper's link
    assert finish_undoable(Event.objects.get(pk=event.pk))

    client = organizer(event, secret)
    assert client.post(reverse("scorer:event_unfinish", args=[event.public_id])).status_code == 302
    event.refresh_from_db()
    game.refresh_from_db()
    assert event.status == Event.RUNNING and not event.finished
    assert game.link_secret == link  # the same card or link opens the table again
    assert not EventTable.objects.get(round=second, number=2).locked
    assert EventTable.objects.get(pk=closed.pk).locked  # closed before: stays closed
    assert dict(Round.objects.filter(event=event).values_list("number", "status")) == statuses
    kinds = list(EventRecord.objects.filter(event=event).values_list("kind", flat=True))
    assert kinds[-2:] == [EventRecord.FINISH, EventRecord.UNFINISH]


def test_finishing_cannot_be_undone_once_a_table_changed(played):
    event, _secret = played
    event_finish(event=event)
    game = Game.objects.filter(event_game__table__round__event=event).first()
    # A change after finishing (the admin, say): the event stays finished.
    Game.objects.filter(pk=game.pk).update(updated_at=game.updated_at.replace(year=game.updated_at.year + 1))
    assert not finish_undoable(Event.objects.get(pk=event.pk))
    with pytest.raises(InvalidInput) as refused:
        event_unfinish(event=event)
    assert refused.value.errors[0].message.startswith("Bitirme artık geri alınamaz")
    assert Event.objects.get(pk=event.pk).finished


def test_the_organizer_page_offers_the_undo_only_while_it_can(played):
    event, secret = played
    client = organizer(event, secret)
    event_finish(event=event)
    page = client.get(reverse("scorer:event_organize", args=[event.public_id])).content.decode()
    assert "data-unfinish" in page
    Game.objects.filter(event_game__table__round__event=event).update(
        updated_at=Event.objects.get(pk=event.pk).updated_at.replace(year=2100)
    )
    page = client.get(reverse("scorer:event_organize", args=[event.public_id])).content.decode()
    assert "data-unfinish" not in page and "data-finished" in page


def test_the_display_of_a_finished_event_listens_while_finishing_can_be_undone(played):
    event, _secret = played
    event_finish(event=event)
    url = reverse("scorer:event_display", args=[event.public_id])
    assert "sse-connect=" in Client().get(url).content.decode()  # an undo reaches the TV
    Game.objects.filter(event_game__table__round__event=event).update(
        updated_at=Event.objects.get(pk=event.pk).updated_at.replace(year=2100)
    )
    assert "sse-connect=" not in Client().get(url).content.decode()  # final: nothing more to hear


def test_finished_standings_and_organizer_page_listen_while_finishing_can_be_undone(played):
    """Undoing finishing is a change their open copies must get: they keep their streams until
    it can no longer be undone."""
    event, secret = played
    standings = reverse("scorer:event_standings", args=[event.public_id])
    stream = reverse("scorer:event_standings_stream", args=[event.public_id])
    progress_stream = reverse("scorer:event_progress_stream", args=[event.public_id])
    client = organizer(event, secret)
    event_finish(event=event)

    assert stream in Client().get(standings).content.decode()
    assert (
        progress_stream
        in client.get(reverse("scorer:event_organize", args=[event.public_id])).content.decode()
    )
    game = event.rounds.get(number=2).tables.get(number=1).games.get().game
    later = timezone.now() + datetime.timedelta(seconds=1)
    Game.objects.filter(pk=game.pk).update(updated_at=later, version=F("version") + 1)  # changed since
    assert not finish_undoable(Event.objects.get(pk=event.pk))
    assert stream not in Client().get(standings).content.decode()
