"""What a rules page shows: the clauses with their decisions, and "how points are counted".

The scoring tables are read from the rule set itself (``describe_ruleset``) and the sample
payments are scored by the engine on small synthetic hands, so the page cannot drift from the code.
"""

from dataclasses import dataclass, replace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scorer.engine import (
    FOUL_COST,
    FOUL_LABELS,
    NOT_OPENED_BASE,
    all_rulesets,
    clauses,
    get_ruleset,
    score_hand,
)
from scorer.engine.clauses import Clause, Decision, RulesetInfo
from scorer.engine.codes import LineCode as C
from scorer.engine.describe import cited_clauses, describe_ruleset
from scorer.engine.rulesets import RuleSet
from scorer.formkit.fields import CHOICE_LABELS
from scorer.teaching.compare import adapt_hand

SAMPLE_TILES = 10
"""Face value held by the sample openers in the payment table."""

FEATURE_LABELS = {
    "pairs": gettext_noop("opened with pairs"),
    "okey_discard": gettext_noop("okey discard"),
    "elden": gettext_noop("elden"),
    "nine_pairs_run": gettext_noop("9 pairs + 1 run"),
}


@dataclass(frozen=True, slots=True)
class ClauseView:
    clause: Clause
    anchor: str
    decisions: tuple[Decision, ...]


@dataclass(frozen=True, slots=True)
class PaymentRow:
    """One finish (or no finish) scored by the engine on a sample hand."""

    label: str
    outcome: str
    finisher: int | None
    multiplier: int
    never_opened: int
    sets_opener: int | None
    pairs_opener: int | None
    rule: str
    multiplier_rule: str = ""
    """The clause of the never-opened player's multiplier line ("" when nobody is multiplied)."""
    openers_multiplied: bool = True
    """False when the multiplier reaches only the never-opened player's 202 (GkOkay, D7)."""


def clause_views(ruleset_id: str) -> list[ClauseView]:
    return [
        ClauseView(c, clauses.anchor(c.id), tuple(clauses.decision(d) for d in c.decisions))
        for c in clauses.clauses_for(ruleset_id)
    ]


def decisions_with_clauses(ruleset_id: str) -> list[tuple[Decision, list[tuple[Clause, RulesetInfo]]]]:
    """The decisions that concern this rule set, each with the clauses of this rule set it affects.

    "This rule set's clauses" are those on its page and those its lines cite (Cezalı cites klasik
    clauses such as ``loca.okey-elde``), so every link leads to a clause the rule set really uses.
    """
    shown = [c for c in clauses.CLAUSES.values() if c.ruleset == ruleset_id]
    own = {c.id for c in shown}
    shown += [clauses.clause(r) for r in sorted(cited_clauses(get_ruleset(ruleset_id))) if r not in own]
    return [
        (d, [(c, clauses.RULESETS[c.ruleset]) for c in shown if d.id in c.decisions])
        for d in clauses.decisions_for(ruleset_id)
    ]


@dataclass(frozen=True, slots=True)
class CombinationView:
    """A combination that follows from the tables, with its hand scored live by the engine."""

    combination: clauses.Combination
    players: tuple[tuple[str, int], ...]
    team_lines: tuple[int, ...]


def combination_views(ruleset_id: str) -> list[CombinationView]:
    views = []
    for combo in clauses.combinations_for(ruleset_id):
        result = score_hand(combo.hand)
        team_lines = tuple(line.points for team in result.teams for line in team.lines)
        views.append(CombinationView(combo, tuple((p.name, p.total) for p in result.players), team_lines))
    return views


def feature_text(needs: list[str] | frozenset[str]) -> str:
    return " + ".join(_(FEATURE_LABELS[n]) for n in sorted(needs)) or _("normal finish")


