"""okeycalc's scoring engine for 101 Okey: pure Python, no Django.

JSON in (HAND_FORMAT.md), itemised lines out (SCORING_SPEC.md). Example E1 of the spec:

>>> result = score_hand({"ruleset": "loca", "players": [
...     {"name": "A", "opened": "sets", "finished": True},
...     {"name": "B", "opened": "sets", "remaining": {"points": 23, "okeys": 1}},
...     {"name": "C", "opened": "pairs", "remaining": {"points": 10}},
...     {"name": "D", "fouls": {"okey_discard": 1}}]})
>>> result.totals
(-101, 124, 20, 303)
>>> [(line.code, line.points) for line in result.players[1].lines]
[('tiles', 23), ('okey_in_hand', 101)]
"""

from . import vocabulary
from .codes import Outcome
from .errors import FieldError, InvalidInput
from .game import score_game_data, winners_of
from .inputs import HandInput
from .parse import parse_hand
from .results import GameResult, HandResult, Line, PlayerResult, TeamResult
from .rulesets import RuleSet, all_rulesets, get_ruleset
from .scoring import score_input
from .totals import GameTotals, game_totals, hand_totals
from .vocabulary import *  # noqa: F403 (the game's words and fixed costs: vocabulary.__all__)


def score_hand(data: object) -> HandResult:
    """Validate and score one hand given as decoded JSON; raises :class:`InvalidInput`."""
    return score_input(parse_hand(data))


def score_game(data: object) -> GameResult:
    """Validate and score a whole game given as decoded JSON; raises :class:`InvalidInput`."""
    return score_game_data(data)


__all__ = [
    "FieldError",
    "GameResult",
    "GameTotals",
    "HandInput",
    "HandResult",
    "InvalidInput",
    "Line",
    "Outcome",
    "PlayerResult",
    "RuleSet",
    "TeamResult",
    "all_rulesets",
    "game_totals",
    "get_ruleset",
    "hand_totals",
    "parse_hand",
    "score_game",
    "score_hand",
    "score_input",
    "winners_of",
    *vocabulary.__all__,
]
