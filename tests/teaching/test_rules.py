"""Rules pages: every rule id the engine can emit is an anchor on its page; decisions and tables show."""

import random

import pytest
from django.urls import reverse
from django.utils.html import escape
from hypothesis import given, settings

from bench.handgen import random_hand
from scorer.engine import InvalidInput, clauses, get_ruleset, score_hand
from scorer.engine.codes import RuleId
from scorer.teaching import rulebook
from scorer.teaching.examples import EXAMPLES
from tests.support.depth import examples
from tests.support.gloss import without_gloss_links
from tests.support.markup import attr_values, element_ids, elements
from tests.support.strategies import valid_hands

RULESETS = list(clauses.RULESETS)


@pytest.fixture(scope="module")
def pages(django_db_blocker) -> dict[str, str]:
    from django.test import Client

    with django_db_blocker.unblock():
        client = Client()
        # as the page reads: the glossary links around words do not change its text
        pages = {rs: client.get(reverse("scorer:rules", args=[rs])).content.decode() for rs in RULESETS}
        return {rs: without_gloss_links(html) for rs, html in pages.items()}


@pytest.fixture(scope="module")
def page_ids(pages) -> dict[str, set[str]]:
    return {ruleset: element_ids(html) for ruleset, html in pages.items()}


def emitted_rule_ids(count: int = 3000, seed: int = 101) -> set[str]:
    """``line.rule`` over many seeded random hands of every rule set, and over the worked examples."""
    rng = random.Random(seed)
    rules = set()
    hands = [random_hand(rng) for _ in range(count)] + [e.hand for e in EXAMPLES]
    for hand in hands:
        try:
            result = score_hand(hand)
        except InvalidInput:
            continue
        rules |= {line.rule for p in result.players for line in p.lines}
        rules |= {line.rule for t in result.teams for line in t.lines}
    return rules


@pytest.mark.parametrize("rule_id", list(RuleId), ids=str)
def test_every_rule_id_is_an_anchor_on_its_rules_page(pages, rule_id):
    html = pages[clauses.page_ruleset(rule_id)]

    assert clauses.anchor(rule_id) in element_ids(html)


def test_every_rule_id_the_engine_emits_over_generated_hands_resolves_on_its_page(pages):
    emitted = emitted_rule_ids()

    assert len(emitted) > 30
    missing = {r for r in emitted if clauses.anchor(r) not in element_ids(pages[clauses.page_ruleset(r)])}
    assert not missing


@settings(max_examples=examples(300), deadline=None)
@given(hand=valid_hands())
def test_every_rule_id_of_hypothesis_generated_hands_is_an_anchor(page_ids, hand):
    result = score_hand(hand)

    lines = [line for p in result.players for line in p.lines] + [
        line for t in result.teams for line in t.lines
    ]
    for line in lines:
        assert clauses.anchor(line.rule) in page_ids[clauses.page_ruleset(line.rule)], line.rule


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_rules_page_shows_exactly_the_decisions_that_concern_its_rule_set(pages, ruleset):
    # SCORING_SPEC §9: a decision about one rule set is shown on that rule set's page, not on the others
    ids = element_ids(pages[ruleset])
    every = {f"D{n}" for n in range(1, 17)}

    assert every & ids == {d.id for d in clauses.decisions_for(ruleset)}


def test_every_decision_badge_of_a_generated_line_resolves_on_the_hands_rules_page(page_ids):
    # a line links its badge to the page of the hand's rule set, whichever clause it cites
    rng = random.Random(20)
    for _ in range(3000):
        try:
            result = score_hand(random_hand(rng))
        except InvalidInput:
            continue
        lines = [ln for p in result.players for ln in p.lines] + [ln for t in result.teams for ln in t.lines]
        for line in lines:
            for did in clauses.clause(line.rule).decisions:
                assert did in page_ids[result.ruleset], (result.ruleset, line.rule, did)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_each_clause_shows_its_decisions_as_a_note_linking_to_the_full_list(pages, ruleset):
    html = pages[ruleset]
    for clause in clauses.clauses_for(ruleset):
        anchor = clauses.anchor(clause.id)
        start = html.index(f'id="{anchor}"')
        article = html[start : html.index("</article>", start)]
        for did in clause.decisions:
            assert f'href="#{did}"' in article
            assert escape(clauses.decision(did).text_tr) in article


@pytest.mark.django_db
def test_turkish_page_shows_only_turkish_clause_text(client):
    html = client.get(reverse("scorer:rules", args=["loca"])).content.decode()

    found = clauses.clause(RuleId.LOCA_FINISHES)
    assert "Okey atarak bitiş −404" in html
    assert found.text_en.splitlines()[1] not in html
    assert not [a for _t, a in elements(html) if "clause-translation" in (a.get("class") or "")]


@pytest.mark.django_db
def test_english_page_shows_the_translation_under_the_turkish_text(client):
    client.cookies["django_language"] = "en"

    html = client.get(reverse("scorer:rules", args=["loca"]), HTTP_ACCEPT_LANGUAGE="en").content.decode()

    found = clauses.clause(RuleId.LOCA_FINISHES)
    turkish, english = html.index("Okey atarak bitiş −404"), html.index(found.text_en.splitlines()[3])
    assert turkish < english
    assert 'class="clause-translation text-body-secondary mb-2" lang="en"' in html
    assert escape(clauses.decision("D4").text_en) in html


@pytest.mark.parametrize("ruleset", RULESETS)
def test_scoring_section_is_rendered_from_the_engine(pages, ruleset):
    html = pages[ruleset]
    rs = get_ruleset(ruleset)
    payments = rulebook.payment_rows(rs)

    assert "puan" in element_ids(html)
    assert attr_values(html, "data-outcome")[: len(payments)] == [row.outcome for row in payments]
    multipliers = [row.multiplier for row in payments]
    for row in rs.finish_table:
        assert row.m in multipliers
    assert multipliers[: len(rs.finish_table)][0] == rs.finish_table[0].m
    for kind in rs.foul_kinds(rs.normalize_options(None)):
        assert f'data-foul="{kind}"' in html


def test_cezali_scoring_section_lists_the_team_fixed_bases(pages):
    html = pages["loca-cezali"]

    for row in get_ruleset("loca-cezali").team_fixed_table:
        assert f"+{row.points}" in html
    # each row says which finish it is, and the pairs + okey rows cite decision D6
    assert "Okey ile elden bitiş" in html and "Çift + okey, elden değil: okeyle normal bitiş" in html
    assert 'href="#D6"' in html


def test_gkokay_scoring_section_shows_the_fouls_of_the_cezali_option(pages):
    html = pages["gkokay"]

    for kind in get_ruleset("gkokay").foul_kinds({"cezali": True}):
        assert f'data-foul="{kind}"' in html
    assert 'data-foul="side_tile"' in html


def test_kerizim_payments_show_the_stacked_multiplier_when_nobody_else_opened():
    rows = rulebook.payment_rows(get_ruleset("kerizim"))

    assert [r.multiplier for r in rows if r.finisher == -202] == [2, 4]
    assert [r.never_opened for r in rows if r.finisher == -202] == [404, 808]


@pytest.mark.django_db
def test_unknown_rule_set_is_404(client):
    assert client.get(reverse("scorer:rules", args=["okey-yok"])).status_code == 404


@pytest.mark.django_db
def test_rules_index_links_every_rule_set(client):
    html = client.get(reverse("scorer:rules_index")).content.decode()

    for ruleset in RULESETS:
        assert f'href="{reverse("scorer:rules", args=[ruleset])}"' in html
