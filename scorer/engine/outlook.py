"""What the last hands of a game must bring for each player (or team) to win.

The hands left are played out over **representative endings**, each scored by the engine: in a
hand somebody finishes, in each way the rule set scores differently (normal, çift, okey, elden, …:
flag combinations that score alike are merged, the simplest name kept), or nobody finishes (the deck
runs out); every other player is in one of :data:`STATES`: not opened (açmadı), or opened with
10 points left in hand. What is said about a player is exact over these endings:
"wins if they finish with okey" means in every ending where they (or, in eşli, their partner)
finish one of the hands left with okey, whatever the others hold and the other hand brings.
Lowest total wins; tied at the lowest all win; everyone equal, nobody wins (D14).

The chance to win is counted over the table's own hands: every ending that replays, for each hand
left, one of the hands played so far (each equally likely, every order counted): exact, so the
same game state always shows the same numbers.

>>> [c.kind for c in outlook("loca", {}, ("A", "B"), (0, 1200), 1).outlooks[0].claims]
[<Claim.ALWAYS: 'always'>]
>>> replay_chances(((-101, 40), (202, -101)), (0, 0), 1).wins
(1, 1)
"""

from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations, product
from typing import NamedTuple

from .game import winners_of
from .inputs import FINISH_FLAGS, NOTHING_LEFT, HandInput, Opened, PlayerInput, Remaining
from .rulesets import RuleSet, get_ruleset
from .scoring import score_input


class State(NamedTuple):
    """How a player who did not finish a hand ends it."""

    code: str
    opened: Opened
    points: int


NOT_OPENED = "none"
STATES = (State(NOT_OPENED, Opened.NONE, 0), State("opened", Opened.SETS, 10))
"""Not opened, or opened (sets) with 10 points left and no okey. What is said about a player holds
in the worst case, and these are the extremes that matter there: the most a player who did not
finish pays (202 × the finish multiplier) and about the least (an opener with little left). A
larger remainder lies between the two and changes no claim; okeys left in hand and fouls are not
counted."""
FINISHED = ""
NOBODY = None
THREATS_SHOWN = 3
"""A "wins unless …" with more than this many ways to lose is not simple enough to say."""


class Ending(NamedTuple):
    """One representative way a hand ends, and what it adds to each player (or team)."""

    finisher: int | None
    kind: frozenset[str]
    """The finisher's finish features (``pairs``, ``okey_discard``, ``elden``, ``nine_pairs_run``)."""
    states: tuple[str, ...]
    """Each seat's :class:`State` code; ``""`` for the finisher."""
    delta: tuple[int, ...]


class Claim(StrEnum):
    """The kinds of thing said about a player's chances."""

    ALWAYS = "always"
    """Wins whatever the hands left bring."""
    NEVER = "never"
    """Cannot win any more."""
    FINISH = "finish"
    """Wins if they finish (one of) the hand(s) left in one of ``kinds`` (any way when empty)."""
    FINISH_IF_NOT_OPENED = "finish_if_not_opened"
    """Wins if they finish with ``kinds[0]`` and any one of ``players`` has not opened."""
    FINISH_IF_NOBODY_OPENED = "finish_if_nobody_opened"
    """Wins if they finish with ``kinds[0]`` and nobody else has opened."""
    FINISH_BOTH = "finish_both"
    """Wins if they finish both hands left with ``kinds[0]``."""
    UNLESS = "unless"
    """Wins unless one of ``threats`` happens (in either hand)."""
    SOME = "some"
    """Can still win, in some endings only."""


@dataclass(frozen=True, slots=True)
class Condition:
    kind: Claim
    kinds: tuple[frozenset[str], ...] = ()
    players: tuple[int, ...] = ()
    threats: tuple[tuple[int | None, frozenset[str]], ...] = ()
    """(finisher, finish kind); finisher None: nobody finishes."""


@dataclass(frozen=True, slots=True)
class Outlook:
    """What one player (or team: ``unit``) needs from the hands left."""

    unit: int
    seats: tuple[int, ...]
    claims: tuple[Condition, ...]


def finish_kinds(ruleset: RuleSet) -> tuple[frozenset[str], ...]:
    """Every way of finishing the rule set scores, simplest first (normal is ``frozenset()``)."""
    features = ("pairs", *(f for f in FINISH_FLAGS if f in ruleset.finish_flags))
    kinds = []
    for n in range(len(features) + 1):
        for combo in combinations(features, n):
            kind = frozenset(combo)
            if "nine_pairs_run" not in kind or kind == {"nine_pairs_run", "pairs"}:
                kinds.append(kind)
    return tuple(kinds)


