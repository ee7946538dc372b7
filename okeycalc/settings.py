"""okeycalc settings: configuration only, read from the environment where it varies.

SQLite is the embedded default; ``DATABASE_URL`` selects another database (PostgreSQL).
"""

import os
import sys
from pathlib import Path

import dj_database_url
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

from okeycalc.production import DEV_SECRET_KEY, error_page_style_hash

BASE_DIR = Path(__file__).resolve().parent.parent


def _env_flag(name: str, default: bool = False) -> bool:
    return os.environ.get(name, "1" if default else "0").lower() in {"1", "true", "yes", "on"}


DEBUG = _env_flag("OKEYCALC_DEBUG")
# No key in the environment: the committed development key, which Django's `check --deploy` flags
# (W009, "django-insecure-" prefix) together with our own error okeycalc.E001, and which the WSGI
# application refuses to serve with when DEBUG is off (okeycalc/wsgi.py). Tests and commands run.
SECRET_KEY = os.environ.get("OKEYCALC_SECRET_KEY") or DEV_SECRET_KEY
ALLOWED_HOSTS = [
    h
    for h in os.environ.get("OKEYCALC_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver").split(",")
    if h
]
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("OKEYCALC_CSRF_TRUSTED_ORIGINS", "").split(",") if o]

INSTALLED_APPS = [
    "django.contrib.admin",  # operators only, at /yonetim/ (scorer/admin.py)
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.staticfiles",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django_htmx",
    "crispy_forms",
    "crispy_bootstrap5",
    "scorer",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Django's gzip for HTML and JSON, streams excepted (static files: WhiteNoise's pre-compressed
    # copies, above); its random padding of each answer's length is its BREACH mitigation.
    "scorer.platform.middleware.GZipExceptStreamsMiddleware",
    # A page carrying an edit or organizer link is no-store (scorer/platform/middleware.py).
    "scorer.platform.middleware.PrivatePageMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",  # the admin's superuser login
    "scorer.platform.middleware.ChosenLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    # A form in another charset than UTF-8 gets the 400 page before the CSRF check reads it.
    "scorer.platform.middleware.FormCharsetMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "scorer.access.middleware.DeviceCookieMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "okeycalc.urls"
WSGI_APPLICATION = "okeycalc.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.template.context_processors.i18n",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
            ],
        },
    },
]

# Served by ASGI (okeycalc/asgi.py): Django's persistent connections belong to a thread and are
# closed only by the request signals, which do not fit an event loop, so a request opens its
# connection and closes it (CONN_MAX_AGE 0). On PostgreSQL they come from a pool per process
# instead (psycopg_pool, OKEYCALC_DB_POOL_SIZE connections at most; 0 turns it off).
DATABASES = {
    "default": dj_database_url.config(default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=0)
}
DB_POOL_SIZE = int(os.environ.get("OKEYCALC_DB_POOL_SIZE", "4"))
if DATABASES["default"].get("ENGINE") == "django.db.backends.postgresql" and DB_POOL_SIZE > 0:
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": DB_POOL_SIZE,
        "timeout": 10,
    }
