"""SCORING_SPEC §10 worked examples E1–E6 exactly, and one test per decision D1–D14 (§9)."""

import pytest

from scorer.engine import score_game, score_hand, winners_of
from scorer.engine.clauses import COMBINATIONS, decision
from tests.support.notation import codes, hand


def score(ruleset: str, *players: str, **options):
    return score_hand(hand(ruleset, *players, **options))


# --- worked examples --------------------------------------------------------------------------


def test_e1_loca_normal_finish():
    result = score("loca", "sets fin", "sets 23 o1", "pairs 10", "none okey_discard=1")
    assert result.totals == (-101, 124, 20, 303)
    assert result.outcome == "finished"
    assert result.multiplier == 1
    assert codes(result, 0) == [("finish", -101)]
    assert codes(result, 1) == [("tiles", 23), ("okey_in_hand", 101)]
    assert codes(result, 2) == [("tiles", 10), ("pairs_double", 10)]
    assert codes(result, 3) == [("not_opened", 202), ("foul_okey_discard", 101)]


def test_e2_loca_cezali_okey_discard_finish_multiplies_by_four():
    result = score("loca-cezali", "sets fin +okey", "sets 23 o1", "pairs 10", "none okey_discard=1")
    assert result.totals == (-404, 496, 40, 909)
    assert result.multiplier == 4
    assert codes(result, 0) == [("finish", -404)]
    assert codes(result, 1) == [("tiles", 23), ("okey_in_hand", 101), ("multiplier", 372)]
    # pairs ×2 is not stacked on ×4: an info line says so and the multiplier brings 10 to 40
    assert codes(result, 2) == [("tiles", 10), ("info", 0), ("multiplier", 30)]
    assert codes(result, 3) == [("not_opened", 202), ("multiplier", 606), ("foul_okey_discard", 101)]


def test_e3_kerizim_pairs_finish_and_nobody_else_opened_stack_to_four():
    result = score("kerizim", "pairs fin", "none", "none", "none okey_discard=1")
    assert result.totals == (-202, 808, 808, 909)
    assert result.multiplier == 4
    assert codes(result, 0) == [("finish", -202)]
    assert codes(result, 1) == [("not_opened", 202), ("multiplier", 606)]
    assert codes(result, 3) == [("not_opened", 202), ("multiplier", 606), ("foul_okey_discard", 101)]


def test_e4_side_tile_penalty_is_charged_to_the_discarder_before_the_taker():
    sets = score("loca-cezali", "none", "sets 12 side7", "sets fin", "none")
    assert sets.totals == (202 + 70, 12, -101, 202)
    assert codes(sets, 0) == [("not_opened", 202), ("side_tile_penalty", 70)]
    assert codes(sets, 1) == [("tiles", 12)]
    pairs = score("loca-cezali", "none", "pairs 12 side7", "sets fin", "none")
    assert pairs.totals == (202 + 140, 24, -101, 202)
    assert codes(pairs, 0) == [("not_opened", 202), ("side_tile_penalty", 140)]


def test_e5_gkokay_cezali_elden_finish_doubles_only_non_openers():
    result = score("gkokay", "sets fin +elden", "none o1", "sets 31", "none", cezali=True)
    assert result.totals == (0, 505, 31, 404)
    assert codes(result, 0) == [("finish", 0)]
    assert codes(result, 1) == [("not_opened", 202), ("multiplier", 202), ("okey_in_hand", 101)]
    assert codes(result, 2) == [("tiles", 31)]


def test_e6_loca_deck_out_with_nobody_opened_is_a_draw_where_fouls_still_count():
    result = score("loca", "none", "none okey_discard=1", "none", "none")
    assert result.outcome == "draw"
    assert result.totals == (0, 101, 0, 0)
    assert codes(result, 0) == [("draw", 0)]
    assert codes(result, 1) == [("draw", 0), ("foul_okey_discard", 101)]
    assert result.notes  # the table is told that the entry is refunded


# --- decisions ----------------------------------------------------------------------------------


