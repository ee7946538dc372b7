"""Hand entry: nothing typed is dropped silently, the sticky bar."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorer.models import Hand
from scorer.tables.selectors import game_board
from scorer.tables.services.hands import hand_record
from tests.support.factories import NAMES, claim, finisher_alone, new_table, post_hand, url
from tests.support.markup import elements
from tests.support.posts import E2_CALC_SETUP as SETUP
from tests.support.posts import E2_HAND, E2_TOTALS

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


@pytest.fixture
def table(client):
    game, secret = new_table("loca-cezali")
    claim(client, game, secret)
    return game


def tag(html: str, **attrs: str) -> dict:
    """The attributes of the one element that has all of ``attrs`` (``data_x`` means ``data-x``)."""
    wanted = {k.replace("_", "-"): v for k, v in attrs.items()}
    found = [a for _t, a in elements(html) if all(a.get(k) == v for k, v in wanted.items())]
    assert len(found) == 1, (wanted, found)
    return found[0]


# --- the finisher has opened ------------------------------------------------------------------------


def test_a_finisher_who_opened_with_pairs_keeps_pairs(client, table):
    post_hand(client, table, E2_HAND | {"p0-opened": "pairs"})

    assert Hand.objects.get().data["players"][0]["opened"] == "pairs"


# --- no silent drop -----------------------------------------------------------------------------------

DROPPED = E2_HAND | {"p3-points": "25", "p3-fake_okeys": "1"}  # Deniz never opened


def test_points_typed_for_a_non_opener_are_not_saved_before_the_page_said_they_do_not_count(client, table):
    html = post_hand(client, table, DROPPED).content.decode()

    assert not Hand.objects.exists()
    assert "data-dropped-confirm" in html
    warning = tag(html, id="id_p3-points_dropped")
    assert "hidden" not in warning, "the warning beside Deniz's fields is shown"
    assert "id_p3-points_dropped" in tag(html, name="p3-points")["aria-describedby"]
    assert tag(html, name="dropped_seen")["value"] == "p3-points p3-fake_okeys"
    assert tag(html, name="p3-points")["value"] == "25", "what was typed is kept"
    deniz = result_card(html, "Deniz")
    assert 'data-code="not_opened"' in deniz, "the preview shows the fixed 202 line"
    assert re.search(r'data-code="info".*25', deniz, re.S), "and a 0-point line saying the 25 does not count"


def test_without_javascript_the_held_back_save_offers_to_open_the_typed_players_with_sets(client, table):
    html = post_hand(client, table, DROPPED).content.decode()
    offer = html[html.index("data-open-typed") : html.index("</div>", html.index("data-open-typed"))]
    assert "Deniz" in offer and "Ayşe" not in offer, "only who is still on “Açmadı” with numbers typed"
    assert tag(html, name="open_typed")["form"] == "hand-form"

    response = post_hand(client, table, DROPPED | {"open_typed": "sets"})

    assert response.status_code == 302
    deniz = Hand.objects.get().data["players"][3]
    assert deniz["opened"] == "sets"
    assert deniz["remaining"] == {"points": 25, "fake_okeys": 1}


def test_the_open_typed_button_opens_a_finisher_left_on_acmadi_too(client, table):
    data = E2_HAND | {"p0-opened": "none"}
    html = post_hand(client, table, data).content.decode()
    assert not Hand.objects.exists()
    assert "data-open-typed" in html

    assert post_hand(client, table, data | {"open_typed": "sets"}).status_code == 302
    assert Hand.objects.get().data["players"][0]["opened"] == "sets"


def test_a_fresh_form_offers_no_open_typed_button(client, table):
    assert "data-open-typed" not in client.get(url("hand_new", table)).content.decode()


def result_card(html: str, name: str) -> str:
    start = html.index(f'<section class="card h-100 player-result" aria-label="{name}">')
    return html[start : html.index("</section>", start)]


def test_saving_again_after_the_warning_keeps_what_was_typed(client, table):
    html = post_hand(client, table, DROPPED).content.decode()
    seen = tag(html, name="dropped_seen")["value"]

    response = post_hand(client, table, DROPPED | {"dropped_seen": seen})

    assert response.status_code == 302
    deniz = Hand.objects.get().data["players"][3]
    assert deniz["opened"] == "none"
    assert deniz["remaining"] == {"points": 25, "fake_okeys": 1}, "the stored hand keeps what was typed"


def test_a_warning_the_page_showed_lets_the_hand_save_at_once(client, table):
    # okeycalc.js keeps dropped_seen in step with the warnings it shows while typing.
    response = post_hand(client, table, DROPPED | {"dropped_seen": "p3-points p3-fake_okeys"})

    assert response.status_code == 302 and response["Location"] == url("game_board", table)
    deniz = Hand.objects.get().data["players"][3]
    assert deniz["remaining"] == {"points": 25, "fake_okeys": 1}, "saved as typed, not stripped"
    assert game_board(table).totals == tuple(E2_TOTALS), "and Deniz's 25 does not count: E2's totals"


def test_a_changed_warning_is_shown_again(client, table):
    response = post_hand(client, table, DROPPED | {"dropped_seen": "p3-points"})

    assert response.status_code == 200
    assert not Hand.objects.exists()


def test_a_preview_without_javascript_shows_the_warning_beside_the_field(client, table):
    html = client.post(url("hand_preview", table), DROPPED).content.decode()

    assert "hidden" not in tag(html, id="id_p3-points_dropped")
    assert "hidden" in tag(html, id="id_p2-points_dropped"), "Cem opened: no warning"
    assert tag(html, name="dropped_seen")["value"] == "p3-points p3-fake_okeys"
    assert re.search(r'data-code="info".*25', result_card(html, "Deniz"), re.S)


def test_nothing_typed_for_a_non_opener_means_no_warning(client, table):
    html = client.post(url("hand_preview", table), E2_HAND).content.decode()

    assert tag(html, name="dropped_seen")["value"] == ""
    assert all("hidden" in tag(html, id=f"id_p{i}-points_dropped") for i in range(4))
    assert post_hand(client, table, E2_HAND).status_code == 302


def test_okeys_of_a_non_opener_count_in_gkokay_so_they_are_no_warning(client):
    game, secret = new_table("gkokay", players=NAMES[:2])
    claim(client, game, secret)
    data = {"finisher": "0", "p0-opened": "sets", "p1-opened": "none", "p1-okeys": "1"}

    assert post_hand(client, game, data).status_code == 302
    html = client.post(url("hand_preview", game), data | {"p1-fake_okeys": "1"}).content.decode()
    assert tag(html, name="dropped_seen")["value"] == "p1-fake_okeys"


def test_a_stored_hand_with_dropped_values_opens_with_its_warning_shown(client, table):
    seen = "p3-points p3-fake_okeys"
    post_hand(client, table, DROPPED | {"dropped_seen": seen})

    html = client.get(url("hand_edit", table, Hand.objects.get().position)).content.decode()

    assert "hidden" not in tag(html, id="id_p3-points_dropped")
    assert tag(html, name="dropped_seen")["value"] == seen
    assert client.post(url("hand_edit", table, 1), DROPPED | {"dropped_seen": seen}).status_code == 302


# --- the sticky bar ---------------------------------------------------------------------------------------


def bar_totals(html: str) -> list[str]:
    return [a["data-bar-total"] for _t, a in elements(html) if "data-bar-total" in a]


def test_the_bar_has_the_save_button_and_one_total_per_player(client, table):
    html = client.get(url("hand_new", table)).content.decode()

    bar = html[html.index("data-hand-bar") :]
    assert "data-save" in bar
    assert bar_totals(html) == ["", "", "", ""]
    assert re.findall(r'class="bar-name">([^<]*)<', html) == NAMES


def card_totals(html: str) -> list[str]:
    """Each player's total on their card of the result (not the teams'), in seat order."""
    cards = html.split('class="card h-100 player-result"')[1:]
    return [re.search(r'data-total="([^"]*)"', card)[1] for card in cards]


def test_a_live_preview_brings_the_result_alone_with_each_players_total_for_the_bar(client, table):
    html = client.post(url("hand_preview", table), E2_HAND, headers=HTMX).content.decode()

    assert "hand-bar-totals" not in html, "okeycalc.js copies the cards' totals into the bar"
    assert [int(t) for t in card_totals(html)] == E2_TOTALS


def test_the_bar_holds_what_its_script_says_in_each_state(client, table):
    html = client.get(url("hand_new", table)).content.decode()

    bar = tag(html, id="hand-bar-totals")
    said = re.search(r"data-bar-said>([^<]*)<", html)[1]
    assert said == bar["data-said-ok"] != bar["data-said-fix"]
    html = client.post(url("hand_preview", table), E2_HAND | {"p1-points": "999"}).content.decode()
    assert re.search(r"data-bar-said>([^<]*)<", html)[1] == tag(html, id="hand-bar-totals")["data-said-fix"]


def test_a_preview_without_javascript_has_the_totals_in_the_bar(client, table):
    html = client.post(url("hand_preview", table), E2_HAND).content.decode()

    assert [int(t) for t in bar_totals(html)] == E2_TOTALS
    assert "hx-swap-oob" not in tag(html, id="hand-bar-totals")


def test_a_hand_with_errors_says_so_in_the_bar(client, table):
    html = client.post(url("hand_preview", table), E2_HAND | {"p1-points": "999"}).content.decode()

    assert "has-errors" in tag(html, id="hand-bar-totals")["class"]
    assert bar_totals(html) == ["", "", "", ""]


def test_a_live_preview_of_a_hand_with_errors_marks_them_for_the_bar(client, table):
    html = client.post(url("hand_preview", table), E2_HAND | {"p1-points": "999"}, headers=HTMX)

    assert "data-preview-errors" in html.content.decode()
    assert card_totals(html.content.decode()) == []


# --- the calculator shares the component ------------------------------------------------------------


def test_a_live_calculator_result_brings_the_names_typed_meanwhile(client):
    # Typing the last name then tapping the finisher: the hand's request replaces the name refresh,
    # so the result itself updates the names on the buttons, the player blocks and the bar.
    html = client.post(reverse("scorer:calculator"), SETUP | E2_HAND, headers=HTMX).content.decode()

    for where in ("finisher", "player", "flags"):
        oob = tag(html, id=f"name-{where}-3")
        assert oob["hx-swap-oob"] == "true"
    assert re.search(r'id="name-finisher-3"[^>]*>Deniz<', html)
    assert re.findall(r'class="bar-name">([^<]*)<', html) == NAMES
    assert [int(t) for t in bar_totals(html)] == E2_TOTALS


def test_a_calculator_refresh_brings_no_out_of_band_parts(client):
    response = client.post(reverse("scorer:calculator") + "?refresh=1", SETUP | E2_HAND, headers=HTMX)

    assert "hx-swap-oob" not in response.content.decode()


def test_duplicate_names_are_said_in_the_live_result(client):
    data = SETUP | E2_HAND | {"setup-name_3": "Ayşe"}

    html = client.post(reverse("scorer:calculator"), data, headers=HTMX).content.decode()

    assert 'href="#id_setup-name_3"' in html
    assert 'id="name-finisher-3"' not in html, "names are not changed while they are refused"


# --- queries: the entry page and the live preview stay constant in the number of hands --------

HAND_PAGE_QUERIES = 3  # the table, the device's grant on it, the live hand count
PREVIEW_QUERIES = 2  # the table and the grant: a live preview shows no hand number; nothing is written


def test_entry_page_and_preview_queries_do_not_grow_with_the_hands(client):
    counts = []
    for hands in (0, 4):
        game, secret = new_table("loca-cezali", hands_planned=5)
        claim(client, game, secret)
        for _ in range(hands):
            hand_record(game=game, data=finisher_alone())
        client.get(url("hand_new", game))  # the grant's hourly touch is not what is counted
        with CaptureQueriesContext(connection) as page:
            assert client.get(url("hand_new", game)).status_code == 200
        with CaptureQueriesContext(connection) as preview:
            response = client.post(url("hand_preview", game), E2_HAND, headers=HTMX)
            assert response.status_code == 200
        counts.append((len(page), len(preview)))
    assert counts[0] == counts[1]
    assert counts[0] == (HAND_PAGE_QUERIES, PREVIEW_QUERIES), [q["sql"] for q in page.captured_queries]


def test_a_corrections_live_preview_reads_no_hand_and_scores_what_was_typed(client):
    game, secret = new_table("loca-cezali", hands_planned=5)
    claim(client, game, secret)
    hand = hand_record(game=game, data=finisher_alone())
    client.get(url("hand_edit", game, hand.position))  # the grant's hourly touch is not what is counted
    typed = E2_HAND | {"editing": str(hand.position), "version": str(hand.version)}
    with CaptureQueriesContext(connection) as preview:
        html = client.post(url("hand_preview", game), typed, headers=HTMX).content.decode()
    assert len(preview) == PREVIEW_QUERIES, [q["sql"] for q in preview.captured_queries]
    assert [int(t) for t in re.findall(r'data-total="(-?\d+)"', html)] == E2_TOTALS
    assert "hand-bar-totals" not in html and "<form" not in html
