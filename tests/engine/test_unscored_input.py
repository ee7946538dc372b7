"""SCORING_SPEC §2b: what a rule set does not score is shown, never silently dropped; impossible
fouls are errors naming the field."""

import pytest
from django.utils import translation

from scorer.engine import score_hand
from tests.support.notation import codes, error_paths, hand


def score(ruleset: str, *players: str, **options):
    return score_hand(hand(ruleset, *players, **options))


def info_lines(result, index: int):
    return [line for line in result.players[index].lines if line.code == "info"]


@pytest.mark.parametrize("ruleset", ["loca", "loca-cezali", "kerizim", "gkokay"])
def test_points_typed_for_a_never_opened_player_get_a_zero_info_line(ruleset):
    result = score(ruleset, "sets fin", "none 25", "sets 10")
    assert result.totals[1] == 202
    [info] = info_lines(result, 1)
    assert info.points == 0
    assert "25" in info.label
    assert info.rule.endswith(".acmayan")


@pytest.mark.parametrize("ruleset", ["loca", "loca-cezali", "kerizim"])
def test_okeys_and_fake_okeys_typed_for_a_never_opened_player_are_named_as_not_counted(ruleset):
    with translation.override("en"):
        result = score(ruleset, "sets fin", "none 25 o1 k1", "sets 5")
    assert result.totals[1] == 202
    [info] = info_lines(result, 1)
    assert info.label == (
        "Left in hand, not counted: 25 + okey × 1 + fake okey × 1 (a player who never opened pays the fixed 202)"
    )


def test_gkokay_charges_okeys_to_non_openers_so_only_the_points_are_named():
    result = score("gkokay", "sets fin", "none 25 o1")
    assert result.totals[1] == 202 + 101
    [info] = info_lines(result, 1)
    assert "25" in info.label and "okey ×" not in info.label
    only_okeys = score("gkokay", "sets fin", "none o1")
    assert info_lines(only_okeys, 1) == []


def test_nothing_typed_means_no_info_line():
    result = score("loca", "sets fin", "none", "none 0")
    assert codes(result, 1) == [("not_opened", 202)]
    assert codes(result, 2) == [("not_opened", 202)]


def test_the_info_line_is_in_turkish_as_the_issue_words_it():
    with translation.override("tr"):
        result = score("loca", "sets fin", "none 25")
    [info] = info_lines(result, 1)
    assert info.label == "Elde kalan 25 sayılmadı: açmayan sabit 202 öder"


def test_tile_form_for_a_never_opened_player_lists_the_tiles_in_the_detail():
    data = {"ruleset": "kerizim", "indicator": "red-5", "players": [
        {"opened": "sets", "finished": True},
        {"remaining": {"tiles": ["blue-7", "red-6"]}},
    ]}  # fmt: skip
    result = score_hand(data)
    [info] = info_lines(result, 1)
    assert result.totals[1] == 404  # Kerizim: nobody but the finisher opened, ×2
    assert "7" in info.label and "okey × 1" in info.label
    assert "(okey)" in info.detail


def test_the_input_keeps_what_was_typed():
    data = hand("loca", "sets fin", "none 25 o1")
    before = repr(data)
    score_hand(data)
    assert repr(data) == before


@pytest.mark.parametrize(
    ("players", "detail_part"),
    [
        # partner of the finisher: the partner-exempt line names what was not counted
        (("sets fin", "sets 30", "none 25", "sets 10"), "25"),
    ],
)
def test_partner_exempt_line_names_the_tiles_that_did_not_count(players, detail_part):
    result = score("loca", *players, partners=True)
    assert codes(result, 2) == [("partner_exempt", 0)]
    assert detail_part in result.players[2].lines[0].detail


def test_draw_line_names_the_tiles_that_did_not_count():
    result = score("loca", "none 40", "none")
    assert result.outcome == "draw"
    assert codes(result, 0) == [("draw", 0)]
    assert "40" in result.players[0].lines[0].detail


def test_team_fixed_base_opponents_info_names_the_tiles_that_did_not_count():
    result = score("loca-cezali", "sets fin +elden", "sets 33", "none", "none", partners=True)
    assert codes(result, 1) == [("info", 0)]
    assert "33" in result.players[1].lines[0].detail


# --- impossible fouls are errors --------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["loca", "loca-cezali", "kerizim"])
def test_islek_discard_in_a_hand_where_nobody_opened_is_an_error(ruleset):
    assert error_paths(hand(ruleset, "none", "none islek_discard=1")) == ["players[1].fouls.islek_discard"]


def test_islek_discard_in_gkokay_cezali_where_nobody_opened_is_an_error():
    data = hand("gkokay", "none islek_discard=1", "none", cezali=True)
    assert error_paths(data) == ["players[0].fouls.islek_discard"]


def test_islek_discard_is_fine_once_someone_opened_even_by_a_non_opener():
    result = score("loca", "none islek_discard=1", "sets 10")
    assert result.totals == (202 + 101, 10)


def test_okey_swapped_on_a_never_opened_player_is_an_error():
    data = hand("loca-cezali", "sets fin", "none okey_swapped=1", "sets 10 okey_swapped=1")
    assert error_paths(data) == ["players[1].fouls.okey_swapped"]


def test_impossible_foul_messages_name_the_reason_in_turkish():
    from scorer.engine import InvalidInput

    with translation.override("tr"), pytest.raises(InvalidInput) as info:
        score_hand(hand("loca-cezali", "sets fin", "none okey_swapped=1"))
    assert "açmadı" in info.value.errors[0].message
