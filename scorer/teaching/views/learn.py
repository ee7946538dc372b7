"""101'de puan nasıl yazılır: the newcomer path, seven steps each with a live mini-calculator.

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
from scorer.teaching.learn import FINISH_LABELS, FINISHES, cezali, form_values, shown_steps

TEMPLATE = "scorer/learn.html"


def number_fields(values: dict, errors: dict) -> dict[str, dict]:
    """The number inputs of steps 6 and 7, laid out from one table: label, bounds, value, error."""
    return {
        name: {
            "name": name,
            "label": _(label),
            "low": low,
            "high": high,
            "value": values[name],
            "error": errors.get(name),
        }
        for name, (low, high, label) in cezali.NUMBERS.items()
    }


@require_safe
def learn(request: HtmxHttpRequest) -> HttpResponse:
    shown = shown_steps(request.GET)
    steps = [item.step for item in shown]
    errors = {name: message for step in steps for name, message in step.errors.items()}
    values = form_values(request.GET)
    context = {
        "shown": shown,
        "steps": steps,
        "values": values,
        "errors": errors,
        "error_items": [{"id": name, "message": message} for name, message in errors.items()],
        "fields": number_fields(values, errors),
        "colours": [(colour, colour_name(colour)) for colour in COLOURS],
        "numbers": range(1, 14),
        "finishes": [(key, _(FINISH_LABELS[key])) for key in FINISHES],
        "cezali_finishes": [(key, _(cezali.FINISH_LABELS[key])) for key in cezali.FINISHES],
    }
    number = request.GET.get("adim", "")
    if request.htmx and number in {str(step.number) for step in steps}:
        context["step"] = steps[int(number) - 1]
        return render(request, f"{TEMPLATE}#result_{number}", context)
    return render(request, TEMPLATE, context)
