"""The house rules page's form: a base rule set, a name, and each number a house may change, with
the base's number beside it; and the choice of a house rule set where a table, an event or a club
is made (:class:`HouseChoiceMixin`)."""

import re

from crispy_forms.bootstrap import StrictButton
from crispy_forms.helper import FormHelper
from crispy_forms.layout import Div, Field, Layout
from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorer.engine import RuleSet
from scorer.engine.tiles import COLOURS
from scorer.engine.vocabulary import TILE_WORDS
from scorer.formkit.fields import EngineErrorsMixin, NulFreeForm, checked, ruleset_or_default, style_widgets
from scorer.formkit.layout import Section, snippet
from scorer.houses.values import AMOUNTS, LABELS, PAIRS_CHOICES, PRESETS, shown
from scorer.tables.forms.game import RuleSetChoiceMixin

MINUS = "\u2212"


class WholeNumberField(forms.IntegerField):
    """A whole number, typed with a hyphen or a true minus sign ("−100"); empty: the base's."""

    def to_python(self, value):
        if isinstance(value, str):
            value = value.strip().replace(MINUS, "-")
        return super().to_python(value)


def number_field(label: str, base_text: str, placeholder: object) -> WholeNumberField:
    field = WholeNumberField(
        label=label,
        required=False,
        widget=forms.TextInput(
            attrs={"inputmode": "numeric", "autocomplete": "off", "placeholder": placeholder}
        ),
    )
    field.base_text = base_text  # shown beside the field (scorer/houses/_value_field.html)
    return field


ENGINE_PATHS = (
    (re.compile(r"ruleset\.values\.(finish|multiplier)\.(\w+)"), r"\1_\2"),
    (re.compile(r"ruleset\.values\.(not_opened|okey_in_hand|foul|pairs_and_multiplier)"), r"\1"),
    (re.compile(r"ruleset\.colours\.(\w+)"), r"colour_\1"),
    (re.compile(r"ruleset\.name"), "name"),
    (re.compile(r"ruleset(\.base)?"), "ruleset"),
)


