"""Django's cache when it may be down: an outage of the shared cache (Redis) degrades, it does not break.

Django's Redis backend raises on every call while Redis is unreachable, and the cached viewer
boards, the compressed live polls and the rate limits all go through it. Through these helpers a
failed read is a miss (the caller renders afresh), a failed write is skipped, and the rate limits
count in the database (scorer/platform/limits.py). After a failure the cache is not asked again for ``RETRY_AFTER`` seconds, so requests
do not each wait for a connection that is refused or times out; each outage is logged once per
``LOG_EVERY`` seconds per cache, not once per request. ``/readyz`` asks the cache directly and
answers 503 meanwhile.
"""

import logging
import secrets
import time

from django.core.cache import caches
from django.db import DatabaseError

try:
    from redis.exceptions import RedisError
except ImportError:  # no Redis client installed: only the other backends' errors
    RedisError = OSError

logger = logging.getLogger(__name__)

CACHE_ERRORS = (RedisError, OSError, DatabaseError)
"""What a cache backend raises when its store does not answer (Redis, a socket, the database)."""
RETRY_AFTER = 5.0
LOG_EVERY = 60.0

_down_until: dict[str, float] = {}
_logged_at: dict[str, float] = {}


def available(alias: str = "default") -> bool:
    """False for a while after the cache failed (then it is tried again)."""
    return time.monotonic() >= _down_until.get(alias, 0.0)


def failed(alias: str, what: str, exc: BaseException) -> None:
    """Note a failure of the cache ``alias``: skip it for a while, log it at most once a minute."""
    now = time.monotonic()
    _down_until[alias] = now + RETRY_AFTER
    if now - _logged_at.get(alias, -LOG_EVERY) >= LOG_EVERY:
        _logged_at[alias] = now
        logger.warning(
            "The %r cache did not answer (%s: %s); %s. Logged once a minute while it lasts.",
            alias,
            type(exc).__name__,
            exc,
            what,
        )


def get(key: str, default=None, *, alias: str = "default"):
    """``cache.get``, or ``default`` while the cache is down."""
    if not available(alias):
        return default
    try:
        return caches[alias].get(key, default)
    except CACHE_ERRORS as exc:
        failed(alias, "pages are rendered afresh meanwhile", exc)
        return default


def set(key: str, value, timeout: float, *, alias: str = "default") -> None:  # noqa: A001 (cache.set)
    """``cache.set``, skipped while the cache is down."""
    if not available(alias):
        return
    try:
        caches[alias].set(key, value, timeout)
    except CACHE_ERRORS as exc:
        failed(alias, "pages are rendered afresh meanwhile", exc)


def add(key: str, value, timeout: float, *, alias: str = "default") -> bool:
    """``cache.add``: whether this call stored the value (the key was free). True while the cache
    is down, so that a caller using it as a "somebody is already rendering this" flag renders."""
    if not available(alias):
        return True
    try:
        return bool(caches[alias].add(key, value, timeout))
    except CACHE_ERRORS as exc:
        failed(alias, "pages are rendered afresh meanwhile", exc)
        return True


def delete(key: str, *, alias: str = "default") -> None:
    """``cache.delete``, skipped while the cache is down."""
    if not available(alias):
        return
    try:
        caches[alias].delete(key)
    except CACHE_ERRORS as exc:
        failed(alias, "pages are rendered afresh meanwhile", exc)


def answers(alias: str = "default") -> bool:
    """Whether the cache answers a write and a read now, asked directly (``/readyz``)."""
    key = f"okeycalc:readyz:{secrets.token_hex(8)}"
    try:
        caches[alias].set(key, "1", timeout=10)
        answered = caches[alias].get(key) == "1"
        caches[alias].delete(key)
    except Exception:  # the cache backend's own errors (redis.ConnectionError, ...)
        logger.exception("Readiness check: the cache did not answer")
        return False
    return answered
