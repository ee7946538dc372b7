"""House rule sets (HOUSE_RULES.md): each value where its base's rules put it, the lines citing it,
colours, what the results add, and every error path. The generated properties are in
test_house_properties.py."""

import pytest
from django.utils import translation

from scorer.engine import InvalidInput, get_ruleset, score_game, score_hand
from scorer.engine.errors import ErrorList
from scorer.engine.house import parse_ruleset
from tests.support.notation import codes, hand


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def house_hand(house: dict, *players: str, indicator: str | None = None, **options) -> dict:
    data = hand("loca", *players, **options)
    data["ruleset"] = house
    if indicator is not None:
        data["indicator"] = indicator
    return data


def kahvehane(base: str = "loca-cezali", **more) -> dict:
    """The café's numbers: −100 for a normal finish, 200 for a player who never opened, 100 a foul."""
    return {
        "base": base,
        "name": "Köşe Kahvesi",
        "values": {"finish": {"normal": -100}, "not_opened": 200, "foul": 100, **more},
    }


def lines(result, index: int) -> list[tuple[str, int, str, str]]:
    return [(line.code, line.points, line.detail, line.rule) for line in result.players[index].lines]


# --- each value where the base puts it ------------------------------------------------------------


def test_kahvehane_normal_finish_charges_its_own_numbers_and_cites_them():
    result = score_hand(house_hand(kahvehane(), "sets fin", "sets 23 o1", "pairs 10", "none okey_discard=1"))
    assert result.totals == (-100, 124, 20, 300)
    assert lines(result, 0) == [("finish", -100, "−100", "house.finish")]
    assert lines(result, 3) == [
        ("not_opened", 200, "200", "house.not_opened"),
        ("foul_okey_discard", 100, "1 × 100", "house.foul"),
    ]
    # lines the house did not change cite the base's clauses
    assert lines(result, 1) == [
        ("tiles", 23, "23", "loca.kalan"),
        ("okey_in_hand", 101, "1 × 101", "loca.okey-elde"),
    ]


def test_kahvehane_okey_finish_keeps_the_bases_finish_row_and_multiplies_the_house_200():
    result = score_hand(
        house_hand(kahvehane(), "sets fin +okey", "sets 23 o1", "pairs 10", "none okey_discard=1")
    )
    assert result.multiplier == 4
    assert result.totals == (-404, 496, 40, 900)
    assert lines(result, 0) == [("finish", -404, "", "loca-cezali.bitisler")]
    detail = "200 × 4 = 800 (Okey discard finish ×4)"
    assert lines(result, 3) == [
        ("not_opened", 200, "200", "house.not_opened"),
        ("multiplier", 600, detail, "house.not_opened"),
        ("foul_okey_discard", 100, "1 × 100", "house.foul"),
    ]


def test_a_family_doubling_everyone_on_an_okey_finish_in_loca():
    house = {"base": "loca", "values": {"multiplier": {"okey": 2}}}
    result = score_hand(house_hand(house, "sets fin +okey", "sets 23 o1", "pairs 10", "none"))
    assert result.multiplier == 2
    assert result.totals == (-404, 248, 20, 404)
    assert lines(result, 1)[-1] == (
        "multiplier",
        124,
        "124 × 2 = 248 (Okey discard finish ×2)",
        "house.multiplier",
    )
    assert lines(result, 3)[-1] == (
        "multiplier",
        202,
        "202 × 2 = 404 (Okey discard finish ×2)",
        "house.multiplier",
    )
    # the pairs opener pays the larger of ×2 and m, as the LOCA rule sets do
    assert [code for code, *_ in lines(result, 2)] == ["tiles", "pairs_double", "info"]


def test_pairs_and_multiplier_product_is_the_cafes_four_times_for_a_pairs_opener():
    house = {"base": "loca", "values": {"multiplier": {"okey": 2}, "pairs_and_multiplier": "product"}}
    result = score_hand(house_hand(house, "sets fin +okey", "sets 23 o1", "pairs 10", "none"))
    assert result.totals == (-404, 248, 40, 404)
    assert lines(result, 2) == [
        ("tiles", 10, "10", "loca.kalan"),
        ("pairs_double", 10, "10 × 2 = 20", "loca.cift-kati"),
        ("multiplier", 20, "20 × 2 = 40 (Okey discard finish ×2)", "house.multiplier"),
    ]


