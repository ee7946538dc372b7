"""One hand of a table (or of the calculator): every player's state, only the fields the rule set has."""

import re
from collections.abc import Mapping
from functools import cache, cached_property

from django import forms
from django.core.exceptions import ValidationError
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorer.engine import RuleSet, get_ruleset
from scorer.formkit.fields import EngineErrorsMixin, NulFreeForm, error_items
from scorer.tables.forms.gosterge import GOSTERGE, gosterge_data, gosterge_fields, gosterge_initial
from scorer.tables.forms.handfields import (
    DECK,
    OPENED_CHOICES,
    REMAINING,
    PlayerFields,
    finisher_field,
    player_fields,
    player_initial,
    points_hint,
    quick_form_players,
    typed_number,
)

PLAYER_PATH = re.compile(r"^(?:hands\[\d+\]\.)?players\[(\d+)\](?:\.(.+))?$")


ONE_FINISHER = gettext_lazy("Only one player can finish a hand.")


FINISHER_OPENED = gettext_lazy("The finisher has opened: choose Sets or Pairs.")


POINTS_EMPTY = gettext_lazy("Left in hand is empty: if it is 0, type 0.")


PLAIN_WIDGETS = frozenset({forms.TextInput, forms.NumberInput, forms.Select, forms.RadioSelect})
"""The widgets whose value is the field's last posted value, ``data.get(name)`` (Django's own)."""


OPEN_TYPED = "open_typed"
"""The posted button that says "they opened with sets": the finisher and every player with numbers
typed who are still on "Açmadı" are read as opened with sets (what okeycalc.js does while typing;
without JavaScript the page offers it once, after the first save)."""