def test_d1_real_okey_in_hand_costs_101_without_face_value_and_loca_also_charges_fake_okeys():
    tiles = {"ruleset": "loca", "indicator": "red-5", "players": [
        {"opened": "sets", "finished": True},
        {"opened": "sets", "remaining": {"tiles": ["okey", "red-6", "blue-3"]}},
        {"opened": "sets", "remaining": {"tiles": ["fake", "blue-3"]}},
    ]}  # fmt: skip
    result = score_hand(tiles)
    # two real okeys (the `okey` tile and red-6 itself): 3 + 2 × 101, no face value 6 added
    assert codes(result, 1) == [("tiles", 3), ("okey_in_hand", 202)]
    # a fake okey counts the okey's number (6) and, in LOCA, 101 more
    assert codes(result, 2) == [("tiles", 9), ("okey_in_hand", 101)]
    kerizim = score("kerizim", "sets fin", "sets 3 o1", "sets 9 k1")
    assert kerizim.totals == (-101, 104, 9)


def test_d2_kerizim_pairs_doubling_stacks_with_the_finish_multiplier():
    result = score("kerizim", "pairs fin", "pairs 10", "sets 10", "none")
    assert result.multiplier == 2
    assert result.totals == (-202, 40, 20, 404)
    assert codes(result, 1) == [("tiles", 10), ("pairs_double", 10), ("multiplier", 20)]


def test_d3_gkokay_has_no_pairs_doubling():
    result = score("gkokay", "sets fin", "pairs 10", "sets 10")
    assert result.totals == (0, 10, 10)
    assert "pairs_double" not in [code for code, _ in codes(result, 1)]


def test_d4_loca_klasik_elden_scores_nothing_extra_but_says_so():
    plain = score("loca", "sets fin", "sets 10", "none")
    elden = score("loca", "sets fin +elden", "sets 10", "none")
    assert elden.totals == plain.totals == (-101, 10, 202)
    assert codes(elden, 0) == [("finish", -101), ("info", 0)]


def test_d5_loca_cezali_pairs_and_okey_discard_finish_is_minus_808_with_multiplier_4():
    result = score("loca-cezali", "pairs fin +okey", "sets 10", "pairs 10", "none")
    assert result.multiplier == 4
    # the never-opened opponent pays 202 × 4 = 808 ("okeyli bitişte 808"), not 1616
    assert result.totals == (-808, 40, 40, 808)
    assert codes(result, 3) == [("not_opened", 202), ("multiplier", 606)]
    elden = score("loca-cezali", "pairs fin +okey +elden", "sets 10", "pairs 10", "none")
    assert (elden.multiplier, elden.totals) == (4, (-808, 40, 40, 808))


def test_d6_loca_cezali_partners_pairs_and_okey_discard_pays_808_without_elden():
    result = score("loca-cezali", "pairs fin +okey", "sets 10", "none", "sets 20", partners=True)
    opponents = result.teams[1]
    assert [(line.code, line.points) for line in opponents.lines] == [("team_fixed_base", 808)]
    assert opponents.total == 808
    assert result.teams[0].total == -808


def test_d6_loca_cezali_partners_pairs_and_okey_discard_elden_pays_1600():
    result = score("loca-cezali", "pairs fin +okey +elden", "sets 10", "none", "sets 20", partners=True)
    opponents = result.teams[1]
    assert [(line.code, line.points) for line in opponents.lines] == [("team_fixed_base", 1600)]
    assert opponents.total == 1600


def test_d7_gkokay_special_finish_doubles_the_non_openers_202_once():
    for flags in ("+okey", "+elden", "+okey +elden"):
        for opened in ("sets", "pairs"):
            result = score("gkokay", f"{opened} fin {flags}", "none", "sets 30", "pairs 30")
            assert result.totals == (0, 404, 30, 30), (opened, flags)
    pairs_finish = score("gkokay", "pairs fin +okey +elden", "none")
    assert pairs_finish.totals == (0, 404)


def test_d8_gkokay_okeys_held_cost_101_for_non_openers_too():
    result = score("gkokay", "sets fin", "none o1", "sets 10 o1", "none")
    assert result.totals == (0, 202 + 101, 10 + 101, 202)
    assert codes(result, 1) == [("not_opened", 202), ("okey_in_hand", 101)]
    both = score("gkokay", "sets fin", "none o2")
    assert both.totals == (0, 202 + 202)


def test_d9_gkokay_cezali_fouls_count_for_the_finisher_too():
    result = score("gkokay", "sets fin islek_discard=1", "sets 10", cezali=True)
    assert result.totals == (101, 10)
    assert codes(result, 0) == [("finish", 0), ("foul_islek_discard", 101)]


