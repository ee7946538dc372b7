"""What a rule set declares, as data: its options, finish table, team table and rule clauses.

Plain frozen records with no behaviour beyond matching, so that the rule sets
(:mod:`scorer.engine.rulesets`), the scoring pipeline and the describers can all read them without
importing one another.
"""

from collections.abc import Mapping
from dataclasses import dataclass

from ..codes import RuleId
from ..i18n import gettext_noop


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """An option of a rule set: ``bool`` or a ``choice`` among ``choices``; label/help are msgids."""

    name: str
    kind: str
    default: object
    label: str
    help: str
    choices: tuple[str, ...] = ()

    def valid(self, value: object) -> bool:
        return isinstance(value, bool) if self.kind == "bool" else value in self.choices


PARTNERS = OptionSpec(
    "partners",
    "bool",
    False,
    gettext_noop("Partners (eşli)"),
    gettext_noop("Four players; seats 1 & 3 and 2 & 4 are teams and their points are added together."),
)


@dataclass(frozen=True, slots=True)
class FinishRow:
    """A row of a finish table: the first row whose ``needs`` the finisher has applies.

    ``needs`` are finish features: ``pairs`` (opened with pairs), ``okey_discard``, ``elden``,
    ``nine_pairs_run``. ``finisher`` is the finisher's score, ``m`` the multiplier on hand bases.
    """

    key: str
    needs: frozenset[str]
    finisher: int
    m: int
    label: str
    rule: RuleId | None = None
    """The clause behind this row's finish line, when it is not the rule set's finish clause."""
    multiplier_rule: RuleId | None = None
    """The clause behind the multiplier lines this row causes, when a decision sets them (D5)."""
    detail: str = ""
    """The finish line's detail: a house rule set's number, shown where it charges it."""
    not_opened_rule: RuleId | None = None
    """The clause behind a never-opened player's multiplier line, when not ``multiplier_rule``
    (a house's ``not_opened`` multiplied by the base's multiplier)."""
    pairs_multiplier_rule: RuleId | None = None
    """The clause behind a pairs opener's multiplier line, when not ``multiplier_rule`` (a house
    whose pairs opener meets the multiplier otherwise than its base's)."""

    def matches(self, features: frozenset[str]) -> bool:
        return self.needs <= features


def row(
    key: str,
    needs: str,
    finisher: int,
    m: int,
    label: str,
    rule: RuleId | None = None,
    multiplier_rule: RuleId | None = None,
) -> FinishRow:
    """A finish row with its ``needs`` written as one space-separated string: ``"pairs okey_discard"``."""
    return FinishRow(key, frozenset(needs.split()), finisher, m, label, rule, multiplier_rule)


LARGER = "larger"
"""A pairs opener's ×2 and the finish multiplier ``m``: only the larger applies (the LOCA rule sets)."""
PRODUCT = "product"
"""A pairs opener's ×2 and the finish multiplier ``m``: both apply, 2 × m (Kerizim, D2)."""
PAIRS_AND_MULTIPLIER = (LARGER, PRODUCT)


@dataclass(frozen=True, slots=True)
class TeamRow:
    """Cezalı 101 Eşli: the fixed line the opposing team pays when the finisher has ``needs``."""

    needs: frozenset[str]
    points: int
    label: str
    """Which finish made it (a msgid), shown as the team line's detail."""
    rule: RuleId


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule clause behind each kind of line a rule set emits."""

    finish: RuleId
    not_opened: RuleId
    tiles: RuleId
    okey_in_hand: RuleId
    pairs_double: RuleId
    multiplier: RuleId
    partners: RuleId
    deck_out: RuleId
    unscored_flag: RuleId
    fouls: Mapping[str, RuleId]
    side_tile: RuleId | None = None
    reward: RuleId | None = None
    not_opened_tiles: RuleId | None = None
    """The clause saying a non-opener's tiles are not looked at (defaults to ``not_opened``)."""
    not_opened_multiplier: RuleId | None = None
    """The clause behind the multiplier on a non-opener's 202 (defaults to ``not_opened``)."""
    pairs_multiplier: RuleId | None = None
    """The clause behind a pairs opener's multiplier lines (defaults to ``multiplier``)."""
    pairs_tiles: RuleId | None = None
    """The clause behind a pairs opener's tiles line (GkOkay: no doubling, D3)."""
    non_opener_okey: RuleId | None = None
    """The clause behind the okey line of a player who never opened (GkOkay, D8)."""
    finisher_fouls: RuleId | None = None
    """The clause behind the finisher's own fouls, when a decision makes them count (GkOkay, D9)."""
    opening: RuleId | None = None
    """The clause of the base opening threshold (101 points or 5 pairs), when the source has one."""
    threshold: RuleId | None = None
    """The clause of the katlamalı chain of points openings (and of pairs openings, unless below)."""
    pairs_threshold: RuleId | None = None
    """The clause of the katlamalı chain of pairs openings, when it is a decision of its own (GkOkay, D13)."""
    winner: RuleId | None = None
    """The clause of a game's winner (ties: D14)."""
