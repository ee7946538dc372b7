"""Keep edit-link secrets out of every log line.

A table's edit link is ``/masa/<id>/anahtar/<secret>/`` (an event's organizer link is
``/turnuva/<id>/anahtar/<secret>/``): whoever reads a log line holding it could edit the table.
The server decodes a request's path before Django resolves it, so an encoded spelling
(``%61nahtar``, ``anahtar%2F``: uvicorn decodes ``%2F`` too) opens the link just the same, and is
redacted just the same: the pattern matches every character percent-encoded or not. The filter rewrites a record's message and arguments before any handler formats
it, so Django's request warnings, the runserver log and gunicorn's access log (when it is
configured with this filter) show ``/anahtar/…/`` instead.
"""

import copy
import logging
import re


def _spelled(text: str) -> str:
    """A pattern for ``text`` with any of its characters percent-encoded, in either case: the
    server decodes the path (``%61nahtar``, ``anahtar%2F``) before Django resolves it, so every
    spelling of a link is the link."""
    return "".join(f"(?:{re.escape(char)}|%{ord(char):02x})" for char in text)


SLASH = _spelled("/")
CLAIM_SECRET = re.compile(rf"({SLASH}{_spelled('anahtar')}{SLASH})[^/\s\"'?#]+", re.IGNORECASE)
"""The secret of an edit link or an organizer link (``…/anahtar/<secret>``), however encoded."""
REDACTED = r"\1…"


def redact(text: str) -> str:
    """``"GET /masa/abc/anahtar/s3cret/"`` → ``"GET /masa/abc/anahtar/…/"``, and the same for
    every encoded spelling: ``"/masa/abc/%61nahtar%2Fs3cret/"`` → ``"/masa/abc/%61nahtar%2F…/"``."""
    return CLAIM_SECRET.sub(REDACTED, text)


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
