"""LOCA Cezalı 101 (SCORING_SPEC §5): finish multipliers, opening rewards, penalties, Eşli team lines."""

import pytest

from scorer.engine import get_ruleset, score_hand
from tests.support.notation import codes, error_paths, hand

RULESET = "loca-cezali"


def score(*players: str, **options):
    return score_hand(hand(RULESET, *players, **options))


def line_codes(result, index: int) -> list[str]:
    return [code for code, _ in codes(result, index)]


# --- finish table --------------------------------------------------------------------------------

FINISH_TABLE = [
    # finisher, finisher score, m; then what a sets opener with 23, a pairs opener with 10 and a
    # non-opener pay: 23 × m, 10 × max(2, m), 202 × m
    ("pairs fin +9p", -404, 4, 92, 40, 808),
    ("pairs fin +9p +elden", -404, 4, 92, 40, 808),
    ("pairs fin +9p +elden +okey", -404, 4, 92, 40, 808),
    ("pairs fin +okey", -808, 4, 92, 40, 808),  # D5
    ("pairs fin +okey +elden", -808, 4, 92, 40, 808),  # D5
    ("sets fin +okey", -404, 4, 92, 40, 808),
    ("sets fin +okey +elden", -404, 4, 92, 40, 808),
    ("sets fin +elden", -202, 2, 46, 20, 404),
    ("pairs fin", -202, 2, 46, 20, 404),
    ("pairs fin +elden", -202, 2, 46, 20, 404),
    ("sets fin", -101, 1, 23, 20, 202),
]


@pytest.mark.parametrize(("finisher", "finish_score", "m", "sets", "pairs", "none"), FINISH_TABLE)
def test_first_matching_finish_row_sets_finisher_score_and_multiplier(
    finisher, finish_score, m, sets, pairs, none
):
    result = score(finisher, "sets 23", "pairs 10", "none")
    assert result.multiplier == m
    assert result.totals == (finish_score, sets, pairs, none)
    assert codes(result, 0) == [("finish", finish_score)]


@pytest.mark.parametrize(
    ("finisher", "total", "lines"),
    [
        ("sets fin", 20, [("tiles", 10), ("pairs_double", 10)]),
        # the finish ×2 and the pairs ×2 are not multiplied together: an info line says so
        ("sets fin +elden", 20, [("tiles", 10), ("pairs_double", 10), ("info", 0)]),
        ("sets fin +okey", 40, [("tiles", 10), ("info", 0), ("multiplier", 30)]),
        ("pairs fin +okey", 40, [("tiles", 10), ("info", 0), ("multiplier", 30)]),  # D5
    ],
)
def test_pairs_opener_pays_larger_of_pairs_and_finish_multiplier(finisher, total, lines):
    result = score(finisher, "pairs 10")
    assert result.totals[1] == total
    assert codes(result, 1) == lines


@pytest.mark.parametrize(
    ("finisher", "detail"), [("sets fin +elden", "×2, ×4 değil"), ("sets fin +okey", "×4 > ×2")]
)
def test_the_multiplier_not_stacked_on_the_pairs_opener_says_which_applies(finisher, detail):
    # The equal case says what stacking would have made, never "×2 = ×2"
    # (in the host's language: Turkish here, as the test run leaves it).
    result = score(finisher, "pairs 10")
    info = [line for line in result.players[1].lines if line.code == "info"]
    assert [line.detail for line in info] == [detail]


@pytest.mark.parametrize(
    ("finisher", "spec", "total"),
    [
        ("sets fin", "sets 23 o1 k1", 23 + 202),
        ("sets fin +okey", "sets 23 o1 k1", (23 + 202) * 4),
        ("sets fin +okey", "pairs 10 o1", 111 * 4),
        ("sets fin +elden", "pairs 10 k1", 111 * 2),
        ("pairs fin +okey", "sets 0 o2 k2", 404 * 4),  # D5
        ("sets fin +okey", "none 60 o2 k1", 808),
    ],
)
def test_okeys_and_fake_okeys_in_hand_are_part_of_the_multiplied_hand_value(finisher, spec, total):
    assert score(finisher, spec).totals[1] == total


# --- opening rewards ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "total", "reward"),
    [
        ("sets 20 open151", 20 - 101, -101),
        ("sets 20 open200", 20 - 101, -101),
        ("sets 20 open150", 20, None),
        ("pairs 10 pairs6", 20, None),
        ("pairs 10 pairs7", 20 - 101, -101),
        ("pairs 10 pairs8", 20 - 101, -101),
        ("pairs 10 pairs9", 20 - 202, -202),
        ("pairs 10 pairs11", 20 - 202, -202),
        ("pairs 10 pairs4", 20, None),
    ],
)
def test_opening_reward_is_the_largest_qualifying_one_only(spec, total, reward):
    result = score("sets fin", spec)
    assert result.totals[1] == total
    rewards = [points for code, points in codes(result, 1) if code == "opening_reward"]
    assert rewards == ([] if reward is None else [reward])


def test_opening_reward_is_never_multiplied():
    result = score("pairs fin +okey", "sets 20 open151", "pairs 10 pairs9")
    assert result.multiplier == 4
    assert result.totals == (-808, 80 - 101, 40 - 202)


