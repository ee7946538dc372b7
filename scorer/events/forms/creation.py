"""A new event (name, date, rule set and options, hands, format, entrants, seed) and an event's
import.

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
from django.utils.translation import gettext_lazy

from scorer.events.models import Event, new_seed
from scorer.events.rules.document import MAX_ENTRANTS
from scorer.events.rules.nextround import knockout_tables, points_tables
from scorer.formkit.fields import EngineErrorsMixin, NulFreeForm
from scorer.formkit.layout import Section, snippet
from scorer.platform.numbers import parse_count
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
        self.choose_ruleset(source)
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
        self.lay_out()

    options_url_name = "scorer:event_new_options"

    def page_helper(self) -> FormHelper:
        return self.page_helper_of(
            "event",
            Div("name", css_class="mb-3"),
            Div("date", css_class="mb-3"),
            *self.ruleset_parts(),
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
            *self.option_parts(),
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
