"""The outlook ("what it takes to win") against a brute-force enumeration of its representative endings.

The brute force builds each representative hand as a JSON hand document (the states the outlook
documents: not opened, perhaps holding two okeys; opened with pairs and nothing left after the
largest opening; opened with 286 points left; with two okeys and two fake okeys too), scores it with
``score_hand`` and checks each claim by trying the endings one by one (every pair of them with two
hands left), so it shares nothing with the outlook's shortcuts (lowest margins by group, Pareto
fronts). It pins that each claim says the most that holds over those endings (the finishes named are
exactly those that win); ``test_outlook_endings.py`` checks that every claim holds on any ending the
hand format allows.
"""

import random
from functools import cache
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine import get_ruleset, score_hand, winners_of
from scorer.engine.outlook import Claim, endings, model_of, outlook, replay_chances
from tests.support.depth import examples

NAMES = ("Ayşe", "Bora", "Cem", "Deniz")
RULESETS = ("loca", "loca-cezali", "gkokay", "kerizim")
STATES = (
    ({}, False),
    ({"remaining": {"okeys": 2}}, True),
    ({"opened": "pairs", "remaining": {"points": 0}, "first_opening": {"pairs": 11}}, False),
    ({"opened": "pairs", "remaining": {"points": 286}}, False),
    ({"opened": "pairs", "remaining": {"points": 286, "okeys": 2, "fake_okeys": 2}}, True),
)
"""(a player who did not finish, holds okeys): the outlook's stated extremes."""


def kinds_of(ruleset) -> list[frozenset]:
    flags = [f for f in ("okey_discard", "elden", "nine_pairs_run") if f in ruleset.finish_flags]
    found = []
    for n in range(len(flags) + 2):
        for combo in combinations(["pairs", *flags], n):
            kind = frozenset(combo)
            if "nine_pairs_run" not in kind or "pairs" in kind:
                found.append(kind)
    return found


def finisher_doc(kind, rewarded):
    opened = "pairs" if "pairs" in kind else "sets"
    doc = {"opened": opened, "finished": True, "finish": {f: True for f in kind - {"pairs"}}}
    if rewarded:
        doc["first_opening"] = {"pairs": 11} if opened == "pairs" else {"points": 300}
    return doc


@cache
def brute_endings(ruleset_id: str, partners: bool, n: int) -> list[tuple]:
    """(finisher, kind, opened by seat, valid, delta per unit) of every representative hand the hand
    format allows (the outlook also looks at hands where several players hold two okeys each, which
    only makes it more careful)."""
    ruleset = get_ruleset(ruleset_id)
    found = set()
    outcomes = [(f, k, r) for f in range(n) for k in kinds_of(ruleset) for r in (False, True)] + [
        (None, None, False)
    ]
    for finisher, kind, rewarded in outcomes:
        others = n - (finisher is not None)
        for states in product(STATES, repeat=others):
            it = iter(states)
            players = [finisher_doc(kind, rewarded) if s == finisher else dict(next(it)[0]) for s in range(n)]
            for name, player in zip(NAMES, players, strict=False):
                player["name"] = name
            if sum(okeys for _doc, okeys in states) > 1:
                continue  # more than two real okeys in the hand: no such ending
            result = score_hand(
                {"ruleset": ruleset_id, "options": {"partners": partners}, "players": players}
            )
            delta = tuple(t.total for t in result.teams) if partners else result.totals
            opened = tuple(p.get("opened", "none") != "none" for p in players)
            found.add((finisher, kind, opened, True, delta))
    return sorted(found, key=repr)


def wins(unit, totals, picks) -> bool:
    final = tuple(sum(v) for v in zip(totals, *(p[4] for p in picks), strict=True))
    return unit in winners_of(final)


