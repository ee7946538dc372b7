"""A table's details after it was opened: its players' names in turn order (a typo fixed), who dealt
first, and what the game is played for (optional: an entry per player and the table's cut).

Amounts are typed as on paper ("50", "12,50"); they are kept in hundredths
(scorer/engine/settlement.py). The names are the engine's to check (the same rules as a new
table's), and its errors come back onto these fields.
"""

import re

from crispy_forms.bootstrap import StrictButton
from crispy_forms.helper import FormHelper
from crispy_forms.layout import Div, Field, Layout
from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorer.engine.names import clean_name, visible_length
from scorer.engine.settlement import BASIS_POINTS, MAX_AMOUNT, Stake, parse_amount
from scorer.engine.text import forbidden_character
from scorer.formkit.fields import EngineErrorsMixin, NulFreeForm, style_widgets
from scorer.formkit.layout import Item, OrderedList, Section, snippet
from scorer.models import Game
from scorer.platform.numbers import amount_text
from scorer.tables.forms.guard import CountField

NONE, PERCENT, AMOUNT = "none", "percent", "amount"
UNIT_LENGTH = 12
"""The longest unit ("altın", "₺", "çay"), as people see it."""
MSG_AMOUNT = gettext_lazy("Write an amount such as 50 or 12,50.")
MSG_TOO_LARGE = gettext_lazy("At most 10,000,000.")
MSG_PERCENT = gettext_lazy("Write a percentage from 0 to 100, such as 10 or 12,5.")
MSG_CUT_EMPTY = gettext_lazy("Write the table's cut, or choose “No cut”.")
MSG_NO_ENTRY = gettext_lazy("Write the entry first: the cut is taken from the entries.")
MSG_UNIT = gettext_lazy("At most 12 characters, no control characters.")

AMOUNT_ATTRS = {"inputmode": "decimal", "autocomplete": "off"}