def scoring_tables(ruleset_id: str) -> dict:
    """The "how points are counted" section: finish table, payments, team lines, fouls, side tile."""
    rs = get_ruleset(ruleset_id)
    description = describe_ruleset(rs)
    defaults = rs.normalize_options(None)
    payments = payment_rows(rs)
    scoped = [row.multiplier_rule for row in payments if not row.openers_multiplied]
    return {
        "description": description,
        "payments": payments,
        "scoped_multiplier": scoped[0] if scoped else "",
        "team_fixed": [
            {
                "needs": feature_text(row["needs"]),
                "label": row["label"],
                "points": row["points"],
                "rule": row["rule"],
                "decisions": clauses.clause(row["rule"]).decisions,
            }
            for row in description["team_fixed_table"]
        ],
        "fouls": foul_rows(rs, defaults),
        "foul_variants": [
            {
                "options": variant["options"],
                "option_labels": option_labels(rs, variant["options"]),
                "fouls": foul_rows(rs, defaults | variant["options"]),
                "side_tile": variant["side_tile_penalty"],
            }
            for variant in description["variants"]
        ],
        "side_tile": description["side_tile_penalty"],
        "side_tile_rule": rs.rules.side_tile,
        "finish_rule": rs.rules.finish,
        "partners_rule": rs.rules.partners,
        "not_opened_base": NOT_OPENED_BASE,
        "sample_tiles": SAMPLE_TILES,
    }


def table_options(ruleset_id: str, options: dict | None) -> list[tuple[str, str]]:
    """``(option, label)`` for what a table was set to: every choice ("Katlamalı"), each boolean that is on."""
    rs = get_ruleset(ruleset_id)
    chosen = rs.normalize_options(options)
    shown = []
    for spec in rs.options:
        if spec.kind == "choice":
            shown.append((spec.name, str(CHOICE_LABELS.get(chosen[spec.name], chosen[spec.name]))))
        elif chosen[spec.name]:
            shown.append((spec.name, _(spec.label)))
    return shown


def option_labels(rs: RuleSet, options: dict) -> str:
    specs = {o.name: o for o in rs.options}
    return ", ".join(_(specs[name].label) for name, on in options.items() if on)


def foul_rows(rs: RuleSet, options: dict) -> list[dict]:
    return [
        {"kind": kind, "label": _(FOUL_LABELS[kind]), "points": FOUL_COST, "rule": rs.rules.fouls[kind]}
        for kind in rs.foul_kinds(options)
    ]


def payment_rows(rs: RuleSet) -> list[PaymentRow]:
    """Each finish of the table, then the deck running out, scored by the engine."""
    rows = []
    for finish in rs.finish_table:
        rows.append(_payment(rs, finish.label, finisher=finish.needs, others_open=True))
        alone = _payment(rs, finish.label, finisher=finish.needs, others_open=False)
        if alone.multiplier != rows[-1].multiplier:
            label = _("{finish}, nobody else opened").format(finish=_(finish.label))
            rows.append(replace(alone, label=label))
    rows.append(_payment(rs, gettext_noop("Deck ran out"), finisher=None, others_open=True))
    rows.append(_payment(rs, gettext_noop("Deck ran out, nobody opened"), finisher=None, others_open=False))
    return rows


def _payment(rs: RuleSet, label: str, *, finisher: frozenset[str] | None, others_open: bool) -> PaymentRow:
    players = [{"name": "F"}] if finisher is not None else []
    if finisher is not None:
        players[0] |= {
            "opened": "pairs" if {"pairs", "nine_pairs_run"} & finisher else "sets",
            "finished": True,
            "finish": {flag: True for flag in finisher - {"pairs"}},
        }
    if others_open:
        players += [
            {"name": "S", "opened": "sets", "remaining": {"points": SAMPLE_TILES}},
            {"name": "P", "opened": "pairs", "remaining": {"points": SAMPLE_TILES}},
        ]
    players.append({"name": "N"})
    if len(players) == 1:
        players.append({"name": "M"})
    result = score_hand({"ruleset": rs.id, "players": players})
    totals = {p.name: p.total for p in result.players}
    lines = {p.name: p.lines for p in result.players}
    multiplier_rules = [line.rule for line in lines["N"] if line.code == C.MULTIPLIER]
    return PaymentRow(
        label=_(label),
        outcome=result.outcome,
        finisher=totals.get("F"),
        multiplier=result.multiplier,
        never_opened=totals["N"],
        sets_opener=totals.get("S"),
        pairs_opener=totals.get("P"),
        # the finish line's own clause: it carries the decisions of this finish (D5, D15, D16)
        rule=lines["F"][0].rule if finisher is not None else rs.rules.deck_out,
        multiplier_rule=multiplier_rules[0] if multiplier_rules else "",
        openers_multiplied=result.multiplier == 1 or totals.get("S") != SAMPLE_TILES,
    )


