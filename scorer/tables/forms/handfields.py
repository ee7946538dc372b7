"""The fields of a hand form: each player's fields as the rule set has them, a player's block for
the template (``PlayerFields``), and a stored hand as the form's initial values."""

from collections.abc import Mapping
from dataclasses import dataclass

from django import forms
from django.utils.translation import get_language, gettext_lazy, pgettext, pgettext_lazy
from django.utils.translation import gettext as _

from scorer.engine import FLAG_LABELS, FOUL_LABELS, InvalidInput, RuleSet
from scorer.engine.parse import MAX_COUNT, MAX_POINTS, parse_hand
from scorer.formkit.fields import style_widgets
from scorer.tables.storedtext import shown_hand

OPENED_CHOICES = (
    # Translators: how a player opened: Açmadı / Per-Seri / Çift.
    ("none", gettext_lazy("Not opened")),
    ("sets", gettext_lazy("Sets")),
    ("pairs", gettext_lazy("Pairs")),
)


REMAINING = ("points", "okeys", "fake_okeys")


DECK = "deck"
"""The finisher's value when nobody finished: the deck ran out."""


FINISH_WORDS = {
    "pairs": pgettext_lazy("how a hand was finished", "pairs"),
    "okey_discard": pgettext_lazy("how a hand was finished", "okey discard"),
    "elden": pgettext_lazy("how a hand was finished", "elden"),
    "nine_pairs_run": pgettext_lazy("how a hand was finished", "9 pairs + 1 run"),
}
"""How a finisher went out (``Hand.finish``), in the words the board, the sheet and the CSV use; the
hand form's finish flags show them as their short labels."""


SIDE_TILE_VALUES = range(1, 14)


NUMERIC = {"inputmode": "numeric", "autocomplete": "off"}


@dataclass(frozen=True, slots=True)
class PlayerFields:
    """One player's fields, grouped for the template."""

    index: int
    name: str
    team: int | None
    dealer: bool
    finisher: bool
    opened: forms.BoundField
    opened_value: str
    flags: list[forms.BoundField]
    points: forms.BoundField
    okeys: forms.BoundField
    fake_okeys: forms.BoundField
    fouls: list[forms.BoundField]
    opening: list[forms.BoundField]
    dropped: list[str]

    @property
    def extras(self) -> list[forms.BoundField]:
        """What a player's "Okey, ceza, açılış" disclosure holds, under their row: the okeys and fake
        okeys left, the first opening's details, then the penalties (most hands need none of them)."""
        return [self.okeys, self.fake_okeys, *self.opening, *self.fouls]

    @property
    def extras_label(self) -> str:
        """The disclosure's summary: what it holds, in short ("Okey · ceza · açılış")."""
        words = [_("Okeys")]
        if self.fouls:
            words.append(pgettext("what a player's disclosure holds", "fouls"))
        if self.opening:
            words.append(pgettext("what a player's disclosure holds", "opening"))
        return " · ".join(str(word) for word in words)

    @property
    def extras_count(self) -> int:
        """How many values behind the disclosure are set (its badge)."""
        return sum(is_set(f) for f in self.extras)

    @property
    def extras_open(self) -> bool:
        """Open as the page comes when it holds a value or an error: a correction shows everything
        the hand has, and a refused field is never folded away."""
        return any(f.errors for f in self.extras) or self.extras_count > 0


def typed_number(value: object) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def is_set(field: forms.BoundField) -> bool:
    """A value other than the field's nothing: a count above 0, a choice made."""
    if isinstance(field.field, forms.IntegerField):
        return typed_number(field.value()) > 0
    return field.value() not in (None, "")


class CountField(forms.IntegerField):
    """A whole number typed as digits: a plain count within its bounds (``"0"``, ``"23"``: at most
    four ASCII digits, what nearly every posted field holds) is read directly; anything else goes
    through Django's checks, with their messages. The result is the same either way: this is the
    hot path of every live preview and save (a hand form has some thirty of them). An empty value
    of an optional count is None, as Django makes it."""

    def clean(self, value):
        if type(value) is str and len(value) <= 4 and value.isascii() and value.isdigit():
            number = int(value)
            if self.min_value <= number <= self.max_value:
                return number
        elif (value is None or value == "") and not self.required:
            return None  # an empty optional count, as Django cleans it
        return super().clean(value)


