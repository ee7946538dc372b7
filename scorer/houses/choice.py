"""Choosing a house rule set where something that plays a rule set is made (a table, an event, a
club): this device's recent houses, a code typed in, or one made on the way. The forms that choose
a rule set (``RuleSetChoiceMixin``) have it; the rule set cards' template shows it
(``scorer/houses/_house_choice.html``).

A house chosen decides the rule set (its base): the cards give way to a line naming the house,
and the options shown are the base's.
"""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from scorer.engine import RuleSet, get_ruleset
from scorer.formkit.fields import ruleset_or_default
from scorer.houses.models import HouseVersion
from scorer.houses.played import HouseCopy
from scorer.houses.selectors import current_version, normalized_code

MSG_UNKNOWN_CODE = gettext_noop("No house rule set has this code.")
HOUSE_PARAMS = ("house_code", "house", "ev")
"""Where a house's code comes from, the first given wins: typed, one of the recent ones chosen, or
the address (``?ev=K7QX2M``: a house's "open a table with it", or back from making one)."""


def code_wanted(source) -> str:
    for key in HOUSE_PARAMS:
        if value := str(source.get(key) or "").strip():
            return value
    return ""


class HouseChoiceMixin:
    """A house rule set chosen beside the rule set: the fields ``house`` (one of the recent ones, or
    "" for none) and ``house_code`` (typed), and ``house_version`` once read."""

    offers_houses = False
    house_version: HouseVersion | None = None
    house_unknown = ""
    fields: dict[str, forms.Field]

    def chosen_from(self, source) -> RuleSet:
        """The rule set to show and make: a chosen house's base, else the one chosen among the cards."""
        self.offers_houses = True
        self.fields["house"] = forms.CharField(required=False, widget=forms.HiddenInput)
        self.fields["house_code"] = forms.CharField(
            label=gettext_lazy("Or type a house rule set's code"),
            required=False,
            widget=forms.TextInput(
                attrs={"autocomplete": "off", "autocapitalize": "characters", "class": "form-control"}
            ),
        )
        code = code_wanted(source)
        if code:
            self.house_version = current_version(code)
            if self.house_version is None:
                self.house_unknown = code
        if self.house_version is not None:
            return get_ruleset(self.house_version.base)
        return ruleset_or_default(source.get("ruleset"))

    @classmethod
    def ruleset_wanted(cls, data) -> object:
        """The rule set a post asks for: a chosen house's base, else the card chosen."""
        code = code_wanted(data)
        version = current_version(code) if code else None
        return version.base if version is not None else data.get("ruleset")

    @property
    def house_copy(self) -> HouseCopy | None:
        """What the thing made keeps of the chosen house (None: the rule set as published)."""
        if self.house_version is None:
            return None
        return self.house_version.copy(self.house_version.house.code)

    @property
    def chosen_name(self) -> str:
        return _(self.chosen.name)  # type: ignore[attr-defined]

    @property
    def house_code_chosen(self) -> str:
        return self.house_version.house.code if self.house_version is not None else ""

    def _post_clean(self) -> None:
        super()._post_clean()  # type: ignore[misc]
        if self.offers_houses:
            self.check_house()

    def check_house(self) -> None:
        """A code typed that names no house is the field's error (nothing is made)."""
        if self.house_unknown and normalized_code(self.house_unknown) != self.house_code_chosen:
            self.add_error("house_code", _(MSG_UNKNOWN_CODE))  # type: ignore[attr-defined]
