"""The board's "what it takes to win": once two hands or fewer are left, the engine's outlook
(``scorer/engine/outlook.py``) for each player or team, in the game's words, with each one's chance
over the endings that replay this table's own hands. Rendered by ``board.html#outlook`` once per
table version and language (``scorer/tables/boardcache.py``, part ``outlook``).
"""

from dataclasses import dataclass

from django.utils.translation import pgettext

from scorer.engine.outlook import Chances, Condition, outlook, replay_chances
from scorer.tables.board import FINISH_WORDS, ranked_names
from scorer.tables.outcome import FINISH_KINDS
from scorer.tables.selectors import Board

HANDS_LEFT = 2
"""The outlook shows from this many hands left."""
MIN_REPLAYED = 3
"""Fewer hands played than this give no chance: replaying one or two hands says too little."""


@dataclass(frozen=True, slots=True)
class Sentence:
    """One claim about a player, with the words it needs."""

    kind: str
    finishes: str = ""
    """The finish ways, in words ("okey atarak veya çift")."""
    names: str = ""
    """The rivals it names."""
    threats: tuple[tuple[str, str], ...] = ()
    """(who finishes, how): "" as who for nobody finishing."""


@dataclass(frozen=True, slots=True)
class Prospect:
    name: str
    sentences: tuple[Sentence, ...]
    percent: int | None
    """Chance to win, in whole per cent, over the replayed endings (None without enough hands)."""


def either() -> str:
    """What joins alternatives: " or "."""
    return " " + pgettext("joining alternatives", "or") + " "


def kind_words(kind: frozenset[str]) -> str:
    """A finish kind as the board writes it: "elden + okey discard", or "plain"."""
    shown = ["nine_pairs_run"] if "nine_pairs_run" in kind else [k for k in FINISH_KINDS if k in kind]
    return " + ".join(str(FINISH_WORDS[k]) for k in shown) or pgettext("how a hand was finished", "plain")


def group_words(kind: frozenset[str], same: dict) -> str:
    """A finish kind and the ways that score like it, the simplest of them: "pairs or elden"."""
    group = same.get(kind, (kind,))
    simplest = [k for k in group if not any(other < k for other in group)]
    return either().join(kind_words(k) for k in simplest)


def sentence(condition: Condition, names: list[str], same: dict) -> Sentence:
    finishes = either().join(group_words(k, same) for k in condition.kinds)
    rivals = either().join(names[y] for y in condition.players)
    threats = tuple(
        ("" if who is None else names[who], group_words(kind, same)) for who, kind in condition.threats
    )
    return Sentence(condition.kind.value, finishes, rivals, threats)


def history_of(board: Board) -> tuple[tuple[int, ...], ...]:
    """What each played hand added to each player (each team with partners)."""
    partners = board.game.partners
    return tuple(
        tuple(t.total for t in row.result.teams) if partners else row.result.totals for row in board.rows
    )


def board_outlook(board: Board) -> dict | None:
    """What the board's outlook shows, or None when more than two hands are left (or none)."""
    game = board.game
    left = game.hands_planned - board.hands_played
    if not 1 <= left <= HANDS_LEFT or board.errors:
        return None
    names = ranked_names(game)
    totals = board.totals or (0,) * len(names)
    forecast = outlook(game.rules, game.options, tuple(game.players), tuple(totals), left)
    chances = replay_chances(history_of(board), totals, left) if board.hands_played >= MIN_REPLAYED else None
    prospects = tuple(
        Prospect(
            names[item.unit],
            tuple(sentence(c, list(game.players), forecast.same) for c in item.claims),
            percent_of(chances, item.unit),
        )
        for item in forecast.outlooks
    )
    return {"left": left, "prospects": prospects, "chances": chances, "min_replayed": MIN_REPLAYED}


def percent_of(chances: Chances | None, unit: int) -> int | None:
    if chances is None:
        return None
    return round(100 * chances.wins[unit] / chances.endings)
