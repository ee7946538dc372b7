"""LOCA 101 klasik (SCORING_SPEC §4) and the katlamalı opening checks of LOCA tables (§7b)."""

import pytest

from scorer.engine import score_hand
from tests.support.notation import codes, error_paths, hand

NAMES = ("Ayşe", "Bora", "Cem", "Deniz")


def score(*players: str, **options):
    return score_hand(hand("loca", *players, **options))


def named(data: dict) -> dict:
    """Names that cannot occur inside a warning's own words, so warnings can be matched by name."""
    for player, name in zip(data["players"], NAMES, strict=False):
        player["name"] = name
    return data


def warned(result) -> set[str]:
    return {name for name in NAMES if any(name in warning for warning in result.warnings)}


# --- finisher ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("finisher", "finish_score"),
    [
        ("sets fin", -101),
        ("pairs fin", -202),
        ("sets fin +okey", -404),
        ("pairs fin +okey", -808),
        ("sets fin +elden", -101),
        ("pairs fin +elden", -202),
        ("sets fin +okey +elden", -404),
        ("pairs fin +okey +elden", -808),
    ],
)
def test_finish_table_scores_only_the_finisher_and_multiplies_nobody(finisher, finish_score):
    result = score(finisher, "sets 23", "pairs 10", "none")
    assert result.totals == (finish_score, 23, 20, 202)
    assert result.multiplier == 1
    assert result.outcome == "finished"
    assert codes(result, 0)[0] == ("finish", finish_score)


@pytest.mark.parametrize("finisher", ["sets fin +elden", "pairs fin +okey +elden"])
def test_elden_is_an_info_line_worth_nothing_in_klasik(finisher):
    result = score(finisher, "sets 5")
    assert [line for line in codes(result, 0) if line[0] != "finish"] == [("info", 0)]


# --- hand bases ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "total", "lines"),
    [
        ("sets 23", 23, [("tiles", 23)]),
        ("sets 0", 0, [("tiles", 0)]),
        ("sets 23 o1", 124, [("tiles", 23), ("okey_in_hand", 101)]),
        ("sets 23 k1", 124, [("tiles", 23), ("okey_in_hand", 101)]),
        ("sets 23 o2 k1", 326, [("tiles", 23), ("okey_in_hand", 202), ("okey_in_hand", 101)]),
        ("sets 286", 286, [("tiles", 286)]),
        ("pairs 10", 20, [("tiles", 10), ("pairs_double", 10)]),
        ("pairs 10 o1", 222, [("tiles", 10), ("okey_in_hand", 101), ("pairs_double", 111)]),
        ("pairs 10 k2", 424, [("tiles", 10), ("okey_in_hand", 202), ("pairs_double", 212)]),
        ("none", 202, [("not_opened", 202)]),
        # SCORING_SPEC §2b: what was typed for a non-opener is not counted, and a line says so
        ("none 80 o2 k2", 202, [("not_opened", 202), ("info", 0)]),
    ],
)
def test_non_finisher_pays_hand_base_with_okeys_and_fake_okeys_at_101(spec, total, lines):
    result = score("sets fin", spec)
    assert result.totals == (-101, total)
    assert codes(result, 1) == lines


# --- fouls ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["okey_discard", "islek_discard", "take_back"])
def test_each_foul_costs_101_for_every_player_including_the_finisher(kind):
    result = score(f"sets fin {kind}=1", f"sets 23 {kind}=2", f"pairs 10 {kind}=1", f"none {kind}=3")
    assert result.totals == (-101 + 101, 23 + 202, 20 + 101, 202 + 303)
    assert codes(result, 0) == [("finish", -101), (f"foul_{kind}", 101)]
    assert codes(result, 2) == [("tiles", 10), ("pairs_double", 10), (f"foul_{kind}", 101)]


def test_several_foul_kinds_are_separate_lines():
    result = score("sets fin", "sets 1 okey_discard=1 islek_discard=1 take_back=1")
    assert result.totals == (-101, 1 + 303)
    assert sorted(codes(result, 1)) == sorted(
        [("tiles", 1), ("foul_okey_discard", 101), ("foul_islek_discard", 101), ("foul_take_back", 101)]
    )


@pytest.mark.parametrize(
    "kind", ["side_tile_unused", "below_threshold", "okey_taken_from_discard", "okey_swapped"]
)
def test_foul_kinds_of_other_rulesets_are_rejected(kind):
    assert error_paths(hand("loca", "sets fin", f"sets 5 {kind}=1")) == [f"players[1].fouls.{kind}"]


def test_side_tile_penalty_is_rejected():
    assert error_paths(hand("loca", "sets fin", "sets 5 side7")) == ["players[1].side_tile"]


# --- deck out ------------------------------------------------------------------------------------


def test_deck_out_with_nobody_opened_is_a_draw_and_only_fouls_count():
    result = score("none 50 o1", "none okey_discard=1", "none take_back=2", "none")
    assert result.outcome == "draw"
    assert result.multiplier == 1
    assert result.totals == (0, 101, 202, 0)
    assert codes(result, 0) == [("draw", 0)]
    assert len(result.notes) == 1


