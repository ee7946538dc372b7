"""Rate limits per client IP (issue 10), counted by django-ratelimit in the ``limits`` cache.

That cache is Redis at ``REDIS_URL`` (every app server shares the counts), else the database
(``scorer.platform.counters``: every worker of a one-machine install shares them, counted
exactly). While the store does not answer, the limits fail open (a cache outage must not lock
every table out), logged once a minute (scorer/platform/cache.py). Over the limit, people get a friendly 429
page in their language and API clients a JSON error (HAND_FORMAT.md's shape); both say when to
try again (``Retry-After``). The rates are settings (``OKEYCALC_RATES``); ``RATELIMIT_ENABLE``
switches them all off (the test suite and the benchmarks do, except the tests of the limits).
"""

from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django_ratelimit import ALL
from django_ratelimit.core import is_ratelimited

from scorer.platform import cache

RETRY_AFTER = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def rate_of(group: str, request: HttpRequest) -> str | None:
    """The rate of a group of views, e.g. ``"10/m"`` (None: not limited)."""
    return settings.OKEYCALC_RATES.get(group)


def retry_after(group: str) -> int:
    rate = settings.OKEYCALC_RATES.get(group) or "1/m"
    return RETRY_AFTER.get(rate.rsplit("/", 1)[-1][-1:], 60)


def too_many_requests(request: HttpRequest, group: str) -> HttpResponse:
    message = _("Too many requests from your connection. Please wait a minute and try again.")
    if request.path.startswith("/api/"):
        errors = {"errors": [{"path": "", "message": message}]}
        response = JsonResponse(errors, status=429, json_dumps_params={"ensure_ascii": False})
    else:
        response = render(request, "429.html", {"message": message}, status=429)
    response["Retry-After"] = str(retry_after(group))
    return response


def over_limit(request: HttpRequest, group: str, method) -> bool:
    """Whether this request is over its group's rate; False (fail open) while the store is down."""
    alias = getattr(settings, "RATELIMIT_USE_CACHE", "default")
    if not cache.available(alias):
        return False
    try:
        return is_ratelimited(request, group=group, key="ip", rate=rate_of, method=method, increment=True)
    except cache.CACHE_ERRORS as exc:
        cache.failed(alias, "the rate limits are off meanwhile", exc)
        return False


def limited(group: str, method=ALL) -> Callable:
    """Limit a view to the group's rate per client IP (``method``: which HTTP methods count)."""

    def decorator(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if over_limit(request, group, method):
                return too_many_requests(request, group)
            return view(request, *args, **kwargs)

        return wrapper

    return decorator
