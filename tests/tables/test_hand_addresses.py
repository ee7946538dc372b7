"""A hand's address is the number the board shows (scorer/tables/addresses.py); the stored position
okeycalc adds to its links (``?s=``) keeps a link made before a delete on the hand it named."""

import pytest

from scorer.models import Hand
from scorer.tables.services.hands import hand_delete, hand_record
from tests.support.factories import claim, finisher, hand_href, new_table, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def renumbered():
    """Three hands, the first deleted, a fourth added: live positions 2, 3, 4 shown as 1, 2, 3."""
    game, secret = new_table("loca", hands_planned=5, hands=[finisher(0), finisher(1), finisher(2)])
    hand_delete(hand=game.hands.get(position=1))
    hand_record(game=game, data=finisher(3))
    return game, secret


def test_a_number_typed_alone_is_the_hand_the_board_shows_at_that_number(client, renumbered):
    game, _secret = renumbered
    for number, position in ((1, 2), (2, 3), (3, 4)):
        html = client.get(url("hand_detail", game, number)).content.decode()
        assert f'data-number="{number}" data-position="{position}"' in html
    assert client.get(url("hand_detail", game, 4)).status_code == 404


def test_a_link_made_before_the_delete_opens_its_own_hand_at_its_new_number(client, renumbered):
    game, _secret = renumbered
    response = client.get(hand_href("hand_detail", game, 3, 3))  # hand 3 when the link was made
    assert response.status_code == 302 and response["Location"] == hand_href("hand_detail", game, 2, 3)


def test_a_link_to_a_deleted_hand_answers_404_never_another_hand(client, renumbered):
    game, _secret = renumbered
    assert client.get(hand_href("hand_detail", game, 1, 1)).status_code == 404


@pytest.mark.parametrize("number", ["0", "99", "1" * 30])
def test_a_number_no_table_has_answers_404(client, renumbered, number):
    game, _secret = renumbered
    assert client.get(f"/masa/{game.public_id}/el/{number}/").status_code == 404


def test_a_delete_asked_before_the_hands_moved_deletes_the_hand_it_was_asked_for(client, renumbered):
    """The question named the hand at position 2 (hand 1); another delete moves the numbers before the answer."""
    game, secret = renumbered
    claim(client, game, secret)
    page = client.get(hand_href("hand_edit", game, 1, 2))
    assert page.status_code == 200
    before = {hand.position: hand.version for hand in Hand.objects.filter(game=game)}

    hand_delete(hand=game.hands.get(position=3))  # meanwhile: the numbers move again
    response = client.post(hand_href("hand_delete", game, 1, 2))

    assert response.status_code == 302
    assert game.hands.get(position=2).deleted_at is not None  # the hand it was made for
    assert game.hands.get(position=4).deleted_at is None
    assert before[4] == game.hands.get(position=4).version