def test_d10_gkokay_deck_out_is_scored_without_finisher_and_never_a_draw():
    nobody = score("gkokay", "none", "none o1", "none")
    assert nobody.outcome == "deck_out"
    assert nobody.totals == (202, 303, 202)
    someone = score("gkokay", "pairs 10", "sets 7 o1", "none")
    assert someone.outcome == "deck_out"
    assert someone.multiplier == 1
    assert someone.totals == (10, 108, 202)


def test_d11_gkokay_finishers_partner_pays_no_base_but_own_fouls():
    result = score(
        "gkokay", "sets fin", "none", "none o1 islek_discard=1", "sets 10", partners=True, cezali=True
    )
    assert codes(result, 2) == [("partner_exempt", 0), ("foul_islek_discard", 101)]
    assert result.totals == (0, 202, 101, 10)
    assert [team.total for team in result.teams] == [101, 212]


def test_d12_kerizim_finishers_partner_pays_no_base_and_has_fouls_waived():
    result = score("kerizim", "sets fin", "none", "sets 30 islek_discard=1", "none", partners=True)
    assert codes(result, 2) == [("partner_exempt", 0), ("fouls_waived", 0)]
    # the partner's opening does not count as "someone else opened": ×2 on the opponents
    assert result.multiplier == 2
    assert result.totals == (-101, 404, 0, 404)
    assert [team.total for team in result.teams] == [-101, 808]


def test_d13_gkokay_katlamali_pairs_openings_follow_their_own_chain():
    chained = hand("gkokay", "pairs 10 pairs6 #1", "pairs 10 pairs6 #2", "sets 10 open110 #3", katlamali=True)
    result = score_hand(chained)
    assert len(result.warnings) == 1
    assert "B" in result.warnings[0]
    chained["options"]["katlamali"] = False
    assert score_hand(chained).warnings == ()


def finish_hand(finisher: int, count: int, points: int) -> dict:
    """A hand where ``finisher`` finishes and everyone else opened with sets and holds ``points``."""
    players = [{"opened": "sets", "remaining": {"points": points}} for _ in range(count)]
    players[finisher] = {"opened": "sets", "finished": True}
    return {"players": players}


@pytest.mark.parametrize("ruleset", ["loca", "loca-cezali", "gkokay", "kerizim"])
def test_d14_tied_lowest_totals_win_together_and_all_equal_means_no_winner(ruleset):
    three = {"ruleset": ruleset, "players": ["A", "B", "C"]}
    tied = score_game({**three, "hands": [finish_hand(0, 3, 5), finish_hand(1, 3, 5)]})
    assert tied.totals[0] == tied.totals[1] < tied.totals[2]
    assert tied.winners == (0, 1)
    two = {"ruleset": ruleset, "players": ["A", "B"]}
    equal = score_game({**two, "hands": [finish_hand(0, 2, 5), finish_hand(1, 2, 5)]})
    assert equal.totals[0] == equal.totals[1]
    assert equal.winners == ()
    single = score_game({**two, "hands": [finish_hand(0, 2, 5)]})
    assert single.winners == (0,)


def test_d14_partners_winners_are_team_indexes():
    game = score_game({"ruleset": "loca", "options": {"partners": True}, "players": ["A", "B", "C", "D"],
                       "hands": [finish_hand(1, 4, 5)]})  # fmt: skip
    assert game.team_totals == (10, -101)
    assert game.winners == (1,)
    assert winners_of((5, 3, 3, 9)) == (1, 2)
    assert winners_of((4, 4, 4)) == ()


# --- combinations documented on the rules pages --------------------------------------------------


@pytest.mark.parametrize("combo", COMBINATIONS, ids=lambda c: c.id)
def test_documented_combinations_score_as_their_text_says(combo):
    result = score_hand(combo.hand)
    assert result.totals == combo.totals
    assert tuple(line.points for team in result.teams for line in team.lines) == combo.team_lines
    for total in combo.totals:  # the text states the numbers the engine gives
        if total not in (0,) and abs(total) != 202:
            assert str(abs(total)) in combo.text_tr and str(abs(total)) in combo.text_en


def test_d15_kerizim_pairs_finisher_writes_minus_202():
    assert score("kerizim", "pairs fin", "sets 10").totals[0] == -202
    assert score("kerizim", "sets fin", "sets 10").totals[0] == -101
    assert any("−202" in quote.text_tr for quote in decision("D15").quotes)
