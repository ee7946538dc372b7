"""Keep edit-link secrets out of every log line.

A table's edit link is ``/masa/<id>/anahtar/<secret>/`` (an event's organizer link, a table card's
and a club's admin link end the same way): whoever reads a log line holding it could edit the
table. The server decodes a request's path before Django resolves it, so an encoded spelling
(``%61nahtar``, ``anahtar%2F``: uvicorn decodes ``%2F`` too) opens the link just the same, and is
redacted just the same. So are the spellings that open nothing but carry what was typed as a
secret all the same: encoded twice (``%2561nahtar``), with an accent (``%C3%A2nahtar``, "ânahtar"),
or with the slashes doubled (``anahtar//``). The rule: a path segment that reads "anahtar" once
decoded (however often, and its backslash escapes read as Django's request warnings write them),
without its accents and case, hides the segment after it.

The filter rewrites a record's message and arguments before any handler formats it, so Django's
request warnings, the runserver log and gunicorn's access log (when it is configured with this
filter) show ``/anahtar/…/`` instead.
"""

import contextlib
import copy
import logging
import re
import unicodedata
from urllib.parse import unquote

KEY_WORD = "anahtar"
"""The path segment before the secret of every link that gives rights."""
SLASHES = re.compile(r"((?:/|%(?:25)*2[fF])+)")
"""One slash or more, each typed or percent-encoded (once or more: ``%2F``, ``%252F``)."""
SECRET = re.compile(r"[^\s\"'?#]+")
"""The secret: what the segment holds before the end of the path (a space, a quote, the query)."""
LONGEST_KEY_WORD = 24 * len(KEY_WORD)
"""Longer segments are not looked at: "anahtar" with each letter encoded a few times over."""
REDACTED = "…"


def _decoded(segment: str) -> str:
    """The segment percent-decoded until nothing changes (a double encoding decodes twice), and
    its backslash escapes read: Django's request warnings write a path's other characters so
    ("Not Found: /masa/x/\\xe2nahtar/…")."""
    for _ in range(len(segment)):
        decoded = unquote(segment, errors="replace")
        if decoded == segment:
            break
        segment = decoded
    if "\\" in segment:
        with contextlib.suppress(UnicodeDecodeError):  # a stray backslash: read as it is
            segment = segment.encode("latin-1", "backslashreplace").decode("unicode_escape")
    return segment


def _plain(text: str) -> str:
    """The text without accents, case-folded: "ÂNAHTAR" → "anahtar"."""
    if text.isascii():
        return text.lower()
    letters = unicodedata.normalize("NFKD", text)
    return "".join(c for c in letters if not unicodedata.combining(c)).casefold()


def is_key_word(segment: str) -> bool:
    """Whether a path segment reads "anahtar" decoded, without accents, in any case."""
    if not len(KEY_WORD) <= len(segment) <= LONGEST_KEY_WORD:
        return False
    return _plain(_decoded(segment)) == KEY_WORD


def redact(text: str) -> str:
    """``"GET /masa/abc/anahtar/s3cret/"`` → ``"GET /masa/abc/anahtar/…/"``, and the same for
    every spelling: ``"/masa/abc/%61nahtar%2Fs3cret/"`` → ``"/masa/abc/%61nahtar%2F…/"``."""
    if "%" not in text and "\\" not in text and KEY_WORD not in _plain(text):
        return text  # the quick answer for almost every line: no spelling of the word is in it
    parts = SLASHES.split(text)  # segments at even indexes, the slashes between them at odd ones
    for index in range(2, len(parts), 2):
        if is_key_word(parts[index - 2]):
            parts[index] = SECRET.sub(REDACTED, parts[index], count=1)
    return "".join(parts)


def _redact_value(value: object) -> object:
    return redact(value) if isinstance(value, str) else value


class RedactClaimSecrets(logging.Filter):
    """A logging filter that never drops a record, only takes the secrets out of it."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_redact_value(arg) for arg in record.args)
        elif isinstance(record.args, dict):
            # A copy of the same mapping type: gunicorn's access-log atoms answer "-" for a
            # missing key, which a plain dict would turn into a KeyError.
            args = copy.copy(record.args)
            args.update((key, _redact_value(value)) for key, value in record.args.items())
            record.args = args
        return True
