"""The hand entry and correction pages are kept by no cache (``Cache-Control: no-store``): they carry
the request id of their save and the hand count or version they were shown with, and only a device
with the edit right may see them; every way they are shown again (a field error, a conflict)
says so too."""

import pytest

from scorer.tables.services.hands import hand_record
from tests.support.factories import claim, finisher, new_table, post_hand, url
from tests.support.posts import E2_HAND

pytestmark = pytest.mark.django_db


def never_stored(response) -> bool:
    directives = {part.strip() for part in response.get("Cache-Control", "").split(",")}
    return {"no-store", "private"} <= directives


@pytest.fixture
def keeper(client):
    game, secret = new_table("loca-cezali", hands=[finisher(0)])
    claim(client, game, secret)
    return client, game


def test_the_hand_entry_page_is_never_stored(keeper):
    client, game = keeper
    page = client.get(url("hand_new", game))
    invalid = post_hand(client, game, E2_HAND | {"p1-points": "x"})
    preview = client.post(url("hand_preview", game), E2_HAND)

    assert (page.status_code, invalid.status_code, preview.status_code) == (200, 200, 200)
    assert never_stored(page) and never_stored(invalid) and never_stored(preview)


def test_a_hand_saved_meanwhile_on_another_phone_is_shown_on_a_page_never_stored(keeper):
    client, game = keeper
    hand_record(game=game, data=finisher(1))  # another phone took hand 2 meanwhile
    conflict = post_hand(client, game, E2_HAND | {"hands_before": "1"})

    assert conflict.status_code == 200 and "saved_meanwhile" in conflict.context
    assert never_stored(conflict)


def test_the_correction_page_is_never_stored(keeper):
    client, game = keeper
    page = client.get(url("hand_edit", game, 1))
    invalid = client.post(url("hand_edit", game, 1), E2_HAND | {"p1-points": "x", "version": "1"})

    assert (page.status_code, invalid.status_code) == (200, 200)
    assert never_stored(page) and never_stored(invalid)
