"""The organizer's actions: a late arrival, a withdrawal, a decision at the cut, a tie-break game,
the round timer, a table closed, and the bare event version every other action posts. The
services refuse what the rules do not allow; their error paths are put back on the fields."""

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Div, Layout
from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorer.events.models import Entrant, Event
from scorer.events.timer import ACTIONS
from scorer.formkit.fields import EngineErrorsMixin, NulFreeForm, style_widgets

NOTE_MAX = 200


TIE_BREAK_HANDS = 1
"""A tie at the cut is played off over one hand unless the organizer says otherwise."""


class ActionForm(EngineErrorsMixin, NulFreeForm):
    """An organizer action, based on the event's ``version`` it was shown at (an older one is
    refused by the services). crispy lays out its fields inside the template's form element, which
    keeps the action's address and htmx wiring; ``auto_id`` keeps ids unique on the page."""

    version = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=0)

    def __init__(self, data=None, *, event: Event, auto_id: str = "id_%s", **kwargs) -> None:
        super().__init__(data, auto_id=auto_id, initial={"version": event.version}, **kwargs)
        self.event = event
        style_widgets(field for name, field in self.fields.items() if name != "version")
        self.helper = FormHelper()  # no layout: every field the subclass keeps, in order
        self.helper.form_tag = False
        self.helper.disable_csrf = True

    def engine_field(self, path: str) -> str | None:
        """A refusal about the version (or the whole event) goes on top, the others on their field."""
        return path if path in self.fields and path != "version" else None

    def kwargs(self) -> dict:
        """Keyword arguments of the action's service (after ``is_valid()``)."""
        data = self.cleaned_data
        return {"version": data.get("version")} | ({"note": data["note"]} if "note" in data else {})


NOTE_LABEL = gettext_lazy("Note")


def note_field(label=NOTE_LABEL) -> forms.CharField:
    return forms.CharField(label=label, max_length=NOTE_MAX, required=False)


class LateForm(ActionForm):
    """A late arrival: a name, or a team and its two players."""

    name = forms.CharField(label=gettext_lazy("Name"), max_length=120, required=False)
    player_1 = forms.CharField(label=gettext_lazy("Player 1"), max_length=60, required=False)
    player_2 = forms.CharField(label=gettext_lazy("Player 2"), max_length=60, required=False)
    note = note_field()

    def __init__(self, data=None, **kwargs) -> None:
        super().__init__(data, auto_id="late-%s", **kwargs)
        for name in ("name", "player_1", "player_2"):
            self.fields[name].widget.attrs["autocomplete"] = "off"
        if self.event.partners:
            self.fields["name"].label = _("Team name")
            self.fields["name"].help_text = _("Left empty, the team is named after its players.")
        else:
            del self.fields["player_1"], self.fields["player_2"]

    def clean(self) -> dict:
        data = super().clean()
        if self.event.partners:
            for name in ("player_1", "player_2"):
                if not data.get(name) and name not in self.errors:
                    self.add_error(name, _("Write this player's name."))
        elif not data.get("name") and "name" not in self.errors:
            self.add_error("name", _("Write the late arrival's name."))
        return data

    def kwargs(self) -> dict:
        data = self.cleaned_data
        players = [data["player_1"], data["player_2"]] if self.event.partners else None
        name = data["name"] or (" – ".join(players) if players else "")
        return super().kwargs() | {"name": name, "players": players}

    def engine_field(self, path: str) -> str | None:
        return "name" if path.startswith("entrant") else super().engine_field(path)


class WithdrawForm(ActionForm):
    """A withdrawal (what they played counts) or a no-show (never seated)."""

    entrant = forms.TypedChoiceField(label=gettext_lazy("Entrant"), coerce=int)
    reason = forms.ChoiceField(
        label=gettext_lazy("What happened"),
        widget=forms.RadioSelect,
        choices=[
            (Entrant.WITHDRAWN, gettext_lazy("Withdrew (what they played still counts)")),
            (Entrant.NO_SHOW, gettext_lazy("Did not come (never seated)")),
        ],
        initial=Entrant.WITHDRAWN,
    )
    note = note_field()

    def __init__(self, data=None, *, active=(), **kwargs) -> None:
        super().__init__(data, auto_id="withdraw-%s", **kwargs)
        self.fields["entrant"].choices = [(entrant.pk, entrant.name) for entrant in active]

    def kwargs(self) -> dict:
        data = self.cleaned_data
        return super().kwargs() | {
            "entrant_id": data["entrant"],
            "no_show": data["reason"] == Entrant.NO_SHOW,
        }


