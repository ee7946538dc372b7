"""Request typing shared by the views, and the header of a download."""

from urllib.parse import quote, unquote

from django.http import HttpRequest, HttpResponse
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request that went through django-htmx's middleware (``request.htmx``)."""

    htmx: HtmxDetails


def sent_by_htmx(request: HttpRequest) -> bool:
    """``bool(request.htmx)``, read from ``request.META``: django-htmx reads ``request.headers``,
    which Django builds from every key of ``META`` on first use, for a view that reads no other
    header (the live preview, at every keystroke)."""
    value = request.META.get("HTTP_HX_REQUEST")
    if value and request.META.get("HTTP_HX_REQUEST_URI_AUTOENCODED") == "true":
        value = unquote(value)
    return value == "true"


def attachment(response: HttpResponse, ascii_name: str, name: str) -> HttpResponse:
    """Send ``response`` as a download named ``name``: an ASCII ``filename`` for every client, and
    RFC 5987's ``filename*`` (UTF-8, percent-encoded) with the real letters when they differ."""
    header = f'attachment; filename="{ascii_name}"'
    if name != ascii_name:
        header += f"; filename*=UTF-8''{quote(name, safe='')}"
    response["Content-Disposition"] = header
    return response
