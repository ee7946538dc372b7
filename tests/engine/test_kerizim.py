"""Kerizim 101 (SCORING_SPEC §7): stacking ×2 multipliers, waived finisher fouls, D2 and D12."""

import pytest

from scorer.engine import score_hand
from tests.support.notation import codes, error_paths, hand

RULESET = "kerizim"
KERIZIM_FOULS = ["okey_discard", "islek_discard", "side_tile_unused"]
OTHER_FOULS = ["take_back", "below_threshold", "okey_taken_from_discard", "okey_swapped"]


def score(*players: str, **options):
    return score_hand(hand(RULESET, *players, **options))


# --- finish table --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("finisher", "finish_score", "m", "infos"),
    [
        ("sets fin", -101, 1, 0),
        ("sets fin +okey", -101, 1, 1),
        ("sets fin +elden", -101, 1, 1),
        ("sets fin +okey +elden", -101, 1, 2),
        ("pairs fin", -202, 2, 0),
        ("pairs fin +okey +elden", -202, 2, 2),
    ],
)
def test_finish_score_and_multiplier_when_someone_else_opened(finisher, finish_score, m, infos):
    result = score(finisher, "sets 23", "pairs 10", "none")
    assert result.multiplier == m
    # a pairs opener pays 2 × hand value and the multiplier on top of it (D2)
    assert result.totals == (finish_score, 23 * m, 20 * m, 202 * m)
    assert codes(result, 0) == [("finish", finish_score)] + [("info", 0)] * infos


@pytest.mark.parametrize(
    ("finisher", "finish_score", "m"),
    [
        ("sets fin", -101, 2),
        ("sets fin +okey +elden", -101, 2),
        ("pairs fin", -202, 4),
        ("pairs fin +elden", -202, 4),
    ],
)
def test_nobody_else_opened_doubles_again_and_stacks_with_the_pairs_finish(finisher, finish_score, m):
    result = score(finisher, "none", "none 70 o1", "none")
    assert result.multiplier == m
    assert result.totals == (finish_score, 202 * m, 202 * m, 202 * m)


# --- hand bases ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("finisher", "spec", "total"),
    [
        ("sets fin", "sets 23 o1", 124),
        ("sets fin", "sets 23 o2", 225),
        ("sets fin", "sets 23 k1", 23),
        ("sets fin", "pairs 10 o1 k1", 222),
        ("pairs fin", "pairs 10 o1", 111 * 2 * 2),
        ("pairs fin", "sets 10 k2", 20),
        ("sets fin", "none o2 k2", 202),
        ("pairs fin", "none 50", 404),
    ],
)
def test_okey_costs_101_and_fake_okey_its_face_value_before_doubling(finisher, spec, total):
    result = score(finisher, spec, "sets 5")  # the third player opened: no "nobody else" ×2
    assert result.totals[1] == total


# --- fouls ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", KERIZIM_FOULS)
def test_fouls_cost_101_unmultiplied_for_others_and_are_waived_for_the_finisher(kind):
    result = score(f"pairs fin {kind}=2", f"none {kind}=1", f"none {kind}=3")
    assert result.multiplier == 4
    assert result.totals == (-202, 808 + 101, 808 + 303)
    assert codes(result, 0) == [("finish", -202), ("fouls_waived", 0)]
    assert codes(result, 1)[-1] == (f"foul_{kind}", 101)


def test_finisher_without_fouls_has_no_waived_line():
    assert codes(score("sets fin", "sets 5"), 0) == [("finish", -101)]


def test_deck_out_writes_everyones_fouls():
    result = score("sets 5 okey_discard=1", "none islek_discard=2")
    assert result.outcome == "deck_out"
    assert result.totals == (106, 404)


@pytest.mark.parametrize("kind", OTHER_FOULS)
def test_fouls_of_other_rulesets_are_rejected(kind):
    assert error_paths(hand(RULESET, "sets fin", f"none {kind}=1")) == [f"players[1].fouls.{kind}"]


def test_side_tile_penalty_is_rejected():
    assert error_paths(hand(RULESET, "sets fin", "sets 5 side7")) == ["players[1].side_tile"]


# --- partners (D12) ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "m", "totals"),
    [
        (("sets fin", "none", "sets 30", "none"), 2, (-101, 404, 0, 404)),
        (("pairs fin", "none", "pairs 30", "none"), 4, (-202, 808, 0, 808)),
        (("sets fin", "sets 5", "sets 30", "none"), 1, (-101, 5, 0, 202)),
        (("pairs fin", "pairs 5", "none", "none"), 2, (-202, 20, 0, 404)),
        (("none", "sets fin", "sets 9", "none"), 1, (202, -101, 9, 0)),
    ],
)
def test_partners_partner_is_exempt_and_left_out_of_the_nobody_else_opened_check(players, m, totals):
    result = score(*players, partners=True)
    assert result.multiplier == m
    assert result.totals == totals
    finisher = next(i for i, spec in enumerate(players) if "fin" in spec)
    assert codes(result, (finisher + 2) % 4) == [("partner_exempt", 0)]
    assert [team.total for team in result.teams] == [totals[0] + totals[2], totals[1] + totals[3]]
    assert all(team.lines == () for team in result.teams)


def test_partners_fouls_of_finisher_and_partner_are_waived_but_opponents_pay():
    result = score(
        "sets fin okey_discard=1",
        "none islek_discard=1",
        "none side_tile_unused=2 islek_discard=1",
        "sets 7 okey_discard=1",
        partners=True,
    )
    assert codes(result, 0) == [("finish", -101), ("fouls_waived", 0)]
    assert codes(result, 2) == [("partner_exempt", 0), ("fouls_waived", 0)]
    assert result.totals == (-101, 303, 0, 108)
    assert [team.total for team in result.teams] == [-101, 411]


# --- deck out ------------------------------------------------------------------------------------


def test_deck_out_with_nobody_opened_is_no_draw_and_everyone_pays_202():
    result = score("none", "none o1", "none")
    assert result.outcome == "deck_out"
    assert result.totals == (202, 202, 202)


def test_deck_out_has_no_finish_score_and_no_multiplier_but_pairs_double():
    result = score("pairs 10 o1", "sets 20", "none")
    assert result.outcome == "deck_out"
    assert result.multiplier == 1
    assert result.totals == (222, 20, 202)


# --- opening thresholds --------------------------------------------------------------------------


def test_only_base_thresholds_are_checked_and_they_change_no_points():
    data = hand(RULESET, "sets fin open120 #1", "sets 5 open110 #2", "pairs 5 pairs4 #3")
    result = score_hand(data)
    assert len(result.warnings) == 1  # the 4 pairs; kerizim has no katlamalı chain
    for player in data["players"]:
        player.pop("first_opening")
    assert score_hand(data).totals == result.totals == (-101, 5, 10)
