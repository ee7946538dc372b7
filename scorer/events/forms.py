"""Tournaments: a new event (name, date, rule set and options, hands, format, entrants, seed), an
event's import, and the organizer's actions (late arrival, withdrawal, decision at the cut, a
tie-break game, a table closed, and the bare event version every other action posts), and a
table card's code typed in, and the public standings' seat search.

Like the new-table form, these validate and lay out; the rules (scorer/events/rules) check the
event document they build and their error paths (``entrants[3]``, ``format.rounds``) are put back
on the fields.
"""

import datetime
import functools
import re

from crispy_forms.bootstrap import StrictButton
from crispy_forms.helper import FormHelper
from crispy_forms.layout import Div, Field, Layout
from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from scorer.engine import all_rulesets
from scorer.events.models import Entrant, Event, new_seed
from scorer.events.rules.document import MAX_ENTRANTS
from scorer.events.rules.nextround import knockout_tables, points_tables
from scorer.formkit.fields import EngineErrorsMixin, NulFreeForm, checked, style_widgets
from scorer.formkit.layout import Section, snippet
from scorer.platform.numbers import parse_count
from scorer.tables.forms.code import CodeForm
from scorer.tables.forms.game import RuleSetChoiceMixin
from scorer.tables.forms.imports import GameImportForm

DEFAULT_HANDS = 11
"""The written eşli sheet plays games of 11 hands; LOCA and GkOkay allow it."""
MAX_EVENT_IMPORT_BYTES = 2 * 1024 * 1024
"""A 64-player event of 3 rounds with 11 hands a game exports to about 300 KiB."""


COUNT_ROWS = (8, 12, 16, 24, 32, 48, 64)


def placement_text(points) -> str:
    return ", ".join(str(p) for p in points)


@functools.cache
def _counts(teams: bool) -> dict:
    advances = (1,) if teams else (1, 2, 3)
    every = range(3, MAX_ENTRANTS + 1)
    return {
        "points": {n: points_tables(n, teams=teams) for n in every},
        "knockout": {a: {n: knockout_tables(n, teams=teams, advance=a) for n in every} for a in advances},
    }


def counts_data() -> dict:
    """Tables a round (points) and by round (knockout, per number going on) for every count of
    entrants, for individuals (``0``) and teams (``1``); the match hint for each number of games."""
    return {
        "0": _counts(False),
        "1": _counts(True),
        "games": {n: str(games_hint(n)) for n in range(1, 8)},
    }


def games_hint(games: int) -> str:
    """What a match of ``games`` games is (the hint follows the chosen number)."""
    if games <= 1:
        return _("One game a table: its order decides who goes on.")
    return _("Best of %(n)s: every table plays %(n)s games; games won, then the match total, decide.") % {
        "n": games
    }


