"""What every rule set declares (data) and the small hooks a rule set may override.

A rule set is a class with class attributes: its options, finish table, foul kinds, rule-clause
ids and a few flags. Shared scoring code (:mod:`scorer.engine.scoring`) asks the rule set, never
checks which rule set it is.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, ClassVar

from ..codes import RuleId
from ..errors import ErrorList
from ..i18n import _, gettext_noop
from ..inputs import FINISH_FLAGS, Opened, PlayerInput

if TYPE_CHECKING:
    from ..scoring import Context


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
    return FinishRow(key, frozenset(needs.split()), finisher, m, label, rule, multiplier_rule)


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


IMPOSSIBLE_WHEN = frozenset({"islek_discard", "okey_swapped"})
"""Fouls that need something on the table (checked only when one is recorded: hands rarely have them)."""


def impossible_foul(
    players: tuple[PlayerInput, ...], index: int, kind: str, path: str, errors: ErrorList
) -> None:
    """SCORING_SPEC §2b: fouls that need something on the table that is not there."""
    if kind == "islek_discard" and not any([p.opened is not Opened.NONE for p in players]):
        message = _("Nobody opened in this hand: there was no group on the table to lay a tile off on.")
        errors.add(f"{path}.{kind}", message)
    elif kind == "okey_swapped" and players[index].opened is Opened.NONE:
        message = _("This player never opened: there was no group of theirs holding an okey to swap.")
        errors.add(f"{path}.{kind}", message)


class RuleSet:
    """Base of the four rule sets. Subclasses set the class attributes and override hooks."""

    id: ClassVar[str]
    name: ClassVar[str]
    options: ClassVar[tuple[OptionSpec, ...]] = (PARTNERS,)
    hand_counts: ClassVar[tuple[int, ...]] = tuple(range(1, 22))
    finish_table: ClassVar[tuple[FinishRow, ...]]
    finish_flags: ClassVar[tuple[str, ...]] = ()
    """Finish flags the rule set scores; other flags are accepted and shown as info lines."""
    fouls: ClassVar[tuple[str, ...]] = ()
    rules: ClassVar[Rules]
    fake_okey_penalty: ClassVar[bool] = False
    """LOCA: a fake okey left with an opener also costs 101."""
    pairs_double: ClassVar[bool] = True
    okeys_for_non_openers: ClassVar[bool] = False
    draw_when_nobody_opened: ClassVar[bool] = False
    team_fixed_table: ClassVar[tuple[TeamRow, ...]] = ()
    """Partners: the fixed lines the opposing team pays instead of hand bases; the first match applies."""
    deck_out_note: ClassVar[str] = ""
    """What the table is told when the deck (or wall) ran out and someone opened (a msgid)."""
    side_tile_factors: ClassVar[tuple[int, int] | None] = None
    """(sets, pairs) factor of the side-tile penalty, when the rule set has it."""
    elden_skips_raised_threshold: ClassVar[bool] = False
    """Katlamalı: an elden finisher needs only the base threshold (LOCA's text says so; GkOkay's does not)."""

    def __init__(self) -> None:
        self.option_specs = {spec.name: spec for spec in self.options}
        self.option_defaults = {spec.name: spec.default for spec in self.options}
        # The finish row of every finisher there can be: each set of finish flags, with or without pairs.
        self.finish_rows = {
            (frozenset(flags), pairs): self.first_row(frozenset(flags) | ({"pairs"} if pairs else set()))
            for n in range(len(FINISH_FLAGS) + 1)
            for flags in combinations(FINISH_FLAGS, n)
            for pairs in (False, True)
        }

    # --- options -------------------------------------------------------------------------------
    def parse_options(self, raw: object, errors: ErrorList) -> dict:
        options = dict(self.option_defaults)
        if raw is None:
            return options
        if not isinstance(raw, Mapping):
            errors.add("options", _("Options must be a JSON object."))
            return options
        for key, value in raw.items():
            spec = self.option_specs.get(key)
            if spec is None:
                errors.add(f"options.{key}", _("This rule set has no such option."))
            elif not spec.valid(value):
                message = (
                    _("Must be true or false.") if spec.kind == "bool" else _("Must be one of: {choices}.")
                )
                errors.add(f"options.{key}", message.format(choices=", ".join(spec.choices)))
            else:
                options[key] = value
        return options

    def normalize_options(self, raw: object) -> dict:
        """Full options with defaults; raises InvalidInput on a bad option."""
        errors = ErrorList()
        options = self.parse_options(raw, errors)
        errors.raise_if_any()
        return options

    def foul_kinds(self, options: Mapping) -> tuple[str, ...]:
        return self.fouls

    def has_side_tile(self, options: Mapping) -> bool:
        return self.side_tile_factors is not None

    def threshold_chain(self, options: Mapping) -> bool:
        """Whether openings must beat earlier openings (katlamalı)."""
        return False

    def uses_first_opening(self, options: Mapping) -> bool:
        return True

    def threshold_hint(self, options: Mapping) -> str:
        return ""

    # --- validation ----------------------------------------------------------------------------
    def check_hand(
        self, players: tuple[PlayerInput, ...], options: Mapping, prefix: str, errors: ErrorList
    ) -> None:
        kinds = self.foul_kinds(options)
        side_tile = self.has_side_tile(options)
        for i, player in enumerate(players):
            for kind in player.fouls:
                if kind not in kinds:
                    errors.add(f"{prefix}players[{i}].fouls.{kind}", _("This rule set has no such foul."))
                elif kind in IMPOSSIBLE_WHEN:
                    impossible_foul(players, i, kind, f"{prefix}players[{i}].fouls", errors)
            if "nine_pairs_run" in player.finish and "nine_pairs_run" not in self.finish_flags:
                errors.add(
                    f"{prefix}players[{i}].finish.nine_pairs_run",
                    _("Only LOCA Cezalı 101 has the 9 pairs + 1 run finish."),
                )
            if player.side_tile is not None and not side_tile:
                errors.add(f"{prefix}players[{i}].side_tile", _("This rule set has no side-tile penalty."))

    # --- scoring hooks -------------------------------------------------------------------------
    def finish_row(self, finisher: PlayerInput) -> FinishRow:
        return self.finish_rows[finisher.finish, finisher.opened is Opened.PAIRS]

    def first_row(self, features: frozenset[str]) -> FinishRow:
        """The first row of the finish table that these finish features match; unscored flags are ignored."""
        features &= frozenset(self.finish_flags) | {"pairs"}
        return next(r for r in self.finish_table if r.matches(features))

    def multiplier(self, ctx: "Context") -> tuple[int, tuple[str, ...]]:
        """The multiplier on hand bases and the reasons shown in its lines."""
        if ctx.row is None or ctx.row.m == 1:
            return 1, ()
        return ctx.row.m, (f"{_(ctx.row.label)} ×{ctx.row.m}",)

    def base_factors(self, ctx: "Context", player: PlayerInput) -> tuple[int, int]:
        """(pairs factor, multiplier) applied to an opener's hand value."""
        pairs = 2 if self.pairs_double and player.opened is Opened.PAIRS else 1
        return pairs, ctx.m

    def non_opener_factor(self, ctx: "Context") -> int:
        return ctx.m

    def fouls_waived(self, ctx: "Context", index: int) -> bool:
        return False

    def reward_lines(self, ctx: "Context", index: int) -> list:
        return []

    def team_fixed_row(self, ctx: "Context") -> TeamRow | None:
        """Cezalı 101 Eşli: the opposing team's fixed line instead of hand bases (None = none)."""
        if not self.team_fixed_table:
            return None
        features = ctx.hand.players[ctx.finisher].finish_features
        return next((r for r in self.team_fixed_table if r.needs <= features), None)

    def unscored_flags(self, player: PlayerInput) -> tuple[str, ...]:
        return tuple(f for f in FINISH_FLAGS if f in player.finish and f not in self.finish_flags)