def test_deck_out_with_an_opener_scores_bases_without_a_finish_score():
    result = score("sets 23 o1", "pairs 10", "none", "none okey_discard=1")
    assert result.outcome == "deck_out"
    assert result.totals == (124, 20, 202, 303)
    assert all(code != "finish" for i in range(4) for code, _ in codes(result, i))


# --- partners ------------------------------------------------------------------------------------


def test_partners_finishers_partner_is_exempt_from_the_base_but_pays_own_fouls():
    result = score("sets fin", "sets 23", "pairs 10 okey_discard=1", "none", partners=True)
    assert codes(result, 2) == [("partner_exempt", 0), ("foul_okey_discard", 101)]
    assert result.totals == (-101, 23, 101, 202)
    assert [(team.players, team.total, team.lines) for team in result.teams] == [
        ((0, 2), 0, ()),
        ((1, 3), 225, ()),
    ]


def test_partners_second_seat_finisher_exempts_the_fourth_seat():
    result = score("sets 23", "pairs fin +okey", "none", "sets 40", partners=True)
    assert result.totals == (23, -808, 202, 0)
    assert codes(result, 3) == [("partner_exempt", 0)]
    assert [team.total for team in result.teams] == [225, -808]


def test_partners_deck_out_exempts_nobody():
    result = score("sets 23", "none", "pairs 10", "none", partners=True)
    assert result.totals == (23, 202, 20, 202)
    assert [team.total for team in result.teams] == [43, 404]


def test_partners_draw_sums_the_fouls():
    result = score("none", "none okey_discard=1", "none", "none take_back=1", partners=True)
    assert result.outcome == "draw"
    assert [team.total for team in result.teams] == [0, 202]


# --- katlamalı opening checks (§7b) ------------------------------------------------------------

THRESHOLD_CASES = [
    # players, warned on every table, warned in addition on katlamalı / extra tables
    (("sets fin open100 #1", "sets 5"), {"Ayşe"}, set()),
    (("pairs fin pairs4 #1", "sets 5"), {"Ayşe"}, set()),
    (("sets fin open101 #1", "pairs 5 pairs5 #2"), set(), set()),
    (("sets fin open120 #1", "sets 5 open120 #2"), set(), {"Bora"}),
    (("sets fin open120 #1", "sets 5 open121 #2"), set(), set()),
    (("sets fin open120 #2", "sets 5 open121 #1"), set(), {"Ayşe"}),
    (("sets fin open130 #1", "sets 5 open140 #2", "sets 5 open135 #3"), set(), {"Cem"}),
    (("pairs fin pairs6 #1", "pairs 5 pairs6 #2"), set(), {"Bora"}),
    (("pairs fin pairs6 #1", "pairs 5 pairs7 #2"), set(), set()),
    # each chain rises only with its own kind
    (("sets fin open150 #1", "pairs 5 pairs5 #2", "sets 5 open151 #3"), set(), set()),
    (("pairs fin pairs8 #1", "sets 5 open101 #2", "pairs 5 pairs8 #3"), set(), {"Cem"}),
    # an elden finisher needs only the base threshold
    (("sets fin +elden open110 #2", "sets 5 open120 #1"), set(), set()),
    (("pairs fin +elden pairs5 #2", "pairs 5 pairs9 #1"), set(), set()),
    (("sets fin +elden open100 #2", "sets 5 open120 #1"), {"Ayşe"}, set()),
    # without orders there is no chain, only the base threshold
    (("sets fin open120", "sets 5 open110"), set(), set()),
    (("sets fin open120", "sets 5 open99"), {"Bora"}, set()),
]


@pytest.mark.parametrize("ruleset", ["loca", "loca-cezali"])
@pytest.mark.parametrize("katlama", ["none", "katlamali", "extra"])
@pytest.mark.parametrize(("players", "always", "chained"), THRESHOLD_CASES)
def test_katlamali_openings_must_beat_the_highest_earlier_opening_of_their_kind(
    ruleset, katlama, players, always, chained
):
    data = named(hand(ruleset, *players, katlama=katlama))
    result = score_hand(data)
    expected = always | (chained if katlama != "none" else set())
    assert warned(result) == expected
    assert len(result.warnings) == len(expected)
    # warnings never change points: the same hand on a table without katlama scores the same
    data["options"]["katlama"] = "none"
    assert score_hand(data).totals == result.totals


def test_threshold_warnings_do_not_change_points_in_klasik():
    data = named(
        hand("loca", "sets fin open90 #2", "sets 5 open150 #1", "pairs 7 pairs3 #3", katlama="extra")
    )
    result = score_hand(data)
    assert warned(result) == {"Ayşe", "Cem"}
    for player in data["players"]:
        player.pop("first_opening")
    assert score_hand(data).totals == result.totals == (-101, 5, 14)
