"""Aynı el, dört kural: the same hand under every rule set, differences with reasons from the lines."""

import re

import pytest
from django.urls import reverse

from scorer.calculator.share import share_token
from scorer.engine import clauses, get_ruleset, score_hand
from scorer.teaching.compare import adapt_hand, hand_compare
from scorer.teaching.examples import EXAMPLES, example_get
from scorer.templatetags.calc import compare_url as page_compare_url
from tests.support.markup import attr_values

pytestmark = pytest.mark.django_db


def compare_url(hand: dict) -> str:
    return f"{reverse('scorer:compare')}?el={share_token(hand)}"


@pytest.mark.parametrize("slug", [e.slug for e in EXAMPLES])
def test_every_column_shows_the_engines_totals_for_the_adapted_hand(client, slug):
    hand = example_get(slug).hand

    html = client.get(compare_url(hand)).content.decode()

    comparison = hand_compare(hand=hand)
    assert [c.ruleset.id for c in comparison.columns][0] == hand["ruleset"]
    assert len(comparison.columns) == 4
    shown = attr_values(html, "data-ruleset")
    assert shown[:4] == [c.ruleset.id for c in comparison.columns]
    for column in comparison.columns:
        assert not column.errors
        expected = score_hand(column.hand)
        assert column.result.totals == expected.totals
    table = html[html.index("compare-table") : html.index("</table>")]
    totals = [int(v) for v in attr_values(table, "data-total")]
    rows = [c.result.totals[i] for i in range(len(hand["players"])) for c in comparison.columns]
    teams = [t.total for t in comparison.columns[0].result.teams]
    assert totals[: len(rows)] == rows
    assert len(totals) == len(rows) + len(teams) * 4
    assert [int(m) for m in attr_values(table, "data-multiplier")] == [
        c.result.multiplier for c in comparison.columns
    ]


def test_a_differing_cell_is_marked_and_explained_from_the_lines():
    comparison = hand_compare(hand=example_get("kerizim-dort-kat").hand)

    differing = [(row, cell) for row in comparison.rows for cell in row.cells if cell.differs]
    assert differing
    for _row, cell in differing:
        assert cell.reasons
        for reason in cell.reasons:
            assert clauses.clause(reason.rule)  # every reason links to a real clause
    gkokay = [c.ruleset.id for c in comparison.columns].index("gkokay")
    finisher = comparison.rows[0].cells[gkokay]
    assert finisher.total == 101  # 0 for finishing, and GkOkay cezalı writes the finisher's foul (D9)
    assert {"gkokay.bitiren", "gkokay.bitiren-ceza"} <= {r.rule for r in finisher.reasons}


def test_the_multiplier_reason_comes_from_the_engines_context():
    hand = example_get("klasik-normal-bitis").hand | {"ruleset": "loca"}
    hand = {**hand, "players": [{"name": "A", "opened": "pairs", "finished": True}, {"name": "B"}]}

    comparison = hand_compare(hand=hand)

    kerizim = next(c for c in comparison.columns if c.ruleset.id == "kerizim")
    assert kerizim.result.multiplier == 4
    assert len(kerizim.reasons) == 2
    k = comparison.columns.index(kerizim)
    texts = [r.text for r in comparison.rows[1].cells[k].reasons]
    # the reason quotes the multiplier line's own detail: "202 × 4 = 808 (Pairs finish ×2, nobody else opened ×2)"
    assert any(
        "202 × 4 = 808" in text and all(reason in text for reason in kerizim.reasons) for text in texts
    )


def test_what_a_rule_set_does_not_have_is_dropped_with_a_note():
    hand = example_get("cezali-yandan-ceza").hand

    for rs_id in ("loca", "kerizim", "gkokay"):
        rs = get_ruleset(rs_id)
        adapted, notes = adapt_hand(hand, rs)
        options = adapted["options"]
        for player in adapted["players"]:
            assert set(player.get("fouls") or {}) <= set(rs.foul_kinds(options))
            if not rs.has_side_tile(options):
                assert "side_tile" not in player
        assert notes
    loca, notes = adapt_hand(hand, get_ruleset("loca"))
    assert len(notes) == 4  # two side tiles, okey taken, okey swapped


def test_gkokay_is_scored_cezali_when_the_hand_has_fouls():
    adapted, notes = adapt_hand(example_get("klasik-normal-bitis").hand, get_ruleset("gkokay"))

    assert adapted["options"]["cezali"] is True
    assert notes


def test_nine_pairs_run_becomes_an_elden_finish_where_it_does_not_exist():
    hand = example_get("cezali-dokuz-cift-seri").hand

    for rs_id in ("loca", "gkokay", "kerizim"):
        adapted, _notes = adapt_hand(hand, get_ruleset(rs_id))
        finish = adapted["players"][0]["finish"]
        assert "nine_pairs_run" not in finish and finish["elden"] is True
        score_hand(adapted)


def test_options_of_another_rule_set_are_left_out_with_a_note():
    adapted, notes = adapt_hand(example_get("klasik-cift-okey-elden").hand, get_ruleset("kerizim"))

    assert set(adapted["options"]) == {"partners"}
    assert notes


def test_the_original_hand_is_not_changed():
    hand = example_get("cezali-yandan-ceza").hand
    before = repr(hand)

    hand_compare(hand=hand)

    assert repr(hand) == before


def test_without_a_hand_the_first_example_is_compared(client):
    response = client.get(reverse("scorer:compare"))

    assert response.status_code == 200
    assert response.context["hand"] == EXAMPLES[0].hand


def test_an_example_can_be_chosen_without_javascript(client):
    response = client.get(reverse("scorer:compare"), {"ornek": "gkokay-elden-404"})

    assert response.context["hand"] == example_get("gkokay-elden-404").hand


# Fixed ids: a signed token carries a timestamp, so as an id it would differ between the
# processes of `pytest -n 2`, which then refuse to run the collection.
@pytest.mark.parametrize(
    "token",
    [
        pytest.param("bozuk", id="not-a-token"),
        pytest.param(share_token({"players": []})[:-3] + "xyz", id="tampered-signature"),
    ],
)
def test_a_bad_hand_link_is_a_clear_400(client, token):
    response = client.get(reverse("scorer:compare"), {"el": token})

    assert response.status_code == 400
    assert 'data-error="bad-link"' in response.content.decode()
    assert f'href="{reverse("scorer:calculator")}"' in response.content.decode()


def test_an_invalid_hand_shows_the_engines_errors(client):
    hand = {"ruleset": "loca", "players": [{"name": "A", "finished": True}, {"name": "B"}]}

    response = client.get(compare_url(hand))

    assert response.status_code == 400
    assert response.context["comparison"].columns[0].errors


def test_the_example_dropdown_shows_the_example_whose_hand_is_on_screen(client):
    example = example_get("cezali-yandan-ceza")
    assert example != EXAMPLES[0]

    html = client.get(page_compare_url(example.hand)).content.decode()  # the example page's link

    selected = re.findall(r'<option value="([^"]*)"[^>]* selected', html)
    assert selected == [example.slug]


def test_a_shared_hand_that_is_no_example_selects_no_other_example(client):
    hand = example_get("cezali-yandan-ceza").hand | {"indicator": "black-3"}
    assert all(hand != e.hand for e in EXAMPLES)

    html = client.get(page_compare_url(hand)).content.decode()

    assert re.findall(r'<option value="([^"]*)"[^>]* selected', html) == [""]
    assert 'autocomplete="off"' in html  # going back does not restore another choice either
