"""Aynı el, dört kural: one hand (from a share token or an example) under every rule set."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from scorer.calculator.share import BadShareLink, share_load
from scorer.platform.limits import limited
from scorer.shell.errors import bad_link
from scorer.teaching.compare import hand_compare
from scorer.teaching.examples import EXAMPLES, example_get


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
    try:
        comparison = hand_compare(hand=hand)
    except LookupError:  # a signed hand naming a rule set that no longer exists
        return bad_link(request)
    context = {"hand": hand, "comparison": comparison, "example": example, "examples": EXAMPLES}
    status = 400 if comparison.columns[0].errors else 200
    return render(request, "scorer/compare.html", context, status=status)
