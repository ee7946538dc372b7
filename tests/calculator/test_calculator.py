"""Hesap makinesi: the tables' hand form, a live result, and share links that reproduce the hand."""

import re

import pytest
from django.core import signing
from django.urls import reverse

from scorer.calculator.share import SALT, share_load, share_token
from scorer.engine import score_hand
from tests.support.markup import field_value
from tests.support.posts import E2_CALC_SETUP as SETUP
from tests.support.posts import E2_HAND as HAND
from tests.support.posts import E2_TOTALS

HTMX = {"HX-Request": "true"}

pytestmark = pytest.mark.django_db


def totals(html: str) -> list[int]:
    return [int(t) for t in re.findall(r'data-total="(-?\d+)"', html)]


def share_path(html: str) -> str:
    return re.search(r'href="(/hesap/paylas/[^"]+/)" data-action="share"', html)[1]


def test_fresh_calculator_uses_the_tables_hand_form_with_default_names(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get(reverse("scorer:calculator"))

    html = response.content.decode()
    assert response.status_code == 200
    assert "data-hand-form" in html  # the tables' _hand_form.html
    assert 'name="finisher"' in html and 'name="p3-opened"' in html and 'name="p4-opened"' not in html
    assert 'placeholder="Oyuncu 1"' in html
    assert 'hx-post="/hesap/"' in html and 'action="/hesap/"' in html


def test_live_result_is_the_engines_itemised_result_with_share_and_compare_links(client):
    response = client.post(reverse("scorer:calculator"), SETUP | HAND, headers=HTMX)

    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html  # the result partial only
    assert totals(html) == E2_TOTALS
    assert ">Ayşe<" in html
    assert 'data-action="share"' in html and 'data-action="compare"' in html
    assert 'href="/kurallar/loca-cezali/#bitisler"' in html  # every line links to its clause


def test_without_javascript_the_form_posts_back_to_the_whole_page(client):
    response = client.post(reverse("scorer:calculator"), SETUP | HAND | {"calculate": "1"})

    html = response.content.decode()
    assert "<html" in html
    assert totals(html) == E2_TOTALS
    assert field_value(html, "p1-points") == "23"


def test_share_link_round_trip_reproduces_the_exact_hand(client, django_assert_num_queries):
    html = client.post(reverse("scorer:calculator"), SETUP | HAND, headers=HTMX).content.decode()
    path = share_path(html)

    with django_assert_num_queries(0):
        shared = client.get(path)

    page = shared.content.decode()
    assert shared.status_code == 200
    assert totals(page) == E2_TOTALS
    assert field_value(page, "setup-name_0") == "Ayşe"
    assert field_value(page, "p1-points") == "23"
    assert re.search(r'name="finisher"[^>]*value="0"[^>]*checked', page)
    assert re.search(r'value="loca-cezali" selected', page)
    hand = share_load(path.split("/")[3])
    assert hand["ruleset"] == "loca-cezali" and [p["name"] for p in hand["players"]][:2] == ["Ayşe", "Bora"]
    assert score_hand(hand).totals == tuple(E2_TOTALS)


def test_calculating_writes_nothing_to_the_database(client, django_assert_num_queries):
    with django_assert_num_queries(0):
        partial = client.post(reverse("scorer:calculator"), SETUP | HAND, headers=HTMX)
        page = client.post(reverse("scorer:calculator"), SETUP | HAND)

    for response in (partial, page):  # and still calculates: E2's totals
        assert response.status_code == 200
        assert totals(response.content.decode()) == E2_TOTALS


@pytest.mark.parametrize(
    "token",
    [
        "bozuk-bir-bag",
        "x" * 5000,
        share_token({"ruleset": "loca", "players": [{"name": "A"}, {"name": "B"}]})[:-2] + "zz",
        signing.dumps({"ruleset": "loca", "players": []}, salt="another.salt"),
        signing.dumps([1, 2, 3], salt=SALT, compress=True),
        signing.dumps({"ruleset": "yok", "players": [{"name": "A"}, {"name": "B"}]}, salt=SALT),
        signing.dumps({"ruleset": "loca", "players": ["A", "B"]}, salt=SALT),
        signing.dumps({"ruleset": "loca", "options": {"katlama": 5}, "players": [{}, {}]}, salt=SALT),
    ],
    ids=[
        "garbage",
        "too-long",
        "tampered",
        "other-salt",
        "not-a-hand",
        "unknown-ruleset",
        "bad-players",
        "bad-option",
    ],
)
def test_a_bad_or_tampered_link_is_a_clear_400_never_an_error(client, token, django_assert_num_queries):
    with django_assert_num_queries(0):
        response = client.get(reverse("scorer:calculator_shared", args=[token]))

    html = response.content.decode()
    assert response.status_code == 400
    assert 'data-error="bad-link"' in html
    assert f'href="{reverse("scorer:calculator")}"' in html


def test_a_shared_hand_the_engine_now_refuses_shows_its_errors_not_a_crash(client):
    token = share_token({"ruleset": "loca", "players": [{"name": "A", "finished": True}, {"name": "B"}]})

    response = client.get(reverse("scorer:calculator_shared", args=[token]))

    assert response.status_code == 200
    assert "data-preview-errors" in response.content.decode()


def test_changing_the_rule_set_redraws_the_fields_and_keeps_what_was_typed(client):
    data = SETUP | HAND | {"setup-ruleset": "kerizim"}

    response = client.post(reverse("scorer:calculator") + "?refresh=1", data, headers=HTMX)

    html = response.content.decode()
    assert html.lstrip().startswith('<div id="calc-body">')
    assert 'name="p0-okey_discard"' not in html  # Kerizim does not score the okey-discard finish
    assert 'name="p3-foul_side_tile_unused"' in html
    assert field_value(html, "p1-points") == "23"
    assert 'class="invalid-feedback' not in html  # no errors shown while setting up


def test_partners_means_four_players(client):
    data = SETUP | HAND | {"setup-ruleset": "loca", "setup-players": "2", "setup-opt_partners": "on"}

    html = client.post(reverse("scorer:calculator"), data, headers=HTMX).content.decode()

    assert len(totals(html)) == 6  # four players and two teams


def test_two_players_have_two_fieldsets(client):
    data = {"setup-ruleset": "kerizim", "setup-players": "2", "refresh": "1"}

    html = client.post(reverse("scorer:calculator"), data).content.decode()

    assert 'name="p1-opened"' in html and 'name="p2-opened"' not in html


def test_duplicate_names_are_refused_at_the_name_field(client):
    data = SETUP | HAND | {"setup-name_1": "ayşe", "calculate": "1"}

    response = client.post(reverse("scorer:calculator"), data)

    html = response.content.decode()
    assert response.context["setup"].errors["name_1"]
    assert "data-share" not in html


def test_a_hand_from_the_tile_picker_keeps_its_tiles_while_the_numbers_match(client):
    hand = {
        "ruleset": "kerizim",
        "indicator": "red-5",
        "players": [
            {"name": "A", "opened": "sets", "finished": True},
            {"name": "B", "opened": "sets", "remaining": {"tiles": ["red-6", "blue-3", "fake"]}},
        ],
    }
    page = client.get(reverse("scorer:calculator_shared", args=[share_token(hand)])).content.decode()
    assert field_value(page, "tiles-1") == "red-6 blue-3 fake"
    assert field_value(page, "p1-points") == "9"
    assert totals(page) == [-101, 110]
    base = {"setup-ruleset": "kerizim", "setup-players": "2", "finisher": "0", "p0-opened": "sets"}
    same = base | {"p1-opened": "sets", "p1-points": "9", "p1-okeys": "1", "p1-fake_okeys": "1"}
    same |= {"indicator": "red-5", "tiles-1": "red-6 blue-3 fake"}

    kept = client.post(reverse("scorer:calculator"), same, headers=HTMX).content.decode()
    changed = client.post(
        reverse("scorer:calculator"), same | {"p1-points": "10"}, headers=HTMX
    ).content.decode()

    assert share_load(share_path(kept).split("/")[3])["players"][1]["remaining"] == {
        "tiles": ["red-6", "blue-3", "fake"]
    }
    assert "kırmızı 6" in kept  # the tiles line's detail names the tiles in the page's language
    assert share_load(share_path(changed).split("/")[3])["players"][1]["remaining"] == {
        "points": 10,
        "okeys": 1,
        "fake_okeys": 1,
    }


def test_turning_partners_on_shows_four_players_in_the_set_up(client):
    data = SETUP | {"setup-ruleset": "loca", "setup-players": "2", "setup-opt_partners": "on"}

    html = client.post(reverse("scorer:calculator") + "?refresh=1", data, headers=HTMX).content.decode()

    assert re.search(r'<option value="4" selected>', html)
    assert 'name="p3-opened"' in html
