"""Two finishers, or a finisher who never opened, are refused by POST /api/v1/score with
the field's path and a message in the asked language, exactly as the hand form refuses them."""

import copy

import pytest

from tests.api.test_api import GAME, HAND, error_paths, post


def with_players(hand: dict, **changes: dict) -> dict:
    """``hand`` with player ``p<i>`` updated by ``changes["p<i>"]``."""
    hand = copy.deepcopy(hand)
    for key, change in changes.items():
        player = hand["players"][int(key[1:])]
        player.update(change)
        if player.get("finished"):
            player.pop("remaining", None)
    return hand


@pytest.mark.parametrize(
    ("language", "message"),
    [("en", "Only one player can finish a hand."), ("tr", "Bir eli yalnız bir oyuncu bitirebilir.")],
)
def test_two_finishers_are_a_400_naming_the_second_not_the_last_one_wins(client, language, message):
    body = with_players(HAND, p2={"finished": True})

    response = client.post(
        "/api/v1/score", body, content_type="application/json", HTTP_ACCEPT_LANGUAGE=language
    )

    assert response.status_code == 400
    assert error_paths(response) == ["players[2].finished"]
    assert response.json()["errors"][0]["message"] == message


def test_three_finishers_name_every_one_after_the_first(client):
    response = post(client, with_players(HAND, p1={"finished": True}, p2={"finished": True}))

    assert response.status_code == 400
    assert error_paths(response) == ["players[1].finished", "players[2].finished"]


def test_two_finishers_in_a_game_name_the_hand(client):
    game = copy.deepcopy(GAME)
    game["hands"][1]["players"][0] = {"opened": "sets", "finished": True}

    response = post(client, game)

    assert response.status_code == 400
    assert error_paths(response) == ["hands[1].players[1].finished"]


@pytest.mark.parametrize("opened", [{"opened": "none"}, {}])
def test_a_finisher_who_never_opened_is_a_400_at_their_opening(client, opened):
    body = with_players(HAND)
    body["players"][0].pop("opened")
    body["players"][0].update(opened)

    response = post(client, body)

    assert response.status_code == 400
    assert error_paths(response) == ["players[0].opened"]