if DATABASES["default"].get("ENGINE") == "django.db.backends.sqlite3":
    # Concurrent writers (two phones, a double tap, several app workers): every transaction takes
    # the write lock when it starts (IMMEDIATE), so a reader never has to upgrade and fail with
    # "database is locked"; a writer waits up to ``timeout`` seconds for the lock. WAL lets the
    # viewers read while a hand is written. PostgreSQL keeps its row locks (select_for_update).
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": float(os.environ.get("OKEYCALC_SQLITE_TIMEOUT", "20")),
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
    }
    # Tests use a file, not the default in-memory shared-cache database, whose locking differs
    # (SQLITE_LOCKED at once, busy timeout ignored): the concurrency tests see the real thing.
    DATABASES["default"]["TEST"] = {
        "NAME": os.environ.get("OKEYCALC_TEST_SQLITE", str(BASE_DIR / ".test-db.sqlite3"))
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_AGE = 60 * 60 * 24 * 365
# Flash messages live in their own cookie, only the latest few (scorer/platform/flash.py): never the session.
MESSAGE_STORAGE = "scorer.platform.flash.LatestMessagesStorage"
# Under ASGI a request body must arrive whole within this many seconds, or 408
# (scorer/platform/bodydeadline.py, okeycalc/asgi.py).
OKEYCALC_BODY_SECONDS = float(os.environ.get("OKEYCALC_BODY_SECONDS", "30"))
# ... and, after its first 10 s, keep up an average of this many bytes a second (0: no minimum).
OKEYCALC_BODY_MIN_RATE = float(os.environ.get("OKEYCALC_BODY_MIN_RATE", "1024"))
# ... and be at most this many bytes, or 413 before Django reads it: the largest form is an event
# import (a 2 MiB file, scorer/events/forms/creation.py), the API takes 64 KiB (OKEYCALC_API_MAX_BODY).
OKEYCALC_MAX_BODY_BYTES = int(os.environ.get("OKEYCALC_MAX_BODY_BYTES", str(8 * 1024 * 1024)))
# Edit and watch rights per device (scorer/access/) expire after this many days unused.
OKEYCALC_GRANT_MAX_IDLE_DAYS = int(os.environ.get("OKEYCALC_GRANT_MAX_IDLE_DAYS", "180"))

LANGUAGE_CODE = "tr"
LANGUAGES = [("tr", _("Türkçe")), ("en", _("English"))]
# The language cookie as the session and CSRF ones: sent on the site's own requests and top-level
# links (Lax), and under HTTPS only over HTTPS (LANGUAGE_COOKIE_SECURE below).
LANGUAGE_COOKIE_SAMESITE = "Lax"
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "Europe/Istanbul"
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Manifest storage (hashed, compressed, cached forever by browsers) for a deployment that ran
# collectstatic (`make serve` sets OKEYCALC_STATIC_MANIFEST=1); plain storage for dev and tests.
# `collectstatic` itself always writes the manifest, flag or not.
STATIC_MANIFEST = _env_flag("OKEYCALC_STATIC_MANIFEST") or sys.argv[1:2] == ["collectstatic"]
# collectstatic's target; only set for a manifest deployment (WhiteNoise warns about a missing one).
STATIC_ROOT = (
    Path(os.environ.get("OKEYCALC_STATIC_ROOT", BASE_DIR / "staticfiles")) if STATIC_MANIFEST else None
)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "scorer.platform.staticstorage.StaticStorage"
        if STATIC_MANIFEST
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = not STATIC_MANIFEST


CRISPY_ALLOWED_TEMPLATE_PACKS = "bootstrap5"
CRISPY_TEMPLATE_PACK = "bootstrap5"

# The JSON API refuses bodies larger than this (bytes).
OKEYCALC_API_MAX_BODY = 64 * 1024

# Server-sent events (scorer/platform/push/): at most this many open streams per app-server
# process (more are refused with 503 and those pages poll), below the server's own bound on
# connections (WEB_MAX_CONNECTIONS, 1000: okeycalc/serving.py) so that pages still load; "redis", "postgresql" or "poll" to
# choose how processes learn of changes (default: Redis with REDIS_URL, else LISTEN/NOTIFY on
# PostgreSQL, else reading the open tables' versions).
OKEYCALC_PUSH_MAX_STREAMS = int(os.environ.get("OKEYCALC_PUSH_MAX_STREAMS", "900"))
OKEYCALC_PUSH_BACKEND = os.environ.get("OKEYCALC_PUSH_BACKEND", "")

# Django's cache: local memory by default (one process); Redis at REDIS_URL when several app
# servers must share it (cached viewer pages). Short socket timeouts: while Redis does not answer,
# pages render afresh and the limits count in the database (scorer/platform/limits.py) instead of waiting.
REDIS_URL = os.environ.get("REDIS_URL", "")
REDIS_CACHE = {
    "BACKEND": "django.core.cache.backends.redis.RedisCache",
    "LOCATION": REDIS_URL,
    "OPTIONS": {
        "socket_connect_timeout": 0.5,
        "socket_timeout": 0.5,
        # One pool per process, not one per request (scorer/platform/redispool.py).
        "pool_class": "scorer.platform.redispool.SharedConnectionPool",
    },
}
DATABASE_COUNTS = {
    "BACKEND": "scorer.platform.counters.DatabaseCounterCache",
    "LOCATION": "okeycalc_rate_count",
}
CACHES = {
    "default": REDIS_CACHE
    if REDIS_URL
    else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "okeycalc"},
    # The rate limits' counts: Redis with several app servers, else a table every worker of this
    # machine shares (scorer/platform/counters.py, migration 0006), so one server counts exactly.
    "limits": REDIS_CACHE if REDIS_URL else DATABASE_COUNTS,
    # Where the limits count while Redis does not answer (scorer/platform/limits.py): never fail open.
    "limits_database": DATABASE_COUNTS,
    # Template parts ({% sharedpart %}, scorer/templatetags/parts.py): the empty hand forms, the menu.
    # Always this process's memory, even with Redis: a network round trip would cost more than
    # rendering saves, and a restart (a deploy) starts it empty, so no fragment outlives its template.
    # Django's LocMemCache without the memcached key check (scorer/platform/fragments.py).
    "fragments": {
        "BACKEND": "scorer.platform.fragments.FragmentsLocMemCache",
        "LOCATION": "okeycalc-fragments",
        "TIMEOUT": 60 * 60,
        "OPTIONS": {"MAX_ENTRIES": 2000},
    },
}

