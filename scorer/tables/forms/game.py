"""A new table: rule set, its options, planned hands, 2–4 players in turn order, first dealer."""

import re

from crispy_forms.bootstrap import StrictButton
from crispy_forms.helper import FormHelper
from crispy_forms.layout import Column, Div, Field, Layout, Row
from django import forms
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorer.engine import all_rulesets
from scorer.formkit.fields import (
    EngineErrorsMixin,
    NulFreeForm,
    RuleSetOptionsMixin,
    checked,
    ruleset_or_default,
    style_widgets,
)
from scorer.formkit.layout import Item, OrderedList, Section, snippet

MAX_PLAYERS = 4
DEFAULT_HANDS = 5
RULESET_TAGLINES = {
    "loca": gettext_lazy("The LOCA table rules: finishing −101, with the okey −404."),
    "loca-cezali": gettext_lazy("LOCA with finish multipliers up to ×4, opening rewards and more penalties."),
    "gkokay": gettext_lazy("The finisher writes 0; special finishes double the non-openers' 202."),
    "kerizim": gettext_lazy("Games of 1 to 3 hands; ×2 for a pairs finish, ×2 again if nobody else opened."),
}


class RuleSetChoiceMixin(RuleSetOptionsMixin):
    """A form that starts with a rule set to choose (the new table, the new event): the rule
    set cards, and the options part htmx swaps in when the rule set or eşli changes
    (from ``options_url_name``)."""

    options_url_name: str

    @property
    def options_url(self) -> str:
        """Where htmx gets the options part when the rule set or eşli changes."""
        return reverse(self.options_url_name)

    @property
    def ruleset_cards(self) -> list[dict]:
        value = str(self["ruleset"].value() or self.chosen.id)  # type: ignore[index]
        return [
            {
                "id": rs.id,
                "name": _(rs.name),
                "tagline": RULESET_TAGLINES.get(rs.id, ""),
                "checked": rs.id == value,
            }
            for rs in all_rulesets()
        ]

    @staticmethod
    def ruleset_changed(data) -> bool:
        """Without JavaScript: another rule set was chosen than the one whose options the page
        showed (its hidden ``options_for``), so the options are shown again before anything is made."""
        shown_for = data.get("options_for")
        return shown_for is not None and shown_for != data.get("ruleset")

    @classmethod
    def shown_again(cls, data) -> bool:
        """The form is to be shown again with what was chosen, not submitted: its "refresh" button
        (the options, or more entrant lines, without JavaScript) or a changed rule set."""
        return "refresh" in data or cls.ruleset_changed(data)

    def choose_ruleset(self, source) -> None:
        """The rule set and eşli chosen in ``source`` (the posted data, or the initial values), the
        rule set cards' choices and the chosen rule set's option fields."""
        self.chosen = ruleset_or_default(source.get("ruleset"))
        self.partners = checked(source.get("option_partners"))
        self.fields["ruleset"].choices = [(rs.id, _(rs.name)) for rs in all_rulesets()]
        self.fields["ruleset"].initial = self.chosen.id
        self.add_option_fields()

    def lay_out(self) -> None:
        """Once every field exists: their classes, the page's helper and the options part's."""
        style_widgets(self.fields.values())
        self.helper = self.page_helper()
        self.options_helper = self.part_helper(self.options_layout())

    def page_helper_of(self, thing: str, *layout) -> FormHelper:
        """The page's helper of the form that makes a ``thing`` (game, event, club): posted to
        ``scorer:<thing>_new``, laid out as given."""
        helper = FormHelper(self)
        helper.form_id = f"{thing}-new-form"
        helper.form_class = f"{thing}-new"
        helper.form_action = f"scorer:{thing}_new"
        helper.attrs = {"novalidate": True}
        helper.layout = Layout(*layout)
        return helper

    def ruleset_parts(self) -> tuple:
        """The rule set cards, their "refresh" button (without JavaScript) and the options part."""
        return (
            Field("ruleset", template="scorer/crispy/ruleset_cards.html"),
            snippet("scorer/crispy/game_new_refresh.html"),
            self.options_layout(),
        )

    def option_parts(self) -> tuple:
        """The options part's start: its heading and the chosen rule set's options."""
        return (
            snippet("scorer/crispy/game_options_head.html"),
            Section(
                _("Options"),
                *(Field(f.name, template="scorer/crispy/game_option.html") for f in self.option_fields),
                css_class="mb-3",
            ),
        )

    @staticmethod
    def part_helper(layout) -> FormHelper:
        """One part of the form on its own, inside the page's form tag (the htmx swap of the options)."""
        helper = FormHelper()
        helper.form_tag = False
        helper.disable_csrf = True
        helper.layout = Layout(layout)
        return helper


