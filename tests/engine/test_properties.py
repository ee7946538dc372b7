"""Properties of the engine over generated hands and games (Hypothesis; tests/support/strategies.py)."""

import copy
import dataclasses
import json

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorer.engine import InvalidInput, get_ruleset, score_game, score_hand
from scorer.engine.inputs import FOUL_KINDS
from scorer.engine.parse import parse_hand
from scorer.engine.scoring import score_input
from tests.support.depth import examples
from tests.support.strategies import valid_games, valid_hands

SETTINGS = settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])

FIELD_NAMES = (
    "ruleset", "options", "partners", "katlama", "katlamali", "cezali", "indicator", "players", "name",
    "opened", "finished", "finish", "okey_discard", "elden", "nine_pairs_run", "remaining", "points",
    "okeys", "fake_okeys", "tiles", "first_opening", "pairs", "order", "side_tile", "value", "fouls",
    "hands", "hands_planned", *FOUL_KINDS,
)  # fmt: skip
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(-3, 300)
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from(
        ("loca", "loca-cezali", "gkokay", "kerizim", "sets", "pairs", "none", "red-5", "okey", "fake")
    )
)
JSON = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(st.sampled_from(FIELD_NAMES) | st.text(max_size=6), children, max_size=6)
    ),
    max_leaves=25,
)


def finisher_of(hand: dict) -> int | None:
    return next((i for i, p in enumerate(hand["players"]) if p.get("finished")), None)


def partners(hand: dict) -> bool:
    return bool(hand.get("options", {}).get("partners"))


def check_sums(result: dict) -> None:
    for player in result["players"]:
        assert type(player["total"]) is int
        assert player["total"] == sum(line["points"] for line in player["lines"])
        assert all(type(line["points"]) is int for line in player["lines"])
    for team in result["teams"]:
        members = sum(result["players"][i]["total"] for i in team["players"])
        assert team["total"] == members + sum(line["points"] for line in team["lines"])


# (a) and (b) ------------------------------------------------------------------------------------


@SETTINGS
@given(valid_hands())
def test_valid_hands_score_and_every_total_is_the_sum_of_its_lines(hand):
    result = score_hand(hand)  # (b): a valid hand never raises
    data = result.to_dict()
    check_sums(data)
    assert len(data["players"]) == len(hand["players"])
    assert len(data["teams"]) == (2 if partners(hand) else 0)
    assert (data["outcome"] == "finished") == (finisher_of(hand) is not None)
    assert data["multiplier"] >= 1


@SETTINGS
@given(valid_games())
def test_game_totals_sum_hand_totals_and_winners_hold_the_lowest_total(game):
    result = score_game(game)
    data = result.to_dict()
    for hand in data["hands"]:
        check_sums(hand)
    count = len(game["players"])
    assert data["totals"] == [sum(h["players"][i]["total"] for h in data["hands"]) for i in range(count)]
    ranked = data["team_totals"] or data["totals"]
    if data["team_totals"]:
        assert data["team_totals"] == [sum(h["teams"][t]["total"] for h in data["hands"]) for t in (0, 1)]
    planned = game.get("hands_planned")
    if (planned is not None and len(game["hands"]) < planned) or len(set(ranked)) == 1:
        assert data["winners"] == []
    else:
        assert data["winners"] == [i for i, total in enumerate(ranked) if total == min(ranked)]


# (c) one more foul ------------------------------------------------------------------------------


@SETTINGS
@given(valid_hands(), st.data())
def test_one_more_foul_costs_that_player_exactly_101_unless_waived(hand, data):
    ruleset = get_ruleset(hand["ruleset"])
    kinds = ruleset.foul_kinds(ruleset.normalize_options(hand.get("options")))
    assume(kinds)
    index = data.draw(st.integers(0, len(hand["players"]) - 1))
    kind = data.draw(st.sampled_from(kinds))
    fouls = hand["players"][index].get("fouls", {})
    assume(fouls.get(kind, 0) < 20)
    # SCORING_SPEC §2b: these two fouls are impossible in some hands (tested in test_errors)
    assume(kind != "islek_discard" or any(p.get("opened", "none") != "none" for p in hand["players"]))
    assume(kind != "okey_swapped" or hand["players"][index].get("opened", "none") != "none")
    before = score_hand(hand)
    more = copy.deepcopy(hand)
    more["players"][index]["fouls"] = fouls | {kind: fouls.get(kind, 0) + 1}
    after = score_hand(more)
    finisher = finisher_of(hand)
    finishing_side = finisher is not None and (
        index == finisher or (partners(hand) and index == (finisher + 2) % 4)
    )
    cost = 0 if hand["ruleset"] == "kerizim" and finishing_side else 101
    assert [a - b for a, b in zip(after.totals, before.totals, strict=True)] == [
        cost if i == index else 0 for i in range(len(hand["players"]))
    ]
    assert [a.total - b.total for a, b in zip(after.teams, before.teams, strict=True)] == [
        cost if index in team.players else 0 for team in after.teams
    ]


