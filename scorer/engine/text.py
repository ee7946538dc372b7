"""Text no page, file or database can hold: lone surrogates and control characters.

JSON's ``\\ud800`` escape decodes to a lone surrogate, a Python ``str`` that no UTF-8 encoder
accepts: every page showing it, its CSV and JSON exports and a backup of it would fail, and
PostgreSQL refuses to store it (as it refuses NUL, ``\\u0000``). Control characters (NUL, ESC,
DEL, the C1 range) are not text people type and turn a terminal or a CSV viewer into something
else. The engine refuses both at its entry points, naming the path like every other error
(HAND_FORMAT.md); :func:`repair_text` is what a table stored before these checks is shown and
repaired with.

>>> lone_surrogate_path({"players": [{"name": "Ali"}, {"name": "\\ud800"}]})
'players[1].name'
>>> lone_surrogate_path({"players": ["Ayşe", "Bora"]}) is None
True
>>> f"U+{ord(forbidden_character('Ali\\x00')):04X}"
'U+0000'
>>> repair_text("A\\x00li\\ud800")
'Ali\\ufffd'
"""

import json
import re
from collections.abc import Callable, Iterator
from json.encoder import c_encode_basestring, c_make_encoder

from .i18n import gettext_noop

MSG_SURROGATE = gettext_noop(
    "Holds an invalid character (a lone UTF-16 surrogate such as \\ud800); send valid Unicode text."
)

MAX_PATH_KEY = 40
"""A key shown in a path is cut to this many characters."""

FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
"""Control characters (C0 without tab, line feed and carriage return, which are spaces; DEL; C1)
and the halves of UTF-16 surrogate pairs, which never stand alone in valid text."""

SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
"""A JSON escape of a UTF-16 surrogate half (``\\ud800``–``\\udfff``), paired or not."""

_CONTROLS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_SURROGATES = re.compile("[\ud800-\udfff]")
REPLACEMENT = "\ufffd"


def forbidden_character(text: str) -> str | None:
    """The first character of ``text`` that text may not hold, or None."""
    found = FORBIDDEN.search(text)
    return None if found is None else found[0]


def is_surrogate(character: str) -> bool:
    return "\ud800" <= character <= "\udfff"


def repair_text(text: str) -> str:
    """``text`` with control characters removed and each lone surrogate shown as U+FFFD."""
    if FORBIDDEN.search(text) is None:
        return text
    return _SURROGATES.sub(REPLACEMENT, _CONTROLS.sub("", text))


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _key(key: str) -> str:
    """A key as a path step, printable whatever it holds (a control character as ``\\x00``)."""
    text = key[:MAX_PATH_KEY].encode("utf-8", "backslashreplace").decode("ascii", "backslashreplace")
    return _CONTROLS.sub(lambda m: f"\\x{ord(m[0]):02x}", text)


def _join(path: str, step: str) -> str:
    return f"{path}.{step}" if path else step


def _children(path: str, value: object) -> Iterator[tuple[str, object]]:
    """(path, child) for each key and item of a JSON container (a key is a child too)."""
    if isinstance(value, dict):
        for key, child in value.items():
            step = _join(path, _key(key)) if isinstance(key, str) else path
            yield step, key
            yield step, child
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield f"{path}[{index}]", child


def _not_json(value: object) -> object:
    raise TypeError(f"{type(value).__name__} is not JSON")


def _make_writer():
    """The C encoder ``json.dumps(data, ensure_ascii=False, check_circular=False)`` uses, made once:
    dumps builds an encoder object and the C encoder anew for every call, which cost as much as
    writing a hand out. Decoded JSON holds no cycle; a nesting too deep raises RecursionError."""
    if c_make_encoder is None or c_encode_basestring is None:  # a Python without the C accelerator
        return lambda data: json.dumps(data, ensure_ascii=False)
    encode = c_make_encoder(None, _not_json, c_encode_basestring, None, ":", ",", False, False, True)
    return lambda data: encode(data, 0)


_write = _make_writer()


def lone_surrogate_path(data: object) -> str | None:
    """The path of the first string (value or key) holding a lone surrogate, else None.

    Every document is asked, so the common answer comes fast: the C encoder writes the document
    out and UTF-8 takes it (a few µs for a hand). Only when it does not is the document walked,
    iteratively, so JSON nested as deep as the decoder allows cannot overflow the stack.
    """
    try:
        "".join(_write(data)).encode("utf-8")
    except UnicodeEncodeError:
        pass  # there is one: find where
    except (TypeError, ValueError, RecursionError):
        pass  # not plain JSON, or nested too deep for the encoder: walk it
    else:
        return None
    return _walk(data)


def escapes_surrogate(json_text: str) -> bool:
    """Whether JSON text decoded from UTF-8 (which holds no surrogate) may decode to one.

    Only a ``\\ud800``–``\\udfff`` escape makes a surrogate in what ``json.loads`` returns, so
    when the text has none, nothing decoded from it needs :func:`lone_surrogate_path`: one search
    of a 20,000-game file instead of writing each game out again. An escaped backslash before
    ``ud800`` is the rare false alarm, and then every part is checked as usual.

    >>> escapes_surrogate('{"name": "Ayşe"}'), escapes_surrogate('{"name": "\\\\ud83d\\\\ude00"}')
    (False, True)
    """
    return SURROGATE_ESCAPE.search(json_text) is not None


def nul_path(data: object) -> str | None:
    """The path of the first string (value or key) holding U+0000, else None.

    PostgreSQL's text cannot store it (a DataError) and a page would print it raw. The C encoder
    writes it ``\\u0000``, so most documents are cleared without a walk (an escaped backslash
    before ``u0000`` is the rare false alarm the walk then clears).
    """
    try:
        if "\\u0000" not in "".join(_write(data)):
            return None
    except (TypeError, ValueError, RecursionError):
        pass  # not plain JSON, or nested too deep for the encoder: walk it
    return _walk(data, lambda text: "\x00" in text)


def _walk(data: object, bad: Callable[[str], bool] | None = None) -> str | None:
    bad = bad or (lambda text: not text.isascii() and _has_surrogate(text))
    stack: list[tuple[str, object]] = [("", data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            if bad(value):
                return path
            continue
        if isinstance(value, dict | list):
            stack.extend(reversed(list(_children(path, value))))
    return None
