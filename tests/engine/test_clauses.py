"""The rule-clause data module: one clause per RuleId, verbatim quotes, decisions D1–D16."""

import ast
from pathlib import Path

import pytest

from scorer.engine import clauses as clauses_module
from scorer.engine.clauses import (
    CLAUSES,
    DECISIONS,
    RULESETS,
    Clause,
    anchor,
    clause,
    clauses_for,
    decision,
    page_ruleset,
)
from scorer.engine.codes import RuleId

REPO = Path(__file__).resolve().parents[2]
SEED_DIRS = (REPO.parent / "shared" / "seeds", REPO / "docs" / "seeds")

# A decision sits only on the clause of the lines whose amount depends on it, so that a line's
# "Yorum" badge (the decisions of the clause it cites) appears exactly where the decision matters.
EXPECTED_DECISIONS = {
    RuleId.LOCA_TILE_VALUES: ("D1",),
    RuleId.LOCA_FINISHING: ("D16",),
    RuleId.LOCA_PAIRS_OKEY: ("D16",),
    RuleId.LOCA_OKEY_IN_HAND: ("D1",),
    RuleId.LOCA_ELDEN: ("D4",),
    RuleId.LOCA_WINNER: ("D14",),
    RuleId.CEZALI_PAIRS_OKEY: ("D5", "D16"),
    RuleId.CEZALI_TEAM_PAIRS_OKEY: ("D6", "D16"),
    RuleId.GKOKAY_SPECIAL_FINISH: ("D7",),
    RuleId.GKOKAY_PAIRS: ("D3",),
    RuleId.GKOKAY_OKEY_IN_HAND: ("D1",),
    RuleId.GKOKAY_NON_OPENER_OKEY: ("D1", "D8"),
    RuleId.GKOKAY_FINISHER_FOULS: ("D9",),
    RuleId.GKOKAY_DECK_OUT: ("D10",),
    RuleId.GKOKAY_PARTNERS: ("D11",),
    RuleId.GKOKAY_PAIRS_THRESHOLD: ("D13",),
    RuleId.GKOKAY_WINNER: ("D14",),
    RuleId.KERIZIM_PAIRS_FINISH: ("D15",),
    RuleId.KERIZIM_OKEY_IN_HAND: ("D1",),
    RuleId.KERIZIM_PAIRS_DOUBLE: ("D2",),
    RuleId.KERIZIM_PARTNERS: ("D12",),
    RuleId.KERIZIM_WINNER: ("D14",),
}
# Clauses where the source has no text: okeycalc's own statement, shown as such on the rules page.
UNQUOTED = {
    RuleId.GKOKAY_PAIRS,
    RuleId.GKOKAY_FINISHER_FOULS,
    RuleId.GKOKAY_DECK_OUT,
    RuleId.GKOKAY_PAIRS_THRESHOLD,
    RuleId.KERIZIM_UNSCORED_FLAGS,
}
DECISION_IDS = [f"D{n}" for n in range(1, 17)]


def normalise(text: str) -> str:
    return " ".join(text.split())


def read_seed(name: str) -> str:
    for folder in SEED_DIRS:
        if (folder / name).is_file():
            return (folder / name).read_text(encoding="utf-8")
    pytest.fail(f"Seed file {name} not found in any of: {', '.join(str(d) for d in SEED_DIRS)}")


def all_seeds() -> str:
    return "\n".join(normalise(read_seed(info.seed)) for info in RULESETS.values())


def test_every_rule_id_has_exactly_one_clause_and_nothing_else():
    assert list(CLAUSES) == list(RuleId)


@pytest.mark.parametrize("rule_id", list(RuleId))
def test_clause_ruleset_and_seed_match_the_id(rule_id):
    found = CLAUSES[rule_id]
    assert found.id is rule_id
    assert found.ruleset == rule_id.split(".", 1)[0]
    assert found.ruleset in RULESETS
    assert found.seed == RULESETS[found.ruleset].seed
    for text in (found.title_tr, found.title_en, found.text_tr, found.text_en):
        assert text.strip() == text and text


@pytest.mark.parametrize("rule_id", sorted(set(RuleId) - UNQUOTED))
def test_clause_text_tr_is_quoted_verbatim_from_its_seed(rule_id):
    found = CLAUSES[rule_id]
    assert found.quoted
    assert normalise(found.text_tr) in normalise(read_seed(found.seed)), (
        f"{rule_id}: text_tr is not a verbatim quote of {found.seed}"
    )


def test_only_the_known_clauses_are_okeycalcs_own_statements():
    assert {c.id for c in CLAUSES.values() if not c.quoted} == UNQUOTED
    for rule_id in UNQUOTED:  # own statements say what the source lacks, not quote it
        assert normalise(CLAUSES[rule_id].text_tr) not in all_seeds()


def test_the_verbatim_check_catches_a_mistyped_quote():
    seed = normalise(read_seed(RULESETS["loca"].seed))
    assert normalise(CLAUSES[RuleId.LOCA_FINISHES].text_tr) in seed
    assert "Normal bitiş -101" not in seed  # ASCII hyphen instead of the seed's "−"
    assert "Hiç açamayan: elindeki taşlara bakılmaksızın sabit 220 ceza." not in seed


