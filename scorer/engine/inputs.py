"""The validated input of one hand, as immutable records (built by :mod:`scorer.engine.parse`).

A hand and the records it holds several of (``PlayerInput``, ``Remaining``, ``FirstOpening``)
are named tuples, built on the hot path with :data:`record`.
"""

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Any, NamedTuple


class Opened(StrEnum):
    """How a player opened in this hand."""

    NONE = "none"
    """Never opened (or took back the whole first opening)."""
    SETS = "sets"
    """Opened with sets and runs (per / seri), 101 points or more."""
    PAIRS = "pairs"
    """Opened with pairs (çift), 5 pairs or more."""


FOUL_KINDS = (
    "okey_discard",
    "islek_discard",
    "take_back",
    "side_tile_unused",
    "below_threshold",
    "okey_taken_from_discard",
    "okey_swapped",
)
FINISH_FLAGS = ("okey_discard", "elden", "nine_pairs_run")
NO_FOULS: Mapping[str, int] = MappingProxyType({})


record = tuple.__new__
"""``record(Type, (field, ...))`` builds a named tuple with every field given, in order.

A named tuple's own ``__new__`` is Python code that the interpreter calls back from C; building
the records a hand makes many of this way is about three times faster (``bench/engine.py``).
"""


class Remaining(NamedTuple):
    """Tiles left in hand, in quick form (the tile form is reduced to this after validation)."""

    points: int = 0
    okeys: int = 0
    fake_okeys: int = 0
    tiles: tuple[str, ...] | None = None


class FirstOpening(NamedTuple):
    """Size of a player's first opening in this hand: ``points`` for sets, ``pairs`` for pairs."""

    points: int | None = None
    pairs: int | None = None
    order: int | None = None


NOTHING_LEFT = Remaining()
NO_FLAGS: frozenset[str] = frozenset()


class PlayerInput(NamedTuple):
    """One player's validated state at the end of the hand."""

    name: str
    opened: Opened = Opened.NONE
    finished: bool = False
    finish: frozenset[str] = NO_FLAGS
    remaining: Remaining = NOTHING_LEFT
    first_opening: FirstOpening | None = None
    side_tile: int | None = None
    fouls: Mapping[str, int] = NO_FOULS

    @property
    def has_opened(self) -> bool:
        return self.opened is not Opened.NONE

    @property
    def finished_elden(self) -> bool:
        """Opened and finished in one move; a 9 pairs + 1 run finish implies elden (SCORING_SPEC §2)."""
        return self.finished and bool(self.finish & {"elden", "nine_pairs_run"})

    @property
    def finish_features(self) -> frozenset[str]:
        """The finisher's flags plus ``pairs`` when they opened with pairs: what finish tables match on."""
        return self.finish | {"pairs"} if self.opened is Opened.PAIRS else self.finish


class HandInput(NamedTuple):
    """One validated hand: a named tuple like the records it holds, built with :data:`record`
    (a frozen dataclass set its four fields through ``object.__setattr__``, three times the cost)."""

    ruleset: Any
    """The rule set it is scored under: a :class:`~scorer.engine.rulesets.RuleSet`, published or
    a house's (its ``id`` is the base's)."""
    options: Mapping[str, object]
    players: tuple[PlayerInput, ...]
    indicator: str | None = None

    @property
    def partners(self) -> bool:
        return bool(self.options.get("partners"))

    @property
    def finisher(self) -> int | None:
        """The index of the player who finished, or None (deck-out or draw)."""
        for index, player in enumerate(self.players):
            if player.finished:
                return index
        return None

    def partner_of(self, index: int) -> int | None:
        """Seats 1&3 and 2&4 are teams (0-based: 0&2, 1&3)."""
        return (index + 2) % 4 if self.partners else None

    def previous(self, index: int) -> int:
        """The player before ``index`` in turn order, whose discards ``index`` draws from."""
        return (index - 1) % len(self.players)
