"""Decision notes: every quoted passage is labelled with the text and section it
comes from, translated, and a decision is shown only for the rule sets it concerns (SCORING_SPEC §9)."""

import re

import pytest

from scorer.engine import all_rulesets, get_ruleset, score_hand
from scorer.engine.clauses import CLAUSES, RULESETS, clause, clauses_for
from scorer.engine.decisions import (
    DECISIONS,
    SECTIONS,
    SEED_GKOKAY,
    SEED_KERIZIM,
    SEED_LOCA,
    decisions_for,
)
from scorer.engine.describe import cited_clauses
from tests.support.seeds import check_quote, heading_positions, normalise, seed_text

QUOTES = [(d.id, k, q) for d in DECISIONS.values() for k, q in enumerate(d.quotes)]


@pytest.mark.parametrize("seed", [SEED_LOCA, SEED_GKOKAY, SEED_KERIZIM])
def test_section_headings_are_lines_of_their_seed_in_order(seed):
    positions = [pos for pos, _heading in heading_positions(seed)]
    assert positions == sorted(positions)


@pytest.mark.parametrize(("did", "k", "quote"), QUOTES, ids=[f"{d}.{k}" for d, k, _q in QUOTES])
def test_each_quote_is_verbatim_and_stands_in_the_section_it_is_labelled_with(did, k, quote):
    check_quote(quote, f"{did}.{k}")
    text = normalise(seed_text(quote.seed))
    assert text.count(normalise(quote.text_tr)) == 1 or did in {"D5", "D6", "D16"}


def test_d9_labels_the_kerizim_sentence_as_kerizim_not_as_a_gkokay_rule():
    labels = {q.text_tr: q.source for q in DECISIONS["D9"].quotes}
    assert labels["Eli bitiren oyuncunun o eldeki faulleri puanına yazılmaz"] == "Kerizim 101"
    assert set(labels.values()) == {"LOCA 101", "Kerizim 101"}


@pytest.mark.parametrize(
    ("did", "sources"),
    [
        ("D1", {"LOCA 101", "Kerizim 101", "GkOkay 101"}),
        ("D5", {"LOCA 101"}),
        ("D11", {"GkOkay 101", "LOCA 101"}),
        ("D12", {"Kerizim 101"}),
        ("D13", {"GkOkay 101", "LOCA 101"}),
        ("D16", {"LOCA 101"}),
    ],
)
def test_decisions_joining_several_passages_label_each_with_its_own_text(did, sources):
    assert {q.source for q in DECISIONS[did].quotes} == sources
    assert len(DECISIONS[did].quotes) >= 2


def test_d5_passages_name_the_klasik_table_and_the_cezali_section_apart():
    assert {q.section for q in DECISIONS["D5"].quotes} == {"PUANLAMA", "CEZALI 101"}


QUOTED_IN_TEXT = re.compile(r"“([^”]+)”")


@pytest.mark.parametrize("did", list(DECISIONS))
def test_words_quoted_inside_a_decision_text_are_the_sources_own_letter_for_letter(did):
    # e.g. D6 quotes the source's "Okey ile ELDEN bitiş" as written, never "okey ile elden bitiş"
    seeds = " ".join(normalise(seed_text(s)) for s in SECTIONS)
    for quoted in QUOTED_IN_TEXT.findall(DECISIONS[did].text_tr):
        assert normalise(quoted) in seeds, (did, quoted)


def test_d6_quotes_okey_ile_elden_bitis_as_the_source_writes_it():
    assert "“Okey ile ELDEN bitiş”" in DECISIONS["D6"].text_tr


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
def test_a_rule_set_concerns_exactly_the_decisions_of_the_clauses_it_shows_or_cites(ruleset_id):
    rs = get_ruleset(ruleset_id)
    shown = {c.id for c in clauses_for(ruleset_id)} | cited_clauses(rs)
    derived = {did for rule in shown for did in clause(rule).decisions}
    assert {d.id for d in decisions_for(ruleset_id)} == derived


def test_every_decision_concerns_some_rule_set_and_only_known_ones():
    for found in DECISIONS.values():
        assert found.rulesets and set(found.rulesets) <= set(RULESETS), found.id


def test_gkokay_page_shows_none_of_the_cezali_kerizim_or_klasik_decisions():
    assert [d.id for d in decisions_for("gkokay")] == [
        "D1",
        "D3",
        "D7",
        "D8",
        "D9",
        "D10",
        "D11",
        "D13",
        "D14",
    ]
    assert [d.id for d in decisions_for("loca")] == ["D1", "D4", "D14", "D16"]


def test_cited_clauses_cover_the_clauses_of_every_line_of_generated_hands():
    from bench.handgen import generate

    cited = {rs.id: cited_clauses(rs) for rs in all_rulesets()}
    for data in generate(1000, seed=2020):
        result = score_hand(data)
        for line in [ln for p in result.players for ln in p.lines] + [
            ln for t in result.teams for ln in t.lines
        ]:
            assert line.rule in cited[result.ruleset], (result.ruleset, line)
        for rule in result.warning_rules:
            assert rule == "" or rule in cited[result.ruleset]


def test_d16_sits_on_the_klasik_pairs_and_okey_finish_and_the_finishing_clause():
    result = score_hand(
        {
            "ruleset": "loca",
            "players": [
                {"name": "A", "opened": "pairs", "finished": True, "finish": {"okey_discard": True}},
                {"name": "B", "opened": "sets", "remaining": {"points": 5}},
            ],
        }
    )
    [finish] = result.players[0].lines
    assert finish.points == -808
    assert "D16" in CLAUSES[finish.rule].decisions
    assert "D16" in clause("loca.eli-bitirme").decisions
    assert "Çiftle bitişte taş atılmaz" in clause("loca.eli-bitirme").text_tr


def test_d15_sits_on_the_kerizim_pairs_finish():
    result = score_hand(
        {"ruleset": "kerizim", "players": [{"name": "A", "opened": "pairs", "finished": True}, {"name": "B"}]}
    )
    assert "D15" in CLAUSES[result.players[0].lines[0].rule].decisions
