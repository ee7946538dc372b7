"""Decisions linked where they apply: the GkOkay katlamalı pairs warning links
D13, the deck-out note D10 (through the clause it rests on), the scoreboard's "no winner" D14."""

import re

import pytest
from django.urls import reverse

from scorer.engine import score_hand
from scorer.tables.services.hands import hand_record
from scorer.templatetags.calc import calculator_url
from tests.support.factories import finisher, new_table, url

pytestmark = pytest.mark.django_db

GKOKAY_CHAINS = {
    "ruleset": "gkokay",
    "options": {"katlamali": True},
    "players": [
        {"name": "Ayşe", "opened": "pairs", "finished": True, "first_opening": {"pairs": 6, "order": 1}},
        {
            "name": "Bora",
            "opened": "pairs",
            "remaining": {"points": 5},
            "first_opening": {"pairs": 6, "order": 2},
        },
        {
            "name": "Cem",
            "opened": "sets",
            "remaining": {"points": 5},
            "first_opening": {"points": 120, "order": 3},
        },
        {
            "name": "Deniz",
            "opened": "sets",
            "remaining": {"points": 5},
            "first_opening": {"points": 110, "order": 4},
        },
    ],
}


def warnings_of(html: str) -> list[str]:
    return re.findall(
        r'<p class="alert alert-warning[^"]*" data-warning-rule="[^"]*">.*?</p>', html, flags=re.S
    )


def test_gkokay_pairs_chain_warning_links_its_clause_and_d13_in_the_calculator(client):
    assert len(score_hand(GKOKAY_CHAINS).warnings) == 2
    html = client.get(calculator_url(GKOKAY_CHAINS)).content.decode()

    pairs, points = sorted(warnings_of(html), key=lambda w: "Cem" in w or "Deniz" in w)
    assert "Bora" in pairs and 'data-warning-rule="gkokay.katlama-cift"' in pairs
    assert f'href="{reverse("scorer:rules", args=["gkokay"])}#D13"' in pairs
    assert "Deniz" in points and 'data-warning-rule="gkokay.katlama"' in points
    assert "#D13" not in points  # D13 is about the pairs chain only


def test_gkokay_deck_out_note_links_the_deck_out_clause_and_d10(client):
    html = client.get(reverse("scorer:example", args=["gkokay-deste-bitti"])).content.decode()

    [note] = re.findall(
        r'<p class="alert alert-info[^"]*" data-note-rule="gkokay.duvar">.*?</p>', html, flags=re.S
    )
    assert f'href="{reverse("scorer:rules", args=["gkokay"])}#duvar"' in note
    assert f'href="{reverse("scorer:rules", args=["gkokay"])}#D10"' in note


def test_a_loca_draw_note_links_the_wall_clause_without_a_decision(client):
    html = client.get(reverse("scorer:example", args=["klasik-berabere"])).content.decode()

    [note] = re.findall(
        r'<p class="alert alert-info[^"]*" data-note-rule="loca.duvar">.*?</p>', html, flags=re.S
    )
    assert "#duvar" in note and "decision-link" not in note


@pytest.mark.parametrize(("totals", "tied"), [((20, 20), True), ((20, 30), False)])
def test_the_scoreboard_links_d14_when_nobody_or_several_players_win(client, totals, tied):
    game, _ = new_table(players=["Ayşe", "Bora"], hands_planned=2)
    hand_record(game=game, data=finisher(0, points=totals[0], players=2))
    hand_record(game=game, data=finisher(1, points=totals[1], players=2))

    html = client.get(url("game_board", game)).content.decode()

    assert ("data-no-winner" in html) is tied
    d14 = f'href="{reverse("scorer:rules", args=[game.ruleset])}#D14"'
    assert (d14 in html) is tied
