"""Language choice, forms Django cannot read (a non-UTF-8 charset) answered 400, gzip, and pages
that carry a secret link kept out of every cache.

Language: the language switch's cookie when there is one; before the visitor has used the switch,
the browser's Accept-Language (Turkish or English); Turkish when it names neither.
"""

import codecs

from django.middleware.gzip import GZipMiddleware
from django.shortcuts import render
from django.utils import translation
from django.utils.cache import patch_cache_control, patch_vary_headers


class ChosenLanguageMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        # Django's order: the language cookie, then Accept-Language (among LANGUAGES), then LANGUAGE_CODE.
        language = translation.get_language_from_request(request)
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        patch_vary_headers(response, ("Cookie", "Accept-Language"))
        return response


FORM_TYPE = "application/x-www-form-urlencoded"
CHARSET_SHOWN = 40
"""The most characters of a posted charset name the 400 page repeats."""


class FormCharsetMiddleware:
    """A form posted in a character set other than UTF-8 gets the 400 page, before anything reads it.

    Django refuses such a body with ``BadRequest`` when the form is first read (the CSRF check),
    and then its own 400 handler reads the body again and fails, so the client got the server's
    bare 500. Until Django's handler copes, no request with such a form reaches Django's reading
    of it. Put it before ``CsrfViewMiddleware``. The JSON API never reads forms (it answers 415).
    """

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        charset = request.content_params.get("charset")
        if (
            request.content_type == FORM_TYPE
            and not is_utf8(charset)
            and not request.path.startswith("/api/")
        ):
            # The page says which character set came, in the visitor's language.
            return render(request, "400.html", {"form_charset": charset[:CHARSET_SHOWN]}, status=400)
        return self.get_response(request)


def is_utf8(charset: str | None) -> bool:
    """Whether Django reads the form as UTF-8: no charset, ``utf-8`` in any case, or a name no
    codec has (Django ignores it). Any other codec's name, ``utf8`` included, it refuses."""
    if not charset or charset.lower() == "utf-8":
        return True
    try:
        codecs.lookup(charset)
    except LookupError:
        return True
    return False


class GZipExceptStreamsMiddleware(GZipMiddleware):
    """Django's gzip (with its BREACH padding), for every answer but the event streams.

    Django would gzip a stream too, flushing after each event (nothing waits), but with a
    compressor of its own for each open stream: about 295 KiB of zlib state each, where a whole
    open stream costs 88 KiB (``make bench-push``), and each event compressed once per stream
    instead of encoded once for all of them (``event_bytes`` in scorer/platform/push/stream.py).
    """

    def process_response(self, request, response):
        if response.streaming:
            return response
        return super().process_response(request, response)


SECRET_LINK = b"/anahtar/"
"""The path segment before the secret of every link that gives rights (a table's edit link, an
event's organizer link: scorer/urls.py, scorer/events/urls.py)."""


class PrivatePageMiddleware:
    """A page that carries a link giving rights (the scorekeeper's share panel, the organizer page,
    the table cards) is sent ``Cache-Control: no-store, private``: neither the browser's cache, a
    proxy nor the service worker (static/js/serviceworker.js) keeps it, so the secret leaves the
    device when its cookies do. Put it after the compression middleware: it reads the plain body.
    """

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        html = response.get("Content-Type", "").startswith("text/html")
        if html and not response.streaming and SECRET_LINK in response.content:
            patch_cache_control(response, no_store=True, private=True)
        return response
