"""GkOkay 101 (SCORING_SPEC §6): the finisher writes 0, special finishes double only non-openers' 202."""

import pytest

from scorer.engine import score_hand
from tests.support.notation import codes, error_paths, hand

RULESET = "gkokay"
NAMES = ("Ayşe", "Bora", "Cem", "Deniz")
GKOKAY_FOULS = ["below_threshold", "okey_discard", "islek_discard", "side_tile_unused"]
OTHER_FOULS = ["take_back", "okey_taken_from_discard", "okey_swapped"]


def score(*players: str, **options):
    return score_hand(hand(RULESET, *players, **options))


def warned(data: dict) -> tuple[set[str], object]:
    for player, name in zip(data["players"], NAMES, strict=False):
        player["name"] = name
    result = score_hand(data)
    return {name for name in NAMES if any(name in w for w in result.warnings)}, result


# --- finish table --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("finisher", "non_opener"),
    [
        ("sets fin", 202),
        ("pairs fin", 404),
        ("sets fin +okey", 404),
        ("sets fin +elden", 404),
        ("sets fin +okey +elden", 404),
        ("pairs fin +elden", 404),
        ("pairs fin +okey", 404),
        ("pairs fin +okey +elden", 404),
    ],
)
@pytest.mark.parametrize("cezali", [False, True])
def test_finisher_writes_zero_and_special_finish_doubles_only_non_openers_once(finisher, non_opener, cezali):
    result = score(finisher, "sets 31", "pairs 10", "none", cezali=cezali)
    assert result.totals == (0, 31, 10, non_opener)
    assert codes(result, 0) == [("finish", 0)]
    assert codes(result, 2) == [("tiles", 10)]


# --- hand bases ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("finisher", "spec", "total"),
    [
        ("sets fin", "sets 31 o1", 31 + 101),
        ("sets fin", "sets 31 o2", 31 + 202),
        ("sets fin", "sets 31 k1", 31),
        ("sets fin", "pairs 12 o1 k1", 12 + 101),
        ("sets fin +okey", "pairs 12 o1 k1", 12 + 101),
        ("sets fin", "none o1", 202 + 101),
        ("sets fin +elden", "none o1", 404 + 101),
        ("pairs fin", "none o2", 404 + 202),
        ("sets fin", "none 90 k2", 202),
        ("pairs fin", "none 90 k2", 404),
    ],
)
def test_okeys_cost_101_for_every_non_finisher_and_fake_okeys_only_their_face(finisher, spec, total):
    assert score(finisher, spec).totals == (0, total)


# --- fouls (cezalı) ------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", GKOKAY_FOULS)
def test_cezali_fouls_cost_101_for_everyone_including_the_finisher(kind):
    result = score(f"pairs fin {kind}=1", f"sets 31 {kind}=2", f"none {kind}=1", cezali=True)
    assert result.totals == (101, 31 + 202, 404 + 101)
    assert codes(result, 0) == [("finish", 0), (f"foul_{kind}", 101)]


@pytest.mark.parametrize("kind", GKOKAY_FOULS + OTHER_FOULS)
def test_without_cezali_every_foul_is_rejected(kind):
    assert error_paths(hand(RULESET, "sets fin", f"none {kind}=1")) == [f"players[1].fouls.{kind}"]


@pytest.mark.parametrize("kind", OTHER_FOULS)
def test_cezali_rejects_fouls_of_other_rulesets(kind):
    data = hand(RULESET, "sets fin", f"none {kind}=1", cezali=True)
    assert error_paths(data) == [f"players[1].fouls.{kind}"]


def test_side_tile_is_rejected_without_cezali():
    assert error_paths(hand(RULESET, "sets fin", "sets 5 side7")) == ["players[1].side_tile"]