class HouseForm(RuleSetChoiceMixin, EngineErrorsMixin, NulFreeForm):
    """A house rule set: its base (the rule set cards), a name, then every number of the base a
    house may change, each empty for the base's (shown beside it), and an optional factor per
    gösterge colour. Which numbers there are depends on the base, read from ``data`` or ``initial``."""

    options_url_name = "scorer:house_values"
    ruleset = forms.ChoiceField(label=gettext_lazy("Start from"), widget=forms.RadioSelect)
    name = forms.CharField(
        label=gettext_lazy("Name"),
        help_text=gettext_lazy("Shown on the board of every table that plays it, 1 to 60 characters."),
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
        error_messages={"required": gettext_lazy("Give the house rule set a name.")},
    )
    colours = forms.BooleanField(
        label=gettext_lazy("Multiply each hand by its gösterge's colour"),
        required=False,
        help_text=gettext_lazy("The hand form then asks for the gösterge's colour."),
    )

    def __init__(self, data=None, initial=None, *, action: str = "scorer:house_new", **kwargs) -> None:
        super().__init__(data, initial=initial, **kwargs)
        source = self.data if data is not None else (initial or {})
        self.chosen: RuleSet = ruleset_or_default(source.get("ruleset"))
        self.fields["ruleset"].choices = [(rs.id, _(rs.name)) for rs in self.all_bases()]
        self.fields["ruleset"].initial = self.chosen.id
        self.add_value_fields()
        style_widgets(self.fields.values())
        self.action = action
        self.helper = self.page_helper()
        self.options_helper = self.part_helper(self.values_layout())

    @staticmethod
    def all_bases() -> tuple[RuleSet, ...]:
        from scorer.engine import all_rulesets

        return all_rulesets()

    # --- fields ---------------------------------------------------------------------------------
    @property
    def base_name(self) -> str:
        return _(self.chosen.name)

    def add_value_fields(self) -> None:
        """A field per number of the base, empty for the base's own (shown beside it)."""
        base = self.chosen
        values = base.values()
        for row in base.finish_table:
            finish, m = shown("finish", values["finish"][row.key]), values["multiplier"][row.key]
            self.fields[f"finish_{row.key}"] = number_field(_("Finisher"), finish, finish)
            self.fields[f"multiplier_{row.key}"] = number_field(_("Multiplier"), f"×{m}", m)
        for kind in AMOUNTS:
            self.fields[kind] = number_field(_(LABELS[kind]), str(values[kind]), values[kind])
        if base.pairs_and_multiplier is not None:
            way = _(PAIRS_CHOICES[base.pairs_and_multiplier])
            choices = [("", _("As {ruleset}: {way}").format(ruleset=self.base_name, way=way))]
            choices += [(key, _(text)) for key, text in PAIRS_CHOICES.items()]
            self.fields["pairs_and_multiplier"] = forms.ChoiceField(
                label=_(LABELS["pairs_and_multiplier"]), choices=choices, required=False
            )
        for colour in COLOURS:
            self.fields[f"colour_{colour}"] = number_field(_(TILE_WORDS[colour]).capitalize(), "×1", 1)

    @property
    def row_fields(self) -> list[tuple[str, forms.BoundField, forms.BoundField]]:
        """Each finish row: its name, its finisher's points and its multiplier."""
        return [
            (_(row.label), self[f"finish_{row.key}"], self[f"multiplier_{row.key}"])
            for row in self.chosen.finish_table
        ]

    @property
    def colour_fields(self) -> list[forms.BoundField]:
        return [self[f"colour_{colour}"] for colour in COLOURS]

    @property
    def presets(self) -> list[tuple[str, str]]:
        return [(key, _(label)) for key, (label, _parts) in PRESETS.items()]

    # --- layout (crispy) ------------------------------------------------------------------------
    def page_helper(self) -> FormHelper:
        helper = FormHelper(self)
        helper.form_id = "house-form"
        helper.form_class = "house-form"
        helper.form_action = self.action
        helper.attrs = {"novalidate": True}
        helper.layout = Layout(
            Field("ruleset", template="scorer/crispy/ruleset_cards.html"),
            snippet("scorer/houses/_refresh.html"),
            self.values_layout(),
            snippet("scorer/houses/_preview_box.html"),
            StrictButton(
                _("Save the house rule set"),
                type="submit",
                name="save",
                value="1",
                css_class="btn-primary btn-lg w-100",
            ),
        )
        return helper

    def values_layout(self) -> Div:
        """What depends on the base: htmx swaps exactly this part in when another base is chosen."""
        return Div(
            snippet("scorer/houses/_values_head.html"),
            Field("name"),
            snippet("scorer/houses/_presets.html"),
            snippet("scorer/houses/_rows.html"),
            Section(
                _("Fixed amounts"),
                *(Field(kind, template="scorer/houses/_value_field.html") for kind in AMOUNTS),
                *((Field("pairs_and_multiplier"),) if "pairs_and_multiplier" in self.fields else ()),
                css_class="mb-3",
            ),
            snippet("scorer/houses/_colours.html"),
            css_id="game-options",
            css_class="house-values",
            data_ruleset=self.chosen.id,
        )

    # --- what it makes --------------------------------------------------------------------------
    def document(self) -> dict:
        """The house rule set object (HOUSE_RULES.md) of the cleaned form: only the numbers typed."""
        data = self.cleaned_data
        values: dict = {}
        for kind in ("finish", "multiplier"):
            rows = {row.key: data[f"{kind}_{row.key}"] for row in self.chosen.finish_table}
            if given := {key: number for key, number in rows.items() if number is not None}:
                values[kind] = given
        for kind in AMOUNTS:
            if data.get(kind) is not None:
                values[kind] = data[kind]
        if data.get("pairs_and_multiplier"):
            values["pairs_and_multiplier"] = data["pairs_and_multiplier"]
        document: dict = {"base": self.chosen.id}
        if name := (data.get("name") or "").strip():
            document["name"] = name
        if values:
            document["values"] = values
        if data.get("colours"):
            document["colours"] = {colour: data[f"colour_{colour}"] for colour in COLOURS}
        return document

    def previewed(self) -> dict | None:
        """The document to preview: all but a missing or bad name may be wrong for a preview
        (None when a number is not a number)."""
        self.is_valid()
        if set(self.errors) - {"name"}:
            return None
        document = self.document()
        if "name" in self.errors:
            document.pop("name", None)
        return document

    def engine_field(self, path: str) -> str | None:
        for pattern, field in ENGINE_PATHS:
            if pattern.fullmatch(path):
                return pattern.sub(field, path)
        return None

    def clean(self) -> dict:
        cleaned = super().clean()
        if cleaned.get("colours"):
            for colour in COLOURS:
                if cleaned.get(f"colour_{colour}") is None and f"colour_{colour}" not in self.errors:
                    self.add_error(
                        f"colour_{colour}", _("Give a factor for each of the four colours (1 to 10).")
                    )
        return cleaned


def preset_data(data, preset: str):
    """The form's data with a preset's numbers typed in (the rest of what was typed kept)."""
    parts = PRESETS[preset][1]
    changed = data.copy()
    for kind, value in parts.get("values", {}).items():
        if isinstance(value, dict):
            for key, number in value.items():
                changed[f"{kind}_{key}"] = str(number).replace("-", MINUS)
        else:
            changed[kind] = str(value)
    if "colours" in parts:
        changed["colours"] = "on"
        for colour, factor in parts["colours"].items():
            changed[f"colour_{colour}"] = str(factor)
    if not changed.get("name"):
        changed["name"] = _(PRESETS[preset][0]).split(":")[0]
    return changed


def form_from_version(document: dict) -> dict:
    """The form's data of a house rule set object, to edit it."""
    data: dict = {"ruleset": document["base"], "name": document.get("name", "")}
    values = document.get("values", {})
    for kind in ("finish", "multiplier"):
        for key, number in values.get(kind, {}).items():
            data[f"{kind}_{key}"] = str(number).replace("-", MINUS)
    for kind in (*AMOUNTS, "pairs_and_multiplier"):
        if kind in values:
            data[kind] = str(values[kind])
    if document.get("colours"):
        data["colours"] = "on"
        data |= {f"colour_{colour}": str(factor) for colour, factor in document["colours"].items()}
    return data


def is_colours_on(data) -> bool:
    return checked(data.get("colours"))
