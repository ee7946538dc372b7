"""Table cards: one card per table for the whole event. Its link or code gives the table of its
number in whichever round is running, a new card locks the old one out, and a new organizer link
replaces every card (a scorekeeper keeps its own)."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scorer.events.models import CardGrant, EventGame, EventRecord, TableCard
from scorer.events.services.finish import event_finish
from scorer.events.services.rounds import round_start
from scorer.models import Game
from tests.support.eventdb import new_event, play_round

pytestmark = pytest.mark.django_db


def event_url(name: str, event, *args) -> str:
    return reverse(f"scorer:{name}", args=[event.public_id, *args])


def organizer(event, secret: str) -> Client:
    client = Client()
    assert client.get(reverse("scorer:event_claim", args=[event.public_id, secret])).status_code == 302
    return client


def game_at(event, round_number: int, number: int) -> Game:
    return EventGame.objects.get(
        table__round__event=event, table__round__number=round_number, table__number=number
    ).game


def can_enter_hands(client: Client, game: Game) -> bool:
    status = client.get(reverse("scorer:hand_new", args=[game.public_id])).status_code
    assert status in (200, 403)
    return status == 200


def card_links(client: Client, event) -> list[str]:
    page = client.get(event_url("event_cards", event)).content.decode()
    return re.findall(r'href="([^"]*/kart/\d+/anahtar/[^"]*)" data-claim-link', page)


@pytest.fixture
def running():
    event, secret = new_event(8)
    round_start(event=event)
    return event, secret


def test_every_table_gets_one_card_and_a_next_round_keeps_them(running):
    event, _secret = running
    first = list(TableCard.objects.filter(event=event).values_list("number", "code", "link_key"))
    assert [number for number, _code, _key in first] == [1, 2]
    play_round(event)
    round_start(event=event)
    assert list(TableCard.objects.filter(event=event).values_list("number", "code", "link_key")) == first


def test_a_card_gives_its_table_in_round_1_then_in_round_2_without_a_new_card(running):
    event, secret = running
    keeper = Client()
    link = card_links(organizer(event, secret), event)[1]
    response = keeper.get(link)
    assert response["Location"] == reverse("scorer:game_board", args=[game_at(event, 1, 2).public_id])
    assert can_enter_hands(keeper, game_at(event, 1, 2)) and not can_enter_hands(keeper, game_at(event, 1, 1))
    play_round(event)
    round_start(event=event)
    board = keeper.get(reverse("scorer:game_board", args=[game_at(event, 1, 2).public_id])).content.decode()
    table_url = event_url("card_table", event, 2)
    assert 'data-later-round="2"' in board and f'href="{table_url}"' in board
    assert not can_enter_hands(keeper, game_at(event, 2, 2))
    response = keeper.get(table_url)
    assert response["Location"] == reverse("scorer:game_board", args=[game_at(event, 2, 2).public_id])
    assert can_enter_hands(keeper, game_at(event, 2, 2)) and not can_enter_hands(keeper, game_at(event, 2, 1))


def test_the_tables_page_gives_a_viewer_the_board_only(running):
    event, _secret = running
    viewer = Client()
    response = viewer.get(event_url("card_table", event, 1))
    assert response["Location"] == reverse("scorer:game_board", args=[game_at(event, 1, 1).public_id])
    assert not can_enter_hands(viewer, game_at(event, 1, 1))
    assert viewer.get(event_url("card_table", event, 9)).status_code == 404


def test_the_board_tells_the_seats_and_who_deals_first(running):
    event, _secret = running
    game = game_at(event, 1, 1)
    html = Client().get(reverse("scorer:game_board", args=[game.public_id])).content.decode()
    seats = html.split("data-event-seats", 1)[1].split("</p>", 1)[0]
    for k, player in enumerate(game.players):
        assert f"{k + 1}. {player}" in seats
    assert seats.count("data-first-dealer") == 1 and "ilk dağıtır" in seats


@pytest.mark.parametrize("typed", ["{code}", "{lower}", "{dashed}"])
def test_the_card_code_typed_in_is_the_same_as_scanning_it(running, typed):
    event, _secret = running
    card = TableCard.objects.get(event=event, number=1)
    text = typed.format(code=card.code, lower=card.code.lower(), dashed=f"{card.code[:3]}-{card.code[3:]}")
    keeper = Client()
    assert keeper.get(reverse("scorer:card_code")).status_code == 200
    response = keeper.post(reverse("scorer:card_code"), {"kod": text})
    assert response["Location"] == reverse("scorer:game_board", args=[game_at(event, 1, 1).public_id])
    assert can_enter_hands(keeper, game_at(event, 1, 1))


@pytest.mark.parametrize(("typed", "message"), [("K7M", "6 harf"), ("ZZZZZZ", "Bu kodla bir masa kartı yok")])
def test_a_wrong_card_code_says_why_and_gives_nothing(running, typed, message):
    client = Client()
    response = client.post(reverse("scorer:card_code"), {"kod": typed})
    assert response.status_code == 200 and message in response.content.decode()
    assert not CardGrant.objects.exists()


def test_a_new_card_locks_the_old_card_out_of_its_table(running):
    event, secret = running
    boss = organizer(event, secret)
    old = card_links(boss, event)
    old_code = TableCard.objects.get(event=event, number=1).code
    keeper, other = Client(), Client()
    keeper.get(old[0])
    other.get(old[1])
    response = boss.post(event_url("event_card_replace", event, 1))
    assert response.status_code == 302
    assert not can_enter_hands(keeper, game_at(event, 1, 1))
    assert can_enter_hands(other, game_at(event, 1, 2))
    assert Client().get(old[0]).status_code == 403
    assert Client().post(reverse("scorer:card_code"), {"kod": old_code}).status_code == 200
    fresh = card_links(boss, event)
    assert fresh[1] == old[1] and fresh[0] != old[0]
    newcomer = Client()
    newcomer.get(fresh[0])
    assert can_enter_hands(newcomer, game_at(event, 1, 1))
    record = EventRecord.objects.get(event=event, kind=EventRecord.CARD)
    assert record.table_number == 1
    play_round(event)
    round_start(event=event)
    keeper.get(event_url("card_table", event, 1))
    assert not can_enter_hands(keeper, game_at(event, 2, 1))


def test_only_the_organizer_makes_a_new_card(running):
    event, _secret = running
    before = TableCard.objects.get(event=event, number=1).link_key
    assert Client().post(event_url("event_card_replace", event, 1)).status_code == 403
    assert TableCard.objects.get(event=event, number=1).link_key == before


def test_a_new_organizer_link_replaces_every_card_and_keeps_the_scorekeepers(running):
    event, secret = running
    boss, revoked = organizer(event, secret), organizer(event, secret)
    read = card_links(revoked, event)
    keeper = Client()
    keeper.get(read[0])
    revoked.get(read[1])
    boss.post(event_url("event_link_rotate", event))
    for link in read:
        assert Client().get(link).status_code == 403
    assert can_enter_hands(keeper, game_at(event, 1, 1))
    assert not can_enter_hands(revoked, game_at(event, 1, 2))
    play_round(event)
    round_start(event=event)
    keeper.get(event_url("card_table", event, 1))
    revoked.get(event_url("card_table", event, 2))
    assert can_enter_hands(keeper, game_at(event, 2, 1))
    assert not can_enter_hands(revoked, game_at(event, 2, 2))
    fresh = card_links(boss, event)
    assert len(fresh) == 2 and not set(fresh) & set(read)


def test_a_card_of_a_finished_event_opens_the_board_only(running):
    event, secret = running
    link = card_links(organizer(event, secret), event)[0]
    event_finish(event=event)
    keeper = Client()
    response = keeper.get(link)
    assert response["Location"] == reverse("scorer:game_board", args=[game_at(event, 1, 1).public_id])
    assert not can_enter_hands(keeper, game_at(event, 1, 1))


def test_a_knockout_round_with_fewer_tables_keeps_every_card_and_its_qr_code():
    event, secret = new_event(16, kind="knockout")
    round_start(event=event)
    play_round(event)
    round_start(event=event)
    boss = organizer(event, secret)
    assert len(card_links(boss, event)) == 4
    qr = boss.get(event_url("event_table_qr", event, 2, 4))
    assert qr.status_code == 200 and b"<svg" in qr.content
    keeper = Client()
    keeper.get(card_links(boss, event)[0])
    assert can_enter_hands(keeper, game_at(event, 2, 1))
    assert Client().get(event_url("card_table", event, 4)).status_code == 302


def test_in_english_the_board_says_the_next_round_started_and_who_deals_first(running):
    event, _secret = running
    play_round(event)
    round_start(event=event)
    client = Client()
    client.cookies["django_language"] = "en"
    html = client.get(reverse("scorer:game_board", args=[game_at(event, 1, 1).public_id])).content.decode()
    assert "Round 2 has started." in html and "To table 1 of round 2" in html
    assert "(deals first)" in html and "Seats" in html
    page = client.get(reverse("scorer:card_code")).content.decode()
    assert "Keep a tournament table's score" in page.replace("&#x27;", "'")
