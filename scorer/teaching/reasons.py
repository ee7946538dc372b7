"""Why a total differs between two rule sets, derived from the two lists of lines and nothing else.

The lines of each side are grouped by what they are: their code, and for okeys and side tiles their
label too (a real okey and a fake okey are different charges; so are two players' side tiles). Each
group whose points differ gives one :class:`Reason` carrying exactly that difference, so the
reasons of a cell always add up to the cell's difference. The sentence is built from the lines of
the group (label, detail) and, where something is missing, from the 0-point information line that
says why ("Finish ×2 not added: …"), and the reason links the clause of the line it is about.

When one side replaces the whole hand base (a draw, the Cezalı team line, the partner's exemption)
and the other does not, the hand-base groups are one reason: one thing happened, not five.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from scorer.engine.codes import LineCode as C
from scorer.engine.results import Line
from scorer.engine.rulesets import RuleSet
from scorer.templatetags.okey import signed

ORDER = {code.value: k for k, code in enumerate(C)}
BY_LABEL = frozenset({C.OKEY_IN_HAND.value, C.SIDE_TILE_PENALTY.value})
"""Codes whose lines are told apart by label: real / fake okey, one side tile per taker."""
HAND_BASE = frozenset(
    code.value for code in (C.NOT_OPENED, C.TILES, C.OKEY_IN_HAND, C.PAIRS_DOUBLE, C.MULTIPLIER)
)


@dataclass(frozen=True, slots=True)
class Reason:
    text: str
    rule: str
    points: int
    """This reason's share of the cell's difference; a cell's reasons add up to its difference."""


@dataclass(frozen=True, slots=True)
class Side:
    """One player (or team) under one rule set: what the reasons compare."""

    name: str
    """The rule set's name, in the active language."""
    ruleset: RuleSet
    multiplier: int
    lines: tuple[Line, ...]


Key = tuple[str, str]


def grouped(lines: tuple[Line, ...]) -> dict[Key, list[Line]]:
    groups: dict[Key, list[Line]] = {}
    for line in lines:
        groups.setdefault((line.code, line.label if line.code in BY_LABEL else ""), []).append(line)
    return groups


def points_of(lines: list[Line]) -> int:
    return sum(line.points for line in lines)


def player_reasons(here: Side, there: Side) -> list[Reason]:
    """The reasons ``here`` (a rule set's column) differs from ``there`` (the hand's own rule set)."""
    mine, theirs = grouped(here.lines), grouped(there.lines)
    replaced_here, replaced_there = replacement(here), replacement(there)
    merged = kind_of(replaced_here) != kind_of(replaced_there)
    reasons = []
    if merged:
        delta = base_points(here.lines) - base_points(there.lines)
        if delta:
            reasons.append(replaced_reason(here, there, replaced_here, delta))
    order = list(mine) + [k for k in theirs if k not in mine]
    for key in sorted(order, key=lambda k: (ORDER[k[0]], order.index(k))):
        if merged and key[0] in HAND_BASE:
            continue
        ours, base = mine.get(key, []), theirs.get(key, [])
        delta = points_of(ours) - points_of(base)
        if delta:
            reasons.append(group_reason(key[0], ours, base, here, there, delta))
    return reasons


def team_reasons(here: Side, there: Side, members: list[tuple[str, Side, Side]]) -> list[Reason]:
    """A team's reasons: its own team lines' (``here``/``there`` hold those), then each member's, named."""
    reasons = player_reasons(here, there)
    for player, mine, theirs in members:
        for reason in player_reasons(mine, theirs):
            text = _("{name}: {reason}").format(name=player, reason=reason.text)
            reasons.append(Reason(text, reason.rule, reason.points))
    return reasons


# --- one group of lines --------------------------------------------------------------------------


def group_reason(
    code: str, ours: list[Line], base: list[Line], here: Side, there: Side, delta: int
) -> Reason:
    if code == C.MULTIPLIER:
        text, rule = multiplier_text(ours, base, here, there)
    elif code == C.PAIRS_DOUBLE:
        text, rule = pairs_text(ours, base, here, there)
    elif code.startswith("foul_"):
        text, rule = foul_text(code, ours, base, here, there)
    else:
        text, rule = plain_text(code, ours, base, here, there)
    return Reason(text, str(rule), delta)


def plain_text(code: str, ours: list[Line], base: list[Line], here: Side, there: Side) -> tuple[str, str]:
    if ours and base:
        text = _("{ruleset}: {label} {points} instead of {base_points}.").format(
            ruleset=here.name,
            label=ours[0].label,
            points=signed(points_of(ours)),
            base_points=signed(points_of(base)),
        )
        return text, ours[0].rule
    if ours:
        text = _("{ruleset}: {label} {points}.").format(
            ruleset=here.name, label=ours[0].label, points=signed(points_of(ours))
        )
        if ours[0].detail and code == C.TEAM_FIXED_BASE:
            text = _("{ruleset}: {label} {points} ({detail}).").format(
                ruleset=here.name, label=ours[0].label, points=signed(points_of(ours)), detail=ours[0].detail
            )
        return text, ours[0].rule
    text = _("{ruleset} has no “{label}” here ({points} in {base}).").format(
        ruleset=here.name, label=base[0].label, points=signed(points_of(base)), base=there.name
    )
    return text, rule_of(here.ruleset, code) or base[0].rule


