"""The same hand under every rule set, with a reason for each difference.

A hand is adapted to each rule set through the registry (``options``, ``finish_flags``,
``foul_kinds``, ``has_side_tile``): what a rule set does not have is dropped with a note.
Reasons are derived from the engine's lines (:mod:`scorer.teaching.reasons`); each carries its
share of the difference, and a cell's reasons add up to it.
"""

import copy
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from scorer.engine import (
    FLAG_LABELS,
    FOUL_LABELS,
    InvalidInput,
    all_rulesets,
    get_ruleset,
    parse_hand,
    score_input,
)
from scorer.engine.results import HandResult
from scorer.engine.rulesets import RuleSet
from scorer.engine.scoring import make_context
from scorer.teaching.reasons import Reason, Side, player_reasons, team_reasons

SAMPLE_INDICATOR = "blue-5"
"""The gösterge a colour house is shown with when the hand names none."""


@dataclass(frozen=True, slots=True)
class Cell:
    total: int | None
    differs: bool = False
    delta: int = 0
    reasons: tuple[Reason, ...] = ()


@dataclass(frozen=True, slots=True)
class Row:
    label: str
    kind: str
    cells: tuple[Cell, ...]

    @property
    def differs(self) -> bool:
        return any(cell.differs for cell in self.cells)


@dataclass
class Column:
    ruleset: RuleSet
    hand: dict
    notes: list[str] = field(default_factory=list)
    result: HandResult | None = None
    errors: tuple = ()
    reasons: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.ruleset.title  # a house rule set's own name

    @property
    def key(self) -> str:
        """What names the column in the page (a house's base is a published rule set's id too)."""
        return "house" if self.ruleset.house is not None else self.ruleset.id


@dataclass
class Comparison:
    base: str
    columns: list[Column]
    rows: list[Row]

    @property
    def differences(self) -> list[tuple[Column, list[tuple[Row, Cell]]]]:
        """Per rule set other than the base, the rows whose total differs, with their reasons."""
        found = []
        for k, column in enumerate(self.columns[1:], start=1):
            cells = [(row, row.cells[k]) for row in self.rows if row.cells[k].differs]
            found.append((column, cells))
        return found


def hand_compare(*, hand: dict, house: RuleSet | None = None) -> Comparison:
    """Score ``hand`` under its own rule set (first column), a house rule set beside it when one is
    given, and every other published one."""
    base = get_ruleset(hand.get("ruleset"))
    order = (
        [base] + ([house] if house is not None else []) + [rs for rs in all_rulesets() if rs.id != base.id]
    )
    columns = [score_column(rs, hand) for rs in order]
    return Comparison(base=base.id, columns=columns, rows=compare_rows(columns))


def score_column(rs: RuleSet, hand: dict) -> Column:
    adapted, notes = adapt_hand(hand, rs)
    column = Column(rs, adapted, notes)
    try:
        parsed = parse_hand(adapted)
    except InvalidInput as exc:
        column.errors = exc.errors
        return column
    column.result = score_input(parsed)
    column.reasons = make_context(parsed, rs).reasons
    return column


# --- adapting a hand to another rule set -------------------------------------------------------------


def adapt_hand(hand: dict, rs: RuleSet) -> tuple[dict, list[str]]:
    """The hand as ``rs`` can take it, and a note for everything changed or dropped."""
    adapted = copy.deepcopy(hand)
    adapted["ruleset"] = rs.as_document()
    notes: list[str] = []
    if rs.colours is not None and not adapted.get("indicator"):
        adapted["indicator"] = SAMPLE_INDICATOR
        notes.append(_("The hand names no gösterge: this house's colour is taken as blue."))
    options = adapt_options(hand, rs, notes)
    adapted["options"] = options
    for player in adapted.get("players", []):
        adapt_player(player, rs, options, notes)
    return adapted, notes


def adapt_options(hand: dict, rs: RuleSet, notes: list[str]) -> dict:
    given = dict(hand.get("options") or {})
    source = get_ruleset(hand["ruleset"])
    source_specs = {o.name: o for o in source.options}
    options = {}
    for spec in rs.options:
        value = given.get(spec.name, spec.default)
        options[spec.name] = value if spec.valid(value) else spec.default
    for name, value in given.items():
        if name not in options and name in source_specs and value != source_specs[name].default:
            notes.append(
                _("The option “{option}” does not exist in {ruleset}: left out.").format(
                    option=_(source_specs[name].label), ruleset=_(rs.name)
                )
            )
    switch_on_penalty_options(hand, rs, options, source_specs, notes)
    return options


