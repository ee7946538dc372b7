"""The health (liveness) and readiness checks of deployments: /healthz and /readyz."""

import logging

from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from scorer.platform import cache

logger = logging.getLogger(__name__)


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


def _database_answers() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError:
        logger.exception("Readiness check: the database did not answer SELECT 1")
        return False
    return True


@never_cache
@require_safe
def readyz(request: HttpRequest) -> JsonResponse:
    """Readiness for a load balancer: the database and the shared cache both answer (503 if not)."""
    checks = {"database": _database_answers(), "cache": cache.answers()}
    body = {"status": "ok" if all(checks.values()) else "error"}
    body |= {name: "ok" if ok else "error" for name, ok in checks.items()}
    return JsonResponse(body, status=200 if all(checks.values()) else 503)
