"""The Context the hooks are given: built whole, its parts worked out before it is made."""

import pytest

from scorer.engine import Outcome, get_ruleset, parse_hand
from scorer.engine.scoring import make_context
from tests.support.notation import hand


def context(ruleset: str, *players: str, **options):
    return make_context(parse_hand(hand(ruleset, *players, **options)), get_ruleset(ruleset))


def test_context_holds_multiplier_and_team_line_worked_out_before_it_was_made():
    ctx = context("loca-cezali", "sets fin +okey +elden", "sets 23", "none", "sets 5", partners=True)
    assert (ctx.outcome, ctx.finisher, ctx.partner, ctx.row.key) == (Outcome.FINISHED, 0, 2, "okey")
    assert (ctx.m, ctx.team_fixed, ctx.team_row.points) == (4, 1600, 1600)
    assert len(ctx.reasons) == 1 and ctx.reasons[0].endswith(" ×4")


def test_kerizim_multiplier_stacks_when_nobody_else_opened():
    ctx = context("kerizim", "pairs fin", "none", "none")
    assert ctx.m == 4 and [reason[-3:] for reason in ctx.reasons] == [" ×2", " ×2"]


def test_context_of_a_hand_nobody_finished_has_no_multiplier_or_team_line():
    ctx = context("loca", "none", "none")
    assert (ctx.outcome, ctx.finisher, ctx.row, ctx.m, ctx.reasons) == (Outcome.DRAW, None, None, 1, ())
    assert (ctx.team_row, ctx.team_fixed) == (None, 0)
    assert context("loca", "sets 10", "none").outcome is Outcome.DECK_OUT


def test_no_hook_can_change_the_context_once_it_is_built():
    ctx = context("loca", "sets fin", "sets 10")
    with pytest.raises(AttributeError):
        ctx.m = 8
    with pytest.raises(AttributeError):
        ctx.finisher = 1
    assert (ctx.m, ctx.finisher) == (1, 0)
