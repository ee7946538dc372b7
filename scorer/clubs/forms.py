"""A new club (name, default rule set and options, members), a table or an event opened in it
(seats and entrants chosen from the members), and the admin's forms: a member to add, a member's visibility, a season, a
table to add from outside.

Like the new-table form, these validate and lay out; the services check what they build.
"""

import re

from crispy_forms.bootstrap import StrictButton
from crispy_forms.helper import FormHelper
from crispy_forms.layout import Div
from django import forms
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorer.events.forms.creation import EventForm
from scorer.formkit.fields import EngineErrorsMixin, NulFreeForm, style_widgets
from scorer.formkit.layout import Section, snippet
from scorer.tables.forms.game import GameForm, RuleSetChoiceMixin

from .models import Club

MEMBERS_LIST_ID = "club-members"
"""The id of the members' ``<datalist>``: every seat of a club's table suggests from it."""
MAX_MEMBERS = 500
PAIR_SEPARATORS = r"[,;/&+]"


def member_names(text: str) -> list[str]:
    """One member a line, or an eşli pair a line (“Ayşe & Cem”): every name once, in order."""
    names = []
    for line in text.splitlines():
        names.extend(part.strip() for part in re.split(PAIR_SEPARATORS, line) if part.strip())
    return list(dict.fromkeys(names))


class ClubForm(RuleSetChoiceMixin, EngineErrorsMixin, NulFreeForm):
    """The new club: its name, the default rule set and options of its tables, its members."""

    name = forms.CharField(label=gettext_lazy("Club name"), max_length=80)
    ruleset = forms.ChoiceField(label=gettext_lazy("Rule set"), widget=forms.RadioSelect)
    members = forms.CharField(
        label=gettext_lazy("Members"),
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "autocomplete": "off"}),
        help_text=gettext_lazy("One member a line, or an eşli pair a line (“Ayşe & Cem”)."),
    )

    options_url_name = "scorer:club_new_options"

    def __init__(self, data=None, initial=None, **kwargs) -> None:
        super().__init__(data, initial=initial, **kwargs)
        self.choose_ruleset(data if data is not None else (initial or {}))
        self.lay_out()

    def page_helper(self) -> FormHelper:
        return self.page_helper_of(
            "club",
            Div("name", css_class="mb-3"),
            *self.ruleset_parts(),
            Div("members", css_class="mb-4"),
            StrictButton(_("Open the club"), type="submit", css_class="btn-primary btn-lg w-100"),
        )

    def options_layout(self) -> Div:
        return Div(
            *self.option_parts(),
            css_id="game-options",
            css_class="game-options",
            data_ruleset=self.chosen.id,
        )

    def clean_members(self) -> list[str]:
        names = member_names(self.cleaned_data.get("members", ""))
        if not names:
            raise forms.ValidationError(_("Write at least one member."))
        if len(names) > MAX_MEMBERS:
            raise forms.ValidationError(_("A club has at most %(n)d members.") % {"n": MAX_MEMBERS})
        return names

    def club_kwargs(self) -> dict:
        data = self.cleaned_data
        return {
            "name": data["name"],
            "ruleset": self.chosen.id,
            "options": self.chosen_options(data),
            "members": data["members"],
        }

    def engine_field(self, path: str) -> str | None:
        if path.startswith("options."):
            return f"option_{path.removeprefix('options.')}"
        if path.startswith("members"):
            return "members"
        return path if path in ("name", "ruleset") else None


class ClubGameForm(GameForm):
    """A new table in the club: the club's rule set and options to start from, and each seat
    suggesting the members (``<input list>``, a plain text field without JavaScript: a guest's
    name can still be typed)."""

    def __init__(self, data=None, initial=None, *, club: Club, **kwargs) -> None:
        self.club = club
        if data is None:
            initial = {"ruleset": club.ruleset, **_option_initial(club), **(initial or {})}
        super().__init__(data, initial=initial, **kwargs)
        for field in self.player_fields:
            field.field.widget.attrs["list"] = MEMBERS_LIST_ID
        self.helper.form_action = reverse("scorer:club_table_new", args=[club.public_id])
        self.helper.form_id = "game-new-form"

    @property
    def options_url(self) -> str:
        return reverse("scorer:club_table_options", args=[self.club.public_id])


ENTRANT_LINES = 12
"""Entrant lines of a new event in the club; "More lines" adds ``MORE_LINES`` after the last filled one."""
MORE_LINES = 4
MAX_ENTRANT_LINES = 256