def switch_on_penalty_options(hand, rs: RuleSet, options: dict, source_specs: dict, notes: list[str]) -> None:
    """Turn on an option of ``rs`` that the source lacks when it brings the fouls the hand records."""
    used = used_penalties(hand)
    for spec in rs.options:
        if spec.kind != "bool" or spec.name in source_specs or options[spec.name]:
            continue
        turned = options | {spec.name: True}
        if covered(rs, turned, used) > covered(rs, options, used):
            options[spec.name] = True
            notes.append(
                _("{ruleset} is scored with “{option}” on, so that the hand's fouls exist there.").format(
                    ruleset=_(rs.name), option=_(spec.label)
                )
            )


def used_penalties(hand: dict) -> set[str]:
    used = set()
    for player in hand.get("players", []):
        used |= {kind for kind, count in (player.get("fouls") or {}).items() if count}
        if player.get("side_tile"):
            used.add("side_tile")
    return used


def covered(rs: RuleSet, options: dict, used: set[str]) -> int:
    kinds = set(rs.foul_kinds(options)) | ({"side_tile"} if rs.has_side_tile(options) else set())
    return len(used & kinds)


def adapt_player(player: dict, rs: RuleSet, options: dict, notes: list[str]) -> None:
    name = player.get("name", "")
    finish = player.get("finish") or {}
    for flag, on in list(finish.items()):
        if not on or flag in rs.finish_flags:
            continue
        label = _(FLAG_LABELS.get(flag, flag))
        if flag == "nine_pairs_run":  # the engine refuses it elsewhere; it is an elden finish
            del finish[flag]
            finish["elden"] = True
            notes.append(
                _("{flag} does not exist in {ruleset}: counted as an elden finish.").format(
                    flag=label, ruleset=_(rs.name)
                )
            )
        else:
            notes.append(_("{flag} is not scored in {ruleset}.").format(flag=label, ruleset=_(rs.name)))
    kinds = rs.foul_kinds(options)
    fouls = player.get("fouls") or {}
    for kind in [k for k, n in fouls.items() if n and k not in kinds]:
        del fouls[kind]
        notes.append(
            _("“{foul}” does not exist in {ruleset}: dropped for {name}.").format(
                foul=_(FOUL_LABELS.get(kind, kind)), ruleset=_(rs.name), name=name
            )
        )
    if player.get("side_tile") and not rs.has_side_tile(options):
        del player["side_tile"]
        notes.append(
            _("{ruleset} has no side-tile penalty: dropped for {name}.").format(ruleset=_(rs.name), name=name)
        )


# --- rows and reasons ----------------------------------------------------------------------------------


def compare_rows(columns: list[Column]) -> list[Row]:
    base = columns[0]
    if base.result is None:
        return []
    rows = []
    for i, player in enumerate(base.result.players):
        cells = tuple(player_cell(base, column, i) for column in columns)
        rows.append(Row(player.name, "player", cells))
    for t, team in enumerate(base.result.teams):
        names = " & ".join(base.result.players[i].name for i in team.players)
        rows.append(Row(names, "team", tuple(team_cell(base, column, t) for column in columns)))
    return rows


def side(column: Column, lines) -> Side:
    return Side(column.name, column.ruleset, column.result.multiplier, tuple(lines))


def player_cell(base: Column, column: Column, i: int) -> Cell:
    if column.result is None:
        return Cell(None)
    total, base_total = column.result.players[i].total, base.result.players[i].total
    if column is base or total == base_total:
        return Cell(total)
    reasons = player_reasons(
        side(column, column.result.players[i].lines), side(base, base.result.players[i].lines)
    )
    return Cell(total, True, total - base_total, tuple(reasons))


def team_cell(base: Column, column: Column, t: int) -> Cell:
    if column.result is None:
        return Cell(None)
    team, base_team = column.result.teams[t], base.result.teams[t]
    if column is base or team.total == base_team.total:
        return Cell(team.total)
    members = [
        (
            base.result.players[i].name,
            side(column, column.result.players[i].lines),
            side(base, base.result.players[i].lines),
        )
        for i in team.players
    ]
    reasons = team_reasons(side(column, team.lines), side(base, base_team.lines), members)
    return Cell(team.total, True, team.total - base_team.total, tuple(reasons))
