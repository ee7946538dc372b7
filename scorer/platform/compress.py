"""Compressed HTML, JSON and text on the way out: brotli or gzip, as the client asks.

Static files are not compressed here: WhiteNoise serves its pre-compressed ``.br``/``.gz``
copies (made by collectstatic) before a request reaches this middleware.

BREACH. Compressing a response that reflects what an attacker sends next to a secret lets the
attacker guess the secret from the compressed length. okeycalc's pages carry two kinds:
- Django's CSRF token: Django masks it with a fresh random mask every time it is rendered
  (``get_token``), so its bytes differ on every response and the length reveals nothing;
  the cookie itself never appears in a body. Pages with forms are compressed.
- A table's edit secret: it only ever appears inside an edit link ``/masa/<id>/anahtar/<secret>/``
  (the scorekeeper's share panel, the "table is open" message; scorer/tables/editlink.py derives it, no
  cookie or session holds it). Viewers' pages never carry one. A page that does (only the
  scorekeeper's) is gzipped with every edit link *isolated*: a full flush before and after each
  link resets the compressor's history, so no byte elsewhere on the page can be encoded as a
  reference to the link or the link to it, and the link's bytes sit in deflate blocks of their
  own. The compressed length is then the sum of lengths that each depend on one part only: what
  an attacker reflects into the page can no longer match the secret (tested). Brotli has no such
  reset, so these pages go out gzipped or, for a client without gzip, uncompressed.
  A view may mark any other response with ``response.breach_sensitive = True``: never compressed.

Streams (server-sent events) are never compressed here: a streaming response passes through.
"""

import gzip
import re
import zlib

import brotli
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_vary_headers

COMPRESSIBLE = ("text/html", "application/json", "text/plain", "text/csv", "image/svg+xml", "text/css")
MIN_SIZE = 200  # below this the headers cost more than compression saves
BROTLI_QUALITY = 3  # dynamic pages: qualities above 3 switch to a much slower algorithm for ~10 % fewer bytes
GZIP_LEVEL = 6
EDIT_LINK = re.compile(rb"/anahtar/[^/\"'<>\s]*")  # an edit link's secret part (scorer.urls: game_claim)
ENCODING_PART = re.compile(r"\s*([A-Za-z0-9*-]+)\s*(?:;\s*q\s*=\s*([0-9.]+))?\s*")


def accepted_encodings(header: str) -> set[str]:
    """The codings an Accept-Encoding header allows (``q=0`` excludes one)."""
    accepted = set()
    for part in header.split(","):
        match = ENCODING_PART.fullmatch(part)
        if not match:
            continue
        try:
            quality = float(match.group(2)) if match.group(2) else 1.0
        except ValueError:
            continue
        if quality > 0:
            accepted.add(match.group(1).lower())
    return accepted


def choose_encoding(accepted: set[str], *, isolating: bool = False) -> str | None:
    """Brotli before gzip; only gzip can isolate an edit link (``isolating``)."""
    if "br" in accepted and not isolating:
        return "br"
    if "gzip" in accepted or "*" in accepted:
        return "gzip"
    return None


def compress(body: bytes, encoding: str) -> bytes:
    if encoding == "br":
        return brotli.compress(body, quality=BROTLI_QUALITY)
    return gzip.compress(body, compresslevel=GZIP_LEVEL, mtime=0)


def secret_spans(body: bytes) -> list[tuple[int, int]]:
    """Where the body holds an edit link's secret part (``/anahtar/<secret>``)."""
    return [match.span() for match in EDIT_LINK.finditer(body)] if b"/anahtar/" in body else []


def gzip_isolating(body: bytes, spans: list[tuple[int, int]]) -> bytes:
    """gzip with each span compressed on its own: the history is reset before and after it."""
    compressor = zlib.compressobj(GZIP_LEVEL, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    out, position = [], 0
    for start, end in spans:
        out += [compressor.compress(body[position:start]), compressor.flush(zlib.Z_FULL_FLUSH)]
        out += [compressor.compress(body[start:end]), compressor.flush(zlib.Z_FULL_FLUSH)]
        position = end
    out += [compressor.compress(body[position:]), compressor.flush()]
    return b"".join(out)


def compressible(response: HttpResponse) -> bool:
    if response.streaming or response.has_header("Content-Encoding"):
        return False
    content_type = response.get("Content-Type", "").split(";", 1)[0].strip().lower()
    return content_type in COMPRESSIBLE and len(response.content) >= MIN_SIZE


def weak_etag(response: HttpResponse) -> None:
    """A compressed body is not byte-identical to the uncompressed one: its ETag becomes weak."""
    etag = response.get("ETag")
    if etag and etag.startswith('"'):
        response.headers["ETag"] = "W/" + etag


class CompressionMiddleware:
    """Brotli or gzip for dynamic responses; edit links isolated from the rest (BREACH)."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not compressible(response):
            return response
        patch_vary_headers(response, ("Accept-Encoding",))
        if getattr(response, "breach_sensitive", False):
            return response
        accepted = accepted_encodings(request.headers.get("Accept-Encoding", ""))
        spans = secret_spans(response.content)
        encoding = choose_encoding(accepted, isolating=bool(spans))
        if encoding is None:
            return response
        body = gzip_isolating(response.content, spans) if spans else compress(response.content, encoding)
        if len(body) >= len(response.content):
            return response
        response.content = body
        response.headers["Content-Length"] = str(len(body))
        response.headers["Content-Encoding"] = encoding
        weak_etag(response)
        return response