def player_input(name: str, state: State | None, kind: frozenset[str]) -> PlayerInput:
    if state is None:  # the finisher
        opened = Opened.PAIRS if "pairs" in kind else Opened.SETS
        return PlayerInput(name, opened, True, kind - {"pairs"}, NOTHING_LEFT)
    return PlayerInput(name, state.opened, False, frozenset(), Remaining(state.points))


def score_ending(hand: HandInput, partners: bool) -> tuple[int, ...]:
    result = score_input(hand)
    return tuple(team.total for team in result.teams) if partners else result.totals


def endings(
    ruleset: RuleSet, options: dict, names: tuple[str, ...]
) -> tuple[tuple[Ending, ...], dict[frozenset[str], tuple[frozenset[str], ...]]]:
    """Every representative ending of one hand, and the finish kinds: finish kinds that score
    alike are merged into the simplest of them, which stands for all of them (``groups``)."""
    partners = bool(options.get("partners"))
    seats = range(len(names))

    def ending(finisher: int | None, kind: frozenset[str], states: tuple[State, ...]) -> Ending:
        it = iter(states)
        players = tuple(player_input(names[s], None if s == finisher else next(it), kind) for s in seats)
        delta = score_ending(HandInput(ruleset, options, players), partners)
        return Ending(finisher, kind, _codes(finisher, states, seats), delta)

    found: list[Ending] = []
    groups: dict[tuple, list[frozenset[str]]] = {}
    for kind in finish_kinds(ruleset):
        batch = [ending(f, kind, st) for f in seats for st in product(STATES, repeat=len(names) - 1)]
        signature = tuple(e.delta for e in batch)
        if signature not in groups:
            found += batch
        groups.setdefault(signature, []).append(kind)
    found += [ending(NOBODY, frozenset(), st) for st in product(STATES, repeat=len(names))]
    return tuple(found), {same[0]: tuple(same) for same in groups.values()}


def _codes(finisher: int | None, states: tuple[State, ...], seats: range) -> tuple[str, ...]:
    it = iter(states)
    return tuple(FINISHED if s == finisher else next(it).code for s in seats)


# --- judging: margins are the others' totals minus this player's, so winning is "none below 0" --


def margins(values: tuple[int, ...], unit: int) -> tuple[int, ...]:
    return tuple(v - values[unit] for j, v in enumerate(values) if j != unit)


def always_wins(base: tuple[int, ...], first: list[tuple], rest: list[tuple]) -> bool:
    """Whether every ``first`` hand with every ``rest`` hand leaves this player lowest and not
    everyone equal. Hands add up, so the lowest margin of each rival is the sum of each hand's."""
    if not first:
        return False
    lows = [
        b + min(a) + min(r)
        for b, a, r in zip(base, zip(*first, strict=True), zip(*rest, strict=True), strict=True)
    ]
    if min(lows) < 0:
        return False
    rest_set = set(rest)
    return not any(tuple(-b - x for b, x in zip(base, a, strict=True)) in rest_set for a in first)


def front(vectors: list[tuple]) -> list[tuple]:
    """The vectors no other is at least as good as in every place (what can make a win)."""
    kept: list[tuple] = []
    for v in sorted(set(vectors), key=sum, reverse=True):
        if not any(all(k >= x for k, x in zip(keep, v, strict=True)) for keep in kept):
            kept.append(v)
    return kept


def can_win(base: tuple[int, ...], first: list[tuple], rest: list[tuple]) -> bool:
    """Whether some ``first`` hand with some ``rest`` hand makes this player win."""
    for a, r in product(front(first), front(rest)):
        finals = [b + x + y for b, x, y in zip(base, a, r, strict=True)]
        if min(finals) >= 0 and max(finals) > 0:
            return True
    return False