def test_cezali_product_stacks_the_pairs_double_on_the_okey_finish_and_cites_the_house():
    house = {"base": "loca-cezali", "values": {"pairs_and_multiplier": "product"}}
    result = score_hand(house_hand(house, "sets fin +okey", "pairs 10", "sets 10"))
    assert result.totals == (-404, 80, 40)
    assert lines(result, 1)[-1] == (
        "multiplier",
        60,
        "20 × 4 = 80 (Okey discard finish ×4)",
        "house.multiplier",
    )
    assert lines(result, 2)[-1][3] == "loca-cezali.bitisler"  # a sets opener's line is the base's


def test_kerizim_larger_gives_the_pairs_opener_only_the_larger_of_x2_and_m():
    base = score_hand(hand("kerizim", "pairs fin", "pairs 10", "none", "sets 20"))
    house = {"base": "kerizim", "values": {"pairs_and_multiplier": "larger"}}
    result = score_hand(house_hand(house, "pairs fin", "pairs 10", "none", "sets 20"))
    assert base.totals == (-202, 40, 404, 40)
    assert result.totals == (-202, 20, 404, 40)
    assert codes(result, 1) == [("tiles", 10), ("pairs_double", 10), ("info", 0)]
    assert result.players[1].lines[-1].rule == "house.multiplier"


def test_kerizim_house_multiplier_still_doubles_again_when_nobody_else_opened():
    house = {"base": "kerizim", "values": {"multiplier": {"pairs": 3}, "finish": {"pairs": -300}}}
    result = score_hand(house_hand(house, "pairs fin", "none", "none"))
    assert result.multiplier == 6
    assert result.totals == (-300, 1212, 1212)
    assert lines(result, 1)[-1] == (
        "multiplier",
        1010,
        "202 × 6 = 1212 (Pairs finish ×3, nobody else opened ×2)",
        "house.multiplier",
    )


def test_gkokay_multiplier_only_multiplies_the_never_opened_and_okeys_are_never_multiplied():
    house = {"base": "gkokay", "values": {"multiplier": {"normal": 2}, "okey_in_hand": 50, "not_opened": 150}}
    result = score_hand(house_hand(house, "sets fin", "none o1", "sets 31 o1", "pairs 10"))
    assert result.totals == (0, 350, 81, 10)
    assert lines(result, 1) == [
        ("not_opened", 150, "150", "house.not_opened"),
        ("multiplier", 150, "150 × 2 = 300 (Normal finish ×2)", "house.multiplier"),
        ("okey_in_hand", 50, "1 × 50", "house.okey_in_hand"),
    ]


def test_gkokay_finish_points_are_the_houses():
    house = {"base": "gkokay", "values": {"finish": {"elden": -50}}}
    result = score_hand(house_hand(house, "sets fin +elden", "none"))
    assert result.totals == (-50, 404)


def test_loca_fake_okeys_cost_the_house_okey_in_hand_too():
    house = {"base": "loca", "values": {"okey_in_hand": 100}}
    result = score_hand(house_hand(house, "sets fin", "sets 20 o1 k1"))
    assert result.totals == (-101, 220)


def test_fouls_are_never_multiplied_and_the_side_tile_keeps_the_bases_amount():
    house = kahvehane()
    result = score_hand(house_hand(house, "sets fin +okey", "sets 10 side7 take_back=2"))
    # B opened with A's discarded 7: A pays 70 whatever the house's foul amount
    assert result.totals == (-404 + 70, 40 + 200)
    assert codes(result, 0)[-1] == ("side_tile_penalty", 70)


def test_deck_out_and_draws_are_the_bases_with_the_house_numbers():
    house = {"base": "loca", "values": {"not_opened": 200, "foul": 100, "finish": {"normal": -100}}}
    deck_out = score_hand(house_hand(house, "sets 10", "none 25"))
    assert deck_out.outcome == "deck_out"
    assert deck_out.totals == (10, 200)
    assert "never opened 200" in deck_out.notes[0]
    assert "Nobody gets −100" in deck_out.notes[0]
    assert "pays the fixed 200" in deck_out.players[1].lines[-1].label
    draw = score_hand(house_hand(house, "none okey_discard=1", "none"))
    assert draw.outcome == "draw"
    assert draw.totals == (100, 0)


def test_a_house_with_no_values_scores_like_its_base():
    players = ("pairs fin +okey", "sets 23 o1", "pairs 10", "none okey_discard=1")
    base = score_hand(hand("loca-cezali", *players)).to_dict()
    house = score_hand(house_hand({"base": "loca-cezali"}, *players)).to_dict()
    assert house.pop("house") == {"base": "loca-cezali"}
    assert house == base