def test_decisions_are_d1_to_d16_in_order_with_short_titles():
    assert list(DECISIONS) == DECISION_IDS
    for did, found in DECISIONS.items():
        assert found.id == did
        assert found.text_tr and found.text_en
        assert 0 < len(found.title_tr) <= 40 and 0 < len(found.title_en) <= 40


@pytest.mark.parametrize("did", DECISION_IDS)
def test_decision_is_attached_to_at_least_one_clause(did):
    assert any(did in c.decisions for c in CLAUSES.values())


def test_decisions_are_attached_exactly_where_the_spec_says():
    attached = {c.id: c.decisions for c in CLAUSES.values() if c.decisions}
    assert attached == EXPECTED_DECISIONS


def test_clauses_only_name_known_decisions():
    for found in CLAUSES.values():
        assert set(found.decisions) <= set(DECISIONS), found.id


@pytest.mark.parametrize("did", DECISION_IDS)
def test_decision_source_quotes_are_verbatim_from_the_seeds(did):
    for quote in DECISIONS[did].quotes:
        assert normalise(quote.text_tr) in normalise(read_seed(quote.seed)), (
            f"{did}: not a verbatim passage of {quote.seed}: {quote.text_tr!r}"
        )


def test_decisions_quoted_by_the_spec_carry_their_quote():
    def quoted(did: str) -> str:
        return " ".join(q.text_tr for q in DECISIONS[did].quotes)

    assert "özel bitişlerde katlanır" in quoted("D7")
    assert "Elde kalan okey 101 sayılır" in quoted("D1")
    assert "birlikte kazanırlar" in quoted("D14")
    assert "Çiftle bitişte taş atılmaz" in quoted("D16")


def test_rulesets_are_the_four_of_the_spec():
    assert list(RULESETS) == ["loca", "loca-cezali", "gkokay", "kerizim"]
    assert RULESETS["loca"].name_tr == "LOCA 101 (Klasik)"
    assert RULESETS["loca-cezali"].name_tr == "LOCA Cezalı 101"
    for info in RULESETS.values():
        read_seed(info.seed)
        assert info.intro_tr and info.intro_en and info.name_en


@pytest.mark.parametrize("ruleset_id", ["loca", "loca-cezali", "gkokay", "kerizim"])
def test_clauses_for_returns_the_rule_sets_clauses_in_page_order(ruleset_id):
    expected = [CLAUSES[r] for r in RuleId if r.startswith(ruleset_id + ".")]
    assert clauses_for(ruleset_id) == expected
    assert all(isinstance(c, Clause) for c in expected)


def test_clauses_for_covers_every_clause_once():
    listed = [c.id for ruleset_id in RULESETS for c in clauses_for(ruleset_id)]
    assert sorted(listed) == sorted(RuleId)


def test_clause_lookup_accepts_a_rule_id_or_its_string():
    assert clause("loca-cezali.odul") is CLAUSES[RuleId.CEZALI_REWARD]
    assert clause(RuleId.KERIZIM_WINNER).title_tr == "Kazanan"


@pytest.mark.parametrize("unknown", ["loca.odul", "nope", "", "LOCA.bitisler"])
def test_unknown_clause_id_raises_lookup_error(unknown):
    with pytest.raises(LookupError, match="Unknown rule clause"):
        clause(unknown)


def test_unknown_decision_and_ruleset_raise_lookup_error():
    assert decision("D5").id == "D5"
    with pytest.raises(LookupError, match="Unknown decision"):
        decision("D17")
    with pytest.raises(LookupError, match="Unknown rule set"):
        clauses_for("okey")


@pytest.mark.parametrize(
    ("rule_id", "page", "html_anchor"),
    [
        ("loca-cezali.odul", "loca-cezali", "odul"),
        (RuleId.LOCA_OKEY_IN_HAND, "loca", "okey-elde"),
        (RuleId.KERIZIM_FINISHER_FOULS, "kerizim", "bitiren-faul"),
    ],
)
def test_anchor_and_page_split_the_id_at_the_first_dot(rule_id, page, html_anchor):
    assert page_ruleset(rule_id) == page
    assert anchor(rule_id) == html_anchor


@pytest.mark.parametrize("bad", ["loca", ".odul", "loca."])
def test_anchor_rejects_a_malformed_id(bad):
    with pytest.raises(LookupError):
        anchor(bad)


def test_clause_anchors_are_unique_within_a_page():
    for ruleset_id in RULESETS:
        anchors = [anchor(c.id) for c in clauses_for(ruleset_id)]
        assert len(anchors) == len(set(anchors)), ruleset_id


def test_module_does_not_import_django():
    tree = ast.parse(Path(clauses_module.__file__).read_text(encoding="utf-8"))
    imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    imported += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert not [name for name in imported if name.split(".")[0] == "django"]
