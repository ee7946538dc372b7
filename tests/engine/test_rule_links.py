"""Every line cites the clause its amount comes from: a table of line code → the clauses
such a line may cite, checked on every line of 3,000 generated hands, and the decision badges
(the decisions of the cited clause) only where the amount depends on the decision."""

import sys
from pathlib import Path

import pytest

from scorer.engine import score_hand
from scorer.engine.clauses import CLAUSES, page_ruleset
from scorer.engine.codes import LineCode
from scorer.engine.codes import RuleId as R
from tests.support.notation import hand

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from handgen import generate  # noqa: E402

FOULS = {R.LOCA_FOUL_OKEY, R.LOCA_FOUL_ISLEK, R.CEZALI_FOUL_OKEY, R.CEZALI_FOUL_ISLEK, R.KERIZIM_FOULS}
GKOKAY_FOULS = {R.GKOKAY_FOULS, R.GKOKAY_FINISHER_FOULS}
ALLOWED: dict[str, set[R]] = {
    "finish": {
        R.LOCA_FINISHES,
        R.LOCA_PAIRS_OKEY,
        R.CEZALI_FINISHES,
        R.CEZALI_PAIRS_OKEY,
        R.GKOKAY_FINISHER,
        R.KERIZIM_FINISHER,
        R.KERIZIM_PAIRS_FINISH,
    },
    "not_opened": {R.LOCA_NOT_OPENED, R.CEZALI_NOT_OPENED, R.GKOKAY_NOT_OPENED, R.KERIZIM_NOT_OPENED},
    "tiles": {R.LOCA_TILES, R.GKOKAY_TILES, R.GKOKAY_PAIRS, R.KERIZIM_TILES},
    "okey_in_hand": {
        R.LOCA_OKEY_IN_HAND,
        R.GKOKAY_OKEY_IN_HAND,
        R.GKOKAY_NON_OPENER_OKEY,
        R.KERIZIM_OKEY_IN_HAND,
    },
    "pairs_double": {R.LOCA_PAIRS_DOUBLE, R.KERIZIM_PAIRS_DOUBLE},
    "multiplier": {
        R.CEZALI_FINISHES,
        R.CEZALI_PAIRS_OKEY,
        R.CEZALI_NOT_OPENED,
        R.CEZALI_PAIRS_MAX,
        R.GKOKAY_SPECIAL_FINISH,
        R.KERIZIM_MULTIPLIERS,
        R.KERIZIM_PAIRS_DOUBLE,
    },
    "partner_exempt": {R.LOCA_PARTNERS, R.CEZALI_PARTNERS, R.GKOKAY_PARTNERS, R.KERIZIM_PARTNERS},
    "fouls_waived": {R.KERIZIM_FINISHER_FOULS},
    "team_fixed_base": {R.CEZALI_TEAM_BASE, R.CEZALI_TEAM_PAIRS_OKEY},
    "opening_reward": {R.CEZALI_REWARD},
    "side_tile_penalty": {R.CEZALI_SIDE_TILE, R.GKOKAY_SIDE_TILE},
    "foul_okey_discard": FOULS | GKOKAY_FOULS,
    "foul_islek_discard": FOULS | GKOKAY_FOULS,
    "foul_take_back": {R.LOCA_FOUL_TAKE_BACK},
    "foul_side_tile_unused": GKOKAY_FOULS | {R.KERIZIM_FOULS},
    "foul_below_threshold": GKOKAY_FOULS,
    "foul_okey_taken_from_discard": {R.CEZALI_OKEY_TAKEN},
    "foul_okey_swapped": {R.CEZALI_OKEY_SWAPPED},
    "draw": {R.LOCA_DECK_OUT},
    "info": {
        R.LOCA_ELDEN,  # elden scores nothing in klasik (D4)
        R.KERIZIM_UNSCORED_FLAGS,  # okey / elden finish flags in Kerizim
        R.CEZALI_PAIRS_MAX,  # pairs ×2 and finish multiplier not multiplied together
        R.CEZALI_REWARD,  # no 9-pair reward on a 9 pairs + 1 run finish
        R.CEZALI_TEAM_BASE,  # hand base replaced by the team line
        R.CEZALI_TEAM_PAIRS_OKEY,
        # tiles typed for a player who never opened are not looked at (§2b)
        R.LOCA_NOT_OPENED,
        R.GKOKAY_NOT_OPENED,
        R.KERIZIM_NOT_OPENED,
    },
}


def test_the_table_covers_every_line_code():
    assert set(ALLOWED) == {code.value for code in LineCode}


@pytest.fixture(scope="module")
def generated():
    return [(data, score_hand(data)) for data in generate(3000, seed=909)]


def all_lines(result):
    for player in result.players:
        yield from player.lines
    for team in result.teams:
        yield from team.lines


def test_every_line_of_3000_generated_hands_cites_a_clause_about_its_kind(generated):
    seen = set()
    for data, result in generated:
        for line in all_lines(result):
            assert line.rule in CLAUSES, line
            assert line.rule in ALLOWED[line.code], (data, line)
            # the clause is on the hand's own rules page (Cezalı also cites the klasik rules it keeps)
            page = page_ruleset(line.rule)
            assert page == result.ruleset or (result.ruleset, page) == ("loca-cezali", "loca"), line
            seen.add(line.code)
    # the generated hands reach nearly every kind of line (draws need nobody to open: rare, tested elsewhere)
    assert set(ALLOWED) - seen <= {"draw", "foul_below_threshold", "fouls_waived", "foul_side_tile_unused"}


