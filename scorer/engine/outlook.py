"""What the last hands of a game must bring for each player (or team) to win.

**What a claim covers.** A claim about a player (in eşli, a team) holds in every ending of the hands
left that the hand format allows in which that player (team) pays no penalty: whoever finishes and
how, whoever opens and how, whatever anyone is left holding (up to 286 points, two okeys and two
fake okeys), every opening reward, and any foul or side-tile penalty of the others (a penalty only
raises its payer's total). "Cannot win any more" holds as long as the others pay no penalty: a foul
can be entered up to 20 times, so a player's own fouls could hand anyone the game.

**How.** The hands left are played out over representative endings, each scored by the engine under
the game's own rule set object: in a hand somebody finishes, in each way the rule set scores
differently (normal, çift, okey, elden, …: ways that score alike are merged, the simplest name
kept), with or without the largest opening reward, or nobody finishes; every other player is in one
of :data:`STATES`. A player's total of a hand rises with what they are left holding and falls with
their opening reward, and the others' totals depend on them only through whether they opened (the
finish multiplier, Kerizim's "nobody else opened", a draw), so the extremes of :data:`STATES` are
where every ending's worst case for a player lies: claims built on them hold for every ending.
Lowest total wins; tied at the lowest all win; everyone equal, nobody wins (D14).

The chance to win is counted over the table's own hands: every ending that replays, for each hand
left, one of the hands played so far (each equally likely, every order counted): exact, so the same
game state always shows the same numbers.

>>> from .rulesets import get_ruleset
>>> [c.kind for c in outlook(get_ruleset("loca"), {}, ("A", "B"), (0, 3000), 1).outlooks[0].claims]
[<Claim.ALWAYS: 'always'>]
>>> replay_chances(((-101, 40), (202, -101)), (0, 0), 1).wins
(1, 1)
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from itertools import combinations, product
from typing import NamedTuple

from .game import winners_of
from .inputs import FINISH_FLAGS, NOTHING_LEFT, FirstOpening, HandInput, Opened, PlayerInput, Remaining
from .parse import MAX_POINTS
from .rulesets import RuleSet
from .tiles import COPIES
from .totals import hand_totals

LARGEST_OPENING = {Opened.SETS: FirstOpening(points=300), Opened.PAIRS: FirstOpening(pairs=11)}
"""The largest first opening the hand format takes: the largest opening reward of its kind."""


class State(NamedTuple):
    """How a player who did not finish a hand ends it, at an extreme of what they can pay."""

    code: str
    opened: Opened
    remaining: Remaining
    opening: FirstOpening | None
    holds_okeys: bool
    """Holds real (or fake) okeys: only one such player fits in a hand (two of each over the hand)."""


NOT_OPENED = State("none", Opened.NONE, NOTHING_LEFT, None, False)
NOT_OPENED_OKEYS = State("none_okeys", Opened.NONE, Remaining(0, COPIES), None, True)
"""Where the rule set charges okeys to a player who never opened (GkOkay)."""
LEAST = State("least", Opened.PAIRS, NOTHING_LEFT, LARGEST_OPENING[Opened.PAIRS], False)
"""Opened with the largest pairs opening (9+ pairs: LOCA Cezalı's −202) and nothing left: the least a
player who did not finish can pay. A sets opener pays at least as much (its reward is −101)."""
HIGH = State("high", Opened.PAIRS, Remaining(MAX_POINTS), None, False)
"""Opened with pairs, 286 points left, no okey: the most several players can pay at once."""
MOST = State("most", Opened.PAIRS, Remaining(MAX_POINTS, COPIES, COPIES), None, True)
"""Opened with pairs, 286 points, two okeys and two fake okeys left, no reward: the most a player
who did not finish can pay (pairs pay at least what sets pay, in every rule set)."""
FINISHED = ""
NOBODY = None
THREATS_SHOWN = 3
"""A "wins unless …" naming more than this many players (nobody finishing counts as one) is not
simple enough to say."""


def states(ruleset: RuleSet) -> tuple[State, ...]:
    okeys = (NOT_OPENED_OKEYS,) if ruleset.okeys_for_non_openers else ()
    return (NOT_OPENED, *okeys, LEAST, HIGH, MOST)


class Ending(NamedTuple):
    """One representative way a hand ends, and what it adds to each player (or team)."""

    finisher: int | None
    kind: frozenset[str]
    """The finisher's finish features (``pairs``, ``okey_discard``, ``elden``, ``nine_pairs_run``)."""
    rewarded: bool
    """The finisher got the largest opening reward of their opening's kind."""
    states: tuple[str, ...]
    """Each seat's :class:`State` code; ``""`` for the finisher."""
    opened: tuple[bool, ...]
    valid: bool
    """Within the hand format's two real and two fake okeys over the hand."""
    delta: tuple[int, ...]


class Claim(StrEnum):
    """The kinds of thing said about a player's chances."""

    ALWAYS = "always"
    """Wins whatever the hands left bring."""
    NEVER = "never"
    """Cannot win any more (unless the others are penalised)."""
    LONG_SHOT = "long_shot"
    """Can win only if the others are penalised or left holding okeys."""
    FINISH = "finish"
    """Wins if they finish (one of) the hand(s) left in one of ``kinds``; with ``cap`` (two hands
    left), if they also score at most ``cap`` in the other hand."""
    CAP = "cap"
    """Wins if they score at most ``cap`` in the hand(s) left (penalties included)."""
    FINISH_IF_NOT_OPENED = "finish_if_not_opened"
    """Wins if they finish in one of ``kinds`` and any one of ``players`` has not opened in that hand."""
    FINISH_IF_NOBODY_OPENED = "finish_if_nobody_opened"
    """Wins if they finish in one of ``kinds`` and nobody else has opened in that hand."""
    FINISH_BOTH = "finish_both"
    """Wins if they finish both hands left, each in one of ``kinds``."""
    UNLESS = "unless"
    """Wins unless one of ``threats`` happens (in either hand)."""
    SOME = "some"
    """Can still win, in some endings only."""


@dataclass(frozen=True, slots=True)
class Condition:
    kind: Claim
    kinds: tuple[frozenset[str], ...] = ()
    """The finish kinds that win (each stands for the kinds scoring like it: :attr:`Forecast.same`)."""
    players: tuple[int, ...] = ()
    threats: tuple[tuple[int | None, frozenset[str]], ...] = ()
    """(finisher, finish kind); finisher None: nobody finishes."""
    cap: int | None = None
    """The most they may score (:attr:`Claim.CAP`; :attr:`Claim.FINISH`: in the hand they do not finish)."""


@dataclass(frozen=True, slots=True)
class Outlook:
    """What one player (or team: ``unit``) needs from the hands left."""

    unit: int
    seats: tuple[int, ...]
    claims: tuple[Condition, ...]


def finish_kinds(ruleset: RuleSet) -> tuple[frozenset[str], ...]:
    """Every way of finishing the hand format allows under the rule set, simplest first (normal is
    ``frozenset()``); ways that score alike are merged by :func:`endings`."""
    features = ("pairs", *(f for f in FINISH_FLAGS if f in ruleset.finish_flags))
    kinds = []
    for n in range(len(features) + 1):
        for combo in combinations(features, n):
            kind = frozenset(combo)
            if "nine_pairs_run" not in kind or "pairs" in kind:  # 9 pairs + 1 run is a pairs finish
                kinds.append(kind)
    return tuple(kinds)


def finisher_input(name: str, kind: frozenset[str], rewarded: bool) -> PlayerInput:
    opened = Opened.PAIRS if "pairs" in kind else Opened.SETS
    opening = LARGEST_OPENING[opened] if rewarded else None
    return PlayerInput(name, opened, True, kind - {"pairs"}, NOTHING_LEFT, opening)


def state_input(name: str, state: State) -> PlayerInput:
    return PlayerInput(name, state.opened, False, frozenset(), state.remaining, state.opening)


class Model(NamedTuple):
    """Every representative ending of one hand under a rule set and its options, and the finish
    kinds: kinds that score alike are merged into the simplest, which stands for all (``same``)."""

    ends: tuple[Ending, ...]
    same: dict[frozenset[str], tuple[frozenset[str], ...]]


def endings(ruleset: RuleSet, options: Mapping, names: tuple[str, ...]) -> Model:
    """Each ending scored by the engine under ``ruleset`` itself (never looked up again by id)."""
    partners = bool(options.get("partners"))
    seats = range(len(names))
    shapes = states(ruleset)

    inputs = {(s, st): state_input(names[s], st) for s in seats for st in shapes}

    def ending(
        finisher: int | None, kind: frozenset[str], rewarded: bool, others: tuple[State, ...]
    ) -> Ending:
        it = iter(others)
        out = finisher_input(names[finisher], kind, rewarded) if finisher is not None else None
        players = tuple(out if s == finisher else inputs[s, next(it)] for s in seats)
        totals, teams = hand_totals(HandInput(ruleset, options, players), ruleset)
        codes = iter(st.code for st in others)
        return Ending(
            finisher,
            kind,
            rewarded,
            tuple(FINISHED if s == finisher else next(codes) for s in seats),
            tuple(p.opened is not Opened.NONE for p in players),
            sum(st.holds_okeys for st in others) <= 1,
            teams if partners else totals,
        )

    found: list[Ending] = []
    groups: dict[tuple, list[frozenset[str]]] = {}
    for kind in finish_kinds(ruleset):
        batch = [
            ending(f, kind, rewarded, others)
            for f in seats
            for rewarded in (False, True)
            for others in product(shapes, repeat=len(names) - 1)
        ]
        signature = tuple(e.delta for e in batch)
        if signature not in groups:
            found += batch
        groups.setdefault(signature, []).append(kind)
    found += [ending(NOBODY, frozenset(), False, others) for others in product(shapes, repeat=len(names))]
    return Model(tuple(found), {same[0]: tuple(same) for same in groups.values()})


# --- judging: margins are the others' totals minus this player's, so winning is "none below 0" --


Vector = tuple[int, ...]
Key = tuple[int | None, frozenset[str], tuple[bool, ...]]
"""What a claim can ask of an ending: who finished, how, and who opened."""


def margins(values: Sequence[int], unit: int) -> Vector:
    return tuple(v - values[unit] for j, v in enumerate(values) if j != unit)


def plus(*vectors: Vector) -> Vector:
    return tuple(map(sum, zip(*vectors, strict=True)))


def sure(low: Vector) -> bool:
    """Whether margins never below ``low`` make a win: nobody lower, and somebody higher (were every
    margin 0, everyone would be equal and nobody would win)."""
    return min(low) >= 0 and max(low) > 0


def largest_cap(low: Vector) -> int | None:
    """The most a player can score with their rivals' margins at least ``low`` once it is taken off
    (None when that is below 0: only a finish could do)."""
    most = min(low) if max(low) > min(low) else min(low) - 1
    return most if most >= 0 else None


def front(vectors: list[Vector]) -> list[Vector]:
    """The vectors no other is at least as good as in every place (what can make a win)."""
    kept: list[Vector] = []
    for v in sorted(set(vectors), key=sum, reverse=True):
        if not any(all(k >= x for k, x in zip(keep, v, strict=True)) for keep in kept):
            kept.append(v)
    return kept


class View:
    """One player's (team's) margins over a hand's endings, reduced to what the claims ask: the lowest
    margins of each (finisher, kind, who opened), and the best margins (any, or within the okeys)."""

    def __init__(self, model: Model, unit: int) -> None:
        lows: dict[Key, Vector] = {}
        every, valid = [], []
        for e in model.ends:
            m = margins(e.delta, unit)
            key = (e.finisher, e.kind, e.opened)
            lows[key] = m if key not in lows else tuple(map(min, lows[key], m))
            every.append(m)
            if e.valid:
                valid.append(m)
        self.lows = lows
        self.front, self.front_valid = front(every), front(valid)
        rivals = [tuple(v for j, v in enumerate(e.delta) if j != unit) for e in model.ends]
        self.theirs: Vector = tuple(map(min, *rivals))
        """The least each rival can score in a hand (without penalties, which only raise it)."""

    def low(self, test: Callable[[Key], bool]) -> Vector | None:
        """The lowest margins over the endings ``test`` accepts (None: there are none)."""
        found = [m for key, m in self.lows.items() if test(key)]
        return tuple(map(min, *found)) if len(found) > 1 else (found[0] if found else None)


@lru_cache(maxsize=32)
def _model(ruleset: RuleSet, options: tuple, names: tuple[str, ...]) -> tuple[Model, tuple[View, ...]]:
    model = endings(ruleset, dict(options), names)
    count = 2 if dict(options).get("partners") else len(names)
    return model, tuple(View(model, unit) for unit in range(count))


def stand_ins(count: int) -> tuple[str, ...]:
    """Names for ``count`` seats, which the engine's inputs need and no score depends on."""
    return tuple(f"P{seat}" for seat in range(1, count + 1))


def model_of(ruleset: RuleSet, options: Mapping, names: tuple[str, ...]) -> tuple[Model, tuple[View, ...]]:
    """The endings and each unit's view of them. They depend on neither the totals nor the players'
    names (scored with :func:`stand_ins`), so a table's later versions and every table of the same
    rule set, options and number of players share them: a process works them out once, not once a
    table (about 0.2 s each). A rule set that cannot be hashed is worked out each time."""
    frozen = tuple(sorted(options.items()))
    seats = stand_ins(len(names))
    try:
        return _model(ruleset, frozen, seats)
    except TypeError:  # unhashable rule set or option value
        return _model.__wrapped__(ruleset, frozen, seats)


class Judge:
    """Claims about one player (or team) over the endings of the hands left."""

    def __init__(self, view: View, seats: tuple[int, ...], base: Vector, left: int, rivals: tuple[int, ...]):
        self.view, self.seats, self.base, self.left, self.rivals = view, seats, base, left, rivals
        everything = view.low(lambda key: True)
        assert everything is not None
        self.everything = everything
        self.rest = everything if left == 2 else (0,) * len(base)

    def with_rest(self, test: Callable[[Key], bool]) -> bool:
        """Sure to win when one hand ends as ``test`` accepts and the other (if any) any way."""
        low = self.view.low(test)
        return low is not None and sure(plus(self.base, low, self.rest))

    def mine(
        self, kind: frozenset[str], test: Callable[[Key], bool] = lambda key: True
    ) -> Callable[[Key], bool]:
        return lambda key: key[0] in self.seats and key[1] == kind and test(key)

    def can_win(self, fronts: list[Vector]) -> bool:
        """Whether some ending of each hand left makes this player win."""
        for picks in product(fronts, repeat=self.left):
            finals = plus(self.base, *picks)
            if min(finals) >= 0 and max(finals) > 0:
                return True
        return False

    def claims(self, kinds: tuple[frozenset[str], ...]) -> tuple[Condition, ...]:
        if sure(plus(self.base, self.everything, self.rest)):
            return (Condition(Claim.ALWAYS),)
        if not self.can_win(self.view.front):
            return (Condition(Claim.NEVER),)
        enough = tuple(k for k in kinds if self.with_rest(self.mine(k)))
        found = [Condition(Claim.FINISH, enough)] if enough else []
        found += self.capped(kinds) if not enough and self.left == 2 else []
        found += self.cap()
        found += self.conditional(kinds, enough)
        if not enough and self.left == 2:
            both = tuple(k for k in kinds if self.both(k))
            found += [Condition(Claim.FINISH_BOTH, both)] if both else []
        found += self.unless(kinds)
        if found:
            return tuple(found)
        return (Condition(Claim.SOME if self.can_win(self.view.front_valid) else Claim.LONG_SHOT),)

    def cap(self) -> list[Condition]:
        """Wins if scoring at most so much in the hand(s) left: whatever anyone else scores, each
        rival scores at least their least."""
        most = largest_cap(plus(self.base, *(self.view.theirs,) * self.left))
        return [Condition(Claim.CAP, cap=most)] if most is not None else []

    def capped(self, kinds: tuple[frozenset[str], ...]) -> list[Condition]:
        """Two hands left: the finishes of one hand that win if they score at most so much in the other
        (the largest such bound of the simplest finish that has one, and every finish that allows it)."""
        caps = []
        for kind in kinds:
            low = self.view.low(self.mine(kind))
            caps.append(None if low is None else largest_cap(plus(self.base, low, self.view.theirs)))
        usable = [c for c in caps if c is not None]
        if not usable:
            return []
        most = next(c for c in caps if c is not None)
        won = tuple(k for k, c in zip(kinds, caps, strict=True) if c is not None and c >= most)
        return [Condition(Claim.FINISH, won, cap=most)]

    def both(self, kind: frozenset[str]) -> bool:
        low = self.view.low(self.mine(kind))
        return low is not None and sure(plus(self.base, low, low))

    def conditional(self, kinds: tuple[frozenset[str], ...], enough: tuple) -> list[Condition]:
        """The finishes that win once one rival (or every rival) has not opened, from the simplest
        finish that does not win on its own."""

        def quiet(*ys: int) -> Callable[[Key], bool]:
            return lambda key: not any(key[2][y] for y in ys)

        for kind in (k for k in kinds if k not in enough):
            who = tuple(y for y in self.rivals if self.with_rest(self.mine(kind, quiet(y))))
            if who:
                won = tuple(k for k in kinds if all(self.with_rest(self.mine(k, quiet(y))) for y in who))
                return [Condition(Claim.FINISH_IF_NOT_OPENED, won, who)]
            if len(self.rivals) > 1 and self.with_rest(self.mine(kind, quiet(*self.rivals))):
                won = tuple(k for k in kinds if self.with_rest(self.mine(k, quiet(*self.rivals))))
                return [Condition(Claim.FINISH_IF_NOBODY_OPENED, won)]
        return []

    def unless(self, kinds: tuple[frozenset[str], ...]) -> list[Condition]:
        """Wins unless a rival finishes in one of a few ways (or nobody finishes)."""
        threats = [(y, k) for y in self.rivals for k in kinds] + [(NOBODY, frozenset())]
        bad = [t for t in threats if not self.with_rest(lambda key, t=t: key[:2] == t)]
        if not bad or len({who for who, _kind in bad}) > THREATS_SHOWN:
            return []
        good = self.view.low(lambda key: key[:2] not in bad)
        if good is None or not sure(plus(self.base, good, good if self.left == 2 else self.rest)):
            return []
        return [Condition(Claim.UNLESS, threats=tuple(bad))]


@dataclass(frozen=True, slots=True)
class Forecast:
    """The outlook of every player (or team), and which finishes each named finish stands for."""

    outlooks: tuple[Outlook, ...]
    same: dict[frozenset[str], tuple[frozenset[str], ...]]
    """Each finish kind the claims name, with every kind that scores like it (itself first)."""


def units_of(names: Sequence[str], partners: bool) -> tuple[tuple[int, ...], ...]:
    """Who is ranked: teams (seats 1 & 3, 2 & 4) with partners, else each player."""
    return ((0, 2), (1, 3)) if partners else tuple((i,) for i in range(len(names)))


def outlook(
    ruleset: RuleSet, options: Mapping, names: Sequence[str], totals: Sequence[int], hands_left: int
) -> Forecast:
    """What each player (each team with partners) needs from the last one or two hands, under the
    game's rule set (the object the game is scored with); ``totals`` are the players' totals, or with
    partners the two teams'."""
    if hands_left not in (1, 2):
        raise ValueError("the outlook is for the last one or two hands")
    options = ruleset.normalize_options(dict(options))
    model, views = model_of(ruleset, options, tuple(names))
    kinds = tuple(model.same)
    result = []
    for unit, seats in enumerate(units_of(names, bool(options.get("partners")))):
        rivals = tuple(s for s in range(len(names)) if s not in seats)
        judge = Judge(views[unit], seats, margins(tuple(totals), unit), hands_left, rivals)
        result.append(Outlook(unit, seats, judge.claims(kinds)))
    return Forecast(tuple(result), model.same)


@dataclass(frozen=True, slots=True)
class Chances:
    """How many of the replayed endings each player (or team) wins."""

    hands: int
    """Hands played so far, replayed."""
    endings: int
    wins: tuple[int, ...]


def replay_chances(history: tuple[tuple[int, ...], ...], totals: tuple[int, ...], hands_left: int) -> Chances:
    """Every ending that replays, for each hand left, one of the hands played so far (``history``:
    what each hand added to each player or team); a tie at the lowest is a win for each."""
    wins = [0] * len(totals)
    for picks in product(history, repeat=hands_left):
        for w in winners_of(tuple(map(sum, zip(totals, *picks, strict=True)))):
            wins[w] += 1
    return Chances(len(history), len(history) ** hands_left, tuple(wins))
