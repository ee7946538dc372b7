"""Rules pages: one per rule set, built from the rule-clause data and the engine's own tables."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from scorer.engine import clauses
from scorer.teaching import rulebook


@require_safe
def rules_index(request: HttpRequest) -> HttpResponse:
    context = {"rulesets": list(clauses.RULESETS.values()), "side_by_side": rulebook.side_by_side()}
    return render(request, "scorer/rules_index.html", context)


@require_safe
def rules_page(request: HttpRequest, ruleset: str) -> HttpResponse:
    info = clauses.RULESETS.get(ruleset)
    if info is None:
        raise Http404(ruleset)
    context = {
        "info": info,
        "clauses": rulebook.clause_views(ruleset),
        "decisions": rulebook.decisions_with_clauses(ruleset),
        "tables": rulebook.scoring_tables(ruleset),
        "combinations": rulebook.combination_views(ruleset),
        "rulesets": list(clauses.RULESETS.values()),
        "english": (get_language() or "tr").startswith("en"),
    }
    return render(request, "scorer/rules.html", context)
