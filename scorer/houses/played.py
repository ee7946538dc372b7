"""What plays a rule set (a table, an event, a club): the rule set's id and, for a house rule set,
a frozen copy of the version it plays, so that an edit of the house never scores it again."""

from typing import NamedTuple

from django.db import models

from scorer.engine import RuleSet
from scorer.engine.house import ruleset_of


class HouseCopy(NamedTuple):
    """A house rule set's version as something plays it: its object (HOUSE_RULES.md), the house's
    code and the version's number."""

    document: dict
    code: str
    version: int
    """0 when unknown (a house that came in a document, not from a house of this app)."""

    @property
    def name(self) -> str:
        return self.document.get("name") or ""


class PlaysRuleSet(models.Model):
    """The fields of a model that plays a rule set, beside its ``ruleset`` (the base's id)."""

    house = models.JSONField(
        null=True,
        blank=True,
        help_text="The house rule set played (HOUSE_RULES.md), copied when it was chosen; "
        "empty: the published rule set itself.",
    )
    house_code = models.CharField(max_length=6, blank=True, default="", help_text="The house's code.")
    house_version = models.PositiveIntegerField(null=True, blank=True, help_text="The version copied.")

    class Meta:
        abstract = True

    @property
    def ruleset_document(self) -> object:
        """What its documents have as ``"ruleset"``: the id, or the house's object."""
        return self.ruleset if self.house is None else self.house

    @property
    def rules(self) -> RuleSet:
        """The rule set it is scored under (a house's, built from the frozen copy)."""
        return ruleset_of(self.ruleset_document)

    @property
    def house_copy(self) -> HouseCopy | None:
        if self.house is None:
            return None
        return HouseCopy(self.house, self.house_code, self.house_version or 0)


def house_fields(copy: HouseCopy | None) -> dict:
    """The fields of a :class:`PlaysRuleSet` that say it plays ``copy`` (None: the published rule set)."""
    if copy is None:
        return {"house": None, "house_code": "", "house_version": None}
    return {"house": copy.document, "house_code": copy.code, "house_version": copy.version or None}


def ruleset_arguments(value: object, code: str = "", version: object = None) -> dict:
    """``ruleset`` and ``house`` for ``game_create`` from a document's ``"ruleset"`` (an id, or a
    house's object, with its code and version when a backup says them)."""
    if isinstance(value, dict):
        number = version if type(version) is int and version > 0 else 0
        return {
            "ruleset": value.get("base"),
            "house": HouseCopy(value, code if isinstance(code, str) else "", number),
        }
    return {"ruleset": value, "house": None}