class HandForm(EngineErrorsMixin, NulFreeForm):
    """All players of one hand. Fields are named ``p{i}-<field>``; ``finisher`` is one radio
    (a player index, or ``deck`` when the deck ran out). Only the fields the rule set has exist.

    Laid out by one template, ``templates/scorer/_hand_form.html``, from :attr:`players` (the hand
    entry page and its preview are the hot path: no layout objects are built per request).
    """

    def __init__(self, ruleset, options, names, data=None, initial=None, *, dealer=None, **kwargs) -> None:
        super().__init__(data, initial=initial, **kwargs)
        self.ruleset = ruleset if isinstance(ruleset, RuleSet) else get_ruleset(ruleset)
        self.options = self.ruleset.normalize_options(options)
        self.names = list(names)
        self.dealer = dealer
        self.fields["finisher"] = finisher_field(self.names)
        self.fields.update(player_fields(self.ruleset, self.options, len(self.names)))
        self.fields.update(gosterge_fields(self.ruleset))  # a house that multiplies by its colour
        if self.is_bound and self.data.get(OPEN_TYPED):
            self.data = self.opened_with_sets(self.data)

    def openable(self, data: Mapping) -> list[int]:
        """The players left on "Açmadı" who finished or have numbers typed that would not count."""
        counted = [k for k in REMAINING if k != "okeys" or not self.ruleset.okeys_for_non_openers]
        return [
            i
            for i in range(len(self.names))
            if str(data.get(f"p{i}-opened") or "none") == "none"
            and (
                data.get("finisher") == str(i)
                or any(typed_number(data.get(f"p{i}-{k}")) > 0 for k in counted)
            )
        ]

    def opened_with_sets(self, data: Mapping) -> Mapping:
        opened = data.copy()
        for i in self.openable(data):
            opened[f"p{i}-opened"] = "sets"
        return opened

    @property
    def openable_names(self) -> list[str]:
        """Who the page's "they opened with sets" button opens (nobody on a form not posted)."""
        return [self.names[i] for i in self.openable(self.data)] if self.is_bound else []

    @property
    def pristine(self) -> bool:
        """Nothing typed and nothing stored shown: the form shows only what its table (rule set,
        options, names, dealer) and the language make of it, so its markup can be cached."""
        return not self.is_bound and not self.initial

    @property
    def layout_key(self) -> str:
        """Everything a pristine form's markup depends on besides the language (a cache key part)."""
        rules = self.ruleset.id if self.ruleset.house is None else repr(self.ruleset.house)
        return repr((rules, tuple(sorted(self.options.items())), tuple(self.names), self.dealer))

    @property
    def foul_kinds(self) -> tuple[str, ...]:
        return self.ruleset.foul_kinds(self.options)

    # --- layout: templates/scorer/_hand_form.html, one template (the hot path builds no layout objects) ---
    @property
    def points_help(self) -> str:
        """What to count in every player's "Kalan sayı": said once, above the players."""
        return points_hint(self.ruleset)

    def bound(self, name: str) -> forms.BoundField | None:
        return self[name] if name in self.fields else None

    @property
    def finisher_value(self) -> str:
        return str(self["finisher"].value() or "")

    def player(self, i: int) -> PlayerFields:
        p = f"p{i}-"
        opening = [self.bound(p + n) for n in ("opening_size", "side_tile", "opening_order")]
        return PlayerFields(
            index=i,
            name=self.names[i],
            team=i % 2 + 1 if self.options.get("partners") else None,
            dealer=self.dealer == i,
            finisher=self.finisher_value == str(i),
            opened=self[p + "opened"],
            opened_value=str(self[p + "opened"].value() or "none"),
            flags=[self[p + flag] for flag in self.ruleset.finish_flags],
            points=self[p + "points"],
            okeys=self[p + "okeys"],
            fake_okeys=self[p + "fake_okeys"],
            fouls=[self[f"{p}foul_{kind}"] for kind in self.foul_kinds],
            opening=[f for f in opening if f is not None],
            dropped=self.dropped(i),
        )

    def dropped(self, i: int) -> list[str]:
        """The fields typed for player ``i`` that do not count because they never opened.

        A player who never opened pays the fixed 202 whatever they hold; the typed values are kept
        in the hand, and the form shows this list beside the fields (the engine adds a line too).
        """
        if self.finisher_value == str(i):
            return []
        p = f"p{i}-"
        if str(self[p + "opened"].value() or "none") != "none":
            return []
        fields = [k for k in REMAINING if k != "okeys" or not self.ruleset.okeys_for_non_openers]
        return [k for k in fields if typed_number(self[p + k].value()) > 0]

    def dropped_signature(self) -> str:
        """Which typed values do not count, as ``p1-points p3-okeys``: the page's warnings, in one word."""
        if self.pristine:  # nothing typed, nothing stored: every count is at its empty start
            return ""
        return " ".join(f"p{i}-{key}" for i in range(len(self.names)) for key in self.dropped(i))

    @property
    def okeys_count_unopened(self) -> bool:
        return bool(self.ruleset.okeys_for_non_openers)

    @cached_property
    def players(self) -> list[PlayerFields]:
        """The blocks the template lays out (built once per render: the data does not change)."""
        return [self.player(i) for i in range(len(self.names))]

    def error_summary(self) -> list[dict]:
        """Every error with the player it is about, for the list above the form or in the preview."""
        return error_items(self, self.error_label)

    def error_label(self, name: str, bound: forms.BoundField) -> str:
        if match := re.match(r"p(\d+)-", name):
            return f"{self.names[int(match[1])]} · {bound.label}"
        return str(bound.label)

    # --- checks --------------------------------------------------------------------------------------
    def _clean_fields(self) -> None:
        """Django's ``Form._clean_fields`` without making a ``BoundField`` of each field first: each
        field's widget reads its value and the field cleans it, errors go on the field. The same
        outcome for this form, which has no disabled field and no ``clean_<field>`` method; its
        forty-odd bound fields were a fifth of a live preview's form work, which shows none of them
        (a page that shows the form makes them as it renders them). Should a field be disabled or
        have its own ``clean_<field>``, Django's own path runs."""
        if _field_cleaners(type(self)) or any(field.disabled for field in self.fields.values()):
            return super()._clean_fields()
        data, files = self.data, self.files
        # A posted form's lists read directly, for the widgets whose value is ``data.get(name)``:
        # the last value posted, or None (what MultiValueDict.get returns, without its calls).
        plain = getattr(type(data), "get", None) is MultiValueDict.get and self.prefix is None
        posted = dict.get if plain else None
        for name, field in self.fields.items():
            widget = field.widget
            if posted is not None and type(widget) in PLAIN_WIDGETS:
                values = posted(data, name)
                value = values[-1] if values else None
            else:
                value = widget.value_from_datadict(data, files, self.add_prefix(name))
            try:
                self.cleaned_data[name] = field.clean(value)
            except ValidationError as error:
                self.add_error(name, error)

    def clean(self) -> dict:
        """Nothing counts that nobody typed: one finisher, who opened; every other opener's points typed."""
        cleaned = super().clean()
        if self.data is not None and hasattr(self.data, "getlist") and len(self.data.getlist("finisher")) > 1:
            self.add_error("finisher", ONE_FINISHER)
        finisher = cleaned.get("finisher")
        for i in range(len(self.names)):
            p = f"p{i}-"
            opened = cleaned.get(p + "opened") or "none"
            if finisher == str(i):
                if opened == "none" and p + "opened" not in self.errors:
                    self.add_error(p + "opened", FINISHER_OPENED)
            elif opened != "none" and cleaned.get(p + "points") is None and p + "points" not in self.errors:
                self.add_error(p + "points", POINTS_EMPTY)
        return cleaned

    def typed_lines(self) -> list[str]:
        """What was typed, one line per player in the page's words (from the posted data, valid or
        not): the text a phone that lost its edit rights keeps on screen to copy."""
        finisher = self.finisher_value
        lines = [f"{_('Who finished the hand?')} {self._finisher_label(finisher)}"]
        opened_labels = dict(OPENED_CHOICES)
        for i, name in enumerate(self.names):
            p = f"p{i}-"
            opened = str(self[p + "opened"].value() or "none")
            parts = [str(opened_labels.get(opened, opened))]
            for key, field in self.fields.items():
                if not key.startswith(p) or key == p + "opened":
                    continue
                value = self[key].value()
                if value in (None, "", False, 0, "0"):
                    continue
                parts.append(str(field.label) if value is True else f"{field.label} {value}")
            lines.append(f"{name}: {', '.join(parts)}")
        return lines

    def _finisher_label(self, value: str) -> str:
        choices = dict(self.fields["finisher"].choices)
        return str(choices.get(value, "—"))

    # --- data ----------------------------------------------------------------------------------------
    def hand_data(self) -> dict:
        """The hand in HAND_FORMAT.md form (after ``is_valid()``): only what differs from the defaults."""
        players = {"players": [self.player_data(i) for i in range(len(self.names))]}
        return players | gosterge_data(self.cleaned_data, str(self.initial.get("indicator") or ""))

    @property
    def gosterge(self) -> forms.BoundField | None:
        """The gösterge's colour, where the table's house multiplies each hand by it (else None)."""
        return self[GOSTERGE] if GOSTERGE in self.fields else None

    def player_data(self, i: int) -> dict:
        data, p = self.cleaned_data, f"p{i}-"
        player: dict = {"name": self.names[i], "opened": data.get(p + "opened") or "none"}
        if data.get("finisher") == str(i):
            player["finished"] = True
            # Finish flags are the finisher's; boxes left ticked under another player are not sent.
            finish = {flag: True for flag in self.ruleset.finish_flags if data.get(p + flag)}
            if finish:
                player["finish"] = finish
        # The finisher holds no tiles: the page hides their numbers (and, with JavaScript, does not send them).
        remaining = {key: data[p + key] for key in REMAINING if data.get(p + key)}
        if remaining and not player.get("finished"):
            player["remaining"] = remaining
        fouls = {kind: data[f"{p}foul_{kind}"] for kind in self.foul_kinds if data.get(f"{p}foul_{kind}")}
        if fouls:
            player["fouls"] = fouls
        if data.get(p + "side_tile"):
            player["side_tile"] = {"value": data[p + "side_tile"]}
        opening = self.opening_data(i, player["opened"])
        if opening:
            player["first_opening"] = opening
        return player

    def opening_data(self, i: int, opened: str) -> dict:
        data, p = self.cleaned_data, f"p{i}-"
        opening = {}
        if data.get(p + "opening_size") is not None:
            opening["pairs" if opened == "pairs" else "points"] = data[p + "opening_size"]
        if data.get(p + "opening_order") is not None:
            opening["order"] = data[p + "opening_order"]
        return opening

    @classmethod
    def from_hand(cls, ruleset, options, names, hand_data: Mapping, **kwargs) -> "HandForm":
        """An unbound form showing a stored hand (tile lists are shown as their points and okeys)."""
        rs = ruleset if isinstance(ruleset, RuleSet) else get_ruleset(ruleset)
        players = quick_form_players(rs, options, names, hand_data)
        initial: dict = {"finisher": DECK, **gosterge_initial(hand_data)}
        if hand_data.get("indicator"):
            initial["indicator"] = hand_data["indicator"]  # kept when its colour is chosen again
        for i, player in enumerate(players):
            initial.update(player_initial(i, player))
            if player.get("finished"):
                initial["finisher"] = str(i)
        return cls(rs, options, names, initial=initial, **kwargs)

    def engine_field(self, path: str) -> str | None:
        if path == "indicator" and GOSTERGE in self.fields:
            return GOSTERGE
        match = PLAYER_PATH.match(path)
        if match is None:
            return None
        i, rest = int(match[1]), match[2] or ""
        if rest == "finished":
            return "finisher"
        head, _sep, tail = rest.partition(".")
        return f"p{i}-{self.player_field(head, tail.split('.')[0].split('[')[0], i)}"

    def player_field(self, head: str, tail: str, i: int) -> str:
        p = f"p{i}-"
        if head == "remaining":
            return tail if tail in ("okeys", "fake_okeys") else "points"
        if head == "finish":
            flags = [f for f in self.ruleset.finish_flags if self.cleaned_or_data(p + f)]
            return tail or (flags or list(self.ruleset.finish_flags) or [""])[0]
        if head == "fouls":
            return f"foul_{tail}" if tail else f"foul_{(self.foul_kinds or ('',))[0]}"
        if head == "first_opening":
            return "opening_order" if tail == "order" else "opening_size"
        return head  # opened, side_tile; name and unknown heads have no field

    def cleaned_or_data(self, name: str) -> bool:
        return bool(getattr(self, "cleaned_data", {}).get(name))


@cache
def _field_cleaners(form_class: type) -> frozenset[str]:
    """The ``clean_<field>`` methods of a hand form's class (none for :class:`HandForm` itself)."""
    return frozenset(name for name in dir(form_class) if name.startswith("clean_"))