def multiplier_text(ours: list[Line], base: list[Line], here: Side, there: Side) -> tuple[str, str]:
    if ours and base:
        text = _("{ruleset}: finish multiplier {detail} instead of {base_detail}.").format(
            ruleset=here.name, detail=ours[0].detail, base_detail=base[0].detail
        )
        return text, ours[0].rule
    if ours:
        return _("{ruleset} multiplies this hand base: {detail}.").format(
            ruleset=here.name, detail=ours[0].detail
        ), ours[0].rule
    info = not_stacked(here)
    if info is not None:
        return _("{ruleset}: {label}.").format(ruleset=here.name, label=info.label), info.rule
    if here.multiplier == 1:
        text = _("{ruleset} has no finish multiplier on this finish; {base} multiplies: {base_detail}.")
    else:
        text = _("{ruleset} does not multiply this player's hand base; {base} does: {base_detail}.")
    detail = base[0].detail
    return text.format(ruleset=here.name, base=there.name, base_detail=detail), str(
        here.ruleset.rules.multiplier
    )


def pairs_text(ours: list[Line], base: list[Line], here: Side, there: Side) -> tuple[str, str]:
    if ours and base:
        text = _("{ruleset}: {label} {detail} instead of {base_detail}.").format(
            ruleset=here.name, label=ours[0].label, detail=ours[0].detail, base_detail=base[0].detail
        )
        return text, ours[0].rule
    if ours:
        return _("{ruleset}: {label} ({detail}).").format(
            ruleset=here.name, label=ours[0].label, detail=ours[0].detail
        ), ours[0].rule
    info = not_stacked(here)
    if info is not None:
        return _("{ruleset}: {label}.").format(ruleset=here.name, label=info.label), info.rule
    tiles = [line for line in here.lines if line.code == C.TILES]
    rule = tiles[0].rule if tiles else here.ruleset.rules.pairs_double
    text = _("{ruleset} does not double a pairs opener's hand value; {base} does: {base_detail}.")
    return text.format(ruleset=here.name, base=there.name, base_detail=base[0].detail), rule


def foul_text(code: str, ours: list[Line], base: list[Line], here: Side, there: Side) -> tuple[str, str]:
    waived_here = [line for line in here.lines if line.code == C.FOULS_WAIVED]
    waived_there = [line for line in there.lines if line.code == C.FOULS_WAIVED]
    if not ours and waived_here:
        return _("{ruleset} does not write the finishing side's fouls.").format(
            ruleset=here.name
        ), waived_here[0].rule
    if ours and not base and waived_there:
        text = _("{ruleset} writes the finishing side's fouls too: {label} {points}.").format(
            ruleset=here.name, label=ours[0].label, points=signed(points_of(ours))
        )
        return text, ours[0].rule
    if not ours:
        text = _("{ruleset} has no “{label}” foul.").format(ruleset=here.name, label=base[0].label)
        return text, base[0].rule
    return plain_text(code, ours, base, here, there)


def not_stacked(side: Side) -> Line | None:
    """Cezalı's 0-point line saying the pairs ×2 and the finish multiplier were not both applied."""
    rule = side.ruleset.rules.pairs_multiplier
    found = [line for line in side.lines if line.code == C.INFO and rule and line.rule == rule]
    return found[0] if found else None


# --- a hand base replaced as a whole -------------------------------------------------------------


def replacement(side: Side) -> Line | None:
    """The 0-point line standing for the whole hand base: a draw, the partner's exemption, a team line."""
    team_rules = {str(row.rule) for row in side.ruleset.team_fixed_table}
    for line in side.lines:
        if line.code in (C.DRAW, C.PARTNER_EXEMPT) or (line.code == C.INFO and line.rule in team_rules):
            return line
    return None


def kind_of(line: Line | None) -> str:
    return "" if line is None else line.code


def base_points(lines: tuple[Line, ...]) -> int:
    return sum(line.points for line in lines if line.code in HAND_BASE)


def replaced_reason(here: Side, there: Side, replaced: Line | None, delta: int) -> Reason:
    if replaced is not None and replaced.code == C.DRAW:
        text = _("{ruleset}: nobody opened, so the hand is a draw and only fouls count.")
        return Reason(text.format(ruleset=here.name), str(here.ruleset.rules.deck_out), delta)
    if replaced is not None and replaced.code == C.INFO:
        text = _("{ruleset}: the opposing team pays one fixed team line instead of its hand bases.")
        return Reason(text.format(ruleset=here.name), replaced.rule, delta)
    if replaced is not None:
        return Reason(
            _("{ruleset}: {label}.").format(ruleset=here.name, label=replaced.label), replaced.rule, delta
        )
    gone = replacement(there)
    if gone is not None and gone.code == C.DRAW:
        text = _("{ruleset} has no draw rule: a hand nobody opened is scored, and the hand base counts.")
        return Reason(text.format(ruleset=here.name), str(here.ruleset.rules.deck_out), delta)
    if gone is not None and gone.code == C.INFO:
        text = _("{ruleset} has no fixed team base here: each opponent pays their own hand base.")
        return Reason(text.format(ruleset=here.name), team_base_rule(here.ruleset), delta)
    text = _("{ruleset}: the hand base counts here ({base}: {label}).")
    label = gone.label if gone is not None else ""
    return Reason(
        text.format(ruleset=here.name, base=there.name, label=label), str(here.ruleset.rules.partners), delta
    )


def team_base_rule(rs: RuleSet) -> str:
    """The clause of the fixed team base, or the partners clause of a rule set without one."""
    return str(rs.team_fixed_table[0].rule) if rs.team_fixed_table else str(rs.rules.partners)


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
    found = rules.fouls.get(code.removeprefix("foul_")) if code.startswith("foul_") else by_code.get(code)
    return str(found) if found else None
