"""Plain pages: the landing page and the health check used by deployments."""

import logging

from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from scorer.engine import clauses

logger = logging.getLogger(__name__)


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "scorer/home.html", {"rulesets": list(clauses.RULESETS.values())})


@never_cache
@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    """Report whether the app can answer and reach its database (503 when it cannot)."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        logger.exception("Health check: the database did not answer SELECT 1")
        return JsonResponse({"status": "error", "database": "error"}, status=503)
    return JsonResponse({"status": "ok", "database": "ok"})