class DecideForm(ActionForm):
    """Who goes on from a tie at the cut (decision E6): the organizer ticks them."""

    chosen = forms.MultipleChoiceField(widget=forms.CheckboxSelectMultiple, required=False)
    note = note_field(gettext_lazy("Note (how it was decided)"))

    def __init__(self, data=None, *, table, entrants=(), **kwargs) -> None:
        super().__init__(data, auto_id=f"cut-{table.number}-%s", **kwargs)
        self.table = table
        self.ids = {entrant.name: entrant.pk for entrant in entrants}
        field = self.fields["chosen"]
        field.choices = [(name, name) for name in table.tie_at_cut]
        field.label = (
            _("Tied for the title: choose the champion (decision E6)")
            if table.final
            else _("Tied at the cut: choose who goes on (decision E6)")
        )

    def clean_chosen(self) -> list[str]:
        chosen = self.cleaned_data.get("chosen") or []
        if not chosen:
            raise forms.ValidationError(
                _("Tick the champion.")
                if self.table.final
                else _("Tick who goes on: at least one of the tied.")
            )
        return chosen

    def kwargs(self) -> dict:
        chosen = [self.ids[name] for name in self.cleaned_data["chosen"] if name in self.ids]
        return super().kwargs() | {"chosen": chosen}

    def engine_field(self, path: str) -> str | None:
        return "chosen" if "decided" in path else super().engine_field(path)


class TieBreakForm(ActionForm):
    """A tie-break game at the cut: a table of only the tied, over ``hands`` hands."""

    hands = forms.TypedChoiceField(label=gettext_lazy("Hands of the tie-break game"), coerce=int)

    def __init__(self, data=None, *, table, hand_counts=(1,), **kwargs) -> None:
        super().__init__(data, auto_id=f"tiebreak-{table.number}-%s", **kwargs)
        self.table = table
        field = self.fields["hands"]
        field.choices = [(n, str(n)) for n in hand_counts]
        field.initial = TIE_BREAK_HANDS if TIE_BREAK_HANDS in hand_counts else hand_counts[0]

    def kwargs(self) -> dict:
        return super().kwargs() | {"hands": self.cleaned_data["hands"]}


class TimerForm(ActionForm):
    """The round timer: its length in minutes (to start it, or to add), and what to do."""

    action = forms.ChoiceField(choices=[(a, a) for a in ACTIONS])
    minutes = forms.IntegerField(label=gettext_lazy("Minutes"), min_value=1, max_value=600, required=False)

    def __init__(self, data=None, *, minutes: int = 45, **kwargs) -> None:
        super().__init__(data, auto_id="timer-%s", **kwargs)
        self.initial["minutes"] = minutes
        self.fields["minutes"].widget.attrs["inputmode"] = "numeric"
        self.helper.layout = Layout("version", Div("minutes", css_class="round-timer-minutes"))

    def clean(self) -> dict:
        data = super().clean()
        if (
            data.get("action") in ("start", "add")
            and not data.get("minutes")
            and "minutes" not in self.errors
        ):
            self.add_error("minutes", _("How many minutes?"))
        return data

    def kwargs(self) -> dict:
        data = self.cleaned_data
        return super().kwargs() | {"action": data["action"], "minutes": data.get("minutes")}

    def engine_field(self, path: str) -> str | None:
        return None if path == "action" else super().engine_field(path)


class CloseForm(ActionForm):
    """A table closed before it could finish (decision E8), with why."""

    note = note_field(gettext_lazy("Why (written down)"))

    def __init__(self, data=None, *, table, **kwargs) -> None:
        super().__init__(data, auto_id=f"close-{table.number}-%s", **kwargs)
        self.table = table