class Brute:
    """Every claim checked by trying the endings (pairs of them with two hands left). ``tight``: the
    claim must also say the most that holds (in an individual game, where the endings in which
    several players hold two okeys each are never a player's worst case)."""

    def __init__(self, item, totals, ends, left, same, n, tight):
        self.unit, self.seats, self.totals, self.left, self.same = item.unit, item.seats, totals, left, same
        self.ends, self.n, self.tight = ends, n, tight
        self.rivals = [s for s in range(n) if s not in item.seats]

    def margins(self, picks):
        final = [sum(v) for v in zip(self.totals, *(p[4] for p in picks), strict=True)]
        return [f - final[self.unit] for j, f in enumerate(final) if j != self.unit]

    def sure(self, combos) -> bool:
        """Nobody below in any combination, and one rival above in every one (the outlook's rule:
        were every margin 0 at once, nobody would win)."""
        rows = [self.margins(c) for c in combos]
        if not rows:
            return False
        return min(map(min, rows)) >= 0 and any(all(r[y] > 0 for r in rows) for y in range(len(rows[0])))

    def any_win(self) -> bool:
        return any(wins(self.unit, self.totals, c) for c in product(self.ends, repeat=self.left))

    def one_hand(self, chosen):
        rest = self.ends if self.left == 2 else [None]
        return [(a, b) if b is not None else (a,) for a in chosen for b in rest]

    def mine(self, kind, test=lambda e: True):
        return [e for e in self.ends if e[0] in self.seats and e[1] in self.same[kind] and test(e)]

    def exactly(self, claimed, winning):
        assert set(claimed) <= set(winning)
        if self.tight:
            assert list(claimed) == list(winning)

    def check(self, claim, kinds):
        getattr(self, claim.kind.value)(claim, kinds)

    def always(self, claim, kinds):
        assert self.sure(product(self.ends, repeat=self.left))

    def never(self, claim, kinds):
        assert not self.any_win()

    def some(self, claim, kinds):
        assert self.any_win()

    def long_shot(self, claim, kinds):
        assert not self.any_win()

    def finish(self, claim, kinds):
        if claim.cap is not None:
            members = {m for k in claim.kinds for m in self.same[k]}
            for a, b in product(self.ends, repeat=2):
                if a[0] in self.seats and a[1] in members and b[4][self.unit] <= claim.cap:
                    assert wins(self.unit, self.totals, (a, b))
            return
        self.exactly(claim.kinds, [k for k in kinds if self.sure(self.one_hand(self.mine(k)))])

    def cap(self, claim, kinds):
        for picks in product(self.ends, repeat=self.left):
            if sum(p[4][self.unit] for p in picks) <= claim.cap:
                assert wins(self.unit, self.totals, picks)

    def finish_if_not_opened(self, claim, kinds):
        for y in claim.players:
            quiet = [k for k in kinds if self.sure(self.one_hand(self.mine(k, lambda e, y=y: not e[2][y])))]
            assert set(claim.kinds) <= set(quiet)
        if self.tight:  # it says more than the finishes that win anyway
            assert not all(self.sure(self.one_hand(self.mine(k))) for k in claim.kinds)

    def finish_if_nobody_opened(self, claim, kinds):
        for k in claim.kinds:
            assert self.sure(self.one_hand(self.mine(k, lambda e: not any(e[2][y] for y in self.rivals))))

    def finish_both(self, claim, kinds):
        self.exactly(claim.kinds, [k for k in kinds if self.sure(list(product(self.mine(k), repeat=2)))])

    def unless(self, claim, kinds):
        def happens(e, threat):
            return e[0] == threat[0] and (threat[0] is None or e[1] in self.same[threat[1]])

        good = [e for e in self.ends if not any(happens(e, t) for t in claim.threats)]
        assert self.sure(product(good, repeat=self.left))
        for threat in claim.threats if self.tight else ():
            assert not self.sure(self.one_hand([e for e in self.ends if happens(e, threat)]))


def check_against_brute_force(ruleset_id, partners, n, totals, left):
    ends = brute_endings(ruleset_id, partners, n)
    ruleset = get_ruleset(ruleset_id)
    forecast = outlook(ruleset, {"partners": partners}, NAMES[:n], totals, left)
    assert {k for group in forecast.same.values() for k in group} == set(kinds_of(ruleset))
    kinds = list(forecast.same)
    assert len(forecast.outlooks) == len(totals)
    for item in forecast.outlooks:
        assert item.claims
        brute = Brute(item, totals, ends, left, forecast.same, n, tight=not partners)
        first = item.claims[0].kind
        if brute.tight:
            assert (first is Claim.ALWAYS) == brute.sure(product(ends, repeat=left))
        if not brute.any_win():
            assert first in (Claim.NEVER, Claim.LONG_SHOT)
        for claim in item.claims:
            brute.check(claim, kinds)


