"""Taş seçici: the okey from the indicator, tiles tapped per player, the engine's counts, two copies."""

import re

import pytest
from django.urls import reverse

from scorer.calculator.share import share_load
from tests.support.markup import elements

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
URL = "/tas-secici/"


def post(client, data: dict, **kwargs) -> str:
    return client.post(
        reverse("scorer:tile_picker"), {"ruleset": "loca", "players": "4"} | data, **kwargs
    ).content.decode()


def row(html: str, player: int) -> dict:
    return next(a for t, a in elements(html) if t == "tr" and a.get("data-player") == str(player))


def tile_button(html: str, tile: str) -> dict:
    return next(a for t, a in elements(html) if t == "button" and a.get("data-tile") == tile)


def count(html: str, name: str) -> str | None:
    match = re.search(rf'name="{re.escape(name)}"\s+value="([^"]*)"', html)
    return match[1] if match else None


def test_picker_page_offers_every_tile_and_the_indicator(client):
    response = client.get(reverse("scorer:tile_picker"))

    html = response.content.decode()
    assert response.status_code == 200
    assert reverse("scorer:tile_picker") == URL
    assert len([a for t, a in elements(html) if t == "button" and a.get("data-tile")]) == 53
    assert 'name="indicator"' in html


def test_the_okey_is_one_above_the_indicator_and_wraps_after_13(client):
    assert 'data-okey="red-6"' in post(client, {"indicator": "red-5"})
    assert 'data-okey="black-1"' in post(client, {"indicator": "black-13"})


def test_adding_tiles_shows_the_engines_points_okeys_and_fake_okeys(client):
    html = post(client, {"indicator": "red-5", "p0-blue-7": "1", "p0-fake": "1", "op": "add:0:red-6"})

    player = row(html, 0)
    assert count(html, "p0-red-6") == "1"
    # red-6 is the okey (101, no face value); the fake okey counts the okey's number, 6.
    assert (player["data-points"], player["data-okeys"], player["data-fake-okeys"]) == ("13", "1", "1")
    assert player["data-hand-value"] == str(13 + 101 + 101)  # LOCA also charges the fake okey


def test_hand_value_follows_the_rule_set(client):
    html = post(client, {"ruleset": "kerizim", "indicator": "red-5", "p0-fake": "1"})

    assert row(html, 0)["data-hand-value"] == "6"


def test_a_third_copy_cannot_be_added_and_the_button_says_why(client):
    # The indicator red-5 is one copy; player 1 holds the other.
    html = post(client, {"indicator": "red-5", "op": "add:1:red-5"})
    button = tile_button(html, "red-5")
    assert button.get("aria-disabled") == "true"
    assert "is-full" in button["class"]

    again = post(client, {"indicator": "red-5", "p1-red-5": "1", "active": "1", "op": "add:1:red-5"})

    assert count(again, "p1-red-5") == "1"
    assert "picker-message" in again


def test_typed_counts_over_two_copies_get_the_engines_error_at_the_field(client):
    html = post(client, {"indicator": "red-5", "p0-blue-7": "2", "p1-blue-7": "1", "active": "1"})

    assert 'id="count-p1-blue-7"' in html
    assert re.search(r'id="count-p1-blue-7" name="p1-blue-7"\s+value="1" aria-invalid="true"', html)
    assert "data-picker-errors" in html
    assert "data-points" not in html  # nothing is counted until the hand is possible


def test_a_count_that_is_not_0_1_or_2_is_refused(client):
    html = post(client, {"indicator": "red-5", "p0-blue-7": "7"})

    assert re.search(r'name="p0-blue-7"\s+value="7" aria-invalid="true"', html)


def test_removing_a_tile_and_switching_players(client):
    html = post(client, {"indicator": "red-5", "p0-blue-7": "2", "op": "remove:0:blue-7"})
    assert count(html, "p0-blue-7") == "1"

    other = post(client, {"indicator": "red-5", "p0-blue-7": "2", "op": "player:2"})

    assert 'id="player-2" aria-pressed="true"' in other
    assert count(other, "p0-blue-7") == "2"  # carried as a hidden field


def test_send_to_the_calculator_carries_the_tiles(client):
    html = post(client, {"indicator": "red-5", "p0-blue-7": "1", "p2-fake": "1"})

    href = next(a["href"] for t, a in elements(html) if a.get("data-action") == "to-calculator")
    hand = share_load(re.fullmatch(r"/hesap/paylas/([^/]+)/", href)[1])
    assert hand["indicator"] == "red-5"
    assert [p.get("remaining") for p in hand["players"]] == [
        {"tiles": ["blue-7"]},
        None,
        {"tiles": ["fake"]},
        None,
    ]
    assert client.get(href).status_code == 200


def test_htmx_gets_the_body_and_the_status_out_of_band(client):
    html = post(client, {"indicator": "red-5", "op": "add:0:blue-7"}, headers=HTMX)

    assert html.lstrip().startswith('<div id="picker-body"')
    assert '<div id="picker-status" hx-swap-oob="innerHTML">' in html
    assert 'data-status-points="7"' in html


def test_garbage_never_crashes(client):
    response = client.post(
        reverse("scorer:tile_picker"),
        {
            "ruleset": "yok",
            "players": "9",
            "indicator": "purple-99",
            "active": "-1",
            "op": "add:7:x",
            "p0-red-1": "x",
        },
    )

    assert response.status_code == 200
    picker = response.context["picker"]  # every part read as its default, nothing counted
    assert (picker.ruleset, picker.indicator, picker.active) == ("loca", None, 0)
    assert picker.names == ["Oyuncu 1", "Oyuncu 2", "Oyuncu 3", "Oyuncu 4"]
    assert sum(sum(counts.values()) for counts in picker.counts) == 0
    assert 'id="picker-body"' in response.content.decode()
