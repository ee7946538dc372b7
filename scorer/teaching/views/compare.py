"""Aynı el, dört kural: one hand (from a share token or an example) under every rule set."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from scorer.calculator.share import BadShareLink, share_load
from scorer.engine.house import ruleset_of
from scorer.houses.selectors import current_version
from scorer.platform.limits import limited
from scorer.shell.errors import bad_link
from scorer.teaching.compare import hand_compare
from scorer.teaching.examples import EXAMPLES, example_get


def house_url(version) -> str:
    return reverse("scorer:house_version", args=[version.house.code, version.number])


def example_of(hand: dict):
    """The worked example a shared hand is (the example page links here with its hand), if any."""
    return next((example for example in EXAMPLES if example.hand == hand), None)


@require_safe
@limited("compare")
def compare(request: HttpRequest) -> HttpResponse:
    token, slug = request.GET.get("el"), request.GET.get("ornek")
    example = None
    if token:
        try:
            hand = share_load(token)
        except BadShareLink:
            return bad_link(request)
        example = example_of(hand)
    else:
        try:
            example = example_get(slug) if slug else EXAMPLES[0]
        except LookupError:
            example = EXAMPLES[0]
        hand = example.hand
    version = current_version(request.GET.get("ev"))  # a house rule set beside the published ones
    house = ruleset_of(version.document) if version is not None else None
    try:
        comparison = hand_compare(hand=hand, house=house)
    except LookupError:  # a signed hand naming a rule set that no longer exists
        return bad_link(request)
    context = {"hand": hand, "comparison": comparison, "example": example, "examples": EXAMPLES}
    context["house_typed"] = str(request.GET.get("ev") or "")[:20]
    if version is not None:
        context |= {"house_code": version.house.code, "house_url": house_url(version)}
    status = 400 if comparison.columns[0].errors else 200
    return render(request, "scorer/compare.html", context, status=status)