def game_states(count: int, seed: int = 101):
    """One hand left in every rule set, 2–4 players or partners; two hands left with two players
    (the brute force tries every pair of endings)."""
    rng = random.Random(seed)
    for k in range(count):
        ruleset_id = RULESETS[k % len(RULESETS)]
        partners = k % 5 == 0
        n = 4 if partners else (2, 3, 4)[k // len(RULESETS) % 3]
        spread = rng.choice((150, 500, 1500, 4000))
        totals = tuple(rng.randint(-spread, spread) for _ in range(2 if partners else n))
        left = 2 if n == 2 and rng.random() < 0.5 else 1
        yield ruleset_id, partners, n, totals, left


@pytest.mark.parametrize("state", list(game_states(36)), ids=lambda s: f"{s[0]}-{s[2]}p-{s[4]}left")
def test_what_it_takes_matches_brute_force(state):
    check_against_brute_force(*state)


@st.composite
def any_game_state(draw):
    """A rule set, 2–3 players (one or two hands left) or partners and 4 players (one hand left),
    totals near each other or far apart: Hypothesis shrinks a wrong claim to the smallest game."""
    ruleset_id = draw(st.sampled_from(RULESETS))
    shape = draw(st.sampled_from(("2", "3", "4", "partners")))
    partners = shape == "partners"
    n = 4 if partners else int(shape)
    spread = draw(st.sampled_from((120, 400, 1200, 4000)))
    totals = tuple(draw(st.integers(-spread, spread)) for _ in range(2 if partners else n))
    left = draw(st.sampled_from((1, 2))) if n == 2 else 1
    return ruleset_id, partners, n, totals, left


@settings(max_examples=examples(200, 10), deadline=None)
@given(any_game_state())
def test_what_it_takes_matches_brute_force_on_generated_games(state):
    check_against_brute_force(*state)


def test_a_leader_far_ahead_wins_whatever_happens_and_the_last_cannot_win():
    result = outlook(get_ruleset("loca"), {}, ("Ali", "Bora", "Can"), (-3000, 600, 3000), 1).outlooks
    assert [c.kind for c in result[0].claims] == [Claim.ALWAYS]
    assert [c.kind for c in result[2].claims] == [Claim.NEVER]


def test_an_okey_finish_can_be_what_it_takes():
    # Bora is 150 behind in LOCA Cezalı. At best Ali opens with 9 pairs or more (−202) and is left
    # with nothing, which a normal finish (−101) does not beat and an okey finish (−404) does.
    result = outlook(get_ruleset("loca-cezali"), {}, ("Ali", "Bora"), (0, 150), 1).outlooks
    finish = next(c for c in result[1].claims if c.kind is Claim.FINISH)
    assert frozenset({"okey_discard"}) in finish.kinds
    assert frozenset() not in finish.kinds


def test_another_players_opening_reward_is_counted():
    """After four hands of LOCA Cezalı, Bora (400) finishing with okey beat Ayşe (0) as long as she
    was left with 10; a 151+ opening and nothing left (−101) makes her the winner: so finishing with
    okey is not what the outlook promises Bora, but pairs and okey (−808) is."""
    names = ("Ayşe", "Bora", "Cem", "Deniz")
    totals = (0, 400, 600, 300)
    bora = outlook(get_ruleset("loca-cezali"), {}, names, totals, 1).outlooks[1]
    ending = {
        "ruleset": "loca-cezali",
        "players": [
            {"name": "Ayşe", "opened": "sets", "remaining": {"points": 0}, "first_opening": {"points": 151}},
            {"name": "Bora", "opened": "sets", "finished": True, "finish": {"okey_discard": True}},
            {"name": "Cem", "opened": "sets", "remaining": {"points": 0}},
            {"name": "Deniz"},
        ],
    }
    final = tuple(t + d for t, d in zip(totals, score_hand(ending).totals, strict=True))
    assert winners_of(final) == (0,)  # Ayşe −101, Bora −4
    okey = frozenset({"okey_discard"})
    for claim in bora.claims:  # none speaks of this ending
        assert not (claim.kind is Claim.FINISH and okey in claim.kinds), claim
        assert not (claim.kind is Claim.FINISH_IF_NOT_OPENED and okey in claim.kinds and 3 in claim.players)
    finish = next(c for c in bora.claims if c.kind is Claim.FINISH)
    assert frozenset({"okey_discard", "pairs"}) in finish.kinds


def test_the_rule_set_object_is_scored_as_given_never_looked_up_by_id():
    class Renamed(type(get_ruleset("loca"))):
        id = "not-in-the-registry"

    forecast = outlook(Renamed(), {}, ("A", "B"), (0, 3000), 1)
    assert [c.kind for c in forecast.outlooks[0].claims] == [Claim.ALWAYS]


def test_a_cap_is_the_most_they_may_score():
    # LOCA, two players, one hand left, Ali 1500 ahead: the least Bora can score is −808 (pairs and
    # okey), so Ali wins scoring at most 691 (692 would tie: with everyone equal nobody wins).
    result = outlook(get_ruleset("loca"), {}, ("Ali", "Bora"), (0, 1500), 1).outlooks[0]
    cap = next(c for c in result.claims if c.kind is Claim.CAP)
    assert cap.cap == 1500 - 808 - 1


def test_replayed_chances_count_every_ordered_ending():
    chances = replay_chances(((-101, 202), (202, -101), (10, -101)), (0, 50), 2)
    assert chances.endings == 9 and chances.hands == 3
    assert sum(chances.wins) >= chances.endings - 1  # a tie gives both a win; all-equal, nobody


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_endings_are_worked_out_once_for_every_table_of_a_size(ruleset_id):
    """The model scores stand-in names: tables of other players, same rule set, options and size,
    share one (a process works a model out in about 0.2 s), and it is the model their own names give."""
    ruleset = get_ruleset(ruleset_id)
    options = {"partners": True} if ruleset_id == "kerizim" else {}
    ours, _views = model_of(ruleset, options, NAMES)
    others, _views = model_of(ruleset, options, ("Ece", "Fırat", "Gül", "Hakan"))

    assert others is ours
    assert endings(ruleset, ruleset.normalize_options(dict(options)), NAMES) == ours
    assert model_of(ruleset, {}, NAMES[:3])[0] is not model_of(ruleset, {}, NAMES)[0]