class GameForm(RuleSetChoiceMixin, EngineErrorsMixin, NulFreeForm):
    """Rule set, its options, planned hands, 2–4 players in turn order and the first dealer.

    The fields depend on the chosen rule set (and on eşli), read from ``data`` or ``initial``.
    """

    ruleset = forms.ChoiceField(label=gettext_lazy("Rule set"), widget=forms.RadioSelect)
    hands_planned = forms.TypedChoiceField(label=gettext_lazy("Number of hands"), coerce=int)
    first_dealer = forms.TypedChoiceField(label=gettext_lazy("Deals first"), coerce=int)

    def __init__(self, data=None, initial=None, **kwargs) -> None:
        super().__init__(data, initial=initial, **kwargs)
        source = self.data if data is not None else (initial or {})  # self.data: without a NUL
        self.choose_ruleset(source)
        counts = self.chosen.hand_counts
        self.fields["hands_planned"].choices = [(n, str(n)) for n in counts]
        self.fields["hands_planned"].initial = DEFAULT_HANDS if DEFAULT_HANDS in counts else counts[-1]
        for k in range(1, MAX_PLAYERS + 1):
            # No max_length: a browser would cut a long name silently at its maxlength (counting
            # UTF-16 units, so a few emoji); the engine's check names the limit instead.
            self.fields[f"player_{k}"] = forms.CharField(
                label=_("Player {n}").format(n=k),
                required=False,
                widget=forms.TextInput(attrs={"autocomplete": "off", "data-player-name": k - 1}),
            )
        names = [str(source.get(f"player_{k}") or "").strip() for k in range(1, MAX_PLAYERS + 1)]
        self.fields["first_dealer"].choices = [
            (k, f"{k + 1}. {name}" if name else _("Player {n}").format(n=k + 1))
            for k, name in enumerate(names)
        ]
        self.fields["first_dealer"].initial = 0
        self.fields["first_dealer"].widget.attrs["data-dealer-select"] = ""
        self.lay_out()

    options_url_name = "scorer:game_new_options"

    # --- layout (crispy) ---------------------------------------------------------------------------
    def page_helper(self) -> FormHelper:
        """The whole form: the rule set cards, then the options part, then the button."""
        return self.page_helper_of(
            "game",
            *self.ruleset_parts(),
            StrictButton(_("Open the table"), type="submit", css_class="btn-primary btn-lg w-100"),
        )

    def options_layout(self) -> Div:
        """What depends on the chosen rule set (and eşli): htmx swaps exactly this part in."""
        return Div(
            *self.option_parts(),
            Div("hands_planned", css_class="mb-3"),
            Section(
                _("Players"),
                snippet("scorer/crispy/players_help.html"),
                self.teams_layout() if self.partners else self.players_layout(),
                css_class="mb-3 players",
                aria_describedby="turn-order-help",
            ),
            Div("first_dealer", css_class="mb-4"),
            css_id="game-options",
            css_class="game-options",
            data_ruleset=self.chosen.id,
        )

    def players_layout(self) -> OrderedList:
        names = (Item(f.name, css_class="mb-2") for f in self.player_fields)
        return OrderedList(*names, css_class="list-unstyled player-names mb-0")

    def teams_layout(self) -> Row:
        """Eşli: the two teams side by side, each a fieldset of its two seats."""
        teams = (
            Column(
                Section(
                    _("Team %(n)s") % {"n": number},
                    *(Div(f.name, css_class="mb-2") for f in fields),
                    legend_class="h6",
                    css_class=f"team team-{number}",
                    data_team=str(number),
                ),
                css_class="col-6",
            )
            for number, fields in self.teams
        )
        return Row(*teams, css_class="g-2 teams")

    @property
    def player_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{k}"] for k in range(1, MAX_PLAYERS + 1)]

    @property
    def teams(self) -> list[tuple[int, list[forms.BoundField]]]:
        """Eşli: team 1 is seats 1 & 3, team 2 seats 2 & 4."""
        fields = self.player_fields
        return [(1, [fields[0], fields[2]]), (2, [fields[1], fields[3]])]

    def clean(self) -> dict:
        cleaned = super().clean()
        names = [(cleaned.get(f"player_{k}") or "").strip() for k in range(1, MAX_PLAYERS + 1)]
        while names and not names[-1]:
            names.pop()
        wanted = MAX_PLAYERS if self.partners else 2
        for k in range(max(len(names), wanted)):
            if k >= len(names) or not names[k]:
                self.add_error(f"player_{k + 1}", self.missing_name_message(k, len(names)))
        dealer = cleaned.get("first_dealer")
        if dealer is not None and names and dealer >= len(names):
            self.add_error("first_dealer", _("Choose one of the players."))
        cleaned["players"] = names
        return cleaned

    def missing_name_message(self, k: int, count: int) -> str:
        if self.partners:
            return _("Partners (eşli) need exactly 4 players.")
        if k < count:
            return _("Fill in the players in turn order, without gaps.")
        return _("A table has 2 to 4 players.")

    def game_kwargs(self) -> dict:
        """Keyword arguments for ``game_create`` (after ``is_valid()``)."""
        data = self.cleaned_data
        return {
            "ruleset": self.chosen.id,
            "options": self.chosen_options(data),
            "players": data["players"],
            "hands_planned": data["hands_planned"],
            "first_dealer": data["first_dealer"],
        }

    def engine_field(self, path: str) -> str | None:
        if match := re.fullmatch(r"players\[(\d+)\]", path):
            return f"player_{int(match[1]) + 1}"
        if path.startswith("options."):
            return f"option_{path.removeprefix('options.')}"
        return path if path in ("ruleset", "hands_planned", "first_dealer") else None
