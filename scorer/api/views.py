"""The JSON API: ``POST /api/v1/score`` and ``GET /api/v1/rulesets`` (HAND_FORMAT.md)."""

import json
from functools import wraps

from django.conf import settings
from django.http import HttpRequest, JsonResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from scorer.api.body import BodyTooLarge, IncompleteBody, LengthRequired, MalformedBody, read_body
from scorer.documents import score_document
from scorer.engine.describe import describe_rulesets
from scorer.platform.limits import limited

JSON_DUMPS = {"ensure_ascii": False}


def error_response(status: int, message: str, path: str = "") -> JsonResponse:
    return JsonResponse(
        {"errors": [{"path": path, "message": message}]}, status=status, json_dumps_params=JSON_DUMPS
    )


def api_language(request: HttpRequest) -> str:
    """The language of an API answer: the language switch's cookie, else Accept-Language, else
    Turkish (as for the web pages, scorer/platform/middleware.py)."""
    return translation.get_language_from_request(request)


def honours_accept_language(view):
    @wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs):
        language = api_language(request)
        with translation.override(language):
            response = view(request, *args, **kwargs)
        response["Content-Language"] = language
        patch_vary_headers(response, ("Accept-Language",))
        return response

    return wrapped


@csrf_exempt  # a stateless JSON endpoint without cookies; there is nothing to forge
@honours_accept_language
@require_POST
@limited("api_score")
def score(request: HttpRequest) -> JsonResponse:
    if request.content_type != "application/json":
        return error_response(415, _("Send the hand or game as JSON (Content-Type: application/json)."))
    limit = settings.OKEYCALC_API_MAX_BODY
    try:
        body = read_body(request, limit)
    except BodyTooLarge:
        return error_response(413, _("The body is larger than %(limit)d bytes.") % {"limit": limit})
    except LengthRequired:
        return error_response(411, _("Send the body with a Content-Length header."))
    except MalformedBody:
        return error_response(400, _("The body's chunked encoding is malformed."))
    except IncompleteBody:
        return error_response(400, _("The body ended before it was complete (the connection was reset)."))
    try:
        data = json.loads(body)
    except (ValueError, RecursionError) as exc:
        return error_response(400, _("Not valid JSON: %(error)s") % {"error": exc})
    ok, result = score_document(data)
    return JsonResponse(result, status=200 if ok else 400, json_dumps_params=JSON_DUMPS)


@honours_accept_language
@require_GET
def rulesets(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"format": 1, "rulesets": describe_rulesets()}, json_dumps_params=JSON_DUMPS)
