"""The outlook ("what it takes to win") against a brute-force enumeration of every ending.

The brute force builds each representative hand as a JSON hand document, scores it with
``score_hand`` and checks every claim by trying every combination of the hands left, so it
shares nothing with the outlook's shortcuts (separable minimums, Pareto fronts).
"""

import random
from functools import cache
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine import all_rulesets, score_hand, winners_of
from scorer.engine.outlook import Claim, outlook, replay_chances
from tests.support.depth import examples

NAMES = ("Ali", "Bora", "Can", "Ayşe")
STATES = ({}, {"opened": "sets", "remaining": {"points": 10}})
"""The outlook's stated model: not opened, or opened with 10 left."""


def kinds_of(ruleset) -> list[frozenset]:
    flags = [f for f in ("okey_discard", "elden", "nine_pairs_run") if f in ruleset.finish_flags]
    found = []
    for n in range(len(flags) + 2):
        for combo in combinations(["pairs", *flags], n):
            kind = frozenset(combo)
            if "nine_pairs_run" not in kind or kind == {"pairs", "nine_pairs_run"}:
                found.append(kind)
    return found


def hand_doc(ruleset, options, n, finisher, kind, states):
    players = []
    for seat in range(n):
        if seat == finisher:
            opened = "pairs" if "pairs" in kind else "sets"
            flags = {f: True for f in kind - {"pairs"}}
            players.append({"name": NAMES[seat], "opened": opened, "finished": True, "finish": flags})
        else:
            players.append({"name": NAMES[seat], **states[seat]})
    return {"ruleset": ruleset.id, "options": options, "players": players}


def all_endings(ruleset, options, n):
    """(finisher, kind, opened-by-seat, delta per unit) for every representative hand."""
    partners = options.get("partners", False)
    found = []
    for finisher in [*range(n), None]:
        for kind in kinds_of(ruleset) if finisher is not None else [frozenset()]:
            for states in product(STATES, repeat=n):
                if finisher is not None and states[finisher]:
                    continue  # the finisher's own state is not a state
                result = score_hand(hand_doc(ruleset, options, n, finisher, kind, states))
                delta = tuple(t.total for t in result.teams) if partners else result.totals
                found.append((finisher, kind, tuple(bool(s) for s in states), delta))
    return found


def wins(unit, totals, picks):
    final = tuple(sum(v) for v in zip(totals, *(p[3] for p in picks), strict=True))
    return unit in winners_of(final)


def combos(ends, left):
    return list(product(ends, repeat=left))


def all_win(unit, totals, cs):
    return all(wins(unit, totals, c) for c in cs)


def game_states(count: int, seed: int = 101):
    rng = random.Random(seed)
    rulesets = all_rulesets()
    for k in range(count):
        ruleset = rulesets[k % len(rulesets)]
        partners = k % 3 == 0
        n = 4 if partners else rng.choice((2, 3, 4))
        spread = rng.choice((150, 400, 900))
        totals = tuple(rng.randint(-spread, spread) for _ in range(2 if partners else n))
        yield ruleset, {"partners": partners}, n, totals, rng.choice((1, 2))


class Brute:
    """Every claim checked by trying every combination of the hands left."""

    def __init__(self, unit, seats, totals, ends, left, same):
        """``same``: the finish kinds each named kind stands for (kinds that score alike)."""
        self.unit, self.seats, self.totals, self.ends, self.left, self.same = (
            unit,
            seats,
            totals,
            ends,
            left,
            same,
        )
        self.mine = [e for e in ends if e[0] in seats]
        self.everything = combos(ends, left)

    def all_win(self, cs):
        return all_win(self.unit, self.totals, cs)

    def any_win(self, cs):
        return any(wins(self.unit, self.totals, c) for c in cs)

    def one_hand(self, chosen):
        """``chosen`` in one hand, anything in the other."""
        return [(a, *rest) for a in chosen for rest in combos(self.ends, self.left - 1)]

    def with_kind(self, kind, test=lambda e: True):
        return [e for e in self.mine if e[1] in self.same[kind] and test(e)]

    def happens(self, e, threat):
        finisher, kind = threat
        return e[0] == finisher and (finisher is None or e[1] in self.same[kind])

    def always(self, claim):
        assert self.all_win(self.everything)

    def never(self, claim):
        assert not self.any_win(self.everything)

    def finish(self, claim):
        listed = claim.kinds or list(self.same)
        for kind in self.same:
            assert self.all_win(self.one_hand(self.with_kind(kind))) == (kind in listed), kind

    def finish_if_not_opened(self, claim):
        kind = claim.kinds[0]
        assert not self.all_win(self.one_hand(self.with_kind(kind)))
        for y in claim.players:
            assert self.all_win(self.one_hand(self.with_kind(kind, lambda e, y=y: not e[2][y])))

    def finish_if_nobody_opened(self, claim):
        kind = claim.kinds[0]
        rivals = [s for s in range(len(self.ends[0][2])) if s not in self.seats]
        assert not self.all_win(self.one_hand(self.with_kind(kind)))
        assert self.all_win(self.one_hand(self.with_kind(kind, lambda e: not any(e[2][y] for y in rivals))))

    def finish_both(self, claim):
        kind = claim.kinds[0]
        assert self.left == 2 and self.all_win(combos(self.with_kind(kind), 2))
        assert not self.all_win(self.one_hand(self.with_kind(kind)))

    def unless(self, claim):
        good = [e for e in self.ends if not any(self.happens(e, t) for t in claim.threats)]
        assert self.all_win(combos(good, self.left))
        for threat in claim.threats:
            assert not self.all_win(self.one_hand([e for e in self.ends if self.happens(e, threat)]))

    def some(self, claim):
        assert self.any_win(self.everything) and not self.all_win(self.everything)

    def check(self, claim):
        getattr(self, claim.kind.value)(claim)


