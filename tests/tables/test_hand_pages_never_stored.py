"""The hand entry and correction pages, shown by a GET, are kept by no cache (``Cache-Control:
no-store, private``): only a device with the edit right may see them, and a copy from the back
button would offer a form of a board that moved on. The new hand's form names the copy the service
worker keeps in its place for offline entry (the same fresh form, private, not no-store); the
answers to a POST (a hand to fix, one saved meanwhile) are private and not no-store, so that the
service worker can keep the page about a hand it sent that waits for the scorekeeper
(static/js/serviceworker.js never keeps a no-store page; tests/browser/test_offline.py)."""

import pytest

from scorer.tables.services.hands import hand_record
from scorer.tables.views.board import OFFLINE_COPY_HEADER
from tests.support.factories import claim, finisher, new_table, post_hand, url
from tests.support.posts import E2_HAND

pytestmark = pytest.mark.django_db


def directives(response) -> set[str]:
    return {part.strip() for part in response.get("Cache-Control", "").split(",")}


def never_stored(response) -> bool:
    return {"no-store", "private"} <= directives(response)


@pytest.fixture
def keeper(client):
    game, secret = new_table("loca-cezali", hands=[finisher(0)])
    claim(client, game, secret)
    return client, game


def test_the_hand_entry_page_is_never_stored_and_names_the_copy_to_keep_offline(keeper):
    client, game = keeper
    page = client.get(url("hand_new", game))
    copy = client.get(page[OFFLINE_COPY_HEADER])

    assert page.status_code == 200 and never_stored(page)
    assert page[OFFLINE_COPY_HEADER] == f"{url('hand_new', game)}?cevrimdisi={game.version}"
    assert copy.status_code == 200 and directives(copy) == {"private"}
    assert 'id="hand-form"' in copy.content.decode() and OFFLINE_COPY_HEADER not in copy


def test_the_correction_page_is_never_stored(keeper):
    client, game = keeper
    page = client.get(url("hand_edit", game, 1))

    assert page.status_code == 200 and never_stored(page) and OFFLINE_COPY_HEADER not in page


def test_the_answers_to_a_post_are_private_for_the_service_worker_to_keep(keeper):
    client, game = keeper
    invalid = post_hand(client, game, E2_HAND | {"p1-points": "x"})
    hand_record(game=game, data=finisher(1))  # another phone took hand 2 meanwhile
    conflict = post_hand(client, game, E2_HAND | {"hands_before": "1"})
    correction = client.post(url("hand_edit", game, 1), E2_HAND | {"p1-points": "x", "version": "1"})

    assert conflict.status_code == 200 and "saved_meanwhile" in conflict.context
    for answer in (invalid, conflict, correction):
        assert answer.status_code == 200 and directives(answer) == {"private"}
