"""Compare: a reason is derived from the lines themselves and carries its share
of the difference; the reasons of one cell add up to the cell's difference, over 3,000 generated hands."""

import random

import pytest
from django.utils import translation

from bench.handgen import random_hand
from scorer.engine import InvalidInput, clauses, score_hand
from scorer.teaching.compare import hand_compare
from scorer.teaching.examples import example_get
from scorer.templatetags.okey import signed
from tests.support.depth import examples


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def cell(comparison, ruleset: str, label: str):
    k = [c.ruleset.id for c in comparison.columns].index(ruleset)
    row = next(r for r in comparison.rows if r.label == label)
    return row.cells[k]


def texts(found) -> list[str]:
    return [r.text for r in found.reasons]


def test_kerizim_tiles_example_under_loca_names_the_fake_okey_not_a_doubled_real_okey():
    comparison = hand_compare(hand=example_get("kerizim-taslarla").hand)
    bora = cell(comparison, "loca", "Bora")

    assert not [t for t in texts(bora) if "+202 instead of +101" in t]
    fake = [r for r in bora.reasons if "Fake okey left in hand" in r.text]
    assert len(fake) == 1 and fake[0].points == 101
    assert sum(r.points for r in bora.reasons) == bora.delta


def test_kerizim_partners_pairs_example_under_cezali_says_the_two_x2_do_not_stack():
    comparison = hand_compare(hand=example_get("kerizim-esli-cift").hand)
    bora = cell(comparison, "loca-cezali", "Bora")

    assert not [t for t in texts(bora) if "does not multiply" in t]
    assert [t for t in texts(bora) if "not multiplied together" in t]
    assert sum(r.points for r in bora.reasons) == bora.delta
    team = next(r for r in comparison.rows if r.kind == "team" and "Bora" in r.label)
    k = [c.ruleset.id for c in comparison.columns].index("loca-cezali")
    team_cell = team.cells[k]
    assert not [t for t in texts(team_cell) if "multiplies" in t and "Bora" not in t and "Deniz" not in t]
    assert all(t.startswith(("Bora: ", "Deniz: ")) or "team" in t.lower() for t in texts(team_cell))
    assert sum(r.points for r in team_cell.reasons) == team_cell.delta


def test_klasik_pairs_okey_elden_example_under_kerizim_names_both_the_fake_okey_and_the_x2():
    comparison = hand_compare(hand=example_get("klasik-cift-okey-elden").hand)
    bora = cell(comparison, "kerizim", "Bora")

    assert bora.total == 62 and bora.delta == -70
    points = sorted(r.points for r in bora.reasons)
    assert points == [-101, 31]
    assert any("×2" in t or "× 2" in t for t in texts(bora))


def reasons_add_up(comparison) -> int:
    checked = 0
    for row in comparison.rows:
        for k, found in enumerate(row.cells):
            if found.total is None:
                continue
            if not found.differs:
                assert not found.reasons
                continue
            assert found.reasons, (row.label, comparison.columns[k].ruleset.id)
            assert sum(r.points for r in found.reasons) == found.delta, (
                row.label,
                comparison.columns[k].ruleset.id,
                [(r.text, r.points) for r in found.reasons],
                found.delta,
            )
            for reason in found.reasons:
                assert reason.points != 0 and reason.text
                assert clauses.clause(reason.rule)
            checked += 1
    return checked


def test_compare_reasons_add_up_to_their_cells_difference_over_generated_hands():
    count = examples(3000, quick=300)
    rng = random.Random(3000)
    hands = cells = 0
    while hands < count:
        hand = random_hand(rng)
        try:
            score_hand(hand)
        except InvalidInput:
            continue
        cells += reasons_add_up(hand_compare(hand=hand))
        hands += 1
    assert cells > count  # most hands differ somewhere under the other three rule sets


@pytest.mark.django_db
def test_the_page_shows_each_reasons_share(client):
    client.cookies["django_language"] = "en"
    html = client.get("/karsilastir/", {"ornek": "klasik-cift-okey-elden"}, HTTP_ACCEPT_LANGUAGE="en")
    text = html.content.decode()
    assert f'data-points="{-101}"' in text and 'data-points="31"' in text
    assert signed(-101) in text
