"""Rule sets described as data for clients (``GET /api/v1/rulesets``) and for the rules pages."""

from collections.abc import Mapping
from dataclasses import fields

from .house import AMOUNTS, FACTORS, MULTIPLIERS, PAIRS_AND_MULTIPLIER, POINTS
from .i18n import _
from .rulesets import RuleSet, all_rulesets
from .tiles import COLOURS


def describe_rulesets() -> list[dict]:
    return [describe_ruleset(rs) for rs in all_rulesets()]


def describe_ruleset(rs: RuleSet) -> dict:
    defaults = rs.normalize_options(None)
    return {
        "id": rs.id,
        "name": _(rs.name),
        "options": [
            {
                "name": o.name,
                "kind": o.kind,
                "choices": list(o.choices),
                "default": o.default,
                "label": _(o.label),
                "help": _(o.help),
            }
            for o in rs.options
        ],
        "hand_counts": list(rs.hand_counts),
        "finish_flags": list(rs.finish_flags),
        "finish_table": [
            {
                "key": r.key,
                "needs": sorted(r.needs),
                "finisher": r.finisher,
                "multiplier": r.m,
                "label": _(r.label),
            }
            for r in rs.finish_table
        ],
        "team_fixed_table": [
            {"needs": sorted(r.needs), "points": r.points, "label": _(r.label), "rule": str(r.rule)}
            for r in rs.team_fixed_table
        ],
        "fouls": list(rs.foul_kinds(defaults)),
        "side_tile_penalty": side_tile(rs, defaults),
        "variants": option_variants(rs, defaults),
        "house": house_values(rs),
    }


def house_values(rs: RuleSet) -> dict:
    """What a house rule set on this base may change (HOUSE_RULES.md): the base's own numbers and
    the range of each value."""
    values = rs.values()
    ranges = {
        "finish": list(POINTS),
        "multiplier": list(MULTIPLIERS),
        "not_opened": list(AMOUNTS),
        "okey_in_hand": list(AMOUNTS),
        "foul": list(AMOUNTS),
    }
    described = {
        "values": values,
        "ranges": ranges,
        "colours": list(COLOURS),
        "colour_factors": list(FACTORS),
    }
    if "pairs_and_multiplier" in values:
        described["pairs_and_multiplier"] = list(PAIRS_AND_MULTIPLIER)
    return described


def side_tile(rs: RuleSet, options: dict) -> dict | None:
    if not rs.has_side_tile(options):
        return None
    sets, pairs = rs.side_tile_factors
    return {"sets": sets, "pairs": pairs}


def option_variants(rs: RuleSet, defaults: dict) -> list[dict]:
    """Fouls and side-tile penalty when turning on one boolean option changes them (GkOkay's cezalı)."""
    variants = []
    for option in rs.options:
        if option.kind != "bool":
            continue
        options = defaults | {option.name: not defaults[option.name]}
        fouls, side = list(rs.foul_kinds(options)), side_tile(rs, options)
        if (fouls, side) != (list(rs.foul_kinds(defaults)), side_tile(rs, defaults)):
            variants.append(
                {"options": {option.name: options[option.name]}, "fouls": fouls, "side_tile_penalty": side}
            )
    return variants


def cited_clauses(rs: RuleSet) -> frozenset[str]:
    """Every clause a line, warning or game result of this rule set can cite: its ``Rules`` and tables.

    A Cezalı line may cite a klasik clause it keeps (``loca.kalan``), so a rule set's clauses are not
    only those of its own page; the decisions those clauses carry are the ones its page must show.
    """
    cited: set[str] = set()
    for spec in fields(rs.rules):
        value = getattr(rs.rules, spec.name)
        cited |= {str(v) for v in (value.values() if isinstance(value, Mapping) else (value,)) if v}
    for row in rs.finish_table:
        cited |= {str(r) for r in (row.rule, row.multiplier_rule) if r}
    cited |= {str(row.rule) for row in rs.team_fixed_table}
    return frozenset(cited)