def dedupe(ends):
    """One ending per (finisher, kind, opened, delta): the claims quantify over these."""
    return list(dict.fromkeys(ends))


@cache
def brute_endings(ruleset_id: str, partners: bool, n: int) -> list:
    ruleset = next(rs for rs in all_rulesets() if rs.id == ruleset_id)
    return dedupe(all_endings(ruleset, {"partners": partners}, n))


def check_against_brute_force(ruleset, options, n, totals, left):
    ends = brute_endings(ruleset.id, options["partners"], n)
    forecast = outlook(ruleset.id, options, NAMES[:n], totals, left)
    assert {k for group in forecast.same.values() for k in group} == set(kinds_of(ruleset))
    assert len(forecast.outlooks) == len(totals)
    for item in forecast.outlooks:
        assert item.claims
        kinds = {c.kind for c in item.claims}
        brute = Brute(item.unit, item.seats, totals, ends, left, forecast.same)
        assert (Claim.ALWAYS in kinds) == brute.all_win(brute.everything)
        assert (Claim.NEVER in kinds) == (not brute.any_win(brute.everything))
        for claim in item.claims:
            brute.check(claim)


@pytest.mark.parametrize("state", list(game_states(60)), ids=lambda s: f"{s[0].id}-{s[2]}p-{s[4]}left")
def test_what_it_takes_matches_brute_force(state):
    check_against_brute_force(*state)


@st.composite
def any_game_state(draw):
    """A rule set, individual (2–4 players) or partners, totals near each other or far apart, and one
    or two hands left: Hypothesis shrinks a wrong claim to the smallest such game."""
    ruleset = draw(st.sampled_from(all_rulesets()))
    partners = draw(st.booleans())
    n = 4 if partners else draw(st.integers(2, 4))
    spread = draw(st.sampled_from((120, 400, 1200)))
    totals = tuple(draw(st.integers(-spread, spread)) for _ in range(2 if partners else n))
    return ruleset, {"partners": partners}, n, totals, draw(st.sampled_from((1, 2)))


@settings(max_examples=examples(200), deadline=None)
@given(any_game_state())
def test_what_it_takes_matches_brute_force_on_generated_games(state):
    check_against_brute_force(*state)


def test_a_leader_far_ahead_wins_whatever_happens_and_the_last_cannot_win():
    result = outlook("loca", {}, ("Ali", "Bora", "Can"), (-900, 600, 700), 1).outlooks
    assert [c.kind for c in result[0].claims] == [Claim.ALWAYS]
    assert [c.kind for c in result[2].claims] == [Claim.NEVER]


def test_an_okey_finish_can_be_what_it_takes():
    # Bora is 400 behind in LOCA Cezalı: an okey finish (−404, the opener who is left pays 10 × 4) closes that.
    result = outlook("loca-cezali", {}, ("Ali", "Bora"), (0, 400), 1).outlooks
    finish = next(c for c in result[1].claims if c.kind is Claim.FINISH)
    assert frozenset({"okey_discard"}) in finish.kinds
    assert frozenset() not in finish.kinds


def test_replayed_chances_count_every_ordered_ending():
    chances = replay_chances(((-101, 202), (202, -101), (10, -101)), (0, 50), 2)
    assert chances.endings == 9 and chances.hands == 3
    assert sum(chances.wins) >= chances.endings - 1  # a tie gives both a win; all-equal, nobody