# --- colours --------------------------------------------------------------------------------------

RENKLI = {"red": 2, "yellow": 1, "blue": 3, "black": 4}


def test_the_gosterge_colour_multiplies_every_line_and_says_so():
    house = {"base": "loca-cezali", "colours": RENKLI}
    result = score_hand(
        house_hand(house, "sets fin", "sets 23 o1", "none okey_discard=1", indicator="blue-5")
    )
    assert result.colour == ("blue", 3)
    assert result.totals == (-303, 372, 909)
    assert lines(result, 2) == [
        ("not_opened", 606, "202 · × 3 (blue gösterge)", "loca-cezali.acmayan"),
        ("foul_okey_discard", 303, "1 × 101 · × 3 (blue gösterge)", "loca-cezali.okey-atmak"),
    ]
    assert result.to_dict()["colour"] == {"colour": "blue", "factor": 3}


def test_the_colour_note_is_in_each_hands_language():
    """Turkish writes the note as English does and only the colour's word differs: a hand scored in
    one language never lends its note to the same hand in the other."""
    house = {"base": "loca", "colours": RENKLI}
    details = {}
    for language in ["tr", "en", "tr"]:
        with translation.override(language):
            result = score_hand(house_hand(house, "sets fin", "sets 23", indicator="blue-1"))
            details.setdefault(language, set()).add(result.players[0].lines[0].detail)
    assert details == {"tr": {"−101 × 3 (mavi gösterge)"}, "en": {"−101 × 3 (blue gösterge)"}}


def test_team_lines_side_tiles_and_rewards_are_multiplied_by_the_colour_too():
    house = {"base": "loca-cezali", "colours": RENKLI}
    data = house_hand(
        house, "sets fin +okey", "sets 20", "sets 10", "none", indicator="blue-5", partners=True
    )
    result = score_hand(data)
    assert result.totals == (-1212, 0, 0, 0)
    assert [team.total for team in result.teams] == [-1212, 2424]
    assert result.teams[1].lines[0].points == 2424
    reward = score_hand(house_hand(house, "sets fin open160", "sets 10 side7", indicator="black-1"))
    assert reward.totals == ((-101 - 101 + 70) * 4, 40)


def test_a_factor_of_one_changes_nothing():
    house = {"base": "loca", "colours": RENKLI}
    result = score_hand(house_hand(house, "sets fin", "sets 23", indicator="yellow-2"))
    base = score_hand(hand("loca", "sets fin", "sets 23"))
    assert result.players == base.players
    assert result.colour == ("yellow", 1)


def test_the_colour_comes_from_the_indicator_of_a_tile_form_hand():
    house = {"base": "loca", "colours": RENKLI}
    data = house_hand(house, "sets fin", "sets", indicator="red-5")
    data["players"][1]["remaining"] = {"tiles": ["red-6", "blue-3"]}
    result = score_hand(data)
    assert result.colour == ("red", 2)
    assert result.totals == (-202, 2 * (101 + 3))


# --- what the results say -------------------------------------------------------------------------


def test_the_result_keeps_the_base_id_and_adds_the_house_as_given():
    house = kahvehane()
    result = score_hand(house_hand(house, "sets fin", "sets 1")).to_dict()
    assert result["ruleset"] == "loca-cezali"
    assert result["house"] == house
    assert list(result)[:4] == ["format", "ruleset", "house", "outcome"]
    assert "colour" not in result


def test_the_house_in_a_result_is_a_copy_of_what_was_given():
    house = kahvehane()
    result = score_hand(house_hand(house, "sets fin", "sets 1"))
    house["values"]["not_opened"] = 5
    assert result.house["values"]["not_opened"] == 200


def test_a_published_rule_sets_result_has_no_house():
    result = score_hand(hand("loca", "sets fin", "sets 1")).to_dict()
    assert "house" not in result
    assert "colour" not in result


def game(house: dict, *hands: dict) -> dict:
    return {"ruleset": house, "players": ["A", "B"], "hands": list(hands)}


def test_a_game_result_names_its_base_and_house_and_each_hand_carries_it():
    house = {"base": "kerizim", "values": {"finish": {"normal": -100}}}
    one = {"players": hand("kerizim", "sets fin", "sets 20")["players"]}
    result = score_game(game(house, one, one)).to_dict()
    assert (result["ruleset"], result["house"]) == ("kerizim", house)
    assert result["totals"] == [-200, 40]
    assert all(h["house"] == house for h in result["hands"])


