"""The site's icon at /favicon.ico (where browsers and bookmark tools look first) and the web app
manifest, so that installing the app gives the scorekeeper's phone a named, coloured icon that
opens "Masalarım" (the service worker that makes it work offline: scorer/shell/views/offline.py)."""

import json
from functools import cache

from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

THEME_COLOR = "#14532d"
"""The green of a tile table, as in the icon."""
BACKGROUND_COLOR = "#f8f9fa"
ICONS = [
    ("icons/icon-192.png", "192x192", "image/png", "any"),
    ("icons/icon-512.png", "512x512", "image/png", "any"),
    ("icons/icon-maskable-512.png", "512x512", "image/png", "maskable"),
    ("icons/okeycalc.svg", "any", "image/svg+xml", "any"),
]
DAY = 60 * 60 * 24


@cache
def favicon_bytes() -> bytes:
    with open(finders.find("icons/favicon.ico"), "rb") as icon:
        return icon.read()


@require_safe
@cache_control(public=True, max_age=DAY)
def favicon(request: HttpRequest) -> HttpResponse:
    return HttpResponse(favicon_bytes(), content_type="image/x-icon")


def manifest_document(request: HttpRequest) -> dict:
    """The installed app opens at "Masalarım" (the tables this device keeps or watches)."""
    home = reverse("scorer:home")
    return {
        "id": home,
        "name": _("okeycalc: 101 Okey scorekeeper"),
        "short_name": "okeycalc",
        "description": _(
            "okeycalc keeps the score of 101 Okey games at real tables, with every point explained."
        ),
        "lang": request.LANGUAGE_CODE,
        "start_url": reverse("scorer:my_tables"),
        "scope": home,
        "display": "standalone",
        "orientation": "portrait",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": [
            {"src": static(path), "sizes": sizes, "type": kind, "purpose": purpose}
            for path, sizes, kind, purpose in ICONS
        ],
    }


@require_safe
@cache_control(public=True, max_age=DAY)
@vary_on_headers("Accept-Language", "Cookie")
def manifest(request: HttpRequest) -> HttpResponse:
    body = json.dumps(manifest_document(request), ensure_ascii=False, indent=2)
    return HttpResponse(body, content_type="application/manifest+json; charset=utf-8")
