"""The installable, offline-capable app: the service worker at /sw.js and the offline page.

The service worker must be served from the site's root so that its scope covers every page
(a script under /static/ would only control /static/). /sw.js is a short script made here: the
release it belongs to, the hashed URLs of Workbox's modules and of our own worker code
(``static/js/serviceworker.js``), and what to cache when it installs. A deploy that changes any
static file, template or translation makes a new release: the script's bytes change, the browser
installs the new worker, and it drops every cache of the old release (versioned cache names).

Nothing here runs without JavaScript: a browser that never registers the worker gets the site
exactly as before.
"""

import hashlib
import json
import os
from functools import cache
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import etag, require_safe

WORKBOX = (
    "core",
    "routing",
    "strategies",
    "cacheable-response",
    "expiration",
    "precaching",
    "background-sync",
)
"""Workbox's modules, in the order their builds must be imported (each uses the ones before)."""
PRECACHED_STATIC = (
    "vendor/bootstrap.min.css",
    "css/okeycalc.css",
    "vendor/htmx.min.js",
    "js/theme.js",
    "js/okeycalc.js",
    "js/board.js",
    "js/share.js",
    "js/offline.js",
    "icons/okeycalc.svg",
    "icons/favicon.ico",
    "icons/icon-192.png",
)
"""What every page loads, cached when the worker installs: pages visited before it existed
(the first visit itself) still find their styles and scripts offline."""
RELEASE_SOURCES = ("templates", "locale")
"""Besides the static files, what a release is made of (pages cached on devices depend on them)."""


def _files_digest(paths: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(str(path).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _static_paths() -> list[Path]:
    found = []
    for finder in finders.get_finders():
        for path, storage in finder.list(["*.map", "admin/*"]):
            found.append(Path(storage.path(path)))
    return found


def _release_paths() -> list[Path]:
    paths = _static_paths()
    for name in RELEASE_SOURCES:
        root = Path(settings.BASE_DIR) / name
        paths += [Path(dirpath) / f for dirpath, _dirs, files in os.walk(root) for f in files]
    return [p for p in paths if p.is_file() and p.suffix != ".po"]


@cache
def _release_cached() -> str:
    return _files_digest(_release_paths())[:16]


def release() -> str:
    """This deployment's name for its caches: ``OKEYCALC_RELEASE``, else a digest of its files.

    Worked out once per process (every app server of a deployment finds the same), or on every
    request under DEBUG, where files change while the server runs.
    """
    if os.environ.get("OKEYCALC_RELEASE"):
        return os.environ["OKEYCALC_RELEASE"]
    return _files_digest(_release_paths())[:16] if settings.DEBUG else _release_cached()


def worker_config() -> dict:
    """What the worker code needs to know about this deployment and its URLs."""
    board = reverse("scorer:game_board", args=["T" * 16])
    return {
        "release": release(),
        "static": settings.STATIC_URL if settings.STATIC_URL.startswith("/") else f"/{settings.STATIC_URL}",
        "offline": reverse("scorer:offline"),
        "myTables": reverse("scorer:my_tables"),
        # A table's pages, with "T"*16 where the table's id goes.
        "board": board,
        "handNew": reverse("scorer:hand_new", args=["T" * 16]),
        "live": reverse("scorer:board_live", args=["T" * 16]),
        "precache": [{"url": static(name), "revision": None} for name in PRECACHED_STATIC]
        + [{"url": reverse("scorer:offline"), "revision": release()}],
        "noCache": ["/yonetim/", "/i18n/", "/api/", "/anahtar/", "/akis/", "/healthz", "/readyz"],
    }


def _worker_etag(request: HttpRequest) -> str:
    return release()


@require_safe
@etag(_worker_etag)
def service_worker(request: HttpRequest) -> HttpResponse:
    """/sw.js: revalidated on every update check (the browser also checks the imported scripts)."""
    context = {
        "config": json.dumps(worker_config(), separators=(",", ":")),
        "imports": json.dumps(
            [static(f"vendor/workbox/workbox-{name}.prod.js") for name in WORKBOX]
            + [static("js/serviceworker.js")]
        ),
    }
    body = render_to_string("sw.js", context)
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def offline_page(request: HttpRequest) -> HttpResponse:
    """What a page not visited before shows offline (the worker caches it when it installs)."""
    return render(request, "scorer/offline.html")
