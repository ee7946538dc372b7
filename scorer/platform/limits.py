"""Rate limits per client IP, counted by django-ratelimit in the ``limits`` cache.

That cache is Redis at ``REDIS_URL`` (every app server shares the counts), else the database
(``scorer.platform.counters``: every worker of a one-machine install shares them, counted
exactly). While Redis does not answer, the limits count in the database instead (the
``limits_database`` cache: the same table), so an outage never lets the join code be guessed
5,000 times a minute; logged once a minute (scorer/platform/cache.py). Only when the database
does not answer either do they fail open (a store that is down must not lock every table out).
Over the limit, people get a friendly 429 page in their language and API clients a JSON error
(HAND_FORMAT.md's shape); both say when to try again (``Retry-After``). The rates are settings (``OKEYCALC_RATES``); ``RATELIMIT_ENABLE``
switches them all off (the test suite and the benchmarks do, except the tests of the limits).
"""

from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django_ratelimit import ALL
from django_ratelimit.core import (
    EXPIRATION_FUDGE,
    _get_ip,
    _get_window,
    _make_cache_key,
    _method_match,
    _split_rate,
)

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


FALLBACK = "limits_database"
"""The cache alias the limits count in while Redis does not answer (settings.CACHES)."""


def stores() -> list[str]:
    """The aliases to count in, in order: the limits' own store, then the database's if it is another."""
    alias = getattr(settings, "RATELIMIT_USE_CACHE", "default")
    if FALLBACK not in settings.CACHES or settings.CACHES[FALLBACK] == settings.CACHES[alias]:
        return [alias]
    return [alias, FALLBACK]


def counted(alias: str, request: HttpRequest, group: str, rate: str, method) -> bool:
    """Count this request in ``alias`` (django-ratelimit's windows and keys); whether it is over."""
    limit, period = _split_rate(rate)
    client = _get_ip(request)
    key = _make_cache_key(group, _get_window(client, period), rate, client, method)
    store = caches[alias]
    if store.add(key, 1, period + EXPIRATION_FUDGE):
        return limit < 1
    try:
        return store.incr(key) > limit
    except ValueError:  # the window expired between the two calls: this request opens the next
        store.add(key, 1, period + EXPIRATION_FUDGE)
        return limit < 1


def over_limit(request: HttpRequest, group: str, method) -> bool:
    """Whether this request is over its group's rate: counted in Redis, else (while Redis is down)
    in the database; False (fail open) only while neither answers."""
    rate = rate_of(group, request)
    if not getattr(settings, "RATELIMIT_ENABLE", True) or rate is None or not _method_match(request, method):
        return False
    for alias in stores():
        if not cache.available(alias):
            continue
        try:
            return counted(alias, request, group, rate, method)
        except cache.CACHE_ERRORS as exc:
            cache.failed(alias, "the rate limits count in the database meanwhile", exc)
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