def rules_of(result, index: int, code: str) -> list[str]:
    return [line.rule for line in result.players[index].lines if line.code == code]


def decisions_of(rule: str) -> tuple[str, ...]:
    return CLAUSES[rule].decisions


def test_cezali_sets_openers_multiplier_cites_the_finish_table_not_the_pairs_clause():
    result = score_hand(hand("loca-cezali", "sets fin +okey", "sets 23", "pairs 10", "none"))
    assert rules_of(result, 1, "multiplier") == [R.CEZALI_FINISHES]
    assert rules_of(result, 2, "multiplier") == [R.CEZALI_PAIRS_MAX]
    assert rules_of(result, 3, "multiplier") == [R.CEZALI_NOT_OPENED]


def test_d5_badge_only_on_lines_of_a_pairs_and_okey_finish():
    normal = score_hand(hand("loca-cezali", "sets fin", "sets 23", "none"))
    assert all(decisions_of(line.rule) == () for p in normal.players for line in p.lines)
    d5 = score_hand(hand("loca-cezali", "pairs fin +okey", "sets 23", "none"))
    # D16 too: that a pairs finisher may discard the okey at all is a decision
    assert decisions_of(rules_of(d5, 0, "finish")[0]) == ("D5", "D16")
    assert decisions_of(rules_of(d5, 1, "multiplier")[0]) == ("D5", "D16")
    assert decisions_of(rules_of(d5, 2, "multiplier")[0]) == ("D5", "D16")
    okey = score_hand(hand("loca-cezali", "sets fin +okey", "sets 23", "none"))
    assert all("D5" not in decisions_of(line.rule) for p in okey.players for line in p.lines)


def test_d6_badge_only_on_the_team_line_of_a_pairs_and_okey_finish():
    d6 = score_hand(hand("loca-cezali", "pairs fin +okey", "sets 10", "none", "sets 20", partners=True))
    [line] = d6.teams[1].lines
    assert decisions_of(line.rule) == ("D6", "D16")
    plain = score_hand(hand("loca-cezali", "sets fin +okey", "sets 10", "none", "sets 20", partners=True))
    [line] = plain.teams[1].lines
    assert decisions_of(line.rule) == ()


def test_team_line_detail_says_which_finish_made_it():
    elden = score_hand(hand("loca-cezali", "sets fin +okey +elden", "sets 10", "none", "none", partners=True))
    assert elden.teams[1].lines[0].detail == "Okey ile elden bitiş"
    okey = score_hand(hand("loca-cezali", "sets fin +okey", "sets 10", "none", "none", partners=True))
    assert okey.teams[1].lines[0].detail == "Okeyle normal bitiş"


def test_kerizim_never_opened_multiplier_cites_the_multiplier_clause():
    result = score_hand(hand("kerizim", "pairs fin", "none", "none"))
    assert rules_of(result, 1, "not_opened") == [R.KERIZIM_NOT_OPENED]
    assert rules_of(result, 1, "multiplier") == [R.KERIZIM_MULTIPLIERS]
    assert rules_of(result, 0, "finish") == [R.KERIZIM_PAIRS_FINISH]
    assert decisions_of(R.KERIZIM_PAIRS_FINISH) == ("D15",)
    normal = score_hand(hand("kerizim", "sets fin", "sets 5", "none"))
    assert rules_of(normal, 0, "finish") == [R.KERIZIM_FINISHER]


def test_gkokay_decisions_sit_on_the_lines_they_change():
    result = score_hand(
        hand("gkokay", "sets fin +elden okey_discard=1", "none o1", "pairs 10", "sets 7 o1", cezali=True)
    )
    assert decisions_of(rules_of(result, 0, "foul_okey_discard")[0]) == ("D9",)
    assert decisions_of(rules_of(result, 1, "not_opened")[0]) == ()
    assert decisions_of(rules_of(result, 1, "multiplier")[0]) == ("D7",)
    assert "D8" in decisions_of(rules_of(result, 1, "okey_in_hand")[0])
    assert decisions_of(rules_of(result, 2, "tiles")[0]) == ("D3",)
    assert decisions_of(rules_of(result, 3, "tiles")[0]) == ()
    assert decisions_of(rules_of(result, 3, "okey_in_hand")[0]) == ("D1",)


def test_pairs_double_detail_gives_the_result():
    result = score_hand(hand("loca", "sets fin", "pairs 9"))
    [line] = [line for line in result.players[1].lines if line.code == "pairs_double"]
    assert line.detail == "9 × 2 = 18"


def test_pairs_opener_under_a_times_two_finish_is_told_why_it_is_not_times_four():
    result = score_hand(hand("loca-cezali", "sets fin +elden", "pairs 10"))
    assert result.totals[1] == 20
    info = [line for line in result.players[1].lines if line.code == "info"]
    assert len(info) == 1 and info[0].rule == R.CEZALI_PAIRS_MAX


def test_deck_out_notes_follow_each_rule_set_s_words():
    loca = score_hand(hand("loca", "sets 10", "none"))
    assert "İADE EDİLMEZ" in loca.notes[0]
    for ruleset in ("gkokay", "kerizim"):
        [note] = score_hand(hand(ruleset, "sets 10", "none")).notes
        assert "Deste" in note and "Duvar" not in note
    cezali = score_hand(hand("loca-cezali", "pairs 10", "none"))
    assert "çarpan uygulanmaz" not in cezali.notes[0]
