"""A house rule set: a published rule set (its *base*) with some of its numbers changed (HOUSE_RULES.md).

A house is not a class of its own: it is an instance of its base's class whose finish table,
clauses and numbers are replaced by the house's, so every hook of the base scores it and the
lines charge the house's numbers. A line whose amount comes from a house value cites that value
(``house.finish``, ``house.multiplier``, ``house.not_opened``, ``house.okey_in_hand``,
``house.foul``); every other line cites the base's clause, as under the base.

>>> from scorer.engine.rulesets import get_ruleset
>>> cafe = house_ruleset(get_ruleset("loca"), HouseValues(not_opened=200), None, "Köşe", {})
>>> cafe.id, cafe.not_opened_cost, cafe.rules.not_opened, get_ruleset("loca").not_opened_cost
('loca', 200, <HouseRule.NOT_OPENED: 'house.not_opened'>, 202)
"""

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from ..codes import HouseRule as H
from ..vocabulary import signed
from .base import RuleSet
from .declarations import FinishRow, Rules

NONE: Mapping[str, int] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class HouseValues:
    """The ``values`` of a house rule set, validated; None (or no row) leaves the base's number."""

    finish: Mapping[str, int] = field(default=NONE)
    multiplier: Mapping[str, int] = field(default=NONE)
    not_opened: int | None = None
    okey_in_hand: int | None = None
    pairs_and_multiplier: str | None = None
    foul: int | None = None


def house_ruleset(
    base: RuleSet,
    values: HouseValues,
    colours: Mapping[str, int] | None,
    name: str | None,
    document: Mapping,
) -> RuleSet:
    """The house: ``base``'s declarations with ``values`` and ``colours`` in place of its own."""
    pairs_changed = values.pairs_and_multiplier not in (None, base.pairs_and_multiplier)
    rows = tuple(house_row(row, values, pairs_changed) for row in base.finish_table)
    by_key = {row.key: row for row in rows}
    house = copy.copy(base)
    house.finish_table = rows
    house.finish_rows = {features: by_key[row.key] for features, row in base.finish_rows.items()}
    house.rules = house_rules(base.rules, values, pairs_changed)
    house.not_opened_cost = base.not_opened_cost if values.not_opened is None else values.not_opened
    house.okey_cost = base.okey_cost if values.okey_in_hand is None else values.okey_in_hand
    house.foul_cost = base.foul_cost if values.foul is None else values.foul
    if pairs_changed:
        house.pairs_and_multiplier = values.pairs_and_multiplier
    house.colours = colours
    house.house = document
    house.house_name = name
    return house


def house_row(row: FinishRow, values: HouseValues, pairs_changed: bool) -> FinishRow:
    """A finish row with the house's points and multiplier, citing them where they are the house's."""
    changes: dict = {}
    if row.key in values.finish:
        points = values.finish[row.key]
        changes.update(finisher=points, rule=H.FINISH, detail=signed(points))
    if row.key in values.multiplier:
        changes.update(m=values.multiplier[row.key], multiplier_rule=H.MULTIPLIER)
    elif values.not_opened is not None:
        # A never-opened player's multiplier line multiplies the house's number.
        changes["not_opened_rule"] = H.NOT_OPENED
    if pairs_changed:
        changes["pairs_multiplier_rule"] = H.MULTIPLIER
    return replace(row, **changes) if changes else row


def house_rules(rules: Rules, values: HouseValues, pairs_changed: bool) -> Rules:
    """The base's clauses, but the house's values where a line charges one of them."""
    changes: dict = {}
    if values.not_opened is not None:
        changes.update(
            not_opened=H.NOT_OPENED,
            not_opened_multiplier=H.NOT_OPENED,
            # the 0-point line about a never-opened player's tiles charges nothing: the base's clause
            not_opened_tiles=rules.not_opened_tiles or rules.not_opened,
        )
    if values.okey_in_hand is not None:
        changes.update(okey_in_hand=H.OKEY_IN_HAND, non_opener_okey=H.OKEY_IN_HAND)
    if values.foul is not None:
        fouls = {kind: rule if kind == "waived" else H.FOUL for kind, rule in rules.fouls.items()}
        changes.update(fouls=fouls, finisher_fouls=None)
    if pairs_changed:
        changes["pairs_multiplier"] = H.MULTIPLIER
    return replace(rules, **changes) if changes else rules
