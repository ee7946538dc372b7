"""The health (liveness) and readiness checks of deployments: /healthz and /readyz."""

import logging
import secrets

from django.core.cache import cache
from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

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


def _cache_answers() -> bool:
    """A write and a read through Django's cache (Redis when REDIS_URL is set)."""
    key = f"okeycalc:readyz:{secrets.token_hex(8)}"
    try:
        cache.set(key, "1", timeout=10)
        answered = cache.get(key) == "1"
        cache.delete(key)
    except Exception:  # the cache backend's own errors (redis.ConnectionError, ...)
        logger.exception("Readiness check: the cache did not answer")
        return False
    return answered


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
    checks = {"database": _database_answers(), "cache": _cache_answers()}
    body = {"status": "ok" if all(checks.values()) else "error"}
    body |= {name: "ok" if ok else "error" for name, ok in checks.items()}
    return JsonResponse(body, status=200 if all(checks.values()) else 503)
