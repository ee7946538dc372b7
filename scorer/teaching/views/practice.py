"""Alıştırma: deal a hand at a level, let the learner score it, mark it. No account: the streak is in
the session; a permalink (level and seed) replays the same hand."""

import secrets

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_safe

from scorer.engine import score_hand
from scorer.platform.http import HtmxHttpRequest
from scorer.platform.limits import limited
from scorer.teaching import practice
from scorer.teaching.forms import PracticeForm
from scorer.teaching.practice.streak import streak_after
from scorer.teaching.rulebook import table_options

TEMPLATE = "scorer/practice.html"
SESSION_KEY = "practice"


def streak(request: HtmxHttpRequest) -> dict:
    return {"streak": 0, "best": 0, **request.session.get(SESSION_KEY, {})}


@require_safe
def practice_index(request: HtmxHttpRequest) -> HttpResponse:
    return render(
        request, "scorer/practice_index.html", {"levels": practice.LEVELS, "streak": streak(request)}
    )


@require_safe
def practice_new(request: HtmxHttpRequest, level: str) -> HttpResponse:
    if level not in practice.BY_SLUG:
        raise Http404(level)
    return redirect("scorer:practice_hand", level=level, seed=secrets.randbelow(practice.MAX_SEED))


@require_http_methods(["GET", "HEAD", "POST"])
@limited("practice", method="POST")
def practice_hand(request: HtmxHttpRequest, level: str, seed: int) -> HttpResponse:
    try:
        found = practice.level_get(level)
    except LookupError:
        raise Http404(level) from None
    if seed > practice.MAX_SEED:
        raise Http404(seed)
    hand = practice.deal(level, seed)
    keys = practice.answers(hand, score_hand(hand))
    form = PracticeForm(keys, data=request.POST if request.method == "POST" else None)
    marked = None
    if form.is_bound and form.is_valid():
        marked = practice.mark(hand, form.cleaned_data)
        state = streak_after(
            request.session.get(SESSION_KEY), f"{level}:{seed}", all(m.correct for m in marked)
        )
        request.session[SESSION_KEY] = state
    context = {
        "level": found,
        "levels": practice.LEVELS,
        "seed": seed,
        "hand": hand,
        "options": table_options(hand["ruleset"], hand.get("options")),
        "form": form,
        "marked": marked,
        "right": sum(m.correct for m in marked) if marked else 0,
        "streak": streak(request),
        "next_seed": practice.next_seed(seed),
    }
    if request.htmx and form.is_bound:
        return render(request, f"{TEMPLATE}#answer", context)
    return render(request, TEMPLATE, context)