class FixedChoiceField(forms.ChoiceField):
    """A choice among fixed values (set once, when the field is made): a posted value that is one
    of them is taken as it is; anything else goes through Django's checks, with their messages."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.values = frozenset(str(value) for value, _label in self.choices)

    def clean(self, value):
        if type(value) is str and value in self.values:
            return value
        return super().clean(value)


class OptionalNumberField(forms.TypedChoiceField):
    """A number chosen from a list, or none: nothing chosen (``""``, what most hands post) is
    ``empty_value`` straight away, as Django's checks make it; anything else goes through them."""

    def clean(self, value):
        if (value is None or value == "") and not self.required:
            return self.empty_value
        return super().clean(value)


def _optional_number(label: str, values: range) -> OptionalNumberField:
    return OptionalNumberField(
        label=label,
        choices=[("", "—")] + [(n, str(n)) for n in values],
        coerce=int,
        empty_value=None,
        required=False,
    )


def _count_field(label: str, high: int) -> CountField:
    return CountField(
        label=label,
        min_value=0,
        max_value=high,
        required=False,
        initial=0,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "text-center"}),
    )


def player_fields(ruleset: RuleSet, options: Mapping, count: int) -> dict[str, forms.Field]:
    """Every player's fields (``p{i}-<name>``) of a hand form, in the page's order.

    Built once per layout (rule set, options, seats) and language in a process, like the fields a
    Form class declares (building them was a fifth of a live preview's work); each form gets its
    own copy of each field, which shares the field's widget: the widgets are styled when the
    layout is built and never changed after (bound values, errors and attributes are the form's).
    A form may change its own fields (``disabled``, ``required``…) without reaching another form.
    """
    rules = ruleset.id if ruleset.house is None else repr(ruleset.house)
    layout = (rules, repr(sorted(options.items())), count, get_language())
    fields = _kept(layout, lambda: _build_player_fields(ruleset, options, count))
    return {name: _copy(field) for name, field in fields.items()}


def _kept(layout: tuple, build):
    """What ``build`` makes for ``layout``, made once per process (:data:`_LAYOUTS`)."""
    found = _LAYOUTS.get(layout)
    if found is None:
        if len(_LAYOUTS) >= MAX_LAYOUTS:  # houses and tables are many: start again rather than grow
            _LAYOUTS.clear()
        found = _LAYOUTS[layout] = build()
    return found


def _copy(field: forms.Field) -> forms.Field:
    """``copy.copy(field)`` (the same shallow copy of its attributes) at a fifth of its cost."""
    clone = object.__new__(type(field))
    clone.__dict__ = field.__dict__.copy()
    return clone


def finisher_field(names: list[str]) -> forms.ChoiceField:
    """The form's "who finished" radio (a player's index, or ``deck``): kept like the players'
    fields, per table's names and language, each form getting its own copy."""

    def build() -> FixedChoiceField:
        field = FixedChoiceField(
            label=_("Who finished the hand?"),
            choices=[(str(i), name) for i, name in enumerate(names)] + [(DECK, _("Deck ran out"))],
            widget=forms.RadioSelect,
            error_messages={"required": _("Choose who finished the hand, or “Deck ran out”.")},
        )
        style_widgets([field])
        return field

    return _copy(_kept(("finisher", tuple(names), get_language()), build))


MAX_LAYOUTS = 256
_LAYOUTS: dict[tuple, dict[str, forms.Field] | forms.Field] = {}


