"""Small checks of decoded JSON that every parser shares: hands, games, house rule sets, events."""

from collections.abc import Mapping

from .errors import ErrorList
from .i18n import _


def is_int(value: object, low: int, high: int) -> bool:
    """A whole number of JSON (never a bool or a float) in ``low..high``; the event document's too."""
    return type(value) is int and low <= value <= high


def unknown_fields(data: Mapping, allowed: frozenset[str], path: str, errors: ErrorList) -> None:
    """Reports the keys of ``data`` outside ``allowed``; callers test ``allowed.issuperset(data)`` first."""
    for key in data:
        if key not in allowed:
            errors.add(f"{path}.{key}" if path else str(key), _("Unknown field."))
