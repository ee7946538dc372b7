"""Sözlük: every game word the app uses, with its meaning and the rule text it comes from."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from scorer.engine import clauses
from scorer.teaching.glossary import terms_in_order


@require_safe
def glossary(request: HttpRequest) -> HttpResponse:
    language = get_language() or "tr"
    terms = terms_in_order(language)
    entries = [(term, clauses.RULESETS[clauses.page_ruleset(term.rule)]) for term in terms]
    context = {"terms": terms, "entries": entries, "english": language.startswith("en")}
    return render(request, "scorer/glossary.html", context)
