"""The board's "what it takes to win": once two hands or fewer are left, the engine's outlook
(``scorer/engine/outlook.py``) for each player or team, in plain words, with how far each is behind
the leader and, where the outcome is still open, the share of the endings replaying this table's own
hands they win. Rendered by ``board.html#outlook`` once per table version and language
(``viewer_shared`` in ``scorer/tables/views/board.py``, part ``outlook``).
"""

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import pgettext, pgettext_lazy

from scorer.engine import RuleSet
from scorer.engine.outlook import Chances, Claim, Condition, outlook, replay_chances
from scorer.tables.board import ranked_names
from scorer.tables.outcome import FINISH_KINDS
from scorer.tables.selectors import Board

HANDS_LEFT = 2
"""The outlook shows from this many hands left."""
MIN_REPLAYED = 3
"""Fewer hands played than this give no chance: replaying one or two hands says too little."""
SETTLED = (Claim.ALWAYS, Claim.NEVER, Claim.LONG_SHOT)
"""Claims that answer the question themselves: no chance is shown beside them."""

HOW = {
    "pairs": pgettext_lazy("a way of finishing, in 'finishing with …'", "pairs"),
    "okey_discard": pgettext_lazy("a way of finishing, in 'finishing with …'", "okey"),
    "elden": pgettext_lazy("a way of finishing, in 'finishing with …'", "elden"),
    "nine_pairs_run": pgettext_lazy("a way of finishing, in 'finishing with …'", "9 pairs + 1 run"),
}
"""How a finish is named in a claim ("finishing with okey": Turkish "okey atarak bitirirse")."""


@dataclass(frozen=True, slots=True)
class Sentence:
    """One claim about a player, with the words it needs."""

    kind: str
    how: str = ""
    """The finishes that win, in words ("okey or pairs"); "" when any finish does."""
    names: str = ""
    """The rivals it names."""
    threats: tuple[tuple[str, str], ...] = ()
    """(who finishes, how): "" as who for nobody finishing, "" as how for any way."""
    cap: int | None = None


@dataclass(frozen=True, slots=True)
class Prospect:
    name: str
    behind: int
    """Points behind the leader (0 for the leader)."""
    ahead: int | None
    """The leader's lead over the next (None for the others; 0 when tied for the lead)."""
    sentences: tuple[Sentence, ...]
    percent: int | None
    """Share of the replayed endings won, in whole per cent from 1 to 99; None when the claim itself
    settles it, when the replays are all one way, or without enough hands played."""

    @property
    def main(self) -> Sentence:
        return self.sentences[0]

    @property
    def more(self) -> tuple[Sentence, ...]:
        return self.sentences[1:]


def alternatives(words: list[str]) -> str:
    """Alternatives in a sentence: "okey", "pairs or okey", "pairs, okey or elden"."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " " + pgettext("joining alternatives", "or") + " " + words[-1]


def kind_words(kind: frozenset[str]) -> str:
    """One way of finishing: "okey", "pairs and okey" (Turkish "çiftle ve okey atarak"), "normal"."""
    shown = ["nine_pairs_run"] if "nine_pairs_run" in kind else [k for k in FINISH_KINDS if k in kind]
    if not shown:
        return pgettext("a way of finishing, in 'finishing with …'", "normal")
    joined = " " + pgettext("joining the parts of one way of finishing: pairs and okey", "and") + " "
    return joined.join(str(HOW[k]) for k in shown)


def ordered(kinds) -> list[frozenset[str]]:
    return sorted(kinds, key=lambda k: (len(k), sorted(FINISH_KINDS.index(f) for f in k)))


def above(kind: frozenset[str], named: frozenset[str]) -> bool:
    """Whether the words for ``named`` cover ``kind``: it has every feature named, and 9 pairs + 1
    run is a finish of its own (its words name it; "pairs" or "okey" never stand for it)."""
    return kind >= named and ("nine_pairs_run" in kind) == ("nine_pairs_run" in named)


def finishes_words(kinds: tuple[frozenset[str], ...], same: Mapping, *, threat: bool = False) -> str:
    """The finishes ``kinds`` stand for (with every kind scoring like them), in words; "" when that is
    every way of finishing. A word names every finish that has it ("okey": pairs and okey too; see
    :func:`above`), so
    only the fewest features whose every finish is among them are named. A finish whose
    fuller finishes are not among them (none in the published rule sets) is left out of what wins
    (saying less), and named of what threatens (saying more): either way the claim stays true."""
    full = {member for k in kinds for member in same.get(k, (k,))}
    every = {member for group in same.values() for member in group}
    if full >= every:
        return ""
    closed = [c for c in full if all(k in full for k in every if above(k, c))]
    named = [c for c in closed if not any(other < c for other in closed)]
    if threat or not named:
        named += [k for k in full if not any(above(k, c) for c in named)]
    return alternatives([kind_words(k) for k in ordered(named)])


def sentence(condition: Condition, names: list[str], same: Mapping) -> Sentence:
    threats = []
    for who in dict.fromkeys(w for w, _kind in condition.threats):
        kinds = tuple(k for w, k in condition.threats if w == who)
        how = "" if who is None else finishes_words(kinds, same, threat=True)
        threats.append(("" if who is None else names[who], how))
    return Sentence(
        condition.kind.value,
        finishes_words(condition.kinds, same),
        alternatives([names[y] for y in condition.players]),
        tuple(threats),
        condition.cap,
    )


def history_of(board: Board) -> tuple[tuple[int, ...], ...]:
    """What each played hand added to each player (each team with partners)."""
    return tuple(row.scores for row in board.rows)


def board_outlook(board: Board, ruleset: RuleSet | None = None) -> dict | None:
    """What the board's outlook shows, or None when more than two hands are left (or none);
    ``ruleset``: the game's rule set object, the one its hands are scored with."""
    game = board.game
    left = game.hands_planned - board.hands_played
    if not 1 <= left <= HANDS_LEFT or board.errors:
        return None
    ruleset = game.rules if ruleset is None else ruleset  # a house rule set's frozen copy, when it plays one
    names = ranked_names(game)
    totals = tuple(board.totals or (0,) * len(names))
    forecast = outlook(ruleset, game.options, tuple(game.players), totals, left)
    chances = replay_chances(history_of(board), totals, left) if board.hands_played >= MIN_REPLAYED else None
    low = min(totals)
    prospects = tuple(
        Prospect(
            names[item.unit],
            totals[item.unit] - low,
            lead_of(totals, item.unit),
            tuple(sentence(c, list(game.players), forecast.same) for c in item.claims),
            None if item.claims[0].kind in SETTLED else percent_of(chances, item.unit),
        )
        for item in forecast.outlooks
    )
    return {"left": left, "prospects": prospects, "chances": chances, "min_replayed": MIN_REPLAYED}


def lead_of(totals: tuple[int, ...], unit: int) -> int | None:
    """How far a leader is ahead of the next (0: tied for the lead); None for the others."""
    others = [t for j, t in enumerate(totals) if j != unit]
    if totals[unit] > min(totals) or not others:
        return None
    return min(others) - totals[unit]


def percent_of(chances: Chances | None, unit: int) -> int | None:
    """The share of the replayed endings won, kept within 1–99 % (a rounded 0 or 100 would say the
    outcome is settled, which only a claim can say); None when every replay goes one way."""
    if chances is None or chances.wins[unit] in (0, chances.endings):
        return None
    return min(99, max(1, round(100 * chances.wins[unit] / chances.endings)))
