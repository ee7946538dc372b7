"""Translatable text for a Django-free engine.

Engine code marks user-facing text with ``_("English msgid")``, or ``gettext_noop`` for text
translated later — names Django's ``makemessages`` extracts — and the text is translated when a
result is built. The engine
itself knows no language: the host installs a translator (Django's ``gettext`` in
``scorer.apps``) and the active language of the request or command applies. Without a
translator the English msgid is used.
"""

from collections.abc import Callable

_translator: Callable[[str], str] | None = None


def set_translator(translator: Callable[[str], str] | None) -> None:
    """Install the function that translates a msgid into the active language."""
    global _translator
    _translator = translator


def _(message: str) -> str:
    """Translate ``message`` with the installed translator (identity without one)."""
    return _translator(message) if _translator is not None else message


def gettext_noop(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (translated later with ``_``)."""
    return message