class ClubEventForm(EventForm):
    """A new event in the club: the club's rule set and options to start from, and one entrant a
    field (an eşli team: two fields, its players) suggesting the members (``<input list>``: a
    plain text field without JavaScript, so a guest's name can still be typed)."""

    def __init__(self, data=None, initial=None, *, club: Club, **kwargs) -> None:
        self.club = club
        if data is None:
            initial = {"ruleset": club.ruleset, **_option_initial(club), **(initial or {})}
        super().__init__(data, initial=initial, **kwargs)
        source = data if data is not None else self.initial
        del self.fields["entrants"]
        self.line_count = _line_count(source)
        self.entrant_fields: list[str] = []
        lines = {}
        for n in range(self.line_count):
            if self.partners:
                lines[f"entrant_{n}"] = _entrant_field(_("Team %(n)d, player 1") % {"n": n + 1})
                lines[f"partner_{n}"] = _entrant_field(_("Team %(n)d, player 2") % {"n": n + 1})
            else:
                lines[f"entrant_{n}"] = _entrant_field(_("Entrant %(n)d") % {"n": n + 1})
        style_widgets(lines.values())
        self.fields.update(lines)
        self.helper = self.page_helper()
        self.helper.form_action = reverse("scorer:club_event_new", args=[club.public_id])
        self.options_helper = self.part_helper(self.options_layout())

    @property
    def options_url(self) -> str:
        return reverse("scorer:club_event_options", args=[self.club.public_id])

    def options_layout(self) -> Div:
        part = super().options_layout()
        if "entrants" in self.fields:  # EventForm's own layout, before the lines replace the field
            return part
        part.fields[-1] = self.entrants_layout()
        return part

    def entrants_layout(self) -> Section:
        if self.partners:
            rows = [
                Div(
                    Div(f"entrant_{n}", css_class="col"),
                    Div(f"partner_{n}", css_class="col"),
                    css_class="row g-2 mb-2",
                )
                for n in range(self.line_count)
            ]
        else:
            rows = [Div(f"entrant_{n}", css_class="mb-2") for n in range(self.line_count)]
        return Section(
            _("Entrants"),
            snippet("scorer/clubs/_entrants_help.html"),
            *rows,
            snippet("scorer/clubs/_entrants_more.html"),
            css_class="mb-3 entrants",
        )

    def clean(self) -> dict:
        cleaned = super().clean()
        entrants, self.entrant_fields = [], []
        for n in range(self.line_count):
            players = [cleaned.get(f"entrant_{n}", ""), cleaned.get(f"partner_{n}", "")]
            players = [name.strip() for name in players if name and name.strip()]
            if not players:
                continue
            entrants.append(
                {"name": " – ".join(players), "players": players} if self.partners else players[0]
            )
            self.entrant_fields.append(f"entrant_{n}")
        if not entrants:
            self.add_error("entrant_0", _("Write at least one entrant."))
        cleaned["entrants"] = entrants
        return cleaned

    def engine_field(self, path: str) -> str | None:
        match = re.match(r"entrants\[(\d+)\]", path)
        if match and int(match[1]) < len(self.entrant_fields):
            return self.entrant_fields[int(match[1])]
        if path.startswith("entrants"):
            return "entrant_0"
        return super().engine_field(path)

    def add_engine_errors(self, errors) -> None:
        """Each entrant's error goes on its own field, without EventForm's "Line n" prefix."""
        EngineErrorsMixin.add_engine_errors(self, errors)


def _entrant_field(label: str) -> forms.CharField:
    # No max_length: a browser would cut a long name at its maxlength silently (in code units,
    # even inside an emoji); the event's own check names a name too long.
    return forms.CharField(
        label=label,
        required=False,
        widget=forms.TextInput(attrs={"list": MEMBERS_LIST_ID, "autocomplete": "off", "spellcheck": "false"}),
    )


def _line_count(source) -> int:
    """The lines shown: ``ENTRANT_LINES``, or ``MORE_LINES`` more after the last filled one."""
    filled = [
        n
        for n in range(MAX_ENTRANT_LINES)
        if (source.get(f"entrant_{n}") or "").strip() or (source.get(f"partner_{n}") or "").strip()
    ]
    last = filled[-1] + 1 if filled else 0
    return min(MAX_ENTRANT_LINES, max(ENTRANT_LINES, last + MORE_LINES))


def _option_initial(club: Club) -> dict:
    """The club's default options as the new-table form's initial values (a checkbox is "on")."""
    initial = {}
    for name, value in club.options.items():
        if value is True:
            initial[f"option_{name}"] = "on"
        elif value not in (False, None):
            initial[f"option_{name}"] = value
    return initial


class MemberAddForm(NulFreeForm):
    prefix = "uye"  # beside the season form on the same page: ids never clash
    # No max_length (a browser would cut the name silently): member_add checks it as the engine
    # checks a table's player names.
    name = forms.CharField(label=gettext_lazy("New member"))

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        style_widgets(self.fields.values())


class MemberVisibilityForm(NulFreeForm):
    """A member hidden from the club's public pages (``hidden`` "1") or shown again ("0"): the
    value of the button tapped beside the member's name."""

    hidden = forms.TypedChoiceField(choices=(("0", "0"), ("1", "1")), coerce=lambda value: value == "1")


class SeasonForm(NulFreeForm):
    prefix = "sezon"
    name = forms.CharField(label=gettext_lazy("Season name"), max_length=60)
    starts = forms.DateField(label=gettext_lazy("From"), widget=forms.DateInput(attrs={"type": "date"}))
    ends = forms.DateField(label=gettext_lazy("To"), widget=forms.DateInput(attrs={"type": "date"}))

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        style_widgets(self.fields.values())

    def clean(self) -> dict:
        cleaned = super().clean()
        starts, ends = cleaned.get("starts"), cleaned.get("ends")
        if starts and ends and ends < starts:
            self.add_error("ends", _("A season ends on or after the day it starts."))
        return cleaned


class TableJoinForm(NulFreeForm):
    """A table opened outside the club: its board address or its public id."""

    table = forms.CharField(
        label=gettext_lazy("Table"),
        max_length=300,
        help_text=gettext_lazy("The address of its board, or its id. Only its scorekeeper can add it."),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        style_widgets(self.fields.values())

    def clean_table(self) -> str:
        text = self.cleaned_data["table"].strip().rstrip("/")
        match = re.search(r"/masa/([A-Za-z0-9_-]+)(?:/|$)", text)
        return match[1] if match else text.rsplit("/", 1)[-1]


__all__ = [
    "ClubEventForm",
    "ClubForm",
    "ClubGameForm",
    "MemberAddForm",
    "SeasonForm",
    "TableJoinForm",
    "member_names",
]
