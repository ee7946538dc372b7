"""Language choice: Turkish unless the visitor picked English with the language switch.

Django's LocaleMiddleware would follow the browser's Accept-Language; at a Turkish table the
players' language is the default whatever the phone's settings, so only the switch's cookie
counts here.
"""

from django.conf import settings
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