def test_a_published_game_result_is_unchanged():
    one = {"players": hand("kerizim", "sets fin", "sets 20")["players"]}
    result = score_game({"ruleset": "kerizim", "players": ["A", "B"], "hands": [one]}).to_dict()
    assert "house" not in result
    assert "ruleset" not in result


def test_the_house_name_is_the_rule_sets_title():
    ruleset, _options = parse_ruleset({"ruleset": kahvehane()}, ErrorList())
    assert ruleset.title == "Köşe Kahvesi"
    assert ruleset.as_document() == kahvehane()
    assert get_ruleset("loca").as_document() == "loca"


def test_the_base_is_untouched_by_a_house():
    score_hand(house_hand(kahvehane("loca"), "sets fin", "none"))
    loca = get_ruleset("loca")
    assert (loca.not_opened_cost, loca.foul_cost, loca.finish_table[-1].finisher) == (202, 101, -101)
    assert score_hand(hand("loca", "sets fin", "none")).totals == (-101, 202)


# --- errors ---------------------------------------------------------------------------------------


def paths_of(data: dict, scorer=score_hand) -> list[str]:
    with pytest.raises(InvalidInput) as info:
        scorer(data)
    return [error.path for error in info.value.errors]


def loca(**house) -> dict:
    return house_hand({"base": "loca", **house}, "sets fin", "sets 10")


@pytest.mark.parametrize(
    ("house", "path"),
    [
        ({"base": "locaa"}, "ruleset.base"),
        ({"base": 7}, "ruleset.base"),
        ({"base": {"base": "loca"}}, "ruleset.base"),
        ({}, "ruleset.base"),
        ({"base": "loca", "name": ""}, "ruleset.name"),
        ({"base": "loca", "name": "x" * 61}, "ruleset.name"),
        ({"base": "loca", "name": 5}, "ruleset.name"),
        ({"base": "loca", "name": None}, "ruleset.name"),
        ({"base": "loca", "name": "bell\x07"}, "ruleset.name"),
        ({"base": "loca", "values": []}, "ruleset.values"),
        ({"base": "loca", "values": None}, "ruleset.values"),
        ({"base": "loca", "values": {"double": 2}}, "ruleset.values.double"),
        ({"base": "loca", "values": {"finish": {"elden": -100}}}, "ruleset.values.finish.elden"),
        ({"base": "kerizim", "values": {"finish": {"okey": -100}}}, "ruleset.values.finish.okey"),
        ({"base": "loca", "values": {"finish": {"normal": -10001}}}, "ruleset.values.finish.normal"),
        ({"base": "loca", "values": {"finish": {"normal": 10001}}}, "ruleset.values.finish.normal"),
        ({"base": "loca", "values": {"finish": {"normal": -100.0}}}, "ruleset.values.finish.normal"),
        ({"base": "loca", "values": {"finish": [1]}}, "ruleset.values.finish"),
        ({"base": "loca-cezali", "values": {"multiplier": {"okey": 17}}}, "ruleset.values.multiplier.okey"),
        ({"base": "loca-cezali", "values": {"multiplier": {"okey": 0}}}, "ruleset.values.multiplier.okey"),
        ({"base": "loca-cezali", "values": {"multiplier": {"okey": True}}}, "ruleset.values.multiplier.okey"),
        (
            {"base": "loca", "values": {"multiplier": {"nine_pairs_run": 2}}},
            "ruleset.values.multiplier.nine_pairs_run",
        ),
        ({"base": "loca", "values": {"not_opened": -1}}, "ruleset.values.not_opened"),
        ({"base": "loca", "values": {"not_opened": 10001}}, "ruleset.values.not_opened"),
        ({"base": "loca", "values": {"not_opened": "200"}}, "ruleset.values.not_opened"),
        ({"base": "loca", "values": {"okey_in_hand": -5}}, "ruleset.values.okey_in_hand"),
        ({"base": "loca", "values": {"foul": 10001}}, "ruleset.values.foul"),
        ({"base": "loca", "values": {"foul": None}}, "ruleset.values.foul"),
        ({"base": "loca", "values": {"pairs_and_multiplier": "both"}}, "ruleset.values.pairs_and_multiplier"),
        (
            {"base": "gkokay", "values": {"pairs_and_multiplier": "larger"}},
            "ruleset.values.pairs_and_multiplier",
        ),
        ({"base": "loca", "colours": {"red": 2, "yellow": 1, "blue": 3}}, "ruleset.colours.black"),
        ({"base": "loca", "colours": {**RENKLI, "red": 0}}, "ruleset.colours.red"),
        ({"base": "loca", "colours": {**RENKLI, "red": 11}}, "ruleset.colours.red"),
        ({"base": "loca", "colours": {**RENKLI, "green": 2}}, "ruleset.colours.green"),
        ({"base": "loca", "colours": [2, 1, 3, 4]}, "ruleset.colours"),
        ({"base": "loca", "colour": RENKLI}, "ruleset.colour"),
    ],
)
def test_each_bad_house_field_is_named(house, path):
    assert path in paths_of(house_hand(house, "sets fin", "sets 10", indicator="red-1"))


