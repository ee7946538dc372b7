"""The same hand under every rule set, with a reason for each difference.

A hand is adapted to each rule set through the registry (``options``, ``finish_flags``,
``foul_kinds``, ``has_side_tile``): what a rule set does not have is dropped with a note.
Reasons are derived from the engine's lines: for each line code whose points differ from the
hand's own rule set, one sentence built from the code and the lines themselves.
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
from scorer.engine.codes import LineCode as C
from scorer.engine.results import HandResult, Line
from scorer.engine.rulesets import RuleSet
from scorer.engine.scoring import make_context
from scorer.templatetags.okey import signed

CODE_ORDER = [code.value for code in C]


@dataclass(frozen=True, slots=True)
class Reason:
    text: str
    rule: str


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
        return _(self.ruleset.name)


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


def hand_compare(*, hand: dict) -> Comparison:
    """Score ``hand`` under its own rule set (first column) and under every other one."""
    base = get_ruleset(hand.get("ruleset"))
    order = [base] + [rs for rs in all_rulesets() if rs.id != base.id]
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
    adapted["ruleset"] = rs.id
    notes: list[str] = []
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
        cells = [
            compare_cell(base, column, lambda r, i=i: r.players[i].total, lambda r, i=i: r.players[i].lines)
            for column in columns
        ]
        rows.append(Row(player.name, "player", tuple(cells)))
    for t, team in enumerate(base.result.teams):
        names = " & ".join(base.result.players[i].name for i in team.players)
        cells = [
            compare_cell(base, column, lambda r, t=t: r.teams[t].total, lambda r, t=t: team_lines(r, t))
            for column in columns
        ]
        rows.append(Row(names, "team", tuple(cells)))
    return rows


def team_lines(result: HandResult, t: int) -> tuple[Line, ...]:
    team = result.teams[t]
    return team.lines + tuple(line for i in team.players for line in result.players[i].lines)


def compare_cell(base: Column, column: Column, total_of, lines_of) -> Cell:
    if column.result is None:
        return Cell(None)
    total, base_total = total_of(column.result), total_of(base.result)
    if column is base or total == base_total:
        return Cell(total)
    reasons = line_reasons(base, column, lines_of(base.result), lines_of(column.result))
    return Cell(total, True, total - base_total, tuple(reasons))


HAND_BASE_CODES = frozenset(
    {
        C.NOT_OPENED,
        C.TILES,
        C.OKEY_IN_HAND,
        C.PAIRS_DOUBLE,
        C.MULTIPLIER,
        C.TEAM_FIXED_BASE,
        C.PARTNER_EXEMPT,
        C.DRAW,
    }
)


def line_reasons(base: Column, column: Column, base_lines, lines) -> list[Reason]:
    """One sentence per line code whose points differ between the base rule set and this one.

    When the whole hand base is decided differently (a draw, or Cezalı Eşli's fixed team base),
    one sentence says so instead of one per base line.
    """
    mine, theirs = by_code(lines), by_code(base_lines)
    reasons = [r for r in (draw_reason(base, column), fixed_base_reason(base, column, mine, theirs)) if r]
    for code in CODE_ORDER:
        if reasons and code in HAND_BASE_CODES:
            continue
        here, there = mine.get(code, []), theirs.get(code, [])
        if sum(line.points for line in here) == sum(line.points for line in there):
            continue
        reasons.append(reason_for(code, here, there, base, column, mine, theirs))
    return reasons


def draw_reason(base: Column, column: Column) -> Reason | None:
    was, now = base.result.outcome == "draw", column.result.outcome == "draw"
    if was == now:
        return None
    if now:
        text = _("{ruleset}: nobody opened, so the hand is a draw and only fouls count.")
    else:
        text = _("{ruleset} has no draw rule: a hand nobody opened is scored, 202 each.")
    return Reason(text.format(ruleset=column.name), str(column.ruleset.rules.deck_out))


def fixed_base_reason(base: Column, column: Column, mine, theirs) -> Reason | None:
    was, now = has_fixed_base(base, theirs), has_fixed_base(column, mine)
    if was == now:
        return None
    if now:
        text = _("{ruleset}: the opposing team pays one fixed team line instead of its hand bases.")
    else:
        text = _("{ruleset} has no fixed team base here: each opponent pays their own hand base.")
    return Reason(text.format(ruleset=column.name), team_base_rule(column.ruleset))


def team_base_rule(rs: RuleSet) -> str:
    """The clause of the fixed team base, or the partners clause of a rule set without one."""
    return str(rs.team_fixed_table[0].rule) if rs.team_fixed_table else str(rs.rules.partners)


def has_fixed_base(column: Column, grouped: dict[str, list[Line]]) -> bool:
    team_rules = {str(r.rule) for r in column.ruleset.team_fixed_table}
    return C.TEAM_FIXED_BASE in grouped or any(line.rule in team_rules for line in grouped.get(C.INFO, []))


def by_code(lines) -> dict[str, list[Line]]:
    grouped: dict[str, list[Line]] = {}
    for line in lines:
        grouped.setdefault(line.code, []).append(line)
    return grouped


def reason_for(
    code, here: list[Line], there: list[Line], base: Column, column: Column, mine, theirs
) -> Reason:
    name = column.name
    points = sum(line.points for line in here)
    rule = here[0].rule if here else rule_of(column.ruleset, code) or there[0].rule
    if code == C.FINISH:
        text = _("{ruleset} gives the finisher {points} ({label}).").format(
            ruleset=name, points=signed(points), label=here[0].label
        )
    elif code == C.MULTIPLIER:
        text = multiplier_reason(column, bool(here))
    elif code.startswith("foul_") and not here and C.FOULS_WAIVED in mine:
        text = _("{ruleset} does not write the finishing side's fouls.").format(ruleset=name)
        rule = mine[C.FOULS_WAIVED][0].rule
    elif code.startswith("foul_") and not there and C.FOULS_WAIVED in theirs:
        text = _("{ruleset} writes the finishing side's fouls too: {label} {points}.").format(
            ruleset=name, label=here[0].label, points=signed(points)
        )
    elif code.startswith("foul_") and not here:
        text = _("{ruleset} has no “{label}” foul.").format(ruleset=name, label=there[0].label)
    elif not here:
        text = _("{ruleset} has no “{label}” here ({points} in {base}).").format(
            ruleset=name, label=there[0].label, points=signed(sum(x.points for x in there)), base=base.name
        )
    elif not there:
        text = _("{ruleset}: {label} {points}.").format(
            ruleset=name, label=here[0].label, points=signed(points)
        )
    else:
        text = _("{ruleset}: {label} {points} instead of {base_points}.").format(
            ruleset=name,
            label=here[0].label,
            points=signed(points),
            base_points=signed(sum(x.points for x in there)),
        )
    return Reason(text, str(rule))


def multiplier_reason(column: Column, present: bool) -> str:
    if not present:
        return _("{ruleset} does not multiply this hand base.").format(ruleset=column.name)
    because = ", ".join(column.reasons)
    return _("{ruleset} multiplies the hand base ×{m} ({because}).").format(
        ruleset=column.name, m=column.result.multiplier, because=because
    )


def rule_of(rs: RuleSet, code: str) -> str | None:
    """The clause of ``rs`` that covers a line code, to explain a line the rule set does not write."""
    rules = rs.rules
    by_code = {
        C.FINISH: rules.finish,
        C.NOT_OPENED: rules.not_opened,
        C.TILES: rules.tiles,
        C.OKEY_IN_HAND: rules.okey_in_hand,
        C.PAIRS_DOUBLE: rules.pairs_double,
        C.MULTIPLIER: rules.multiplier,
        C.PARTNER_EXEMPT: rules.partners,
        C.TEAM_FIXED_BASE: team_base_rule(rs),
        C.DRAW: rules.deck_out,
        C.OPENING_REWARD: rules.reward,
        C.SIDE_TILE_PENALTY: rules.side_tile,
        C.FOULS_WAIVED: rules.fouls.get("waived"),
    }
    if code.startswith("foul_"):
        return rules.fouls.get(code.removeprefix("foul_"))
    found = by_code.get(code)
    return str(found) if found else None