@pytest.mark.parametrize(
    ("finisher", "total", "lines"),
    [
        ("sets fin open160", -202, [("finish", -101), ("opening_reward", -101)]),
        ("sets fin +elden open151", -303, [("finish", -202), ("opening_reward", -101)]),
        ("pairs fin pairs9", -404, [("finish", -202), ("opening_reward", -202)]),
        ("pairs fin +elden pairs7", -303, [("finish", -202), ("opening_reward", -101)]),
        ("pairs fin +9p pairs9", -404, [("finish", -404), ("info", 0)]),
        ("pairs fin +9p +elden pairs10", -404, [("finish", -404), ("info", 0)]),
    ],
)
def test_finisher_gets_opening_reward_but_nine_pairs_run_gets_no_nine_pair_reward(finisher, total, lines):
    result = score(finisher, "sets 5")
    assert result.totals[0] == total
    assert codes(result, 0) == lines


def test_opening_reward_counts_on_deck_out():
    result = score("sets 20 open151", "pairs 10 pairs9", "none")
    assert result.outcome == "deck_out"
    assert result.totals == (20 - 101, 20 - 202, 202)


# --- fouls and penalties -----------------------------------------------------------------------

CEZALI_FOULS = ["okey_discard", "islek_discard", "take_back", "okey_taken_from_discard", "okey_swapped"]


@pytest.mark.parametrize("kind", CEZALI_FOULS)
def test_each_foul_costs_101_for_everyone_and_is_never_multiplied(kind):
    # okey_swapped needs a laid-down group: the third player opened (with nothing left) for it
    third = f"sets 0 {kind}=1" if kind == "okey_swapped" else f"none {kind}=1"
    result = score(f"pairs fin +okey {kind}=1", f"sets 10 {kind}=2", third)
    assert result.multiplier == 4
    assert result.totals == (-808 + 101, 40 + 202, (0 if kind == "okey_swapped" else 808) + 101)
    assert codes(result, 0) == [("finish", -808), (f"foul_{kind}", 101)]
    assert codes(result, 1)[-1] == (f"foul_{kind}", 202)


@pytest.mark.parametrize("kind", ["side_tile_unused", "below_threshold"])
def test_foul_kinds_of_other_rulesets_are_rejected(kind):
    assert error_paths(hand(RULESET, "sets fin", f"none {kind}=1")) == [f"players[1].fouls.{kind}"]


def spread(count: int, taker: int, spec: str) -> list[str]:
    players = ["none"] * count
    players[taker] = spec
    return players


@pytest.mark.parametrize(
    ("count", "taker", "spec", "charged", "amount"),
    [
        (4, 1, "sets 5 side7", 0, 70),
        (4, 2, "sets 5 side1", 1, 10),
        (4, 3, "pairs 5 side7", 2, 140),
        (4, 0, "sets 5 side7", 3, 70),
        (4, 0, "pairs 5 side13", 3, 260),
        (3, 0, "sets 5 side2", 2, 20),
        (3, 1, "pairs 5 side3", 0, 60),
        (2, 0, "sets 5 side12", 1, 120),
        (2, 1, "sets 5 side12", 0, 120),
    ],
)
def test_side_tile_penalty_is_charged_to_the_previous_player_in_turn_order(
    count, taker, spec, charged, amount
):
    players = spread(count, taker, spec)
    with_side = score(*players)
    without = score(*players[:taker], spec.rsplit(" ", 1)[0], *players[taker + 1 :])
    differences = [a - b for a, b in zip(with_side.totals, without.totals, strict=True)]
    assert differences == [amount if i == charged else 0 for i in range(count)]
    assert codes(with_side, charged)[-1] == ("side_tile_penalty", amount)


def test_side_tile_penalty_is_never_multiplied_and_reaches_the_finisher():
    result = score("sets fin +okey", "sets 5 side7", "none", "sets 5 side4")
    assert result.multiplier == 4
    assert result.totals == (-404 + 70, 20, 808 + 40, 20)
    assert codes(result, 2)[-1] == ("side_tile_penalty", 40)
    elden = score("sets fin +elden side9", "none", "none", "none")
    assert elden.totals == (-202, 404, 404, 404 + 90)


# --- partners (Cezalı 101 Eşli) ----------------------------------------------------------------

PARTNER_TABLE = [
    # finisher at seat 1; team line on the opposing team (None: they pay hand base × m instead)
    ("sets fin", -101, None, 23 + 202),
    ("pairs fin", -202, None, (23 + 202) * 2),
    ("sets fin +elden", -202, 808, 808),
    ("sets fin +elden open151", -303, 808, 808),
    ("pairs fin +elden", -202, 808, 808),
    ("sets fin +okey", -404, 808, 808),
    ("sets fin +okey +elden", -404, 1600, 1600),
    ("pairs fin +9p", -404, 1600, 1600),
    ("pairs fin +9p +elden", -404, 1600, 1600),
    ("pairs fin +okey", -808, 808, 808),  # D6: an okey finish without elden
    ("pairs fin +okey +elden", -808, 1600, 1600),  # D6
]


