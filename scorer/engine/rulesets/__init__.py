"""The rule-set registry: one module per rule set, looked up by id.

>>> get_ruleset("kerizim").hand_counts
(1, 2, 3)
"""

from .base import Context, RuleSet
from .declarations import FinishRow, OptionSpec, Rules, TeamRow
from .gkokay import GkOkay
from .house import HouseValues, house_ruleset
from .kerizim import Kerizim
from .loca import Loca
from .loca_cezali import LocaCezali

_REGISTRY: dict[str, RuleSet] = {rs.id: rs for rs in (Loca(), LocaCezali(), GkOkay(), Kerizim())}


def get_ruleset(ruleset_id: object) -> RuleSet:
    """The rule set with this id (a rule set itself, such as a house's, is its own); LookupError
    names the known ids."""
    if isinstance(ruleset_id, RuleSet):
        return ruleset_id
    try:
        return _REGISTRY[ruleset_id]  # type: ignore[index]
    except (KeyError, TypeError):
        raise LookupError(f"unknown rule set {ruleset_id!r}; known: {', '.join(_REGISTRY)}") from None


def all_rulesets() -> tuple[RuleSet, ...]:
    return tuple(_REGISTRY.values())


__all__ = [
    "Context",
    "FinishRow",
    "HouseValues",
    "OptionSpec",
    "RuleSet",
    "Rules",
    "TeamRow",
    "all_rulesets",
    "get_ruleset",
    "house_ruleset",
]