# (d) more points left -------------------------------------------------------------------------


@SETTINGS
@given(valid_hands(), st.data())
def test_more_points_left_never_lowers_an_openers_total_nor_touches_others(hand, data):
    candidates = [
        i
        for i, p in enumerate(hand["players"])
        if not p.get("finished")
        and p.get("opened", "none") != "none"
        and "tiles" not in p.get("remaining", {})
    ]
    assume(candidates)
    index = data.draw(st.sampled_from(candidates))
    points = hand["players"][index].get("remaining", {}).get("points", 0)
    assume(points < 286)
    higher = copy.deepcopy(hand)
    higher["players"][index].setdefault("remaining", {})["points"] = data.draw(st.integers(points + 1, 286))
    before, after = score_hand(hand).totals, score_hand(higher).totals
    assert after[index] >= before[index]
    assert [a for i, a in enumerate(after) if i != index] == [b for i, b in enumerate(before) if i != index]


# (e) arbitrary input ----------------------------------------------------------------------------


def result_or_invalid(score, data) -> None:
    try:
        result = score(data)
    except InvalidInput as exc:
        assert exc.errors
        assert all(isinstance(e.path, str) and isinstance(e.message, str) for e in exc.errors)
        json.dumps(exc.to_dict())
    else:
        json.dumps(result.to_dict())


@SETTINGS
@given(JSON)
def test_arbitrary_json_gives_a_result_or_invalid_input(data):
    result_or_invalid(score_hand, data)
    result_or_invalid(score_game, data)


@SETTINGS
@given(st.sampled_from(("loca", "loca-cezali", "gkokay", "kerizim")), st.lists(JSON, max_size=5), JSON)
def test_hand_shaped_junk_gives_a_result_or_invalid_input(ruleset, players, options):
    result_or_invalid(score_hand, {"ruleset": ruleset, "options": options, "players": players})
    result_or_invalid(score_hand, {"ruleset": ruleset, "players": players})


def locations(value, prefix=()):
    """Every (path, value) inside a decoded JSON document."""
    if prefix:
        yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from locations(child, (*prefix, key))
    elif isinstance(value, list):
        for i, child in enumerate(value):
            yield from locations(child, (*prefix, i))


def mutate(document, data) -> object:
    document = copy.deepcopy(document)
    path = data.draw(st.sampled_from(list(locations(document))))
    target = document
    for key in path[:-1]:
        target = target[key]
    action = data.draw(st.sampled_from(("replace", "delete", "add")))
    if action == "delete":
        del target[path[-1]]
    elif action == "add" and isinstance(target[path[-1]], dict):
        target[path[-1]][data.draw(st.sampled_from(FIELD_NAMES))] = data.draw(JSON)
    else:
        target[path[-1]] = data.draw(JSON)
    return document


@SETTINGS
@given(valid_hands(), st.data())
def test_a_valid_hand_with_one_field_replaced_by_junk_gives_a_result_or_invalid_input(hand, data):
    result_or_invalid(score_hand, mutate(hand, data))


@SETTINGS
@given(valid_games(max_hands=2), st.data())
def test_a_valid_game_with_one_field_replaced_by_junk_gives_a_result_or_invalid_input(game, data):
    result_or_invalid(score_game, mutate(game, data))


def named_tuples(value):
    """Every named tuple inside ``value``, looking into tuples and dataclasses."""
    if dataclasses.is_dataclass(value):
        for field in dataclasses.fields(value):
            yield from named_tuples(getattr(value, field.name))
    elif isinstance(value, tuple):
        if hasattr(type(value), "_fields"):
            yield value
        for item in value:
            yield from named_tuples(item)


@SETTINGS
@given(valid_hands())
def test_records_built_on_the_fast_path_have_every_field(hand):
    # The hot paths build records with tuple.__new__ (inputs.record), which checks no field count.
    parsed = parse_hand(hand)
    result = score_input(parsed)
    records = [*named_tuples(parsed), *named_tuples(result)]
    assert {type(r).__name__ for r in records} >= {"PlayerInput", "Remaining", "PlayerResult", "Line"}
    for record in records:
        assert len(record) == len(type(record)._fields), type(record).__name__
        assert type(record)(*record) == record
    for player in result.players:
        assert all(type(line.points) is int and type(line.rule) is str for line in player.lines)


# (f) JSON round trip ----------------------------------------------------------------------------


@SETTINGS
@given(valid_hands())
def test_hand_result_round_trips_through_json(hand):
    result = score_hand(hand).to_dict()
    assert json.loads(json.dumps(result)) == result
    assert json.loads(json.dumps(result, ensure_ascii=False)) == result


@SETTINGS
@given(valid_games(max_hands=3))
def test_game_result_round_trips_through_json(game):
    result = score_game(game).to_dict()
    assert json.loads(json.dumps(result)) == result
