"""Worked examples: hands stored as hand JSON, scored live by the engine on every view."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from scorer.engine import score_hand
from scorer.teaching.examples import EXAMPLES, example_get
from scorer.teaching.rulebook import table_options


@require_safe
def examples_index(request: HttpRequest) -> HttpResponse:
    return render(request, "scorer/examples.html", {"examples": EXAMPLES})


@require_safe
def example_detail(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        example = example_get(slug)
    except LookupError:
        raise Http404(slug) from None
    context = {
        "example": example,
        "hand": example.hand,
        "hand_result": score_hand(example.hand),
        "options": table_options(example.ruleset, example.hand.get("options")),
        "based_on": example_get(example.based_on) if example.based_on else None,
    }
    return render(request, "scorer/example.html", context)
