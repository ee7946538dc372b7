"""Errors in view: every form page that refuses what was sent opens at one summary of
its errors — at the top, focused on load (``autofocus``, no JavaScript needed) — whose links lead
to fields that exist on the page."""

import re

import pytest
from django.urls import reverse

from scorer.teaching import practice
from tests.support.factories import claim, new_table, post_hand, url
from tests.support.markup import elements
from tests.support.posts import E2_CALC_SETUP, E2_HAND, NEW_TABLE

pytestmark = pytest.mark.django_db


def summary_of(html: str) -> dict:
    found = [a for _t, a in elements(html) if a.get("id") == "error-summary"]
    assert len(found) == 1, "one summary"
    return found[0]


def assert_summary_in_view(html: str) -> list[str]:
    summary = summary_of(html)
    assert "autofocus" in summary and summary["tabindex"] == "-1", "the page opens at the summary"
    start = html.index('id="error-summary"')
    body = html[start : html.index("</div>", start)]
    links = re.findall(r'href="#([^"]+)"', body)
    ids = {a["id"] for _t, a in elements(html) if a.get("id")}
    assert links, "each error links to its field"
    assert set(links) <= ids, set(links) - ids
    first_field_error = min(
        (m.start() for m in re.finditer(r'aria-invalid="true"|class="invalid-feedback', html)),
        default=len(html),
    )
    assert start < first_field_error, "the summary comes before the fields"
    return links


@pytest.fixture
def table(client):
    game, secret = new_table("loca-cezali")
    claim(client, game, secret)
    return game


def test_the_new_table_form_with_two_same_names(client):
    html = client.post(reverse("scorer:game_new"), NEW_TABLE | {"player_3": "Ayşe"}).content.decode()

    assert "id_player_3" in assert_summary_in_view(html)


def test_the_hand_form_refused_and_previewed(client, table):
    bad = E2_HAND | {"p1-points": ""}
    assert assert_summary_in_view(post_hand(client, table, bad).content.decode()) == ["id_p1-points"]
    assert assert_summary_in_view(client.post(url("hand_preview", table), bad).content.decode())


def test_a_correction_refused(client, table):
    post_hand(client, table, E2_HAND)
    position = table.hands.get().position

    html = client.post(url("hand_edit", table, position), E2_HAND | {"p2-opened": "pairs", "p2-points": ""})

    assert assert_summary_in_view(html.content.decode()) == ["id_p2-points"]


def test_the_calculator_with_two_same_names_and_with_a_bad_hand(client):
    html = client.post(
        reverse("scorer:calculator"), E2_CALC_SETUP | {"setup-name_1": "Ayşe"}
    ).content.decode()
    assert "id_setup-name_1" in assert_summary_in_view(html)

    html = client.post(
        reverse("scorer:calculator"), E2_CALC_SETUP | E2_HAND | {"p1-points": ""}
    ).content.decode()
    assert assert_summary_in_view(html) == ["id_p1-points"]


def test_the_import_form_given_nothing(client):
    html = client.post(reverse("scorer:game_import"), {}).content.decode()

    assert assert_summary_in_view(html) == ["id_file"]


def test_a_practice_answer_left_empty(client):
    hand = practice.deal("klasik", 3)
    answers = {f"p{i}": "" for i in range(len(hand["players"]))}

    html = client.post(reverse("scorer:practice_hand", args=["klasik", 3]), answers).content.decode()

    assert "id_p0" in assert_summary_in_view(html)


def test_the_learning_page_with_a_bad_value(client):
    html = client.get(reverse("scorer:learn"), {"taslar": "7 x 99"}).content.decode()

    assert assert_summary_in_view(html) == ["taslar"]


def test_the_tile_picker_with_a_bad_count(client):
    html = client.post(
        reverse("scorer:tile_picker"), {"indicator": "red-5", "p0-blue-7": "7"}
    ).content.decode()

    assert assert_summary_in_view(html) == ["count-p0-blue-7"]
