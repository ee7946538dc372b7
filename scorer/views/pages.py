"""Plain pages: the landing page, and the health (liveness) and readiness checks of deployments."""

import logging
import secrets

from django.core.cache import cache
from django.core.paginator import Paginator
from django.db import DatabaseError, connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from scorer.engine import clauses
from scorer.tables import rights, selectors

logger = logging.getLogger(__name__)


HOME_TABLES = 5
"""How many of this device's tables the home page lists; "Masalarım" lists them all."""
MY_TABLES_PER_PAGE = 20


def _device_grants(request: HttpRequest):
    device = rights.device_of(request)
    return selectors.device_grants(device.pk if device else None, cutoff=rights.grant_cutoff())


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    tables = selectors.tables_of(_device_grants(request)[: HOME_TABLES + 1])
    context = {
        "rulesets": list(clauses.RULESETS.values()),
        "my_tables": tables[:HOME_TABLES],
        "more_tables": len(tables) > HOME_TABLES,
        "grant_days": rights.max_idle().days,
    }
    return render(request, "scorer/home.html", context)


@require_safe
def my_tables(request: HttpRequest) -> HttpResponse:
    """The "Masalarım" page: every table this device can edit or has watched, newest first, a page at a time."""
    page = Paginator(_device_grants(request), MY_TABLES_PER_PAGE).get_page(request.GET.get("sayfa"))
    context = {
        "my_tables": selectors.tables_of(page.object_list),
        "page": page,
        "grant_days": rights.max_idle().days,
    }
    return render(request, "scorer/my_tables.html", context)


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
