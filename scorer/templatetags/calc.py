"""Template helpers of the calculator, examples, comparison and tile picker pages."""

from django import template
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scorer.calculator.share import share_token
from scorer.calculator.tilepicker import tile_name
from scorer.engine import FLAG_LABELS, FOUL_LABELS, get_ruleset

register = template.Library()

OPENED_LABELS = {
    "none": gettext_noop("did not open"),
    "sets": gettext_noop("opened with sets"),
    "pairs": gettext_noop("opened with pairs"),
}


@register.simple_tag
def calculator_url(hand: dict) -> str:
    """The calculator, prefilled with this hand (a share link)."""
    return reverse("scorer:calculator_shared", args=[share_token(hand)])


@register.simple_tag
def compare_url(hand: dict) -> str:
    return f"{reverse('scorer:compare')}?{urlencode({'el': share_token(hand)})}"


@register.filter
def ruleset_name(ruleset_id: str) -> str:
    try:
        return _(get_ruleset(ruleset_id).name)
    except LookupError:
        return ruleset_id


@register.filter
def foul_label(kind: str) -> str:
    return _(FOUL_LABELS[kind]) if kind in FOUL_LABELS else kind


@register.filter
def flag_label(flag: str) -> str:
    return _(FLAG_LABELS[flag]) if flag in FLAG_LABELS else flag


@register.filter
def opened_label(opened: str) -> str:
    return _(OPENED_LABELS.get(opened or "none", opened))


@register.filter
def tile_label(name: str) -> str:
    """``red-7`` → "kırmızı 7"; ``fake`` → "sahte okey"; ``okey`` → "okey"."""
    return tile_name(str(name))
