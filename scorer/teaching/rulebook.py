"""What a rules page shows: the clauses with their decisions, and "how points are counted".

The scoring tables are read from the rule set itself (``describe_ruleset``) and the sample
payments are scored by the engine on small synthetic hands, so the page cannot drift from the code.
"""

from dataclasses import dataclass, replace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scorer.engine import FOUL_COST, FOUL_LABELS, NOT_OPENED_BASE, clauses, get_ruleset, score_hand
from scorer.engine.clauses import Clause, Decision, RulesetInfo
from scorer.engine.describe import describe_ruleset
from scorer.engine.rulesets import RuleSet

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


def clause_views(ruleset_id: str) -> list[ClauseView]:
    return [
        ClauseView(c, clauses.anchor(c.id), tuple(clauses.decision(d) for d in c.decisions))
        for c in clauses.clauses_for(ruleset_id)
    ]


def decisions_with_clauses() -> list[tuple[Decision, list[tuple[Clause, RulesetInfo]]]]:
    """Every decision D1…D15, each with the clauses (of any rule set) it affects."""
    return [
        (d, [(c, clauses.RULESETS[c.ruleset]) for c in clauses.CLAUSES.values() if d.id in c.decisions])
        for d in clauses.DECISIONS.values()
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
    return {
        "description": description,
        "payments": payment_rows(rs),
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
    return PaymentRow(
        label=_(label),
        outcome=result.outcome,
        finisher=totals.get("F"),
        multiplier=result.multiplier,
        never_opened=totals["N"],
        sets_opener=totals.get("S"),
        pairs_opener=totals.get("P"),
        rule=rs.rules.finish if finisher is not None else rs.rules.deck_out,
    )
