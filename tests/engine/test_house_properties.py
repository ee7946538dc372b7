"""House rule sets over generated hands (Hypothesis; tests/support/strategies.py): a house with no
values scores every hand exactly like its base, and each value changed alone changes only the
lines HOUSE_RULES.md says it changes, which then cite it."""

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.engine import get_ruleset, score_game, score_hand
from scorer.engine.inputs import FOUL_KINDS
from scorer.engine.parse import parse_hand
from tests.support.depth import examples
from tests.support.strategies import (
    HOUSE_NAMES,
    RULESETS,
    colour_factors,
    house_games,
    house_hands,
    valid_games,
    valid_hands,
    with_indicator,
)

SETTINGS = settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
FOULS = frozenset(f"foul_{kind}" for kind in FOUL_KINDS)


def as_house(document: dict, house: dict) -> dict:
    changed = copy.deepcopy(document)
    changed["ruleset"] = house
    return changed


@SETTINGS
@given(valid_hands(), st.none() | HOUSE_NAMES)
def test_a_house_with_no_values_scores_every_hand_like_its_base(document, name):
    house = {"base": document["ruleset"]} | ({"name": name} if name is not None else {})
    base = score_hand(document).to_dict()
    result = score_hand(as_house(document, house)).to_dict()
    assert result.pop("house") == house
    assert result == base


@SETTINGS
@given(valid_games())
def test_a_house_with_no_values_scores_every_game_like_its_base(document):
    house = {"base": document["ruleset"], "values": {}}
    base = score_game(document).to_dict()
    result = score_game(as_house(document, house)).to_dict()
    assert (result.pop("ruleset"), result.pop("house")) == (document["ruleset"], house)
    for hand in result["hands"]:
        assert hand.pop("house") == house
    assert result == base


# --- each value changed alone ----------------------------------------------------------------------


def changed_value(draw, kind: str, base) -> tuple[dict, str | None]:
    """``values`` changing ``kind`` alone to a number other than the base's, and the finish row it is
    for (``finish``, ``multiplier``)."""
    values = base.values()
    if kind in ("finish", "multiplier"):
        key = draw(st.sampled_from([row.key for row in base.finish_table]))
        low, high = (-10000, 10000) if kind == "finish" else (1, 16)
        number = draw(st.integers(low, high).filter(lambda n: n != values[kind][key]))
        return {kind: {key: number}}, key
    if kind == "pairs_and_multiplier":
        other = "product" if values[kind] == "larger" else "larger"
        return {kind: other}, None
    return {kind: draw(st.integers(0, 10000).filter(lambda n: n != values[kind]))}, None


def row_of(hand) -> str | None:
    """The key of the finisher's row, or None when nobody finished."""
    finisher = hand.finisher
    return None if finisher is None else hand.ruleset.finish_row(hand.players[finisher]).key


def may_change(kind: str, hand, index: int, row: str | None) -> frozenset[str]:
    """The codes of player ``index``'s lines that changing ``kind`` may change (HOUSE_RULES.md)."""
    player = hand.players[index]
    finishing_row = row_of(hand)
    if kind == "finish":
        return frozenset({"finish"}) if player.finished and finishing_row == row else frozenset()
    if kind == "multiplier":
        # a finish row's m: the hand bases it multiplies, and how a pairs opener's ×2 meets it
        return frozenset({"multiplier", "pairs_double", "info"}) if finishing_row == row else frozenset()
    if kind == "not_opened":
        return frozenset({"not_opened", "multiplier", "info"}) if not player.has_opened else frozenset()
    if kind == "okey_in_hand":
        held = player.remaining.okeys + (player.remaining.fake_okeys if hand.ruleset.fake_okey_penalty else 0)
        return frozenset({"okey_in_hand", "pairs_double", "multiplier"}) if held else frozenset()
    if kind == "foul":
        return FOULS if player.fouls else frozenset()
    # pairs_and_multiplier
    return frozenset({"pairs_double", "multiplier", "info"}) if player.opened == "pairs" else frozenset()


CITES = {
    "finish": ({"finish"}, "house.finish"),
    "multiplier": ({"multiplier"}, "house.multiplier"),
    "not_opened": ({"not_opened", "multiplier"}, "house.not_opened"),
    "okey_in_hand": ({"okey_in_hand"}, "house.okey_in_hand"),
    "foul": (FOULS, "house.foul"),
    "pairs_and_multiplier": ({"multiplier"}, "house.multiplier"),
}
"""The lines of a player a value changes that cite it (a pairs opener's doubling keeps the base's
clause: its amount is the hand value)."""


