"""Every claim of "what it takes to win" against the engine, on generated endings of the hands left.

For a drawn game state (a rule set with its options, individual or partners, totals, one or two
hands left), each claim the outlook makes about each player (team) is checked on hands drawn to fit
it and its stated assumptions: valid hand documents (HAND_FORMAT.md) with whatever else the hand
format allows drawn freely (what each player holds, tile forms, opening rewards, fouls, side tiles),
scored by ``score_hand``. Every such ending must give the claimed result:

- "wins" claims (always, finish, cap, finish if not opened, finish both, unless): the player (team)
  is among the winners, in every ending where it pays no penalty ("scores at most" counts its
  penalties, so those endings keep them);
- "can no longer win": not among the winners, in every ending where the others pay no penalty;
  "can win only if others are penalised or left holding okeys": likewise, the others holding none;
- "can still win" claims nothing about a single ending, and is not checked here.

``make test`` tries a few game states; ``make test-deep`` many more (tests/support/depth.py).
``--hypothesis-show-statistics`` lists how many claims of each kind were checked.
"""

import dataclasses

from hypothesis import event, given, settings
from hypothesis import strategies as st

from scorer.engine import get_ruleset, score_hand, winners_of
from scorer.engine.outlook import Condition, Forecast, Outlook, outlook
from tests.support.depth import examples
from tests.support.strategies import NAMES, HandSpec, draw_hand_where

RULESETS = ("loca", "loca-cezali", "gkokay", "kerizim")


@st.composite
def game_states(draw):
    """A rule set with some of its options, individual (2–4 players) or partners, totals near each
    other or far apart, and one or two hands left."""
    ruleset_id = draw(st.sampled_from(RULESETS))
    ruleset = get_ruleset(ruleset_id)
    options = {
        spec.name: draw(st.booleans() if spec.kind == "bool" else st.sampled_from(spec.choices))
        for spec in ruleset.options
    }
    partners = bool(options.get("partners"))
    count = 4 if partners else draw(st.integers(2, 4))
    spread = draw(st.sampled_from((150, 500, 1500, 5000, 10000)))
    totals = tuple(draw(st.integers(-spread, spread)) for _ in range(2 if partners else count))
    return ruleset_id, options, count, totals, draw(st.sampled_from((1, 2)))


class Check:
    """The endings one claim about one player (team) speaks of, and what they must give."""

    def __init__(self, draw, state, forecast: Forecast, item: Outlook, claim: Condition):
        self.draw = draw
        self.ruleset_id, self.options, self.count, self.totals, self.left = state
        self.same, self.item, self.claim = forecast.same, item, claim
        self.seats = item.seats
        self.rivals = tuple(s for s in range(self.count) if s not in item.seats)

    def members(self, kinds) -> list[frozenset[str]]:
        """Every finish the claim's kinds stand for (each with the kinds scoring like it)."""
        return [member for kind in kinds for member in self.same[kind]]

    def hand(self, spec: HandSpec, *, hopes: bool = True) -> dict:
        """A hand as ``spec`` says, its worst case sought: the others often doing as well as they can
        where the claim hopes (a win), this player (team) where it does not."""
        us, them = (self.seats, self.rivals) if hopes else (self.rivals, self.seats)
        spec = dataclasses.replace(spec, keen=them, heavy=us)
        return draw_hand_where(self.draw, self.ruleset_id, self.options, self.count, spec)

    def mine(self, kinds, **spec) -> HandSpec:
        """One of this player's (team's) seats finishes, in one of ``kinds``."""
        return HandSpec(outcomes=tuple((s, k) for s in self.seats for k in self.members(kinds)), **spec)

    def finish_and_any(self, first: HandSpec) -> list[dict]:
        """``first`` in one hand (either of two), anything with no penalty of theirs in the other."""
        hands = [self.hand(first)]
        if self.left == 2:
            hands.insert(self.draw(st.integers(0, 1)), self.hand(HandSpec(clean=self.seats)))
        return hands

    # Each returns the hands, and the test they must pass (None: the claim speaks of no single ending).

    def always(self):
        return [self.hand(HandSpec(clean=self.seats)) for _ in range(self.left)], True

    def never(self):
        return [self.hand(HandSpec(clean=self.rivals), hopes=False) for _ in range(self.left)], False

    def long_shot(self):
        spec = HandSpec(clean=self.rivals, no_okeys=self.rivals)
        return [self.hand(spec, hopes=False) for _ in range(self.left)], False

    def finish(self):
        if self.claim.cap is None:
            return self.finish_and_any(self.mine(self.claim.kinds, clean=self.seats)), True
        first = self.hand(self.mine(self.claim.kinds, clean=self.seats))
        other = self.hand(HandSpec(low=self.seats if self.draw(st.booleans()) else ()))
        return [first, other], ("other at most", other)

    def cap(self):
        low = HandSpec(low=self.seats)
        hands = [self.hand(low if self.draw(st.booleans()) else HandSpec()) for _ in range(self.left)]
        return hands, ("all at most", None)

    def finish_if_not_opened(self):
        quiet = self.draw(st.sampled_from(self.claim.players))
        return self.finish_and_any(self.mine(self.claim.kinds, clean=self.seats, quiet=(quiet,))), True

    def finish_if_nobody_opened(self):
        return self.finish_and_any(self.mine(self.claim.kinds, clean=self.seats, quiet=self.rivals)), True

    def finish_both(self):
        return [self.hand(self.mine(self.claim.kinds, clean=self.seats)) for _ in range(2)], True

    def unless(self):
        bad = {(who, m) for who, kind in self.claim.threats for m in self.same.get(kind, (kind,))}
        every = [m for group in self.same.values() for m in group]
        outcomes = tuple((s, k) for s in range(self.count) for k in every if (s, k) not in bad)
        outcomes += ((None, None),) if not any(who is None for who, _k in bad) else ()
        spec = HandSpec(outcomes=outcomes, clean=self.seats)
        return [self.hand(spec) for _ in range(self.left)], True

    def some(self):
        return None, None


def unit_deltas(hand: dict, partners: bool) -> tuple[int, ...]:
    result = score_hand(hand)
    return tuple(t.total for t in result.teams) if partners else result.totals


def check_claim(check: Check) -> None:
    hands, expected = getattr(check, check.claim.kind.value)()
    if hands is None:
        return
    partners = bool(check.options.get("partners"))
    deltas = [unit_deltas(hand, partners) for hand in hands]
    unit = check.item.unit
    if isinstance(expected, tuple):  # "scores at most": only the endings where they do
        scored = deltas[-1][unit] if expected[0] == "other at most" else sum(d[unit] for d in deltas)
        if scored > check.claim.cap:
            event("a cap not reached in the drawn ending")
            return
        expected = True
    final = tuple(map(sum, zip(check.totals, *deltas, strict=True)))
    event(f"{check.ruleset_id}: {check.claim.kind.value}{' (capped)' if check.claim.cap is not None else ''}")
    assert (unit in winners_of(final)) is expected, (check.claim, hands, final)


@settings(max_examples=examples(600, 40), deadline=None)
@given(state=game_states(), data=st.data())
def test_every_claim_holds_on_generated_endings_with_rewards_and_fouls(state, data):
    ruleset_id, options, count, totals, left = state
    forecast = outlook(get_ruleset(ruleset_id), options, NAMES[:count], totals, left)
    for item in forecast.outlooks:
        for claim in item.claims:
            check_claim(Check(data.draw, state, forecast, item, claim))
