"""The numbers-only path (scorer/engine/totals.py) gives the totals of the itemised engine: on
generated hands and games of every rule set and option, under generated house rule sets (their
values and colours), and on every worked example."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer.engine import InvalidInput, all_rulesets, game_totals, hand_totals, score_game, score_input
from scorer.engine.parse import parse_hand
from scorer.teaching.examples import EXAMPLES, SPEC_EXAMPLES
from tests.support.depth import examples
from tests.support.strategies import house_games, house_hands, valid_games, valid_hands

SETTINGS = settings(max_examples=examples(500), deadline=None, suppress_health_check=[HealthCheck.too_slow])
RULESET_IDS = tuple(rs.id for rs in all_rulesets())


def itemised(hand) -> tuple[tuple[int, ...], tuple[int, ...]]:
    result = score_input(hand)
    return result.totals, tuple(team.total for team in result.teams)


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
@SETTINGS
@given(data=st.data())
def test_a_hands_totals_are_those_of_its_lines(ruleset_id, data):
    hand = parse_hand(data.draw(valid_hands(ruleset_id)))
    assert hand_totals(hand) == itemised(hand)


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
@SETTINGS
@given(data=st.data())
def test_a_house_hands_totals_are_those_of_its_lines(ruleset_id, data):
    hand = parse_hand(data.draw(house_hands(ruleset_id)))
    assert hand_totals(hand) == itemised(hand)


@SETTINGS
@given(house_games(max_hands=6))
def test_a_house_games_totals_are_those_of_the_itemised_game(game):
    worded, plain = score_game(game), game_totals(game)
    assert (plain.totals, plain.team_totals) == (worded.totals, worded.team_totals)


@SETTINGS
@given(valid_games(max_hands=6))
def test_a_games_totals_are_those_of_the_itemised_game(game):
    worded, plain = score_game(game), game_totals(game)
    assert plain.totals == worded.totals
    assert plain.team_totals == worded.team_totals
    assert (plain.hands_played, plain.hands_planned, plain.complete) == (
        worded.hands_played,
        worded.hands_planned,
        worded.complete,
    )
    assert plain.names == tuple(game["players"])


@pytest.mark.parametrize(
    "name, document",
    [(name, json.loads(path.read_text(encoding="utf-8"))) for name, path in SPEC_EXAMPLES.items()]
    + [(example.slug, example.hand) for example in EXAMPLES],
)
def test_every_worked_example_gives_the_same_totals(name, document):
    hand = parse_hand(document)
    assert hand_totals(hand) == itemised(hand)
    game = {key: document[key] for key in ("ruleset", "options") if key in document}
    game["players"] = [player.name for player in hand.players]
    game["hands"] = [{key: document[key] for key in ("players", "indicator") if key in document}]
    assert game_totals(game).totals == score_game(game).totals


def test_a_game_refused_is_refused_with_the_same_errors():
    game = {
        "ruleset": "loca",
        "players": ["Ayşe", "Bora"],
        "hands": [{"players": [{"opened": "sets", "finished": True}, {"opened": "all", "okeys": 1}]}],
    }
    with pytest.raises(InvalidInput) as worded:
        score_game(game)
    with pytest.raises(InvalidInput) as plain:
        game_totals(game)
    assert plain.value.to_dict() == worded.value.to_dict()
    assert len(plain.value.errors) >= 2
