"""Invalid input (SCORING_SPEC §2b) names the field; games (§8, HAND_FORMAT "A game", "Result of a game")."""

import copy

import pytest

from scorer.engine import InvalidInput, score_game, score_hand
from tests.support.notation import hand


def paths_of(score, data) -> set[str]:
    with pytest.raises(InvalidInput) as info:
        score(data)
    assert info.value.errors, "InvalidInput without errors"
    for error in info.value.errors:
        assert isinstance(error.message, str)
        assert error.message
    return {error.path for error in info.value.errors}


def changed(data: dict, *path: object, value: object) -> dict:
    """A deep copy of ``data`` with the value at ``path`` (keys and list indexes) replaced."""
    data = copy.deepcopy(data)
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


BASE = hand("loca-cezali", "sets fin", "sets 23", "pairs 10", "none")
TILES = {"ruleset": "loca", "indicator": "red-5", "players": [
    {"opened": "sets", "finished": True},
    {"opened": "sets", "remaining": {"tiles": ["blue-3", "red-7"]}},
]}  # fmt: skip

HAND_ERRORS = [
    # rule set and options
    ("unknown ruleset", changed(BASE, "ruleset", value="okey101"), "ruleset"),
    ("ruleset missing", {"players": BASE["players"]}, "ruleset"),
    ("ruleset not a string", changed(BASE, "ruleset", value=["loca"]), "ruleset"),
    ("option of another ruleset", hand("loca", "sets fin", "none", cezali=True), "options.cezali"),
    ("gkokay has no katlama", hand("gkokay", "sets fin", "none", katlama="none"), "options.katlama"),
    ("kerizim has no katlamali", hand("kerizim", "sets fin", "none", katlamali=True), "options.katlamali"),
    ("bad choice", hand("loca", "sets fin", "none", katlama="yes"), "options.katlama"),
    ("int for a bool option", hand("kerizim", "sets fin", "none", partners=1), "options.partners"),
    ("options not an object", changed(BASE, "options", value=["partners"]), "options"),
    ("unknown top-level field", changed(BASE, "colour", value=1), "colour"),
    # players
    ("partners with 3", hand("loca", "sets fin", "none", "none", partners=True), "players"),
    ("partners with 2", hand("gkokay", "sets fin", "none", partners=True), "players"),
    ("one player", hand("loca", "sets fin"), "players"),
    ("five players", changed(BASE, "players", value=BASE["players"] + [{"name": "E"}]), "players"),
    ("players not a list", changed(BASE, "players", value={"A": {}}), "players"),
    ("player not an object", changed(BASE, "players", 1, value="B"), "players[1]"),
    ("unknown player field", changed(BASE, "players", 1, "colour", value="red"), "players[1].colour"),
    ("empty name", changed(BASE, "players", 1, "name", value=""), "players[1].name"),
    ("blank name", changed(BASE, "players", 1, "name", value="   "), "players[1].name"),
    ("long name", changed(BASE, "players", 1, "name", value="x" * 31), "players[1].name"),
    ("name not a string", changed(BASE, "players", 1, "name", value=7), "players[1].name"),
    ("duplicate name", changed(BASE, "players", 3, "name", value=" b "), "players[3].name"),
    ("bad opened", changed(BASE, "players", 1, "opened", value="both"), "players[1].opened"),
    ("finished not bool", changed(BASE, "players", 1, "finished", value=1), "players[1].finished"),
    # finisher
    ("two finishers", hand("loca", "sets fin", "sets fin", "none"), "players[1].finished"),
    ("finisher did not open", hand("loca", "none fin", "sets 5"), "players[0].opened"),
    ("finisher with points", hand("loca", "sets fin 5", "sets 5"), "players[0].remaining"),
    ("finisher with okey", hand("loca", "sets fin o1", "sets 5"), "players[0].remaining"),
    ("finisher with fake", hand("loca", "sets fin k1", "sets 5"), "players[0].remaining"),
    ("flags on non-finisher", hand("loca", "sets fin", "sets 5 +okey"), "players[1].finish"),
    ("flags without finisher", hand("loca", "sets 5 +elden", "none"), "players[0].finish"),
    ("9p in loca", hand("loca", "pairs fin +9p", "sets 5"), "players[0].finish.nine_pairs_run"),
    ("9p in gkokay", hand("gkokay", "pairs fin +9p", "sets 5"), "players[0].finish.nine_pairs_run"),
    ("9p in kerizim", hand("kerizim", "pairs fin +9p", "sets 5"), "players[0].finish.nine_pairs_run"),
    ("9p after sets", hand("loca-cezali", "sets fin +9p", "sets 5"), "players[0].finish.nine_pairs_run"),
    ("flag not bool", changed(BASE, "players", 0, "finish", value={"elden": 1}), "players[0].finish.elden"),
    ("unknown flag", changed(BASE, "players", 0, "finish", value={"big": True}), "players[0].finish.big"),
    ("finish not object", changed(BASE, "players", 0, "finish", value=True), "players[0].finish"),
    # fouls
    ("unknown foul", hand("loca", "sets fin", "none cheating=1"), "players[1].fouls.cheating"),
    ("foul of another ruleset", hand("loca", "sets fin", "none okey_swapped=1"), "players[1].fouls.okey_swapped"),
    ("negative foul", hand("loca", "sets fin", "none take_back=-1"), "players[1].fouls.take_back"),
    ("foul over 20", hand("loca", "sets fin", "none take_back=21"), "players[1].fouls.take_back"),
    ("fouls not object", changed(BASE, "players", 1, "fouls", value=[1]), "players[1].fouls"),
    # remaining, quick form
    ("negative points", changed(BASE, "players", 1, "remaining", "points", value=-1), "players[1].remaining.points"),
    ("points over 286", changed(BASE, "players", 1, "remaining", "points", value=287), "players[1].remaining.points"),
    ("okeys 3", hand("loca", "sets fin", "sets 5 o3"), "players[1].remaining.okeys"),
    ("okeys negative", changed(BASE, "players", 1, "remaining", "okeys", value=-1), "players[1].remaining.okeys"),
    ("fakes 3", hand("loca", "sets fin", "sets 5 k3"), "players[1].remaining.fake_okeys"),
    ("three okeys in the hand", hand("loca", "sets fin", "sets 5 o2", "none", "sets 1 o1"), "players[3].remaining.okeys"),
    ("three fakes in the hand", hand("loca", "sets fin", "sets 5 k1", "sets 1 k2"), "players[2].remaining.fake_okeys"),
    ("remaining not object", changed(BASE, "players", 1, "remaining", value=23), "players[1].remaining"),
    ("unknown remaining field", changed(BASE, "players", 1, "remaining", "jokers", value=1), "players[1].remaining.jokers"),
    # remaining, tile form
    ("unknown tile", changed(TILES, "players", 1, "remaining", "tiles", 1, value="red-14"), "players[1].remaining.tiles[1]"),
    ("tile not a string", changed(TILES, "players", 1, "remaining", "tiles", 0, value=7), "players[1].remaining.tiles[0]"),
    ("no indicator", {k: v for k, v in TILES.items() if k != "indicator"}, "indicator"),
    ("bad indicator", changed(TILES, "indicator", value="okey"), "indicator"),
    ("indicator 14", changed(TILES, "indicator", value="red-14"), "indicator"),
    ("non-ASCII digit indicator", changed(TILES, "indicator", value="red-²"), "indicator"),
    ("non-ASCII digit tile", changed(TILES, "players", 1, "remaining", "tiles", 0, value="red-²"), "players[1].remaining.tiles[0]"),
    ("23 tiles", changed(TILES, "players", 1, "remaining", "tiles", value=["blue-1", "blue-2"] * 11 + ["fake"]), "players[1].remaining.tiles"),
    ("third copy", changed(TILES, "players", 1, "remaining", "tiles", value=["blue-3"] * 3), "players[1].remaining.tiles[2]"),
    ("tiles not a list", changed(TILES, "players", 1, "remaining", "tiles", value="red-7"), "players[1].remaining.tiles"),
    ("tiles and points", changed(TILES, "players", 1, "remaining", "points", value=10), "players[1].remaining"),
    ("finisher with tiles", changed(TILES, "players", 0, "remaining", value={"tiles": ["red-1"]}), "players[0].remaining"),
    # side tile
    ("side tile of non-opener", hand("loca-cezali", "sets fin", "none side7"), "players[1].side_tile"),
    ("side tile 0", hand("loca-cezali", "sets fin", "sets 5 side0"), "players[1].side_tile.value"),
    ("side tile 14", hand("loca-cezali", "sets fin", "sets 5 side14"), "players[1].side_tile.value"),
    ("side tile not object", changed(BASE, "players", 1, "side_tile", value=7), "players[1].side_tile.value"),
    ("side tile in loca", hand("loca", "sets fin", "sets 5 side7"), "players[1].side_tile"),
    ("side tile in kerizim", hand("kerizim", "sets fin", "sets 5 side7"), "players[1].side_tile"),
    ("side tile, gkokay not cezali", hand("gkokay", "sets fin", "sets 5 side7"), "players[1].side_tile"),
    # first opening
    ("first opening of non-opener", hand("loca-cezali", "sets fin", "none open120"), "players[1].first_opening"),
    ("points for pairs", hand("loca-cezali", "sets fin", "pairs 5 open120"), "players[1].first_opening.points"),
    ("pairs for sets", hand("loca-cezali", "sets fin", "sets 5 pairs7"), "players[1].first_opening.pairs"),
    ("both sizes", hand("loca-cezali", "sets fin", "sets 5 open120 pairs7"), "players[1].first_opening"),
    ("no size", hand("loca-cezali", "sets fin", "sets 5 #1"), "players[1].first_opening"),
    ("order 5", hand("loca-cezali", "sets fin", "sets 5 open120 #5"), "players[1].first_opening.order"),
    ("points 0", hand("loca-cezali", "sets fin", "sets 5 open0"), "players[1].first_opening.points"),
    ("first opening not object", changed(BASE, "players", 1, "first_opening", value=120), "players[1].first_opening"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("data", "path"), [case[1:] for case in HAND_ERRORS], ids=[c[0] for c in HAND_ERRORS]
)
def test_each_invalid_hand_field_is_named_by_its_path(data, path):
    assert paths_of(score_hand, data) == {path}


# A bool is not an int (True is not 1) and a float is not a whole number, even 3.0.
NUMBER_FIELDS = [
    (("players", 1, "remaining", "points"), "players[1].remaining.points"),
    (("players", 1, "remaining", "okeys"), "players[1].remaining.okeys"),
    (("players", 1, "remaining", "fake_okeys"), "players[1].remaining.fake_okeys"),
    (("players", 1, "fouls", "okey_discard"), "players[1].fouls.okey_discard"),
    (("players", 1, "side_tile", "value"), "players[1].side_tile.value"),
    (("players", 1, "first_opening", "points"), "players[1].first_opening.points"),
    (("players", 1, "first_opening", "order"), "players[1].first_opening.order"),
]
NUMBERED = hand("loca-cezali", "sets fin", "sets 20 o1 k1 okey_discard=1 side7 open120 #2", "none")


@pytest.mark.parametrize("bad", [True, False, 3.5, 1.0, "1", [1], {"n": 1}])
@pytest.mark.parametrize(("where", "path"), NUMBER_FIELDS)
def test_numbers_must_be_true_integers_not_bools_floats_or_strings(where, path, bad):
    assert score_hand(NUMBERED).totals  # the unchanged hand is valid
    assert paths_of(score_hand, changed(NUMBERED, *where, value=bad)) == {path}


def test_limits_are_inclusive():
    ok = hand(
        "loca-cezali", "sets fin", "sets 286 o2 k2 take_back=20 side13 open300 #4", "pairs 5 side1 pairs11"
    )
    # 286 + 2 okeys + 2 fake okeys, 20 fouls, the 300-point reward, C's side tile (1 × 20, pairs)
    assert score_hand(ok).totals[1] == 286 + 404 + 20 * 101 - 101 + 20
    long_name = changed(BASE, "players", 1, "name", value="x" * 30)
    assert score_hand(long_name).players[1].name == "x" * 30


def test_every_error_is_reported_at_once():
    data = hand("loca", "sets fin cheating=1", "sets 5 o3", "none")
    data = changed(data, "players", 1, "remaining", "points", value=-1)
    data = changed(data, "players", 2, "opened", value="all")
    assert paths_of(score_hand, data) == {
        "players[0].fouls.cheating",
        "players[1].remaining.points",
        "players[1].remaining.okeys",
        "players[2].opened",
    }


@pytest.mark.parametrize("data", [None, [], "hand", 101, True, 3.5])
def test_a_hand_must_be_an_object(data):
    assert paths_of(score_hand, data) == {""}


# --- games ---------------------------------------------------------------------------------------


def game(ruleset: str = "kerizim", *, hands: int = 1, **fields) -> dict:
    one = {"players": [{"opened": "sets", "finished": True}, {"opened": "sets", "remaining": {"points": 5}},
                       {"opened": "none"}]}  # fmt: skip
    hands_list = [copy.deepcopy(one) for _ in range(hands)]
    return {"ruleset": ruleset, "players": ["Ayşe", "Bora", "Cem"], "hands": hands_list, **fields}


GAME_ERRORS = [
    ("unknown ruleset", game(ruleset="rummy"), "ruleset"),
    ("unknown option", game(options={"katlama": "none"}), "options.katlama"),
    ("unknown field", game(table=3), "table"),
    ("one name", game(players=["Ayşe"]), "players"),
    ("five names", game(players=["A", "B", "C", "D", "E"]), "players"),
    ("names not a list", game(players="Ayşe, Bora"), "players"),
    ("partners need four", game(options={"partners": True}), "players"),
    ("empty name", game(players=["Ayşe", "", "Cem"]), "players[1]"),
    ("blank name", game(players=["Ayşe", "  ", "Cem"]), "players[1]"),
    ("long name", game(players=["Ayşe", "B" * 31, "Cem"]), "players[1]"),
    ("name not a string", game(players=["Ayşe", None, "Cem"]), "players[1]"),
    ("duplicate name", game(players=["Ayşe", "Bora", "bora"]), "players[2]"),
    ("planned not allowed", game(hands_planned=4), "hands_planned"),
    ("planned zero", game(ruleset="loca", hands_planned=0), "hands_planned"),
    ("planned bool", game(hands_planned=True), "hands_planned"),
    ("planned float", game(hands_planned=2.0), "hands_planned"),
    ("planned string", game(hands_planned="3"), "hands_planned"),
    ("more hands than planned", game(hands=3, hands_planned=2), "hands"),
    ("hands not a list", game() | {"hands": {"0": {}}}, "hands"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("data", "path"), [case[1:] for case in GAME_ERRORS], ids=[c[0] for c in GAME_ERRORS]
)
def test_each_invalid_game_field_is_named_by_its_path(data, path):
    assert paths_of(score_game, data) == {path}


def test_errors_inside_a_game_are_prefixed_with_the_hand():
    data = game(hands=2)
    data["hands"][1]["players"][1]["remaining"]["points"] = 300
    assert paths_of(score_game, data) == {"hands[1].players[1].remaining.points"}
    data["hands"][0]["players"][2] = {"opened": "pairs", "finished": True}
    assert paths_of(score_game, data) == {
        "hands[1].players[1].remaining.points",
        "hands[0].players[2].finished",
    }


@pytest.mark.parametrize(
    ("hand_data", "path"),
    [
        ("not a hand", "hands[0]"),
        ({"players": [{"opened": "sets", "finished": True}, {}]}, "hands[0].players"),
        ({"ruleset": "loca", "players": [{"opened": "sets", "finished": True}, {}, {}]}, "hands[0].ruleset"),
        ({"players": [{"opened": "sets", "finished": True}, {"name": "Cem"}, {}]}, "hands[0].players[1].name"),
        ({"players": [{"opened": "sets", "finished": True}, {"fouls": {"take_back": 1}}, {}]},
         "hands[0].players[1].fouls.take_back"),
        ({"players": [{"opened": "sets", "finished": True}, {"opened": "sets", "side_tile": {"value": 3}}, {}]},
         "hands[0].players[1].side_tile"),
    ],
)  # fmt: skip
def test_hand_errors_in_a_game_use_game_paths(hand_data, path):
    assert paths_of(score_game, game(hands=0) | {"hands": [hand_data]}) == {path}


@pytest.mark.parametrize("data", [None, [], "game", 3])
def test_a_game_document_must_be_an_object(data):
    assert paths_of(score_game, data) == {""}


@pytest.mark.parametrize(
    ("ruleset", "allowed", "refused"),
    [
        ("kerizim", (1, 2, 3), (0, 4, 5)),
        ("gkokay", (1, 2, 3, 5, 7, 11), (0, 4, 6, 8, 12)),
    ],
)
def test_hands_planned_must_be_an_allowed_count(ruleset, allowed, refused):
    for count in allowed:
        assert score_game(game(ruleset, hands=0, hands_planned=count)).hands_planned == count
    for count in refused:
        assert paths_of(score_game, game(ruleset, hands=0, hands_planned=count)) == {"hands_planned"}


def test_game_with_fewer_hands_than_planned_is_in_progress_and_has_no_winner_yet():
    result = score_game(game("kerizim", hands=2, hands_planned=3))
    assert result.totals == (-202, 10, 404)
    assert result.hands_played == 2
    assert result.winners == ()
    done = score_game(game("kerizim", hands=3, hands_planned=3))
    assert done.totals == (-303, 15, 606)
    assert done.winners == (0,)
    assert done.to_dict()["hands_played"] == 3
    assert done.to_dict()["hands_planned"] == 3


def test_game_without_planned_count_may_hold_any_number_of_hands():
    result = score_game(game("kerizim", hands=25))
    assert result.hands_planned is None
    assert result.totals == (-101 * 25, 5 * 25, 202 * 25)
    assert result.winners == (0,)


def test_game_names_are_used_in_every_hand_and_totals_sum_the_hands():
    result = score_game(game("loca", hands=2, hands_planned=2))
    assert [p.name for p in result.hands[1].players] == ["Ayşe", "Bora", "Cem"]
    assert result.totals == (-202, 10, 404)
    assert result.team_totals == ()


def test_partners_game_winners_are_teams_and_ties_win_together():
    four = {"ruleset": "gkokay", "options": {"partners": True}, "players": ["A", "B", "C", "D"]}
    first = {"players": [{"opened": "sets", "finished": True}, {"opened": "sets", "remaining": {"points": 7}},
                         {}, {"opened": "sets", "remaining": {"points": 3}}]}  # fmt: skip
    second = {"players": [{"opened": "sets", "remaining": {"points": 10}}, {"opened": "sets", "finished": True},
                          {"opened": "sets", "remaining": {"points": 0}}, {}]}  # fmt: skip
    one = score_game({**four, "hands": [first]})
    assert one.team_totals == (0, 10)
    assert one.winners == (0,)
    tied = score_game({**four, "hands": [first, second]})
    assert tied.team_totals == (10, 10)
    assert tied.winners == ()
    assert tied.totals == (10, 7, 0, 3)
