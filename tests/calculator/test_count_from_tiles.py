"""“Taşlardan say”: the tile picker opened for one player of a hand being entered — a
table's or the calculator's — keeps what was typed, and its counts come back into that player's
fields. Plain posts, so it works without JavaScript."""

from urllib.parse import urlencode

import pytest
from django.urls import reverse

from scorer.models import Hand
from tests.support.factories import claim, new_table, url
from tests.support.markup import elements
from tests.support.posts import E2_CALC_SETUP, E2_HAND

pytestmark = pytest.mark.django_db
PICKER = reverse("scorer:tile_picker")


@pytest.fixture
def table(client):
    game, secret = new_table("loca-cezali")
    claim(client, game, secret)
    return game


def back_fields(html: str) -> list[tuple[str, str]]:
    """What the picker's “Write into the hand” posts (the hidden inputs of the form #picker-back)."""
    return [
        (a["name"], a.get("value") or "")
        for tag, a in elements(html)
        if tag == "input" and a.get("form") == "picker-back"
    ]


def carried(html: str) -> list[tuple[str, str]]:
    """The hidden hand fields the picker's own form carries along (not its own: the active player,
    the CSRF token and the other players' tile counts, ``p<i>-<colour>-<n>``)."""
    start = html.index('id="picker-form"')
    return [
        (a["name"], a.get("value") or "")
        for tag, a in elements(html[start:])
        if tag == "input"
        and a.get("type") == "hidden"
        and "form" not in a
        and a["name"] not in ("active", "csrfmiddlewaretoken")
        and a["name"].count("-") < 2
    ]


def attrs(html: str, **wanted) -> dict:
    found = [a for _t, a in elements(html) if all(a.get(k) == v for k, v in wanted.items())]
    assert len(found) == 1, (wanted, found)
    return found[0]


TYPED = E2_HAND | {"p1-points": "5", "p1-foul_islek_discard": "1", "hands_before": "0"}


def open_for(client, query: dict, data: dict, player: int):
    return client.post(f"{PICKER}?{urlencode(query | {'oyuncu': player})}", data | {"count_for": str(player)})


def test_the_hand_form_posts_to_the_picker_for_each_player(client, table):
    html = client.get(url("hand_new", table)).content.decode()

    button = attrs(html, id="count-tiles-2")
    assert button["type"] == "submit" and button["name"] == "count_for" and button["value"] == "2"
    assert button["formaction"] == f"{PICKER}?masa={table.public_id}&oyuncu=2"


def test_the_picker_opens_for_that_player_of_the_table_and_carries_what_was_typed(client, table):
    html = open_for(client, {"masa": table.public_id}, TYPED, 1).content.decode()

    assert attrs(html, name="active")["value"] == "1"
    assert attrs(html, id="player-1")["aria-pressed"] == "true"
    assert ">Bora<" in html, "the table's names"
    assert 'value="loca-cezali" selected' in html, "the table's rule set"
    assert ("p1-points", "5") in carried(html) and ("p1-foul_islek_discard", "1") in carried(html)
    assert attrs(html, id="picker-back")["action"] == url("hand_preview", table)
    assert "disabled" in attrs(html, **{"data-action": "to-hand"}), "nothing counted yet"


def pick(client, query: dict, html: str, ops: list[str], indicator: str = "red-4") -> str:
    """Tap tiles in the picker as its form posts them (the picker's own fields and the carried ones)."""
    fields = dict(carried(html)) | {"active": attrs(html, name="active")["value"], "indicator": indicator}
    fields["ruleset"] = "loca-cezali"
    for op in ops:
        html = client.post(f"{PICKER}?{urlencode(query)}", fields | {"op": op}).content.decode()
        fields |= {
            a["name"]: a["value"]
            for _t, a in elements(html)
            if a.get("type") == "hidden" and a.get("name", "").count("-") >= 2 and "form" not in a
        }
        fields |= {
            a["name"]: a["value"]
            for _t, a in elements(html)
            if a.get("name", "").startswith("p")
            and a.get("type") == "number"
            and a.get("value") not in (None, "0")
        }
    return html


def test_the_counted_points_come_back_into_that_players_field_and_nothing_typed_is_lost(client, table):
    query = {"masa": table.public_id, "oyuncu": 1}
    html = open_for(client, {"masa": table.public_id}, TYPED, 1).content.decode()
    html = pick(client, query, html, ["add:1:black-9", "add:1:fake", "add:1:red-5"])  # okey red-5
    back = dict(back_fields(html))
    assert back["p1-points"] == "14", "9 + the fake okey at the okey's number 5; the real okey apart"
    assert back["p1-okeys"] == "1" and back["p1-fake_okeys"] == "1"
    assert back["p2-points"] == "10" and back["p1-foul_islek_discard"] == "1" and back["finisher"] == "0"
    assert back["hands_before"] == "0"

    page = client.post(url("hand_preview", table), back).content.decode()

    assert attrs(page, name="p1-points")["value"] == "14"
    assert attrs(page, name="p1-okeys")["value"] == "1"
    assert attrs(page, name="p2-points")["value"] == "10"
    assert attrs(page, name="p1-foul_islek_discard")["value"] == "1"
    assert not Hand.objects.exists(), "nothing is saved on the way"


def test_the_calculator_gets_the_counts_and_the_tile_list_back(client):
    data = E2_CALC_SETUP | E2_HAND
    html = open_for(client, {"hesap": "1"}, data, 2).content.decode()
    assert attrs(html, id="picker-back")["action"] == reverse("scorer:calculator")
    assert attrs(html, id="player-2")["aria-pressed"] == "true" and ">Cem<" in html
    html = pick(client, {"hesap": "1", "oyuncu": 2}, html, ["add:2:blue-7", "add:2:blue-8"])
    back = dict(back_fields(html))
    assert back["p2-points"] == "15" and back["tiles-2"] == "blue-7 blue-8" and back["indicator"] == "red-4"
    assert back["setup-name_0"] == "Ayşe"

    page = client.post(reverse("scorer:calculator"), back).content.decode()

    assert attrs(page, name="p2-points")["value"] == "15"
    assert "data-tiles" in page, "the calculator lists the picked tiles"


def test_an_unknown_table_or_player_is_the_plain_picker(client, table):
    html = client.post(f"{PICKER}?masa=nope&oyuncu=1", TYPED | {"count_for": "1"}).content.decode()
    assert "picker-back" not in html
    html = client.post(
        f"{PICKER}?masa={table.public_id}&oyuncu=9", TYPED | {"count_for": "9"}
    ).content.decode()
    assert "picker-back" not in html
