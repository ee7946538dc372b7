"""The hooks a rule set may override, and the :class:`Context` they are given.

A rule set is a class with class attributes: the data of :mod:`.declarations` (options, finish
table, rule-clause ids), its foul kinds and a few flags. Shared scoring code
(:mod:`scorer.engine.scoring`) asks the rule set, never checks which rule set it is.
"""

from collections.abc import Mapping
from itertools import combinations
from typing import ClassVar, NamedTuple

from ..codes import LineCode, Outcome, RuleId
from ..errors import ErrorList
from ..i18n import _
from ..inputs import FINISH_FLAGS, HandInput, Opened, PlayerInput, record
from ..results import Line
from ..vocabulary import FOUL_COST, NOT_OPENED_BASE, OKEY_COST, signed
from .declarations import LARGER, PARTNERS, PRODUCT, FinishRow, OptionSpec, Rules, TeamRow


class Context(NamedTuple):
    """Everything the hooks need about the hand being scored, complete before any hook sees it.

    Built once per hand by :func:`scorer.engine.scoring.make_context`: the outcome, the finish row,
    the multiplier and the team's fixed line are worked out first (the multiplier and team hooks
    are given those parts, not a Context), then the Context is made, whole, and the hooks only
    read it: a named tuple, so that no hook can change it. (A frozen dataclass would cost 19,000
    instructions a hand to build, setting each field through ``object.__setattr__``; a tuple is
    made in one call.) The defaults are those of a hand nobody finished.
    """

    hand: HandInput
    ruleset: "RuleSet"
    outcome: Outcome
    finisher: int | None = None
    row: FinishRow | None = None
    """The finisher's row of the finish table."""
    partner: int | None = None
    """The finisher's partner (eşli), who writes no hand base."""
    m: int = 1
    """The multiplier on hand bases."""
    reasons: tuple[str, ...] = ()
    """Why ``m`` is what it is, shown in the multiplier lines' detail."""
    team_row: TeamRow | None = None
    """Cezalı 101 Eşli: the fixed line the opposing team pays instead of hand bases."""
    team_fixed: int = 0
    """The points of ``team_row`` (0 when there is none)."""
    colour: tuple[str, int] | None = None
    """Under a house with ``colours``: the gösterge's colour and its factor."""
    colour_note: str = ""
    """What a line multiplied by the colour's factor adds to its detail (" · × 3 (blue gösterge)",
    without its separator when the detail was empty); "" when nothing is multiplied (no colours,
    or a factor of 1)."""

    def is_finisher_partner(self, index: int) -> bool:
        return index == self.partner

    def is_fixed_opponent(self, index: int) -> bool:
        return bool(self.team_fixed) and index % 2 != self.finisher % 2

    def line(self, code: LineCode, points: int, label: str, detail: str, rule: RuleId) -> Line:
        """A line; ``label`` is already in the active language. Under a colour house every line
        that has points is multiplied by the gösterge colour's factor, and its detail says so."""
        note = self.colour_note
        if note and points:
            detail = detail + note if detail else signed(points) + " " + note[3:]
            points *= self.colour[1]
        # Plain str values in results (``_value_`` is the enum's stored value, cheaper than ``.value``).
        return record(Line, (code._value_, points, label, detail, rule._value_))


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
    """Base of the four rule sets. Subclasses set the class attributes and override hooks.

    The numbers a line charges are the rule set's own attributes, not constants: a house rule set
    (:mod:`.house`) is an instance of its base's class whose numbers, finish table and clauses
    are its own (HOUSE_RULES.md), so the same hooks score it.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    tagline: ClassVar[str] = ""
    """One line on what sets it apart, shown on the rule set cards of the new-table form (a msgid)."""
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

    # The numbers a house rule set may change (HOUSE_RULES.md ``values``); instance attributes there.
    not_opened_cost: int = NOT_OPENED_BASE
    """What a player who never opened pays before any multiplier."""
    okey_cost: int = OKEY_COST
    """What each real okey (and, with ``fake_okey_penalty``, each fake okey) held costs."""
    foul_cost: int = FOUL_COST
    """What each foul costs (the side-tile penalty, rewards and team lines have their own amounts)."""
    pairs_and_multiplier: str | None = LARGER
    """How a pairs opener's ×2 meets the finish multiplier: ``larger`` or ``product`` (None
    where a pairs opener is never doubled)."""
    colours: Mapping[str, int] | None = None
    """A house's factor per gösterge colour, multiplying every line of a hand; None: no factor."""
    house: Mapping | None = None
    """A house rule set's object as it was given (HOUSE_RULES.md); None for a published rule set."""
    house_name: str | None = None
    """A house rule set's own name, shown instead of the rule set's."""

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

    # --- what it is called and what a house may change ------------------------------------------
    @property
    def title(self) -> str:
        """The name shown: a house's own name, else the rule set's, in the active language."""
        return self.house_name or _(self.name)

    def as_document(self) -> object:
        """What a document's ``"ruleset"`` holds for this rule set: its id, or a house's object."""
        return self.id if self.house is None else self.house

    def deck_out_text(self) -> str:
        """What the table is told when the deck ran out and someone opened, with this rule set's
        numbers, in the active language ("" when the rule set says nothing)."""
        if not self.deck_out_note:
            return ""
        normal = self.first_row(frozenset()).finisher
        return _(self.deck_out_note).format(
            finish=signed(normal), not_opened=self.not_opened_cost, okey=self.okey_cost
        )

    def values(self) -> dict:
        """The numbers a house rule set may change, as this rule set has them (HOUSE_RULES.md)."""
        values = {
            "finish": {row.key: row.finisher for row in self.finish_table},
            "multiplier": {row.key: row.m for row in self.finish_table},
            "not_opened": self.not_opened_cost,
            "okey_in_hand": self.okey_cost,
            "pairs_and_multiplier": self.pairs_and_multiplier,
            "foul": self.foul_cost,
        }
        if self.pairs_and_multiplier is None:
            del values["pairs_and_multiplier"]
        return values

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

    def has_opening_reward(self, options: Mapping) -> bool:
        """Whether a first opening's size earns points (151+, 7 or 9 pairs), not only a check."""
        return self.rules.reward is not None

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

    def multiplier(self, hand: HandInput, finisher: int, row: FinishRow) -> tuple[int, tuple[str, ...]]:
        """The multiplier on hand bases when ``finisher`` finished on ``row``, and the reasons shown in its lines."""
        if row.m == 1:
            return 1, ()
        return row.m, (f"{_(row.label)} ×{row.m}",)

    def base_factors(self, ctx: Context, player: PlayerInput) -> tuple[int, int]:
        """(pairs factor, multiplier) applied to an opener's hand value: a pairs opener's ×2 and
        the multiplier both apply (``product``), or only the larger of them (``larger``)."""
        if not self.pairs_double or player.opened is not Opened.PAIRS:
            return 1, ctx.m
        if self.pairs_and_multiplier == PRODUCT:
            return 2, ctx.m
        return (2, 1) if ctx.m <= 2 else (1, ctx.m)

    def non_opener_factor(self, ctx: Context) -> int:
        return ctx.m

    def fouls_waived(self, ctx: Context, index: int) -> bool:
        return False

    def reward_lines(self, ctx: Context, index: int) -> list[Line]:
        return []

    def team_fixed_row(self, hand: HandInput, finisher: int) -> TeamRow | None:
        """Cezalı 101 Eşli: the opposing team's fixed line instead of hand bases (None = none)."""
        if not self.team_fixed_table:
            return None
        features = hand.players[finisher].finish_features
        return next((r for r in self.team_fixed_table if r.needs <= features), None)

    def unscored_flags(self, player: PlayerInput) -> tuple[str, ...]:
        if not player.finish:  # most finishers have no flag
            return ()
        return tuple([f for f in FINISH_FLAGS if f in player.finish and f not in self.finish_flags])
