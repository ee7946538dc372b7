"""The newcomer path's calculators (issue 20), pure Python on the engine: each step computes from what
was typed, names the field of a bad value and falls back to its default, and cites its clause."""

import pytest

from scorer.engine import clauses
from scorer.teaching import learn


def step(number: int, **typed):
    return learn.learn_steps(typed)[number - 1]


def test_step_one_adds_the_tiles_face_values():
    found = step(1, taslar="13 1 7, 7")
    assert found.values == {"tiles": [13, 1, 7, 7], "total": 28} and not found.errors


@pytest.mark.parametrize("typed", ["", "7 14", "a b", " ".join(["3"] * 22)])
def test_step_one_names_the_field_of_a_bad_value_and_uses_the_default(typed):
    found = step(1, taslar=typed)
    assert set(found.errors) == {"taslar"}
    assert found.values["total"] == 23


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
    for found in learn.learn_steps({}):
        assert found.rules
        for rule in found.rules:
            assert clauses.clause(rule)


def test_what_was_typed_is_kept_even_when_it_cannot_be_used():
    assert learn.form_values({"taslar": "7 x"})["taslar"] == "7 x"
