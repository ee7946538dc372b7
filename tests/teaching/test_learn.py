"""The newcomer path's calculators, pure Python on the engine: each step computes from what
was typed, names the field of a bad value and falls back to its default, and cites its clause."""

import pytest

from scorer.engine import clauses, score_hand
from scorer.teaching import learn


def step(number: int, **typed):
    return learn.shown_steps(typed)[number - 1].step


def test_step_one_adds_the_tiles_face_values():
    found = step(1, taslar="13 1 7, 7")
    assert found.values == {"tiles": [13, 1, 7, 7], "total": 28} and not found.errors


@pytest.mark.parametrize(
    "typed", ["", "7 14", "a b", " ".join(["3"] * 22), "²", "٣", "9" * 4301, "7 " + "1" * 5000]
)
def test_step_one_names_the_field_of_a_bad_value_and_uses_the_default(typed):
    found = step(1, taslar=typed)
    assert set(found.errors) == {"taslar"}
    assert found.values["total"] == 23


def test_a_number_too_long_to_read_is_named_shortened():
    message = step(1, taslar="9" * 4301).errors["taslar"]
    assert message.endswith("9999999….") and len(message) < 200


@pytest.mark.parametrize(("colour", "number", "okey"), [("red", "5", "red-6"), ("black", "13", "black-1")])
def test_step_two_finds_the_okey_one_above_the_indicator(colour, number, okey):
    assert step(2, gosterge_renk=colour, gosterge_sayi=number).values["okey"] == okey


def test_step_two_refuses_an_unknown_colour_or_number():
    found = step(2, gosterge_renk="green", gosterge_sayi="14")
    assert set(found.errors) == {"gosterge_renk", "gosterge_sayi"}


@pytest.mark.parametrize(
    ("kind", "size", "opens", "missing"),
    [("sets", "101", True, 0), ("sets", "94", False, 7), ("pairs", "5", True, 0), ("pairs", "4", False, 1)],
)
def test_step_three_checks_101_points_or_5_pairs(kind, size, opens, missing):
    values = step(3, acilis=kind, acilis_boyut=size).values
    assert (values["opens"], values["missing"]) == (opens, missing)


@pytest.mark.parametrize(
    ("finish", "points"), [("normal", -101), ("pairs", -202), ("okey", -404), ("pairs_okey", -808)]
)
def test_step_four_reads_the_loca_finish_table(finish, points):
    assert step(4, bitis=finish).values["points"] == points


def test_step_five_scores_a_whole_first_hand_with_the_engine():
    result = step(5, el_bitis="pairs", el_per="23", el_per_okey="1", el_cift="10").values["result"]
    assert result.totals == (-202, 124, 20, 202)


def test_step_five_keeps_a_bad_value_out_and_says_which():
    found = step(5, el_per="-3", el_per_okey="9")
    assert set(found.errors) == {"el_per", "el_per_okey"}
    assert found.values["result"].totals == (-101, 124, 20, 202)


def test_every_step_cites_real_clauses():
    for found in (shown.step for shown in learn.shown_steps({})):
        assert found.rules
        for rule in found.rules:
            assert clauses.clause(rule)


def test_what_was_typed_is_kept_even_when_it_cannot_be_used():
    assert learn.form_values({"taslar": "7 x"})["taslar"] == "7 x"


def fake_okey_held(ruleset: str, indicator: str) -> int:
    """What the engine charges an opener left holding only a fake okey."""
    hand = {
        "ruleset": ruleset,
        "indicator": indicator,
        "players": [
            {"name": "A", "opened": "sets", "finished": True},
            {"name": "B", "opened": "sets", "remaining": {"tiles": ["fake"]}},
        ],
    }
    return score_hand(hand).totals[1]


@pytest.mark.parametrize(
    ("ruleset", "extra"), [("loca", 101), ("loca-cezali", 101), ("gkokay", 0), ("kerizim", 0)]
)
def test_a_fake_okey_counts_the_okeys_number_and_in_loca_101_more(ruleset, extra):
    # the sentence of step 2 and the glossary: "the okey's number, and in LOCA (klasik and Cezalı) 101 more"
    assert fake_okey_held(ruleset, "black-6") == 7 + extra
    found = step(2, gosterge_renk="black", gosterge_sayi="6").values
    [cost] = [c for c in found["fake"] if c.ruleset == ruleset]
    assert cost.total == 7 + extra and sum(cost.points) == cost.total
    assert found["number"] == 7


@pytest.mark.parametrize(
    ("finish", "m", "totals"),
    [
        # you; Bora 23 × m, 156-point opening −101, Cem opened with his 7: 7 × 20; Cem 10 × max(2, m), 7 pairs −101
        ("okey", 4, (-404, 92 - 101 + 140, 40 - 101, 808)),
        ("elden", 2, (-202, 46 - 101 + 140, 20 - 101, 404)),
        ("pairs", 2, (-202, 46 - 101 + 140, 20 - 101, 404)),
        ("normal", 1, (-101, 23 - 101 + 140, 20 - 101, 202)),
        ("pairs_okey", 4, (-808, 92 - 101 + 140, 40 - 101, 808)),
        ("nine_pairs_run", 4, (-404, 92 - 101 + 140, 40 - 101, 808)),
    ],
)
def test_step_six_scores_cezali_multipliers_rewards_and_the_side_tile_with_the_engine(finish, m, totals):
    found = step(6, cz_bitis=finish)
    assert not found.errors
    assert found.values["m"] == m and found.values["result"].totals == totals
    assert found.values["points"] == totals[0]


def test_step_six_with_no_side_tile_and_a_nine_pair_opening():
    result = step(6, cz_yandan="0", cz_cift_sayi="9", cz_acilis="150").values["result"]
    assert result.totals == (-404, 92, 40 - 202, 808)


@pytest.mark.parametrize(
    ("finish", "team_line", "opponents"),
    [
        ("okey", 808, 808),
        ("elden", 808, 808),
        ("okey_elden", 1600, 1600),
        ("nine_pairs_run", 1600, 1600),
        ("pairs_okey", 808, 808),
        ("normal", None, 23 + 30 * 2),  # each pays their own: Bora 23, Deniz (pairs) 30 × 2
        ("pairs", None, 23 * 2 + 30 * 2),  # ×2; Deniz's pairs ×2 and the finish ×2 do not stack
    ],
)
def test_step_seven_scores_partners_team_lines_with_the_engine(finish, team_line, opponents):
    values = step(7, es_bitis=finish).values
    result = values["result"]
    assert (values["team_line"].points if values["team_line"] else None) == team_line
    assert values["team_total"] == result.teams[1].total == opponents
    assert result.players[2].total == 0  # the partner pays no hand base
    assert result.teams[0].total == values["points"]


def test_steps_six_and_seven_name_a_bad_value():
    assert set(step(6, cz_cift_sayi="4", cz_yandan="14", cz_bitis="x").errors) == {
        "cz_cift_sayi",
        "cz_yandan",
        "cz_bitis",
    }
    assert set(step(7, es_bora="-1").errors) == {"es_bora"}