# Rate limits per client IP (scorer/platform/limits.py, django-ratelimit), counted in the "limits"
# cache above: Redis, or the database (also while Redis does not answer; neither answering: they
# fail open, scorer/platform/limits.py). Behind a reverse proxy set OKEYCALC_CLIENT_IP_META to the
# META key holding the client's address (e.g. HTTP_X_REAL_IP).
RATELIMIT_ENABLE = _env_flag("OKEYCALC_RATELIMIT", default=True)
RATELIMIT_USE_CACHE = "limits"
RATELIMIT_IP_META_KEY = os.environ.get("OKEYCALC_CLIENT_IP_META") or None
OKEYCALC_RATES = {
    "table_create": "10/m",
    "house_create": "10/m",
    "claim": "20/m",
    "join_code": "20/m",
    "calculator": "120/m",
    "tile_picker": "120/m",
    "compare": "60/m",
    "practice": "120/m",
    "api_score": "120/m",
    "admin_login": "10/m",
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # Edit-link secrets never reach a log line (scorer/platform/logredact.py).
    "filters": {"redact_secrets": {"()": "scorer.platform.logredact.RedactClaimSecrets"}},
    "formatters": {
        "server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        }
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["redact_secrets"]},
        "server": {"class": "logging.StreamHandler", "filters": ["redact_secrets"], "formatter": "server"},
    },
    "root": {"handlers": ["console"], "level": "WARNING"},
    # Django's own "django" logger has a console handler of its own under DEBUG and propagates to
    # the root: every line printed twice under `make run`. One handler, no propagation.
    "loggers": {
        "django": {"handlers": ["console"], "level": "INFO", "propagate": False},
        "django.server": {"handlers": ["server"], "level": "INFO", "propagate": False},
    },
}

# --- production: HTTPS behind a proxy, Content-Security-Policy (docs/deploy.md) ------------------

# OKEYCALC_HTTPS=1 behind a TLS-terminating proxy that sets X-Forwarded-Proto (and strips a
# client's own): secure cookies, HSTS, redirect to https. The health checks stay reachable over
# plain HTTP for the load balancer.
HTTPS = _env_flag("OKEYCALC_HTTPS")
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("OKEYCALC_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = _env_flag("OKEYCALC_HSTS_INCLUDE_SUBDOMAINS", default=True)
    SECURE_HSTS_PRELOAD = _env_flag("OKEYCALC_HSTS_PRELOAD", default=True)

# Scripts and styles only from our own static files: no inline script (base.html's theme script
# is static/js/theme.js), no eval (htmx's allowEval is off), htmx's indicator <style> disabled.
# The self-contained 500 page keeps its <style>, allowed by its hash.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF, CSP.NONCE, *error_page_style_hash(BASE_DIR / "templates" / "500.html")],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "font-src": [CSP.SELF],
    "manifest-src": [CSP.SELF],
    # The service worker is /sw.js of our own origin (scorer/shell/views/offline.py), no other.
    "worker-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
