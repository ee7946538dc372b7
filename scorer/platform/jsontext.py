"""Decoded JSON that cannot be written back out: lone surrogates.

JSON's ``\\ud800`` escape decodes to a lone surrogate, a Python ``str`` that no UTF-8 encoder
accepts; it used to crash the API (HTML 500) and ``manage.py score`` (traceback). The scoring
service refuses such input first, naming the path like every other error (HAND_FORMAT.md).
"""

from collections.abc import Iterator

MAX_PATH_KEY = 40
"""A key shown in a path is cut to this many characters."""


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _key(key: str) -> str:
    """A key as a path step, printable whatever it holds."""
    return key[:MAX_PATH_KEY].encode("utf-8", "backslashreplace").decode("ascii", "backslashreplace")


def _join(path: str, step: str) -> str:
    return f"{path}.{step}" if path else step


def _children(path: str, value: object) -> Iterator[tuple[str, object, bool]]:
    """(path, child, is_key) for each key and item of a JSON container."""
    if isinstance(value, dict):
        for key, child in value.items():
            step = _join(path, _key(key)) if isinstance(key, str) else path
            yield step, key, True
            yield step, child, False
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield f"{path}[{index}]", child, False


def lone_surrogate_path(data: object) -> str | None:
    """The path of the first string (value or key) holding a lone surrogate, else None.

    Iterative, so JSON nested as deep as the decoder allows cannot overflow the stack.

    >>> lone_surrogate_path({"players": [{"name": "Ali"}, {"name": "\\ud800"}]})
    'players[1].name'
    >>> lone_surrogate_path({"players": ["Ayşe", "Bora"]}) is None
    True
    """
    stack: list[tuple[str, object]] = [("", data)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, str):
            if _has_surrogate(value):
                return path
            continue
        children = list(_children(path, value))
        stack.extend((step, child) for step, child, _is_key in reversed(children))
    return None
