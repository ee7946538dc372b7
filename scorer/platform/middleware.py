"""Language choice, and forms Django cannot read (a non-UTF-8 charset) answered 400.

Language: Turkish unless the visitor picked English with the language switch.

Django's LocaleMiddleware would follow the browser's Accept-Language; at a Turkish table the
players' language is the default whatever the phone's settings, so only the switch's cookie
counts here.
"""

import codecs

from django.conf import settings
from django.shortcuts import render
from django.utils import translation
from django.utils.cache import patch_vary_headers


class ChosenLanguageMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response
        self.supported = {code for code, _name in settings.LANGUAGES}

    def __call__(self, request):
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        language = chosen if chosen in self.supported else settings.LANGUAGE_CODE
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        response.headers.setdefault("Content-Language", language)
        patch_vary_headers(response, ("Cookie",))
        return response


FORM_TYPE = "application/x-www-form-urlencoded"


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
        if (
            request.content_type == FORM_TYPE
            and not is_utf8(request.content_params.get("charset"))
            and not request.path.startswith("/api/")
        ):
            return render(request, "400.html", status=400)
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
