"""The hand form's gösterge colour, under a house rule set that multiplies each hand by it
(HOUSE_RULES.md ``colours``): four large buttons (radio inputs), one field of its own with its own
template (``scorer/crispy/hand_gosterge.html``, included by ``_hand_form.html``), so the hand form
only adds it where it applies.

The form asks the colour alone, which is all such a house needs: the hand's ``indicator`` is
written as that colour's 1 (``blue-1``), unless the hand came with a whole indicator tile of that
colour (the tile picker), which is kept.
"""

from django import forms
from django.utils.translation import gettext as _

from scorer.engine import RuleSet
from scorer.engine.tiles import COLOURS
from scorer.engine.vocabulary import TILE_WORDS

GOSTERGE = "gosterge"


def colour_of(indicator: object) -> str:
    """The colour of an indicator tile ("blue-5" → "blue"), or ""."""
    colour = str(indicator or "").partition("-")[0]
    return colour if colour in COLOURS else ""


def gosterge_fields(ruleset: RuleSet) -> dict[str, forms.Field]:
    """The field, where the house multiplies by the gösterge's colour (none elsewhere)."""
    if ruleset.colours is None:
        return {}
    choices = [(colour, _(TILE_WORDS[colour]).capitalize()) for colour in COLOURS]
    field = forms.ChoiceField(
        label=_("Gösterge colour"),
        choices=choices,
        widget=forms.RadioSelect,
        error_messages={"required": _("Choose the gösterge's colour: this house multiplies the hand by it.")},
    )
    field.factors = {colour: ruleset.colours[colour] for colour in COLOURS}  # shown on the buttons
    return {GOSTERGE: field}


def gosterge_data(cleaned: dict, kept: str = "") -> dict:
    """The hand's ``indicator`` from the colour chosen (a kept tile of that colour stays as it was)."""
    colour = cleaned.get(GOSTERGE)
    if not colour:
        return {}
    return {"indicator": kept if colour_of(kept) == colour else f"{colour}-1"}


def gosterge_initial(hand_data: dict) -> dict:
    """The colour a stored hand's indicator shows."""
    colour = colour_of(hand_data.get("indicator"))
    return {GOSTERGE: colour} if colour else {}