class EventForm(RuleSetChoiceMixin, EngineErrorsMixin, NulFreeForm):
    """The new event: its fields depend on the chosen rule set (and eşli), read from the data."""

    name = forms.CharField(label=gettext_lazy("Event name"), max_length=200)
    date = forms.DateField(
        label=gettext_lazy("Date"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    ruleset = forms.ChoiceField(label=gettext_lazy("Rule set"), widget=forms.RadioSelect)
    hands_per_game = forms.TypedChoiceField(label=gettext_lazy("Hands per game"), coerce=int)
    kind = forms.ChoiceField(
        label=gettext_lazy("Format"),
        widget=forms.RadioSelect,
        choices=[
            (Event.POINTS, gettext_lazy("Points (puanlı)")),
            (Event.KNOCKOUT, gettext_lazy("Knockout (eleme)")),
        ],
        initial=Event.POINTS,
    )
    rounds = forms.IntegerField(
        label=gettext_lazy("Rounds"), min_value=1, max_value=20, initial=3, required=False
    )
    placement_points = forms.CharField(
        label=gettext_lazy("Placement points"),
        required=False,
        help_text=gettext_lazy("What 1st, 2nd, 3rd … place of a game gives, first place first."),
    )
    advance = forms.TypedChoiceField(
        label=gettext_lazy("Advance from each table"), coerce=int, required=False
    )
    games_per_match = forms.TypedChoiceField(
        label=gettext_lazy("Games per match"),
        coerce=int,
        choices=[(n, str(n)) for n in (1, 2, 3, 4, 5, 6, 7)],
        initial=1,
        required=False,
    )
    entrants = forms.CharField(
        label=gettext_lazy("Entrants"),
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "autocomplete": "off"}),
    )
    seed = forms.IntegerField(
        label=gettext_lazy("Seed of the draw"),
        required=False,
        help_text=gettext_lazy("Round 1 is drawn from it: anyone can redo the draw with it (decision E2)."),
    )

    def __init__(self, data=None, initial=None, **kwargs) -> None:
        initial = dict(initial or {})
        initial.setdefault("seed", new_seed())
        initial.setdefault("date", datetime.date.today().isoformat())
        super().__init__(data, initial=initial, **kwargs)
        source = data if data is not None else initial
        self.chosen = self.chosen_from(source)  # a house rule set's base, when one is chosen
        self.partners = checked(source.get("option_partners"))
        self.fields["ruleset"].choices = [(rs.id, _(rs.name)) for rs in all_rulesets()]
        self.fields["ruleset"].initial = self.chosen.id
        self.add_option_fields()
        counts = self.chosen.hand_counts
        self.fields["hands_per_game"].choices = [(n, str(n)) for n in counts]
        self.fields["hands_per_game"].initial = DEFAULT_HANDS if DEFAULT_HANDS in counts else counts[-1]
        # Every count stays a choice (the rules refuse 2 or 3 with teams, on this field): a
        # points event's hidden knockout settings never block it.
        self.fields["advance"].choices = [(n, str(n)) for n in (1, 2, 3)]
        self.fields["advance"].initial = 1 if self.partners else 2
        self.fields["placement_points"].initial = "2, 0" if self.partners else "3, 2, 1, 0"
        self.fields["entrants"].help_text = (
            _("One team a line: the team's name, a colon, its two players (“Mavi: Ayşe, Cem”).")
            if self.partners
            else _("One player a line, 3 to 256. Late arrivals can be added later.")
        )
        self.fields["games_per_match"].help_text = games_hint(parse_count(source.get("games_per_match")) or 1)
        style_widgets(self.fields.values())
        self.helper = self.page_helper()
        self.options_helper = self.part_helper(self.options_layout())

    options_url_name = "scorer:event_new_options"

    def page_helper(self) -> FormHelper:
        helper = FormHelper(self)
        helper.form_id = "event-new-form"
        helper.form_class = "event-new"
        helper.form_action = "scorer:event_new"
        helper.attrs = {"novalidate": True}
        helper.layout = Layout(
            Div("name", css_class="mb-3"),
            Div("date", css_class="mb-3"),
            Field("ruleset", template="scorer/crispy/ruleset_cards.html"),
            snippet("scorer/crispy/game_new_refresh.html"),
            self.options_layout(),
            Section(
                _("Format"),
                Field("kind", template="scorer/crispy/segmented.html"),
                Section(
                    _("Points (puanlı)"),
                    Div("rounds", css_class="mb-2"),
                    Div("placement_points", css_class="mb-2"),
                    legend_class="h6",
                    css_class="format-part mb-3",
                    data_kind=Event.POINTS,
                ),
                Section(
                    _("Knockout (eleme)"),
                    Div("advance", css_class="mb-2"),
                    Div("games_per_match", css_class="mb-2"),
                    legend_class="h6",
                    css_class="format-part mb-3",
                    data_kind=Event.KNOCKOUT,
                ),
                snippet("scorer/events/_event_counts.html"),
                css_class="mb-3",
            ),
            Div("seed", css_class="mb-4"),
            StrictButton(_("Create the event"), type="submit", css_class="btn-primary btn-lg w-100"),
        )
        return helper

    def counts(self) -> dict:
        """Rounds and tables by number of entrants: a few rows for the page (read without
        JavaScript) and every count, individuals and teams, for static/js/event_new.js."""
        advances = (1,) if self.partners else (1, 2, 3)
        rows = [
            {
                "entrants": n,
                "points": points_tables(n, teams=self.partners),
                "knockout": [knockout_tables(n, teams=self.partners, advance=a) for a in advances],
            }
            for n in COUNT_ROWS
        ]
        return {"advances": advances, "rows": rows, "live": counts_data()}

    def options_layout(self) -> Div:
        """What depends on the rule set and eşli (htmx swaps exactly this part in)."""
        return Div(
            snippet("scorer/crispy/game_options_head.html"),
            Section(
                _("Options"),
                *(Field(f.name, template="scorer/crispy/game_option.html") for f in self.option_fields),
                css_class="mb-3",
            ),
            Div("hands_per_game", css_class="mb-3"),
            Div("entrants", css_class="mb-3 entrants"),
            css_id="game-options",
            css_class="game-options",
            data_ruleset=self.chosen.id,
        )

    def clean_placement_points(self) -> list[int] | None:
        text = (self.cleaned_data.get("placement_points") or "").strip()
        if not text:
            return None
        points = [parse_count(part) for part in re.split(r"[\s,;]+", text) if part]
        if None in points:  # "²" or 5,000 digits are no points either (parse_count's ASCII digits)
            raise forms.ValidationError(_("Write whole numbers separated by commas, such as 3, 2, 1, 0."))
        return points

    def clean_entrants(self) -> list:
        lines = [line.strip() for line in self.cleaned_data.get("entrants", "").splitlines() if line.strip()]
        if not self.partners:
            return lines
        return [self.team(line) for line in lines]

    @staticmethod
    def team(line: str) -> dict:
        """``Mavi: Ayşe, Cem`` → a team; without a name, the team is named after its players."""
        name, _colon, rest = line.rpartition(":") if ":" in line else ("", "", line)
        players = [p.strip() for p in re.split(r"[,;/&]", rest) if p.strip()]
        return {"name": name.strip() or " – ".join(players), "players": players}

    def event_kwargs(self) -> dict:
        """Keyword arguments for ``event_create`` (after ``is_valid()``)."""
        data = self.cleaned_data
        knockout = data["kind"] == Event.KNOCKOUT
        date = data.get("date")
        return {
            "name": data["name"],
            "date": date.isoformat() if date else None,
            "ruleset": self.chosen.id,
            "house": self.house_copy,
            "options": self.chosen_options(data),
            "hands_per_game": data["hands_per_game"],
            "kind": data["kind"],
            "entrants": data["entrants"],
            "seed": data.get("seed"),
            **(
                {"advance": data.get("advance"), "games_per_match": data.get("games_per_match") or 1}
                if knockout
                else {"rounds": data.get("rounds"), "placement_points": data.get("placement_points")}
            ),
        }

    def engine_field(self, path: str) -> str | None:
        if path.startswith("options."):
            return f"option_{path.removeprefix('options.')}"
        if path.startswith("format."):
            return path.removeprefix("format.")
        if path.startswith("entrants"):
            return "entrants"
        return path if path in ("name", "date", "ruleset", "hands_per_game", "seed") else None

    def add_engine_errors(self, errors) -> None:
        """Errors of one entrant name its line (``entrants[3]`` is line 4)."""
        lines = []
        for error in errors:
            match = re.match(r"entrants\[(\d+)\]", error.path)
            if match:
                message = _("Line %(n)s: %(error)s") % {"n": int(match[1]) + 1, "error": error.message}
                lines.append(type(error)(error.path, message))
            else:
                lines.append(error)
        super().add_engine_errors(lines)


