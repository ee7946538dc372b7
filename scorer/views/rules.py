"""Rules pages: one per rule set, built from the rule-clause data and the engine's own tables."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from scorer.engine import clauses, get_ruleset
from scorer.engine.describe import describe_ruleset


@require_safe
def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "scorer/rules_index.html", {"rulesets": list(clauses.RULESETS.values())})


@require_safe
def rules_page(request: HttpRequest, ruleset: str) -> HttpResponse:
    info = clauses.RULESETS.get(ruleset)
    if info is None:
        raise Http404(ruleset)
    page_clauses = clauses.clauses_for(ruleset)
    decisions = [clauses.decision(d) for d in dict.fromkeys(d for c in page_clauses for d in c.decisions)]
    context = {
        "info": info,
        "clauses": [(c, clauses.anchor(c.id)) for c in page_clauses],
        "decisions": decisions,
        "description": describe_ruleset(get_ruleset(ruleset)),
        "rulesets": list(clauses.RULESETS.values()),
    }
    return render(request, "scorer/rules.html", context)