class FactsForm(EngineErrorsMixin, NulFreeForm):
    """``game``'s names, first dealer and stake; ``seen``: how many of its changes the page showed
    (another phone's change since is refused, never overwritten)."""

    seen = CountField(required=False)
    first_dealer = forms.TypedChoiceField(label=gettext_lazy("Deals first"), coerce=int)
    entry = forms.CharField(
        label=gettext_lazy("Entry per player"),
        required=False,
        help_text=gettext_lazy("Empty: the game is played for nothing."),
        widget=forms.TextInput(attrs=AMOUNT_ATTRS),
    )
    unit = forms.CharField(
        label=gettext_lazy("Unit"),
        required=False,
        help_text=gettext_lazy("₺, altın, çay…; empty for plain numbers."),
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )
    cut_kind = forms.ChoiceField(
        label=gettext_lazy("The table's cut"),
        choices=[
            (NONE, gettext_lazy("No cut")),
            (PERCENT, gettext_lazy("A percentage of the pot")),
            (AMOUNT, gettext_lazy("An amount")),
        ],
        widget=forms.RadioSelect,
        required=False,
    )
    cut = forms.CharField(
        label=gettext_lazy("Cut"),
        required=False,
        help_text=gettext_lazy("Taken from the pot before the winners share it."),
        widget=forms.TextInput(attrs=AMOUNT_ATTRS),
    )

    def __init__(self, data=None, *, game: Game, seen: int = 0, **kwargs) -> None:
        super().__init__(data, initial=self.initial_of(game, seen), **kwargs)
        self.game = game
        for k in range(1, len(game.players) + 1):
            self.fields[f"player_{k}"] = forms.CharField(
                label=_("Player {n}").format(n=k),
                required=False,
                widget=forms.TextInput(attrs={"autocomplete": "off"}),
            )
        self.fields["first_dealer"].choices = [(k, f"{k + 1}. {name}") for k, name in enumerate(game.players)]
        style_widgets(self.fields.values())
        self.helper = self.page_helper()

    @staticmethod
    def initial_of(game: Game, seen: int) -> dict:
        initial = {f"player_{k}": name for k, name in enumerate(game.players, start=1)}
        initial |= {"seen": seen, "first_dealer": game.first_dealer, "cut_kind": NONE}
        stake = Stake.from_stored(game.stake)
        if stake is not None:
            initial |= {"entry": amount_text(stake.entry), "unit": stake.unit}
            if stake.cut_percent is not None:
                initial |= {"cut_kind": PERCENT, "cut": amount_text(stake.cut_percent)}
            elif stake.cut_amount is not None:
                initial |= {"cut_kind": AMOUNT, "cut": amount_text(stake.cut_amount)}
        return initial

    @classmethod
    def refused(cls, data, *, game: Game, seen: int, problem: str) -> "FactsForm":
        """What was typed, based now on the table's current history (saving again is the
        scorekeeper's choice, made knowing the other change), with why nothing was saved."""
        again = data.copy()
        again["seen"] = str(seen)
        form = cls(again, game=game, seen=seen)
        form.is_valid()
        form.add_error(None, problem)
        return form

    # --- layout (crispy) ---------------------------------------------------------------------------
    def page_helper(self) -> FormHelper:
        helper = FormHelper(self)
        helper.form_id = "facts-form"
        helper.attrs = {"novalidate": True}
        helper.layout = Layout(
            "seen",
            Section(
                _("Players"),
                snippet("scorer/crispy/facts_players_help.html"),
                OrderedList(
                    *(Item(f"player_{k}", css_class="mb-2") for k in range(1, len(self.game.players) + 1)),
                    css_class="list-unstyled player-names mb-0",
                ),
                css_class="mb-3 players",
                aria_describedby="turn-order-help",
            ),
            Div("first_dealer", css_class="mb-4"),
            Section(
                _("What the game is played for (optional)"),
                snippet("scorer/crispy/stake_help.html"),
                Div(
                    Div("entry", css_class="stake-entry"),
                    Div("unit", css_class="stake-unit"),
                    css_class="stake-row",
                ),
                Field("cut_kind"),
                Div("cut", css_class="stake-cut"),
                css_class="mb-4 stake",
            ),
            StrictButton(_("Save"), type="submit", css_class="btn-primary btn-lg w-100"),
        )
        return helper

    # --- checks ------------------------------------------------------------------------------------
    def clean(self) -> dict:
        cleaned = super().clean()
        cleaned["names"] = [(cleaned.get(f"player_{k}") or "") for k in range(1, len(self.game.players) + 1)]
        cleaned["stake"] = self.clean_stake(cleaned)
        return cleaned

    def clean_stake(self, cleaned: dict) -> Stake | None:
        entry_text, cut_text = (cleaned.get("entry") or "").strip(), (cleaned.get("cut") or "").strip()
        kind = cleaned.get("cut_kind") or NONE
        unit = clean_name(cleaned.get("unit") or "")
        if forbidden_character(unit) is not None or visible_length(unit) > UNIT_LENGTH:
            self.add_error("unit", MSG_UNIT)
        if not entry_text:
            if kind != NONE and cut_text:
                self.add_error("cut", MSG_NO_ENTRY)
            return None
        entry = self.amount("entry", entry_text)
        cut = None
        if kind != NONE:
            cut = self.percent(cut_text) if kind == PERCENT else self.amount("cut", cut_text)
        if entry is None or (kind != NONE and cut is None) or self.has_error("unit"):
            return None
        return Stake(
            entry,
            cut_percent=cut if kind == PERCENT else None,
            cut_amount=cut if kind == AMOUNT else None,
            unit=unit,
        )

    def amount(self, name: str, text: str) -> int | None:
        if not text:
            self.add_error(name, MSG_CUT_EMPTY if name == "cut" else MSG_AMOUNT)
            return None
        value = parse_amount(text)
        if value is None or (name == "entry" and value == 0):
            self.add_error(name, MSG_AMOUNT)
        elif value > MAX_AMOUNT:
            self.add_error(name, MSG_TOO_LARGE)
        else:
            return value
        return None

    def percent(self, text: str) -> int | None:
        if not text:
            self.add_error("cut", MSG_CUT_EMPTY)
            return None
        value = parse_amount(text)  # hundredths of a percent: 10 → 1000
        if value is None or value > BASIS_POINTS:
            self.add_error("cut", MSG_PERCENT)
            return None
        return value

    def engine_field(self, path: str) -> str | None:
        if match := re.fullmatch(r"players\[(\d+)\]", path):
            return f"player_{int(match[1]) + 1}"
        return {"players": "player_1", "first_dealer": "first_dealer", "stake": "entry"}.get(path)
