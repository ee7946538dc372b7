"""Decision E15 on the pages, in Turkish and English: a round-1 table's scorekeeper after round 2
started is not offered a delete, an undo or a change of the number of hands, and a stale page's
request is refused with the reason (nothing lost); the organizer's and public pages stay readable
whatever the event's document holds, and a decision the numbers no longer fit shows its tie again."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from scorer.events.models import Event, EventGame, EventTable
from scorer.events.services.rounds import round_start
from scorer.events.services.tables import cut_decide
from scorer.models import Game, Hand
from scorer.tables.services.hands import hand_delete, hand_update
from tests.support.eventdb import new_event, play, play_round
from tests.support.events import hand
from tests.support.factories import hand_href, url

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
REFUSED_DELETE = {
    "tr": "Bu masa turnuvanın 1. turunda: 2. tur başladığı için el silinemez; eli düzeltebilirsiniz.",
    "en": "This table is in round 1 of the event: round 2 has started, so no hand can be deleted here. "
    "You can correct the hand instead.",
}
REFUSED_RESTORE = {
    "tr": "Bu masa turnuvanın 1. turunda: 2. tur başladığı için silinen el geri alınamaz.",
    "en": "This table is in round 1 of the event: round 2 has started, so no deleted hand can come back here.",
}
PLAN = {
    "tr": "Bu masa “Test” turnuvasına ait: her oyunda turnuvanın belirlediği 2 el oynanır.",
    "en": "This table belongs to the event “Test”: every game plays the event's 2 hands.",
}
PROBLEM = {
    "tr": "Sıralama şu an hesaplanamıyor",
    "en": "The standings cannot be worked out right now",
}


def first_link(event: Event, number: int = 1) -> EventGame:
    return (
        EventGame.objects.filter(table__round__event=event, table__round__number=number)
        .select_related("game")
        .order_by("table__number")
        .first()
    )


def keeper_of(link: EventGame, language: str) -> Client:
    client = Client()
    client.cookies["django_language"] = language
    game = link.game
    assert (
        client.get(reverse("scorer:game_claim", args=[game.public_id, game.link_secret])).status_code == 302
    )
    return client


def organizer(event: Event, secret: str, language: str) -> Client:
    client = Client()
    client.cookies["django_language"] = language
    assert client.get(reverse("scorer:event_claim", args=[event.public_id, secret])).status_code == 302
    return client


@pytest.fixture
def round_two():
    """An 8-player points event of 2-hand games: round 1 complete (its first table's second hand
    deleted once and entered again, so its board has a deleted hand), round 2 seated."""
    event, secret = new_event(8, hands=2)
    round_start(event=event)
    link = first_link(event)
    play(link, (-101, 40, 12, 202), (40, -101, 12, 202))
    hand_delete(hand=link.game.hands.live().order_by("-position").first())
    play_round(event)
    round_start(event=event)
    return event, secret, link


@pytest.mark.parametrize("language", ["tr", "en"])
def test_the_hand_page_of_round_one_says_why_instead_of_offering_delete(round_two, language):
    event, _secret, link = round_two
    keeper = keeper_of(link, language)
    position = link.game.hands.live().first().position

    html = keeper.get(url("hand_edit", link.game, position)).content.decode()

    assert "data-delete-refused" in html and REFUSED_DELETE[language] in html
    assert url("hand_delete", link.game, position) not in html
    assert "data-save" in html  # the correction stays (E12)


@pytest.mark.parametrize("language", ["tr", "en"])
def test_the_delete_question_becomes_the_answer_with_and_without_htmx(round_two, language):
    event, _secret, link = round_two
    keeper = keeper_of(link, language)
    position = link.game.hands.live().first().position
    delete = url("hand_delete", link.game, position)

    for extra in ({}, HTMX):
        html = keeper.get(delete, **extra).content.decode()
        assert REFUSED_DELETE[language] in html and "data-confirm-refused" in html
        assert f'action="{delete}"' not in html  # no form that would delete
        assert url("hand_edit", link.game, position) in html  # the way back
    assert link.game.hands.live().count() == 2


@pytest.mark.parametrize("language", ["tr", "en"])
def test_a_delete_posted_from_a_stale_page_is_refused_and_lands_on_the_hand(round_two, language):
    event, _secret, link = round_two
    keeper = keeper_of(link, language)
    position = link.game.hands.live().first().position

    response = keeper.post(url("hand_delete", link.game, position), follow=True)

    assert response.redirect_chain == [(hand_href("hand_edit", link.game, 1, position), 302)]
    assert REFUSED_DELETE[language] in response.content.decode()
    assert link.game.hands.live().count() == 2


@pytest.mark.parametrize("language", ["tr", "en"])
def test_the_board_offers_no_undo_and_no_plan_change_and_posts_are_refused(round_two, language):
    event, _secret, link = round_two
    keeper = keeper_of(link, language)
    deleted = link.game.hands.get(deleted_at__isnull=False)

    html = keeper.get(url("game_board", link.game)).content.decode()
    assert "data-deleted" in html and "data-restore-refused" in html
    assert url("hand_restore", link.game, deleted.position) not in html
    assert "data-plan" not in html

    restored = keeper.post(url("hand_restore", link.game, deleted.position), follow=True).content.decode()
    assert REFUSED_RESTORE[language] in restored
    planned = keeper.post(url("game_plan", link.game), {"hands_planned": "3", "version": "1"}, follow=True)
    assert escape(PLAN[language]) in planned.content.decode()
    live = keeper.post(url("game_plan", link.game), {"hands_planned": "3"}, **HTMX).content.decode()
    assert escape(PLAN[language]) in live and "data-plan-error" in live
    assert Game.objects.get(pk=link.game_id).hands_planned == 2
    assert Hand.objects.get(pk=deleted.pk).deleted_at is not None


def test_the_current_round_still_offers_delete_and_undo():
    event, _secret = new_event(8, hands=2)
    round_start(event=event)
    link = first_link(event)
    play(link, (-101, 40, 12, 202))
    keeper = keeper_of(link, "en")
    kept = link.game.hands.live().get()

    assert (
        url("hand_delete", link.game, kept.position)
        in keeper.get(url("hand_edit", link.game, 1)).content.decode()
    )
    keeper.post(url("hand_delete", link.game, kept.position))
    board = keeper.get(url("game_board", link.game)).content.decode()
    assert url("hand_restore", link.game, kept.position) in board and "data-restore-refused" not in board


# --- the organizer's and public pages whatever the document holds -------------------------------


@pytest.mark.parametrize("language", ["tr", "en"])
def test_an_invalid_document_leaves_every_page_readable_and_the_tables_working(round_two, language):
    event, secret, link = round_two
    Hand.objects.filter(game=link.game).update(deleted_at=timezone.now())  # behind the app's back
    boss = organizer(event, secret, language)

    page = boss.get(reverse("scorer:event_organize", args=[event.public_id]))
    html = page.content.decode()
    assert page.status_code == 200 and PROBLEM[language] in html and "data-event-problems" in html
    assert "rounds[" not in html and ("Tur 2" if language == "tr" else "Round 2") in html
    assert html.count('data-table="') == 2 and "data-open-table" in html and "data-start-round" not in html
    table = first_link(event, 2)
    opened = boss.post(reverse("scorer:event_table_open", args=[event.public_id, 2, 1]))
    assert opened.status_code == 302 and opened["Location"] == url("game_board", table.game)

    viewer = Client()
    viewer.cookies["django_language"] = language
    for name in ("event_standings", "event_display", "event_progress"):
        client = boss if name == "event_progress" else viewer
        response = client.get(reverse(f"scorer:{name}", args=[event.public_id]))
        assert response.status_code == 200, name
        if name != "event_progress":
            assert PROBLEM[language] in response.content.decode(), name


@pytest.mark.parametrize("language", ["tr", "en"])
def test_a_decision_the_numbers_no_longer_fit_shows_the_tie_again_with_a_note(language):
    event, secret = new_event(8, kind="knockout")
    round_start(event=event)
    links = list(
        EventGame.objects.filter(table__round__event=event).select_related("game").order_by("table__number")
    )
    play(links[0], (-101, 12, 12, 202))
    play(links[1], (-101, 40, 12, 202))
    table = EventTable.objects.get(pk=links[0].table_id)
    cut_decide(event=event, table_id=table.pk, chosen=[table.seats[2]])
    hand_update(hand=links[0].game.hands.live().get(), data=hand(-101, 12, 202, 12))

    html = (
        organizer(event, secret, language)
        .get(reverse("scorer:event_organize", args=[event.public_id]))
        .content.decode()
    )

    assert "data-decision-stale" in html and "data-decide" in html and "data-event-problems" not in html
    note = "karar artık uymuyor" if language == "tr" else "the decision no longer fits"
    assert note in html
