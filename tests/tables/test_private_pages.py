"""Pages that carry a link giving rights are kept out of every cache (Cache-Control: no-store),
and the scorekeeper's board names the copy of it a device may keep offline: the same board
without the edit link (scorer/platform/middleware.py, scorer/tables/views/board.py)."""

import pytest
from django.test import Client
from django.urls import reverse

from scorer.events.services.rounds import round_start
from scorer.models import Game
from scorer.tables.views.board import OFFLINE_COPY_HEADER
from tests.support.eventdb import new_event
from tests.support.factories import claim_url, new_table, url

pytestmark = pytest.mark.django_db


def keeper_of(game: Game, secret: str) -> Client:
    client = Client()
    assert client.get(claim_url(game, secret)).status_code == 302
    return client


def no_store(response) -> bool:
    directives = {part.strip() for part in response.get("Cache-Control", "").split(",")}
    return {"no-store", "private"} <= directives


@pytest.mark.parametrize("query", ["", "?baglanti=1"])
def test_the_scorekeepers_board_with_its_edit_link_is_never_stored(query):
    game, secret = new_table()
    response = keeper_of(game, secret).get(url("game_board", game) + query)
    assert secret in response.content.decode()
    assert no_store(response)


def test_the_scorekeepers_board_names_its_copy_without_the_edit_link_to_keep_offline():
    game, secret = new_table()
    keeper = keeper_of(game, secret)
    copy_url = keeper.get(url("game_board", game))[OFFLINE_COPY_HEADER]
    assert copy_url.startswith(url("game_board", game) + "?cevrimdisi=")
    copy = keeper.get(copy_url)
    page = copy.content.decode()
    assert copy.status_code == 200 and not no_store(copy)
    assert secret not in page and "/anahtar/" not in page and "data-edit-link-online" in page
    assert "data-add-hand" in page  # still the scorekeeper's board: hands can be entered offline
    assert OFFLINE_COPY_HEADER not in copy


def test_the_viewers_board_may_be_kept():
    game, _secret = new_table()
    response = Client().get(url("game_board", game))
    assert response.status_code == 200 and not no_store(response)
    assert OFFLINE_COPY_HEADER not in response


def test_the_organizer_page_the_cards_and_the_qr_codes_are_never_stored():
    event, secret = new_event(8)
    round_start(event=event)
    boss = Client()
    assert boss.get(reverse("scorer:event_claim", args=[event.public_id, secret])).status_code == 302
    game = event.rounds.get().tables.first().games.get().game
    pages = [
        reverse("scorer:event_organize", args=[event.public_id]),
        reverse("scorer:event_cards", args=[event.public_id]),
        reverse("scorer:event_table_qr", args=[event.public_id, 1, 1]),
    ]
    for page in pages:
        response = boss.get(page)
        assert response.status_code == 200 and no_store(response), page
    keeper = keeper_of(game, game.link_secret)
    assert no_store(keeper.get(url("edit_qr", game)))