def test_every_error_of_a_house_is_named_at_once():
    house = {
        "base": "loca",
        "extra": 1,
        "values": {"finish": {"elden": 1, "normal": 0.5}, "foul": -1, "bonus": 3},
        "colours": {"red": 0},
    }
    paths = paths_of(house_hand(house, "sets fin", "sets 10", indicator="red-1"))
    assert sorted(paths) == sorted(
        [
            "ruleset.extra",
            "ruleset.values.bonus",
            "ruleset.values.finish.elden",
            "ruleset.values.finish.normal",
            "ruleset.values.foul",
            "ruleset.colours.red",
            "ruleset.colours.yellow",
            "ruleset.colours.blue",
            "ruleset.colours.black",
        ]
    )


def test_nothing_is_scored_from_a_house_with_an_error_not_even_its_players_checked():
    data = house_hand({"base": "loca", "values": {"foul": -1}}, "sets fin", "sets fin")
    assert paths_of(data) == ["ruleset.values.foul"]


def test_a_bad_base_still_checks_the_values_that_do_not_depend_on_it():
    values = {"foul": -1, "finish": {"any": 1, "elden": 5}, "multiplier": {"okey": 2}}
    paths = paths_of(house_hand({"base": "x", "values": values}, "sets fin", "none"))
    # "any" is a row of no rule set: unknown whatever the base; "elden" and "okey" might be the base's
    assert paths == ["ruleset.base", "ruleset.values.finish.any", "ruleset.values.foul"]


def test_a_hand_under_a_house_with_an_error_is_still_checked_against_its_base():
    house = {"base": "loca", "values": {"foul": -1}, "colours": {"red": 2}}
    data = house_hand(house, "sets fin", "none")
    data["players"][1]["opened"] = "maybe"
    assert paths_of(data) == [
        "ruleset.values.foul",
        "ruleset.colours.yellow",
        "ruleset.colours.blue",
        "ruleset.colours.black",
        "indicator",
        "players[1].opened",
    ]


def test_options_are_the_bases():
    data = house_hand({"base": "kerizim"}, "sets fin", "none", katlama="none")
    assert paths_of(data) == ["options.katlama"]
    ok = score_hand(house_hand({"base": "gkokay"}, "sets fin", "none okey_discard=1", cezali=True))
    assert ok.totals == (0, 303)


def test_a_colour_house_needs_each_hands_indicator():
    house = {"base": "loca", "colours": RENKLI}
    assert paths_of(house_hand(house, "sets fin", "sets 10")) == ["indicator"]
    one = {"players": hand("loca", "sets fin", "sets 10")["players"], "indicator": "red-1"}
    two = {"players": hand("loca", "sets fin", "sets 10")["players"]}
    assert paths_of(game(house, one, two), score_game) == ["hands[1].indicator"]


def test_a_game_with_a_bad_house_scores_no_hand():
    bad = {"players": [{"opened": "x"}, {}]}
    assert paths_of(game({"base": "loca", "name": ""}, bad), score_game) == ["ruleset.name"]


def test_an_unknown_rule_set_id_lists_the_registry():
    with pytest.raises(InvalidInput) as info:
        score_hand(hand("loca", "sets fin", "none") | {"ruleset": "okey"})
    assert info.value.errors[0].path == "ruleset"
    assert "loca, loca-cezali, gkokay, kerizim" in info.value.errors[0].message


def test_error_messages_are_in_the_active_language():
    with translation.override("tr"), pytest.raises(InvalidInput) as info:
        score_hand(house_hand({"base": "loca", "colours": RENKLI}, "sets fin", "none"))
    assert "gösterge" in info.value.errors[0].message
    assert "göstergesini" in info.value.errors[0].message