# --- the four rule sets side by side (the rules index) ------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fact:
    """One question asked of every rule set: a small LOCA hand, adapted to each, and whose total to show."""

    label: str
    """A msgid."""
    players: tuple[dict, ...]
    index: int


FACTS = (
    Fact(gettext_noop("Finisher, normal finish"), ({"opened": "sets", "finished": True}, {}), 0),
    Fact(gettext_noop("Finisher, pairs finish"), ({"opened": "pairs", "finished": True}, {}), 0),
    Fact(
        gettext_noop("Finisher, okey-discard finish"),
        ({"opened": "sets", "finished": True, "finish": {"okey_discard": True}}, {"opened": "sets"}),
        0,
    ),
    Fact(
        gettext_noop("Finisher, elden finish"),
        ({"opened": "sets", "finished": True, "finish": {"elden": True}}, {"opened": "sets"}),
        0,
    ),
    Fact(
        gettext_noop("Never opened, normal finish"),
        ({"opened": "sets", "finished": True}, {}, {"opened": "sets"}),
        1,
    ),
    Fact(
        gettext_noop("Never opened, pairs finish"),
        ({"opened": "pairs", "finished": True}, {"opened": "sets"}, {}),
        2,
    ),
    Fact(
        gettext_noop("Opened with pairs, holds 10, normal finish"),
        ({"opened": "sets", "finished": True}, {"opened": "pairs", "remaining": {"points": 10}}),
        1,
    ),
    Fact(
        gettext_noop("Opened with sets, holds a fake okey worth 7"),
        (
            {"opened": "sets", "finished": True},
            {"opened": "sets", "remaining": {"points": 7, "fake_okeys": 1}},
        ),
        1,
    ),
    Fact(
        gettext_noop("Finisher who discarded an okey during the hand (foul)"),
        ({"opened": "sets", "finished": True, "fouls": {"okey_discard": 1}}, {"opened": "sets"}),
        0,
    ),
    Fact(gettext_noop("Deck ran out, nobody opened: each player"), ({}, {}), 0),
)


@dataclass(frozen=True, slots=True)
class FactCell:
    ruleset: str
    total: int
    outcome: str
    rule: str
    decisions: tuple[str, ...]


def side_by_side() -> list[tuple[str, list[FactCell]]]:
    """Each fact under each rule set, scored by the engine; a cell cites the clause of its largest line."""
    rows = []
    for fact in FACTS:
        players = [{"name": f"P{k + 1}", **player} for k, player in enumerate(fact.players)]
        hand = {"ruleset": "loca", "players": players}
        cells = []
        for rs in all_rulesets():
            adapted, _notes = adapt_hand(hand, rs)
            result = score_hand(adapted)
            player = result.players[fact.index]
            main = max(player.lines, key=lambda line: abs(line.points)) if player.lines else None
            rule = main.rule if main else rs.rules.finish
            decisions = tuple(d for line in player.lines for d in clauses.clause(line.rule).decisions)
            cells.append(
                FactCell(rs.id, player.total, result.outcome, str(rule), tuple(dict.fromkeys(decisions)))
            )
        rows.append((_(fact.label), cells))
    return rows
