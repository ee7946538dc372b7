"""Reading a request body of bounded size, with or without Content-Length.

Under ASGI (``make serve``, ``make run``: uvicorn) the server decodes a chunked upload
(``Transfer-Encoding: chunked``) and Django's ASGI handler has read the whole body, in the event
loop, before the view runs: the request's stream is that body, whatever its framing, and a chunk
the server cannot decode never reaches Django (uvicorn answers 400 itself). Under WSGI, Django
reads ``Content-Length`` bytes and treats a missing header as an empty body, so a chunked upload
used to reach the API as ``""``. A WSGI server that decodes chunked input itself says so with
``wsgi.input_terminated`` (mod_wsgi, gunicorn's own workers): then the stream is read to its end.
Where it does not (Django's development server), the body cannot be found safely and the client
gets 411 Length Required. A body such a server cannot decode (a chunk size that is not
hexadecimal, a chunk without its terminator) is the client's error, a 400, and so is a body that
ends because the client reset the connection (``UnreadablePostError``): a 400 without a traceback.
"""

from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest, UnreadablePostError

from scorer.platform.numbers import parse_count


class BodyTooLarge(Exception):
    """The body is larger than the limit."""


class LengthRequired(Exception):
    """A chunked body on a server that does not decode chunked input."""


class MalformedBody(Exception):
    """The WSGI server could not decode the body (e.g. gunicorn's ``InvalidChunkSize``)."""


class IncompleteBody(Exception):
    """The client went away (a reset) before its body was read, e.g. after ``Expect: 100-continue``."""


def _chunked(request: HttpRequest) -> bool:
    return "chunked" in request.headers.get("Transfer-Encoding", "").lower()


def _read_stream(stream, limit: int) -> bytes:
    parts, size = [], 0
    while size <= limit:
        try:
            part = stream.read(limit + 1 - size)
        except Exception as exc:  # the WSGI server's own parse errors: gunicorn.http.errors.*
            raise MalformedBody(str(exc)) from exc
        if not part:
            break
        parts.append(part)
        size += len(part)
    return b"".join(parts)


def read_body(request: HttpRequest, limit: int) -> bytes:
    """At most ``limit`` bytes of the body; raises :class:`BodyTooLarge` or :class:`LengthRequired`."""
    length = request.headers.get("Content-Length", "")
    declared = parse_count(length)  # None for a huge or odd header: reading stops at the limit
    if declared is not None and declared > limit:
        raise BodyTooLarge
    if _chunked(request) and not length and not isinstance(request, ASGIRequest):
        if not request.META.get("wsgi.input_terminated"):
            raise LengthRequired
        body = _read_stream(request.META["wsgi.input"], limit)
    else:
        try:
            body = request.read(limit + 1)
        except UnreadablePostError as exc:  # Django's OSError of the stream: the client's doing
            raise IncompleteBody(str(exc)) from exc
    if len(body) > limit:
        raise BodyTooLarge
    return body
