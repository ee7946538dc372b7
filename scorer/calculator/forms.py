"""The quick calculator's set-up: rule set, options, how many players and their names.

The hand itself is entered with the tables' ``HandForm`` (the same fields and template);
this form only says which HandForm to build. It validates and lays out; it never scores.
"""

from collections.abc import Mapping

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Column, Div, Field, Layout, Row
from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorer.engine import RuleSet, all_rulesets, get_ruleset
from scorer.engine.namecheck import name_problem
from scorer.engine.names import clean_name, name_key
from scorer.formkit.fields import NulFreeForm, RuleSetOptionsMixin, style_widgets
from scorer.formkit.layout import Section, snippet
from scorer.platform.numbers import parse_count

DEFAULT_RULESET = "loca"
MAX_PLAYERS = 4


def default_name(i: int) -> str:
    return _("Player {n}").format(n=i + 1)


class CalcSetupForm(RuleSetOptionsMixin, NulFreeForm):
    """Which hand form to show. Fields: ``ruleset``, ``opt_{option name}``, ``players``, ``name_{index}``."""

    prefix = "setup"
    option_prefix = "opt_"
    choice_widget = forms.Select

    ruleset = forms.ChoiceField(label=gettext_lazy("Rule set"))
    players = forms.TypedChoiceField(
        label=gettext_lazy("Players"), coerce=int, choices=[(n, str(n)) for n in (2, 3, 4)], initial=4
    )

    def __init__(self, data=None, initial=None, **kwargs) -> None:
        if data is not None and forms.BooleanField().to_python(data.get(f"{self.prefix}-opt_partners")):
            data = data.copy()  # partners (eşli) are always four players: show it as chosen
            data[f"{self.prefix}-players"] = str(MAX_PLAYERS)
        super().__init__(data, initial=initial, **kwargs)
        self.fields["ruleset"].choices = [(rs.id, _(rs.name)) for rs in all_rulesets()]
        self.fields["ruleset"].initial = DEFAULT_RULESET
        self.chosen = self._chosen(data, initial or {})
        self.add_option_fields()
        for i in range(MAX_PLAYERS):
            self.fields[f"name_{i}"] = forms.CharField(  # no max_length: the engine names the limit
                label=_("Player {n}").format(n=i + 1),
                required=False,
                widget=forms.TextInput(attrs={"autocomplete": "off", "placeholder": default_name(i)}),
            )
        style_widgets(self.fields.values())
        self.helper = FormHelper(self)
        self.helper.form_tag = False  # inside the calculator's form, with the hand (calculator.html)
        self.helper.disable_csrf = True
        self.helper.layout = self.page_layout()

    # --- layout (crispy) -------------------------------------------------------------------------
    def page_layout(self) -> Layout:
        """Rule set and players side by side, the rule set's options, the names in turn order."""
        return Layout(
            Row(
                Column("ruleset", css_class="col-12 col-sm-8"),
                Column("players", css_class="col-6 col-sm-4"),
                css_class="g-2",
            ),
            snippet("scorer/crispy/calc_rules_link.html"),
            *(self.option_layout(field) for field in self.option_fields),
            Section(
                _("Names (in turn order)"),
                Row(*self.names_layout(), css_class="g-2"),
                css_class="mt-2",
                legend_class="form-label fw-semibold fs-6 mb-1",
            ),
            snippet("scorer/crispy/calc_apply.html"),
        )

    @staticmethod
    def option_layout(field: forms.BoundField) -> Div:
        is_switch = field.field.widget.input_type == "checkbox"
        shown = Field(field.name, template="scorer/crispy/switch.html") if is_switch else field.name
        return Div(shown, css_class="mb-2", data_option=field.name)

    def names_layout(self) -> list[Field]:
        """The names of the players the hand shows; the others are kept, hidden, for later."""
        count = len(self.setup()[2])
        return [
            Field(f.name, template=f"scorer/crispy/{'calc_name' if i < count else 'kept_value'}.html")
            for i, f in enumerate(self.name_fields)
        ]

    def _chosen(self, data, initial: Mapping) -> RuleSet:
        value = data.get(self.add_prefix("ruleset")) if data is not None else initial.get("ruleset")
        try:
            return get_ruleset(value)
        except LookupError:
            return get_ruleset(DEFAULT_RULESET)

    @property
    def pristine(self) -> bool:
        """The calculator as it first opens: nothing posted, nothing shared (its markup can be cached)."""
        return not self.is_bound and not self.initial

    @property
    def name_fields(self) -> list[forms.BoundField]:
        return [self[f"name_{i}"] for i in range(MAX_PLAYERS)]

    def clean(self) -> dict:
        cleaned = super().clean()
        if cleaned.get("opt_partners"):
            cleaned["players"] = MAX_PLAYERS
        count = cleaned.get("players") or MAX_PLAYERS
        seen: set[str] = set()
        for i in range(count):
            typed = clean_name(cleaned.get(f"name_{i}") or "")  # nothing visible: the default name
            if typed and (problem := name_problem(typed)) is not None:
                self.add_error(f"name_{i}", problem)
                continue
            name = typed or default_name(i)
            if name_key(name) in seen:
                self.add_error(f"name_{i}", _("Two players cannot have the same name."))
            seen.add(name_key(name))
        return cleaned

    def setup(self) -> tuple[RuleSet, dict, list[str]]:
        """(rule set, options, names) for the hand form: the valid choice, else the defaults."""
        rs = self.chosen
        if not self.is_bound:
            return rs, rs.normalize_options(self._initial_options()), self._names(self.initial)
        if not self.is_valid():
            data = getattr(self, "cleaned_data", {})
            count = data.get("players") or MAX_PLAYERS
            return rs, rs.normalize_options(None), [default_name(i) for i in range(count)]
        data = self.cleaned_data
        return rs, rs.normalize_options(self.chosen_options(data)), self._names(data)

    def _initial_options(self) -> dict:
        return {
            spec.name: self.initial[f"opt_{spec.name}"]
            for spec in self.chosen.options
            if f"opt_{spec.name}" in self.initial
        }

    def _names(self, values: Mapping) -> list[str]:
        count = parse_count(values.get("players"), low=2, high=MAX_PLAYERS, default=MAX_PLAYERS)
        if values.get("opt_partners"):
            count = MAX_PLAYERS
        return [(str(values.get(f"name_{i}") or "").strip() or default_name(i)) for i in range(count)]


def setup_initial(hand: Mapping) -> dict:
    """The set-up form's initial values for a hand in HAND_FORMAT.md form."""
    rs = get_ruleset(hand.get("ruleset"))
    options = rs.normalize_options(hand.get("options"))
    players = hand.get("players") or []
    initial: dict = {"ruleset": rs.id, "players": len(players)}
    initial |= {f"opt_{name}": value for name, value in options.items()}
    for i, player in enumerate(players):
        initial[f"name_{i}"] = str(player.get("name") or default_name(i))
    return initial