@pytest.mark.parametrize(("finisher", "finish_total", "team_line", "opponents"), PARTNER_TABLE)
def test_partners_opposing_team_pays_the_fixed_team_line_instead_of_hand_bases(
    finisher, finish_total, team_line, opponents
):
    result = score(finisher, "sets 23", "sets 40", "none", partners=True)
    assert result.totals[0] == finish_total
    assert codes(result, 2) == [("partner_exempt", 0)]
    finishing, opposing = result.teams
    assert finishing.players == (0, 2)
    assert finishing.lines == ()
    assert finishing.total == finish_total
    assert opposing.players == (1, 3)
    assert opposing.total == opponents
    if team_line is None:
        assert opposing.lines == ()
        assert "team_fixed_base" not in line_codes(result, 1)
    else:
        assert [(line.code, line.points) for line in opposing.lines] == [("team_fixed_base", team_line)]
        assert result.totals[1] == result.totals[3] == 0
        assert codes(result, 1) == [("info", 0)]


def test_partners_fixed_line_keeps_opponents_fouls_rewards_and_penalties():
    result = score(
        "sets fin +okey",
        "sets 23 open151 okey_swapped=1",
        "sets 40 open160 side5 take_back=1",
        "none okey_taken_from_discard=2",
        partners=True,
    )
    # B: info 0, reward −101, foul 101, side-tile penalty 50 for C's opening with B's discard
    assert result.totals == (-404, -101 + 101 + 50, -101 + 101, 202)
    assert "opening_reward" in line_codes(result, 2)  # the exempt partner keeps their own reward
    finishing, opposing = result.teams
    assert finishing.total == -404 + 0
    assert opposing.total == 50 + 202 + 808
    assert opposing.total == sum(result.totals[i] for i in opposing.players) + 808


def test_partners_exempt_partner_and_finisher_still_pay_side_tile_penalties():
    result = score("sets fin +elden", "sets 5 side4", "none", "pairs 9 side6", partners=True)
    # B opened with A's discard (A pays 40); D opened with pairs on C's discard (C pays 120)
    assert result.totals == (-202 + 40, 0, 120, 0)
    assert codes(result, 2) == [("partner_exempt", 0), ("side_tile_penalty", 120)]
    assert [team.total for team in result.teams] == [-202 + 40 + 120, 808]


def test_partners_second_seat_finisher_puts_the_team_line_on_the_first_team():
    result = score("sets 23", "sets fin +okey +elden", "none", "pairs 5", partners=True)
    first, second = result.teams
    assert [(line.code, line.points) for line in first.lines] == [("team_fixed_base", 1600)]
    assert first.total == 1600
    assert second.lines == ()
    assert second.total == -404
    assert codes(result, 3) == [("partner_exempt", 0)]


def test_partners_deck_out_has_no_team_line():
    result = score("sets 23", "none", "pairs 10", "none", partners=True)
    assert result.outcome == "deck_out"
    assert [(team.total, team.lines) for team in result.teams] == [(43, ()), (404, ())]


# --- deck out ------------------------------------------------------------------------------------


def test_deck_out_with_nobody_opened_is_a_draw_where_fouls_count():
    result = score("none o1", "none take_back=1", "none okey_taken_from_discard=1")
    assert result.outcome == "draw"
    assert result.totals == (0, 101, 101)


def test_deck_out_with_an_opener_has_multiplier_one_and_keeps_penalties():
    result = score("sets 30 side6", "pairs 10 pairs7", "none", "sets 2 o1 k1")
    assert result.outcome == "deck_out"
    assert result.multiplier == 1
    assert result.totals == (30, 20 - 101, 202, 2 + 202 + 60)


# --- katlamalı (§7b; the shared cases are in test_loca.py) --------------------------------------


def test_nine_pairs_run_finisher_is_elden_and_needs_only_the_base_threshold():
    data = hand(RULESET, "pairs fin +9p pairs9 #2", "pairs 5 pairs10 #1", katlama="katlamali")
    assert score_hand(data).warnings == ()
    data["players"][0]["finish"] = {"nine_pairs_run": False}
    assert len(score_hand(data).warnings) == 1


def test_katlamali_warnings_never_change_cezali_points():
    data = hand(RULESET, "sets fin +okey open151 #2", "sets 5 open160 #1", "pairs 3 pairs4 #3")
    plain = score_hand(data)
    data["options"] = {"katlama": "extra"}
    chained = score_hand(data)
    assert len(chained.warnings) == len(plain.warnings) + 1 == 2
    assert chained.totals == plain.totals == (-404 - 101, 20 - 101, 12)


@pytest.mark.parametrize(
    ("ruleset", "rewarded"), [("loca", False), ("loca-cezali", True), ("gkokay", False), ("kerizim", False)]
)
def test_only_cezali_rewards_the_opening_size_elsewhere_it_is_a_threshold_check(ruleset, rewarded):
    rs = get_ruleset(ruleset)
    assert rs.has_opening_reward({}) is rewarded
    assert rs.has_opening_reward({"cezali": True}) is rewarded  # GkOkay Cezalı has no size reward either