def _build_player_fields(ruleset: RuleSet, options: Mapping, count: int) -> dict[str, forms.Field]:
    fields: dict[str, forms.Field] = {}
    for i in range(count):
        p = f"p{i}-"
        fields[p + "opened"] = FixedChoiceField(
            label=_("Opened"),
            choices=OPENED_CHOICES,
            required=False,
            initial="none",
            widget=forms.RadioSelect,
        )
        for flag in ruleset.finish_flags:
            fields[p + flag] = forms.BooleanField(label=_(FLAG_LABELS[flag]), required=False)
            fields[p + flag].short_label = FINISH_WORDS[flag]
        fields[p + "points"] = CountField(
            label=_("Left in hand"),
            help_text=points_hint(ruleset),
            min_value=0,
            max_value=MAX_POINTS,
            required=False,
            widget=forms.TextInput(attrs={**NUMERIC, "class": "form-control-lg"}),
        )
        fields[p + "okeys"] = _count_field(_("Okeys"), 2)
        fields[p + "fake_okeys"] = _count_field(_("Fake okeys"), 2)
        for kind in ruleset.foul_kinds(options):
            fields[f"{p}foul_{kind}"] = _count_field(_(FOUL_LABELS[kind]), MAX_COUNT)
        fields.update({p + name: field for name, field in opening_fields(ruleset, options, count).items()})
    style_widgets(fields.values())
    return fields


def points_hint(ruleset: RuleSet) -> str:
    """What to count in "Kalan sayı", by the rule set (SCORING_SPEC §2, §3): a fake okey at the okey's
    number; real okeys in their own stepper; in LOCA a fake okey is also tapped in its stepper (+101)."""
    if ruleset.fake_okey_penalty:
        return _(
            "Add the tiles left, a fake okey at the okey's number (and in “Fake okeys”); real okeys go in “Okeys”."
        )
    return _("Add the tiles left, a fake okey at the okey's number; real okeys go in “Okeys”.")


def opening_fields(ruleset: RuleSet, options: Mapping, count: int) -> dict[str, forms.Field]:
    """The optional details of a player's first opening that this rule set looks at."""
    fields: dict[str, forms.Field] = {}
    if ruleset.uses_first_opening(options):
        fields["opening_size"] = CountField(
            label=_("Opening size"),
            min_value=1,
            max_value=300,
            required=False,
            widget=forms.TextInput(attrs=NUMERIC),
        )
        fields["opening_order"] = _optional_number(_("Order of opening"), range(1, count + 1))
    if ruleset.has_side_tile(options):
        fields["side_tile"] = _optional_number(_("Side tile opened with"), SIDE_TILE_VALUES)
        fields["side_tile"].help_text = _("The previous player pays the penalty.")
    return fields


def quick_form_players(rs: RuleSet, options, names, hand_data: Mapping) -> list[dict]:
    players = list(hand_data.get("players") or [])
    if not any("tiles" in (p.get("remaining") or {}) for p in players):
        return players
    seated = shown_hand(hand_data, list(names))  # a player renamed since is their seat
    try:
        parsed = parse_hand(seated, names=list(names), ruleset=rs, options=rs.normalize_options(options))
    except InvalidInput:  # a hand that no longer validates is shown as stored
        return players
    quick = []
    for raw, player in zip(players, parsed.players, strict=True):
        r = player.remaining
        values = {"points": r.points, "okeys": r.okeys, "fake_okeys": r.fake_okeys}
        quick.append({**raw, "remaining": {k: v for k, v in values.items() if v}})
    return quick


def player_initial(i: int, player: Mapping) -> dict:
    p = f"p{i}-"
    initial: dict = {p + "opened": player.get("opened", "none")}
    for flag, value in (player.get("finish") or {}).items():
        initial[p + flag] = bool(value)
    remaining = player.get("remaining") or {}
    # An opener who did not finish shows what they hold, 0 included (an empty field is refused);
    # a never-opened player's field stays empty unless something was typed.
    holds = player.get("opened", "none") != "none" and not player.get("finished")
    initial[p + "points"] = remaining.get("points", 0) if holds else remaining.get("points") or None
    initial[p + "okeys"] = remaining.get("okeys", 0)
    initial[p + "fake_okeys"] = remaining.get("fake_okeys", 0)
    for kind, count in (player.get("fouls") or {}).items():
        initial[f"{p}foul_{kind}"] = count
    if player.get("side_tile"):
        initial[p + "side_tile"] = player["side_tile"].get("value")
    opening = player.get("first_opening") or {}
    size = opening.get("points", opening.get("pairs"))
    if size is not None:
        initial[p + "opening_size"] = size
    if opening.get("order") is not None:
        initial[p + "opening_order"] = opening["order"]
    return initial
