"""Translatable text for a Django-free engine.

Engine code marks user-facing text with ``_("English msgid")``, or ``gettext_noop`` for text
translated later — names Django's ``makemessages`` extracts — and the text is translated when a
result is built. The engine
itself knows no language: the host installs a translator (Django's ``gettext`` in
``scorer.apps``) and the active language of the request or command applies. Without a
translator the English msgid is used.
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_translator: Callable[[str], str] | None = None
_numbers_only: ContextVar[bool] = ContextVar("okeycalc_engine_numbers_only", default=False)


def set_translator(translator: Callable[[str], str] | None) -> None:
    """Install the function that translates a msgid into the active language."""
    global _translator
    _translator = translator


def _(message: str) -> str:
    """Translate ``message`` with the installed translator (identity without one)."""
    if _translator is None or _numbers_only.get():
        return message
    return _translator(message)


@contextmanager
def numbers_only() -> Iterator[None]:
    """Leave text as its English msgid while this block runs, in this thread or task only: for
    work that reads the results' numbers and never their words (the club ratings replaying
    thousands of games, where translating every line's label was a third of the time)."""
    token = _numbers_only.set(True)
    try:
        yield
    finally:
        _numbers_only.reset(token)


def gettext_noop(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (translated later with ``_``)."""
    return message