def check_amounts(kind: str, values: dict, hand, index: int, lines) -> None:
    """The changed lines charge the house's number."""
    player = hand.players[index]
    for line in lines:
        if kind == "finish" and line.code == "finish":
            assert line.points == hand.ruleset.finish_row(player).finisher
            assert line.points in values["finish"].values() or line.rule != "house.finish"
        elif kind == "not_opened" and line.code == "not_opened":
            assert line.points == values["not_opened"]
        elif kind == "okey_in_hand" and line.code == "okey_in_hand":
            assert line.points % values["okey_in_hand"] == 0 if values["okey_in_hand"] else line.points == 0
            assert line.detail.endswith(f" × {values['okey_in_hand']}")
        elif kind == "foul" and line.code in FOULS:
            count = player.fouls[line.code.removeprefix("foul_")]
            assert line.points == count * values["foul"]


def kinds_of(draw, ruleset_id: str) -> str:
    kinds = ["finish", "multiplier", "not_opened", "okey_in_hand", "foul"]
    if get_ruleset(ruleset_id).pairs_and_multiplier is not None:
        kinds.append("pairs_and_multiplier")
    return draw(st.sampled_from(kinds))


@SETTINGS
@given(st.data())
def test_each_value_changed_alone_changes_only_its_own_lines_and_they_cite_it(data):
    document = data.draw(valid_hands(data.draw(RULESETS)))
    base_rs = get_ruleset(document["ruleset"])
    kind = kinds_of(data.draw, base_rs.id)
    values, row = changed_value(data.draw, kind, base_rs)
    house_doc = as_house(document, {"base": base_rs.id, "values": values})
    before, after = score_hand(document), score_hand(house_doc)
    hand = parse_hand(house_doc)
    for index, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        allowed = may_change(kind, hand, index, row)
        assert [line for line in old.lines if line.code not in allowed] == [
            line for line in new.lines if line.code not in allowed
        ]
        codes, rule = CITES[kind]
        for line in new.lines:
            if line.code in allowed and line.code in codes:
                assert line.rule == rule, (kind, line)
        check_amounts(kind, values, hand, index, new.lines)
    assert [team.lines for team in before.teams] == [team.lines for team in after.teams]
    if kind != "multiplier" or row_of(hand) != row:
        assert after.multiplier == before.multiplier
    else:
        base_m = base_rs.finish_row(hand.players[hand.finisher]).m
        assert after.multiplier == before.multiplier // base_m * values["multiplier"][row]
    if kind != "foul":
        assert after.warnings == before.warnings


@SETTINGS
@given(st.data())
def test_the_colour_factor_multiplies_every_line_and_nothing_else(data):
    document = with_indicator(data.draw, data.draw(valid_hands()))
    colours = colour_factors(data.draw)
    before = score_hand(document)
    after = score_hand(as_house(document, {"base": document["ruleset"], "colours": colours}))
    factor = colours[document["indicator"].partition("-")[0]]
    assert after.colour[1] == factor
    for old, new in zip(
        before.players + tuple(before.teams), after.players + tuple(after.teams), strict=True
    ):
        assert [(line.code, line.points * factor, line.label, line.rule) for line in old.lines] == [
            (line.code, line.points, line.label, line.rule) for line in new.lines
        ]
        marked = [line.detail.endswith("gösterge)") for line in new.lines]
        assert marked == [bool(line.points) and factor != 1 for line in old.lines]
        assert new.total == old.total * factor
    assert (after.multiplier, after.notes, after.warnings) == (
        before.multiplier,
        before.notes,
        before.warnings,
    )


@SETTINGS
@given(house_hands())
def test_under_any_house_every_total_is_the_sum_of_its_lines(document):
    result = score_hand(document).to_dict()
    assert result["house"] == document["ruleset"]
    for player in result["players"]:
        assert player["total"] == sum(line["points"] for line in player["lines"])
    for team in result["teams"]:
        members = sum(result["players"][i]["total"] for i in team["players"])
        assert team["total"] == members + sum(line["points"] for line in team["lines"])
    assert ("colour" in result) == ("colours" in document["ruleset"])


@pytest.mark.parametrize("ruleset_id", ["loca", "loca-cezali", "gkokay", "kerizim"])
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_house_game_is_the_sum_of_its_hands(ruleset_id, data):
    game = data.draw(house_games())
    result = score_game(game)
    assert result.totals == tuple(
        sum(hand.players[i].total for hand in result.hands) for i in range(len(game["players"]))
    )
