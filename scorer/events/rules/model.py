"""The validated event: frozen records built by :mod:`.document` from the event JSON.

Entrants are referred to by their index in ``Event.entrants`` everywhere in the rules; names
appear only when a result is written out.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from scorer.engine import GameResult


class Kind(StrEnum):
    """The event's format."""

    POINTS = "points"
    """Puanlı: a fixed number of rounds, placement points per game."""
    KNOCKOUT = "knockout"
    """Eleme: the best of each table advance, to a final table."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """An individual (``players`` is its own name) or a team of two (eşli)."""

    name: str
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Format:
    kind: Kind
    rounds: int | None
    """Points: how many rounds are played."""
    placement_points: tuple[int, ...]
    """Points: what the 1st, 2nd, … place of a game gives."""
    advance: int
    """Knockout: how many of each table go on to the next round."""
    games_per_match: int
    """Knockout: the games a table plays in a round."""


@dataclass(frozen=True, slots=True)
class Table:
    seats: tuple[int, ...]
    """Entrant indexes in turn order (teams: two; a team's players sit opposite)."""
    games: tuple[GameResult, ...]
    decided: tuple[int, ...] | None = None
    """Knockout: who the organizer sent on from a tie at the cut."""
    closed: bool = False
    """Closed by the organizer: its games count with the hands they have."""


@dataclass(frozen=True, slots=True)
class Round:
    tables: tuple[Table, ...]

    @property
    def seated(self) -> frozenset[int]:
        return frozenset(seat for table in self.tables for seat in table.seats)


@dataclass(frozen=True, slots=True)
class Event:
    name: str
    date: str | None
    ruleset: str
    options: Mapping
    hands_per_game: int
    entrants: tuple[Entrant, ...]
    format: Format
    seed: int
    rounds: tuple[Round, ...]
    withdrawn: frozenset[int] = frozenset()
    """Entrants seated in no round after the last one they played (withdrawals, no-shows)."""
    house: Mapping | None = None
    """A house rule set's object as the document gave it (``ruleset`` is then its base's id)."""

    @property
    def ruleset_document(self) -> object:
        """What a game of the event has as its ``"ruleset"``: the id, or the house's object."""
        return self.ruleset if self.house is None else self.house

    @property
    def partners(self) -> bool:
        return bool(self.options.get("partners"))

    @property
    def knockout(self) -> bool:
        return self.format.kind is Kind.KNOCKOUT

    def out_before(self, entrant: int, round_index: int) -> bool:
        """Whether a withdrawn entrant had left before round ``round_index`` (0-based): it is
        seated in none of the rounds from there on."""
        if entrant not in self.withdrawn:
            return False
        return all(entrant not in rnd.seated for rnd in self.rounds[round_index:])

    def game_players(self, seats: tuple[int, ...]) -> list[str]:
        """The players of a table's game in turn order: a team's two players sit opposite."""
        if self.partners:
            first, second = (self.entrants[seat].players for seat in seats)
            return [first[0], second[0], first[1], second[1]]
        return [self.entrants[seat].name for seat in seats]
