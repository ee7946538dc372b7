"""The engine's output: itemised lines; every total is the sum of its lines.

Results are immutable. A game is a frozen dataclass. The records of each hand (:class:`HandResult`,
:class:`TeamResult`, :class:`PlayerResult`, :class:`Line`, and the inputs' ``PlayerInput``,
``Remaining`` and ``FirstOpening``) are named tuples built with ``inputs.record``: a frozen
dataclass sets each field through ``object.__setattr__``, some 1,600 machine instructions a field
(a hand's result, of nine fields, cost 16,200 to build; as a named tuple 2,200), and building them
that way was a fifth of the engine's cost (``bench/engine.py``). A player's total is summed
once, when the result is built with ``of``.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from .inputs import record

FORMAT = 1


class Line(NamedTuple):
    """One line item: a signed number of points, why (label, detail) and the rule clause behind it."""

    code: str
    points: int
    label: str
    detail: str
    rule: str

    def to_dict(self) -> dict:
        return line_dicts((self,))[0]


def line_dicts(lines: tuple[Line, ...]) -> list[dict]:
    """The lines as JSON objects (one comprehension for all of them: results have many lines)."""
    return [
        {"code": code, "points": points, "label": label, "detail": detail, "rule": rule}
        for code, points, label, detail, rule in lines
    ]


def total_of(lines: tuple[Line, ...]) -> int:
    return sum([line.points for line in lines])


class PlayerResult(NamedTuple):
    """A player's lines and their sum; build it with :meth:`of`."""

    name: str
    lines: tuple[Line, ...]
    total: int

    @classmethod
    def of(cls, name: str, lines: tuple[Line, ...]) -> "PlayerResult":
        return record(cls, (name, lines, total_of(lines)))

    def to_dict(self) -> dict:
        return {"name": self.name, "total": self.total, "lines": line_dicts(self.lines)}


class TeamResult(NamedTuple):
    """A partners team: its total is its players' totals plus its own team lines."""

    players: tuple[int, int]
    player_total: int
    lines: tuple[Line, ...]

    @property
    def total(self) -> int:
        return self.player_total + total_of(self.lines)

    def to_dict(self) -> dict:
        return {
            "players": list(self.players),
            "total": self.total,
            "lines": line_dicts(self.lines),
        }


class HandResult(NamedTuple):
    ruleset: str
    outcome: str
    multiplier: int
    players: tuple[PlayerResult, ...]
    teams: tuple[TeamResult, ...] = ()
    warnings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    warning_rules: tuple[str, ...] = ()
    """The clause each warning rests on, in the order of ``warnings`` ("" where none); not in the JSON."""

    note_rules: tuple[str, ...] = ()
    """The clause each note rests on, in the order of ``notes``; not in the JSON."""
    house: Mapping | None = None
    """A house rule set's object as it was given (HOUSE_RULES.md); None under a published rule set."""
    colour: tuple[str, int] | None = None
    """Under a house with ``colours``: the gösterge's colour and the factor every line was multiplied by."""

    @property
    def warning_items(self) -> tuple[tuple[str, str], ...]:
        """Each warning with its clause: ``(text, rule)``."""
        rules = self.warning_rules or ("",) * len(self.warnings)
        return tuple(zip(self.warnings, rules, strict=True))

    @property
    def note_items(self) -> tuple[tuple[str, str], ...]:
        """Each note with its clause (the deck-out note cites the deck-out clause: D10 in GkOkay)."""
        rules = self.note_rules or ("",) * len(self.notes)
        return tuple(zip(self.notes, rules, strict=True))

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(p.total for p in self.players)

    @property
    def applied_multiplier(self) -> int:
        """The finish multiplier as some line really applies it; 1 when no hand base was multiplied
        (a Cezalı team line replaced them, or every opponent's base was 0)."""
        applied = any(line.code == "multiplier" for p in self.players for line in p.lines)
        return self.multiplier if applied else 1

    def to_dict(self) -> dict:
        players = [p.to_dict() for p in self.players]
        teams = [t.to_dict() for t in self.teams]
        if self.house is None:
            return {
                "format": FORMAT,
                "ruleset": self.ruleset,
                "outcome": self.outcome,
                "multiplier": self.multiplier,
                "players": players,
                "teams": teams,
                "warnings": list(self.warnings),
                "notes": list(self.notes),
            }
        # HOUSE_RULES.md: the house after the base's id, the gösterge's colour after the multiplier
        head = {"format": FORMAT, "ruleset": self.ruleset, "house": self.house, "outcome": self.outcome}
        head["multiplier"] = self.multiplier
        if self.colour is not None:
            head["colour"] = {"colour": self.colour[0], "factor": self.colour[1]}
        head["players"] = players
        head["teams"] = teams
        head["warnings"] = list(self.warnings)
        head["notes"] = list(self.notes)
        return head


@dataclass(frozen=True, slots=True)
class GameResult:
    hands: tuple[HandResult, ...]
    totals: tuple[int, ...]
    team_totals: tuple[int, ...]
    winners: tuple[int, ...]
    hands_planned: int | None
    ruleset: str = ""
    """The rule set's id (a house's base); in the JSON only under a house, beside ``house``."""
    house: Mapping | None = None
    """A house rule set's object as it was given; None under a published rule set."""

    @property
    def hands_played(self) -> int:
        return len(self.hands)

    @property
    def complete(self) -> bool:
        return self.hands_planned is None or self.hands_played >= self.hands_planned

    def to_dict(self) -> dict:
        house = {} if self.house is None else {"ruleset": self.ruleset, "house": self.house}
        return {
            "format": FORMAT,
            **house,
            "hands": [h.to_dict() for h in self.hands],
            "totals": list(self.totals),
            "team_totals": list(self.team_totals),
            "winners": list(self.winners),
            "hands_played": self.hands_played,
            "hands_planned": self.hands_planned,
        }