@pytest.mark.parametrize(
    ("players", "totals"),
    [
        (("sets fin", "sets 5 side7", "none"), (70, 5, 202)),
        (("sets fin", "pairs 5 side7", "none"), (140, 5, 202)),
        (("sets fin side3", "sets 5", "none"), (0, 5, 202 + 30)),
        (("sets 5 side13", "sets fin", "none", "none"), (5, 0, 202, 202 + 130)),
        (("pairs fin +okey", "none", "pairs 5 side2", "none"), (0, 404 + 40, 5, 404)),
        (("sets 5", "pairs 6 side4"), (5 + 80, 6)),
    ],
)
def test_cezali_side_tile_penalty_is_charged_to_the_previous_player_unmultiplied(players, totals):
    assert score(*players, cezali=True).totals == totals


# --- deck out ------------------------------------------------------------------------------------


def test_deck_out_with_nobody_opened_is_no_draw_everyone_pays_202_and_okeys():
    result = score("none", "none o2", "none okey_discard=1", cezali=True)
    assert result.outcome == "deck_out"
    assert result.multiplier == 1
    assert result.totals == (202, 404, 303)


def test_deck_out_openers_pay_hand_value_without_doubling():
    result = score("pairs 10 o1", "sets 20 k1", "none", "none")
    assert result.outcome == "deck_out"
    assert result.totals == (111, 20, 202, 202)
    assert all(code != "finish" for i in range(4) for code, _ in codes(result, i))


# --- partners ------------------------------------------------------------------------------------


@pytest.mark.parametrize("finisher", ["sets fin", "pairs fin +okey"])
def test_partners_finishers_partner_pays_no_base_but_own_fouls_and_teams_are_summed(finisher):
    result = score(finisher, "sets 31", "none o1 okey_discard=1", "none", partners=True, cezali=True)
    special = finisher != "sets fin"
    assert codes(result, 2) == [("partner_exempt", 0), ("foul_okey_discard", 101)]
    assert result.totals == (0, 31, 101, 404 if special else 202)
    assert [(team.total, team.lines) for team in result.teams] == [
        (101, ()),
        (31 + (404 if special else 202), ()),
    ]


# --- katlamalı (D13 for pairs) -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "always", "chained"),
    [
        (("sets fin open100 #1", "sets 5"), {"Ayşe"}, set()),
        (("pairs fin pairs4 #1", "sets 5"), {"Ayşe"}, set()),
        (("sets fin open120 #1", "sets 5 open120 #2"), set(), {"Bora"}),
        (("sets fin open120 #1", "sets 5 open125 #2"), set(), set()),
        (("pairs fin pairs6 #1", "pairs 5 pairs5 #2"), set(), {"Bora"}),
        (("pairs fin pairs6 #1", "sets 5 open101 #2", "pairs 5 pairs7 #3"), set(), set()),
        (("sets fin open140 #1", "pairs 5 pairs5 #2", "sets 5 open140 #3"), set(), {"Cem"}),
        # GkOkay's text has no elden exception (LOCA's has): an elden finisher's opening is chained too
        (("sets fin +elden open105 #2", "sets 5 open130 #1"), set(), {"Ayşe"}),
        (("sets fin +elden open99 #1", "sets 5 open130 #2"), {"Ayşe"}, set()),
    ],
)
@pytest.mark.parametrize("katlamali", [False, True])
@pytest.mark.parametrize("cezali", [False, True])
def test_katlamali_openings_must_beat_earlier_openings_of_their_kind(
    players, always, chained, katlamali, cezali
):
    data = hand(RULESET, *players, katlamali=katlamali, cezali=cezali)
    names, result = warned(data)
    expected = always | (chained if katlamali else set())
    assert names == expected
    assert len(result.warnings) == len(expected)
    data["options"]["katlamali"] = not katlamali
    assert score_hand(data).totals == result.totals  # warnings never change points


def test_cezali_warning_points_to_the_below_threshold_foul_without_charging_it():
    plain = score("sets fin", "sets 5 open90")
    cezali = score("sets fin", "sets 5 open90", cezali=True)
    assert len(plain.warnings) == len(cezali.warnings) == 1
    assert len(cezali.warnings[0]) > len(plain.warnings[0])  # the hint about the foul
    assert plain.totals == cezali.totals == (0, 5)
