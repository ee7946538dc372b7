"""101'de puan nasıl yazılır: the newcomer path, five steps each with a live mini-calculator.

One GET form holds every step's fields, so a step's button (or, with htmx, typing) recomputes
without losing what the other steps show; with htmx only the step's result is sent back.
"""

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scorer.calculator.tilepicker import colour_name
from scorer.engine.tiles import COLOURS
from scorer.platform.http import HtmxHttpRequest
from scorer.teaching.learn import FINISH_LABELS, FINISHES, form_values, learn_steps

TEMPLATE = "scorer/learn.html"


@require_safe
def learn(request: HtmxHttpRequest) -> HttpResponse:
    steps = learn_steps(request.GET)
    context = {
        "steps": steps,
        "values": form_values(request.GET),
        "errors": {name: message for step in steps for name, message in step.errors.items()},
        "colours": [(colour, colour_name(colour)) for colour in COLOURS],
        "numbers": range(1, 14),
        "finishes": [(key, _(FINISH_LABELS[key])) for key in FINISHES],
    }
    step = request.GET.get("adim", "")
    if request.htmx and step in {"1", "2", "3", "4", "5"}:
        return render(request, f"{TEMPLATE}#result_{step}", context)
    return render(request, TEMPLATE, context)