class EventImportForm(GameImportForm):
    """An event document (EVENT_FORMAT.md): the organizer page's turnuva.json, or one written by hand."""

    max_bytes = MAX_EVENT_IMPORT_BYTES
    file_too_large = gettext_lazy("The file is too large (at most 2 MiB).")
    text_too_long = gettext_lazy("The text is too long (at most 2 MiB).")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["file"].help_text = _("The organizer page's “JSON” download (turnuva.json).")
        self.helper.form_action = "scorer:event_import"
        self.helper.form_class = "event-import"
        self.helper.layout = Layout(
            "file",
            "text",
            StrictButton(_("Import the event"), type="submit", css_class="btn-primary btn-lg w-100"),
        )


# --- the organizer's actions ------------------------------------------------------------------------

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

    action = forms.ChoiceField(choices=[(a, a) for a in ("start", "pause", "resume", "add")])
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


__all__ = [
    "ActionForm",
    "CloseForm",
    "DecideForm",
    "EventForm",
    "EventImportForm",
    "LateForm",
    "TieBreakForm",
    "TimerForm",
    "WithdrawForm",
    "placement_text",
]


class CardCodeForm(CodeForm):
    """A table card's code typed in: the same as scanning the card."""

    msg_not_a_code = gettext_lazy(
        "A card code has 6 letters and digits, as the table card shows it (for example K7M-Q2P)."
    )
    msg_no_such_code = gettext_lazy(
        "No table card has this code. Check it on the card, or ask the organizer."
    )
    field_id = "card-code"
    button_label = gettext_lazy("Open the table")

    def __init__(self, data=None, **kwargs) -> None:
        super().__init__(data, **kwargs)
        self.fields["kod"].label = gettext_lazy("Card code")
        self.fields["kod"].help_text = gettext_lazy("6 letters and digits, for example K7M-Q2P.")


SEARCH_MAX = 80
"""At most this many characters of a seat search are read (the longest team name fits)."""


class SearchField(forms.CharField):
    """What is searched for, shown again as it is read: trimmed, at most :data:`SEARCH_MAX`."""

    def prepare_value(self, value):
        return value.strip()[:SEARCH_MAX] if isinstance(value, str) else value

    def clean(self, value) -> str:
        return super().clean(value)[:SEARCH_MAX]


class SeatSearchForm(NulFreeForm):
    """The public standings' "find your seat" (without JavaScript): a name, or part of one."""

    button_label = gettext_lazy("Search")
    button_class = "btn-theme-outline"
    label_class = "fw-semibold"
    joined = True
    announce_errors = False

    ara = SearchField(
        required=False,
        label=pgettext_lazy("event", "Find your seat"),
        help_text=pgettext_lazy("event", "Type your name: your table and seat show."),
        widget=forms.SearchInput(attrs={"class": "form-control", "autocomplete": "off"}),
    )

    def __init__(self, data=None, **kwargs) -> None:
        super().__init__(data, auto_id="seat-%s", **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
        self.helper.layout = Layout(Field("ara", template="scorer/crispy/with_button.html"))

    def query(self) -> str:
        """What to look for ("" when nothing, or nothing readable, was typed)."""
        return self.cleaned_data["ara"] if self.is_valid() else ""
