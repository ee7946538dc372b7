"""A hand's and a game's totals without their itemised lines: the numbers-only path of a replay.

What reads only the totals (the club ratings replaying thousands of games, ``manage.py rate``)
is spared building, labelling and summing every line. It asks the rule set the same hooks as
:mod:`scorer.engine.scoring`, on the same :class:`~scorer.engine.rulesets.Context`, and takes a
hand base from the same :func:`~scorer.engine.scoring.opener_value`: the rules are written once,
in the rule sets. Every total equals the sum of the lines :func:`score_input` itemises
(``tests/engine/test_totals.py`` checks it on generated hands and games of every rule set, and on
the spec's examples). Rare parts (opening rewards, a Cezalı team's fixed line) are the sum of the
very lines the full path builds.

>>> from scorer.engine.parse import parse_hand
>>> hand_totals(parse_hand({"ruleset": "loca", "players": [
...     {"opened": "sets", "finished": True}, {"opened": "sets", "remaining": {"points": 23, "okeys": 1}},
...     {"opened": "pairs", "remaining": {"points": 10}}, {"fouls": {"okey_discard": 1}}]}))
((-101, 124, 20, 303), ())
"""

from typing import NamedTuple

from .codes import Outcome
from .game import parse_game
from .inputs import HandInput, PlayerInput
from .rulesets import Context, RuleSet
from .scoring import make_context, opener_value, side_tile_factor


class GameTotals(NamedTuple):
    """A validated game's numbers: what :class:`~scorer.engine.results.GameResult` sums, without its hands."""

    names: tuple[str, ...]
    """The players' names as the engine keeps them (cleaned)."""
    totals: tuple[int, ...]
    team_totals: tuple[int, ...]
    hands_played: int
    hands_planned: int | None

    @property
    def complete(self) -> bool:
        return self.hands_planned is None or self.hands_played >= self.hands_planned


def game_totals(data: object, *, text_checked: bool = False) -> GameTotals:
    """Validate a game (once, as :func:`scorer.engine.score_game` does) and add up its hands' totals;
    raises :class:`~scorer.engine.InvalidInput` with the same errors (``text_checked``: see
    :func:`~scorer.engine.game.parse_game`)."""
    game = parse_game(data, text_checked=text_checked)
    count = len(game.names)
    totals = [0] * count
    teams = [0, 0]
    for hand in game.hands:
        players, team_totals = hand_totals(hand)
        for i in range(count):
            totals[i] += players[i]
        if team_totals:
            teams[0] += team_totals[0]
            teams[1] += team_totals[1]
    partners = bool(game.options.get("partners"))
    return GameTotals(
        tuple(game.names),
        tuple(totals),
        tuple(teams) if partners else (),
        len(game.hands),
        game.hands_planned,
    )


def hand_totals(hand: HandInput, ruleset: RuleSet | None = None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A validated hand's player totals, and its two team totals with partners (else ``()``);
    ``ruleset``: the rule set to score it under, when not the hand's own.

    The numbers are the rule set's own (a house's ``values``), and a colour house's factor
    multiplies every total as it multiplies every line."""
    return hand_figures(hand, ruleset)[:2]


def hand_figures(
    hand: HandInput, ruleset: RuleSet | None = None
) -> tuple[tuple[int, ...], tuple[int, ...], Outcome]:
    """:func:`hand_totals` and the hand's outcome (``HandResult.outcome``: a draw refunds a stake)."""
    ruleset = hand.ruleset if ruleset is None else ruleset
    ctx = make_context(hand, ruleset, coloured=False)
    totals, teams = _totals(hand, ruleset, ctx)
    return totals, teams, ctx.outcome


def _totals(hand: HandInput, ruleset: RuleSet, ctx: Context) -> tuple[tuple[int, ...], tuple[int, ...]]:
    players = hand.players
    totals = [player_total(ctx, i, player) for i, player in enumerate(players)]
    if ruleset.side_tile_factors is not None:
        for taker, player in enumerate(players):
            if player.side_tile is not None:
                totals[hand.previous(taker)] += player.side_tile * side_tile_factor(ctx, player)
    teams = tuple(team_total(ctx, totals, team) for team in (0, 1)) if hand.partners else ()
    if ruleset.colours is not None:
        factor = ruleset.colours[hand.indicator.partition("-")[0]]
        return tuple(total * factor for total in totals), tuple(total * factor for total in teams)
    return tuple(totals), teams


def player_total(ctx: Context, index: int, player: PlayerInput) -> int:
    """What :func:`scorer.engine.scoring.player_lines` adds up to."""
    if ctx.outcome is Outcome.DRAW or ctx.is_finisher_partner(index) or ctx.is_fixed_opponent(index):
        total = 0  # their lines are 0-point notes
    elif index == ctx.finisher:
        total = ctx.row.finisher
    elif not player.has_opened:
        total = ctx.ruleset.not_opened_cost * ctx.ruleset.non_opener_factor(ctx)
        if ctx.ruleset.okeys_for_non_openers:
            total += ctx.ruleset.okey_cost * player.remaining.okeys
    else:
        value, _fakes, pairs, m = opener_value(ctx, player)
        total = value * pairs * m
    if player.first_opening is not None:  # rare: the reward's own lines
        total += sum([line.points for line in ctx.ruleset.reward_lines(ctx, index)])
    if player.fouls and not ctx.ruleset.fouls_waived(ctx, index):
        total += ctx.ruleset.foul_cost * sum(player.fouls.values())
    return total


def team_total(ctx: Context, totals: list[int], team: int) -> int:
    """A partners team's total: its players' totals and, facing a Cezalı special finish, the fixed line."""
    fixed = ctx.team_row.points if ctx.team_fixed and team != ctx.finisher % 2 else 0
    return totals[team] + totals[team + 2] + fixed