class Judge:
    """Claims about one player (or team) over the endings of the hands left."""

    def __init__(self, seats: tuple[int, ...], unit: int, totals: tuple, ends: tuple[Ending, ...], left: int):
        self.seats, self.ends = seats, ends
        self.base = margins(totals, unit)
        self.ms = [margins(e.delta, unit) for e in ends]
        self.left = left
        self.rest = self.ms if left == 2 else [(0,) * len(self.base)]

    def pick(self, test) -> list[tuple]:
        return [m for m, e in zip(self.ms, self.ends, strict=True) if test(e)]

    def mine(self, kind: frozenset[str], test=lambda e: True) -> list[tuple]:
        return self.pick(lambda e: e.finisher in self.seats and e.kind == kind and test(e))

    def wins_with(self, first: list[tuple], rest: list[tuple] | None = None) -> bool:
        return always_wins(self.base, first, self.rest if rest is None else rest)

    def claims(self, kinds: tuple[frozenset[str], ...], rivals: tuple[int, ...]) -> tuple[Condition, ...]:
        if self.wins_with(self.ms):
            return (Condition(Claim.ALWAYS),)
        if not can_win(self.base, self.ms, self.rest):
            return (Condition(Claim.NEVER),)
        enough = tuple(k for k in kinds if self.wins_with(self.mine(k)))
        found = [Condition(Claim.FINISH, () if len(enough) == len(kinds) else enough)] if enough else []
        simpler = kinds[: kinds.index(enough[0])] if enough else kinds
        found += self.conditional(simpler, rivals)
        if not enough and self.left == 2:
            both = next((k for k in kinds if self.wins_with(self.mine(k), self.mine(k))), None)
            found += [Condition(Claim.FINISH_BOTH, (both,))] if both is not None else []
        found += self.unless(kinds, rivals)
        return tuple(found) or (Condition(Claim.SOME),)

    def conditional(self, kinds: tuple[frozenset[str], ...], rivals: tuple[int, ...]) -> list[Condition]:
        """The simplest finish that wins once one rival (or every rival) has not opened."""
        for kind in kinds:
            quiet = [
                y for y in rivals if self.wins_with(self.mine(kind, lambda e, y=y: e.states[y] == NOT_OPENED))
            ]
            if quiet:
                return [Condition(Claim.FINISH_IF_NOT_OPENED, (kind,), tuple(quiet))]
            if len(rivals) > 1 and self.wins_with(
                self.mine(kind, lambda e: all(e.states[y] == NOT_OPENED for y in rivals))
            ):
                return [Condition(Claim.FINISH_IF_NOBODY_OPENED, (kind,))]
        return []

    def unless(self, kinds: tuple[frozenset[str], ...], rivals: tuple[int, ...]) -> list[Condition]:
        """Wins unless a rival finishes in one of a few ways (or nobody finishes)."""
        threats = [(y, k) for y in rivals for k in kinds] + [(NOBODY, frozenset())]
        bad = [t for t in threats if not self.wins_with(self.pick(lambda e, t=t: (e.finisher, e.kind) == t))]
        if not bad or len(bad) > THREATS_SHOWN:
            return []
        good = self.pick(lambda e: (e.finisher, e.kind) not in bad)
        if not self.wins_with(good, good if self.left == 2 else None):
            return []
        return [Condition(Claim.UNLESS, threats=tuple(bad))]


@dataclass(frozen=True, slots=True)
class Forecast:
    """The outlook of every player (or team), and which finishes each named finish stands for."""

    outlooks: tuple[Outlook, ...]
    same: dict[frozenset[str], tuple[frozenset[str], ...]]
    """Each finish kind the claims name, with every kind that scores like it (itself first)."""


def units_of(names: tuple[str, ...], partners: bool) -> tuple[tuple[int, ...], ...]:
    """Who is ranked: teams (seats 1 & 3, 2 & 4) with partners, else each player."""
    return ((0, 2), (1, 3)) if partners else tuple((i,) for i in range(len(names)))


def outlook(
    ruleset_id: str, options: dict, names: tuple[str, ...], totals: tuple[int, ...], hands_left: int
) -> Forecast:
    """What each player (each team with partners) needs from the last one or two hands; ``totals``
    are the players' totals, or with partners the two teams'."""
    if hands_left not in (1, 2):
        raise ValueError("the outlook is for the last one or two hands")
    ruleset = get_ruleset(ruleset_id)
    options = ruleset.normalize_options(options)
    ends, same = endings(ruleset, options, tuple(names))
    kinds = tuple(same)
    result = []
    for unit, seats in enumerate(units_of(names, bool(options.get("partners")))):
        rivals = tuple(s for s in range(len(names)) if s not in seats)
        judge = Judge(seats, unit, tuple(totals), ends, hands_left)
        result.append(Outlook(unit, seats, judge.claims(kinds, rivals)))
    return Forecast(tuple(result), same)


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
