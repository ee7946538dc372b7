"""A tournament table's board links back to its event, round and table, and once the
table can no longer change it says why: on the board for everyone, and to its scorekeeper's phone
instead of "the edit link was changed" (the lock changes the table's secret version)."""

import pytest
from django.test import Client
from django.urls import reverse

from scorer.events.models import EventGame
from scorer.events.selectors.place import table_place
from scorer.events.services.finish import event_finish
from scorer.events.services.rounds import round_start
from scorer.events.services.tables import table_close
from scorer.tables.services.games import game_create
from tests.support.eventdb import new_event, play_round

pytestmark = pytest.mark.django_db


def board(client: Client, game, lang="tr") -> str:
    client.cookies["django_language"] = lang
    response = client.get(reverse("scorer:game_board", args=[game.public_id]))
    assert response.status_code == 200
    return response.content.decode()


def scorekeeper_of(game) -> Client:
    client = Client()
    client.get(reverse("scorer:game_claim", args=[game.public_id, game.link_secret]))
    return client


def link_of(event, round_number: int, table_number: int, game_number: int = 1) -> EventGame:
    return EventGame.objects.select_related("game").get(
        table__round__event=event,
        table__round__number=round_number,
        table__number=table_number,
        number=game_number,
    )


def test_a_table_of_no_event_has_no_place(django_assert_num_queries):
    game, _secret = game_create(ruleset="loca", options={}, players=["A", "B", "C", "D"], hands_planned=3)
    with django_assert_num_queries(0):  # Game.in_event says so (decision E15)
        assert table_place(game) is None
    assert "data-event-place" not in board(Client(), game)


@pytest.mark.parametrize(
    ("lang", "words"),
    [("tr", ["Tur 1 / 3", "Masa 3"]), ("en", ["Round 1 of 3", "Table 3"])],
)
def test_the_board_of_a_points_table_names_its_event_round_and_table(lang, words):
    event, _secret = new_event(16)
    round_start(event=event)
    game = link_of(event, 1, 3).game
    html = board(Client(), game, lang)
    place = html.split("data-event-place", 1)[1].split("</p>", 1)[0]
    assert reverse("scorer:event_standings", args=[event.public_id]) in place
    assert event.name in place
    for word in words:
        assert word in place
    assert "data-event-locked" not in html


def test_a_knockout_match_of_three_games_names_the_game():
    event, _secret = new_event(16, kind="knockout", games_per_match=3)
    round_start(event=event)
    html = board(Client(), link_of(event, 1, 2).game, "en")
    assert "Round 1 · Table 2 · Game 1/3" in " ".join(html.split("data-event-place", 1)[1].split())


@pytest.mark.parametrize(
    ("how", "reason", "words"),
    [
        ("closed", "closed", "Organizatör bu masayı kapattı"),
        ("finished", "finished", "Turnuva bitti"),
        ("next_round", "round", "Sonraki tur başladı"),
    ],
)
def test_a_locked_table_says_why_on_its_board_and_to_its_scorekeeper(how, reason, words):
    kind = "knockout" if how == "next_round" else "points"
    event, _secret = new_event(16, kind=kind)
    round_start(event=event)
    game = link_of(event, 1, 1).game
    keeper = scorekeeper_of(game)
    assert "data-revoked-notice" not in board(keeper, game)
    if how == "closed":
        table_close(event=event, table_id=link_of(event, 1, 1).table_id)
    else:
        play_round(event)
        event_finish(event=event) if how == "finished" else round_start(event=event)
    game.refresh_from_db()
    assert table_place(game).lock_reason == reason

    html = board(Client(), game)
    assert f'data-event-locked="{reason}"' in html and words in html
    mine = board(keeper, game)
    assert f'data-revoked-notice="{reason}"' in mine
    assert "Bu turnuva masası kapandı" in mine
    assert "düzenleme bağlantısı değiştirildi" not in mine
    assert keeper.get(reverse("scorer:hand_new", args=[game.public_id])).status_code == 403


def test_a_table_whose_edit_link_was_changed_is_told_so_not_about_the_event():
    """The event's wording is only for a locked table: a new edit link of an open tournament
    table gets the usual notice."""
    event, _secret = new_event(16)
    round_start(event=event)
    game = link_of(event, 1, 1).game
    keeper = scorekeeper_of(game)
    other = scorekeeper_of(game)
    assert other.post(reverse("scorer:game_link_rotate", args=[game.public_id])).status_code == 302
    game.refresh_from_db()
    mine = board(keeper, game)
    assert "data-revoked-notice" in mine and "düzenleme bağlantısı değiştirildi" in mine
    assert "Bu turnuva masası kapandı" not in mine


def test_a_finished_points_table_offers_no_rematch_but_the_standings():
    event, _secret = new_event(16)
    round_start(event=event)
    play_round(event)
    game = link_of(event, 1, 1).game
    html = board(scorekeeper_of(game), game, "en")
    assert "data-event-result" in html and "The result counts in" in html
    assert "data-rematch-form" not in html


def test_a_knockout_match_offers_its_next_game_until_the_last():
    event, _secret = new_event(16, kind="knockout", games_per_match=2)
    round_start(event=event)
    play_round(event)
    link = link_of(event, 1, 1)
    keeper = scorekeeper_of(link.game)
    html = board(keeper, link.game, "tr")
    assert "data-rematch-form" in html and "Maçın sonraki oyunu (2/2)" in html
    response = keeper.post(reverse("scorer:game_rematch", args=[link.game.public_id]))
    assert response.status_code == 302
    second = link_of(event, 1, 1, game_number=2)
    play_round(event)
    html = board(keeper, second.game, "tr")
    assert "data-rematch-form" not in html and "data-event-result" in html
