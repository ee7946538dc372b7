"""Players' names and the text of a document: what no page, file or database could hold, what is
too long, and names given twice (SCORING_SPEC §2b)."""

from .errors import ErrorList
from .i18n import _, gettext_noop
from .names import CACHE_SIZE, CACHED_LENGTH, clean_name, name_key, visible_length
from .text import MSG_SURROGATE, forbidden_character, is_surrogate, lone_surrogate_path

MAX_NAME = 30
"""Characters as people see them (:func:`names.visible_length`: a joined emoji counts once)."""
MAX_NAME_CODE_POINTS = 4 * MAX_NAME
"""What a name may hold in all, joiners, skin tones and flag letters included."""

MSG_NAME_CONTROL = gettext_noop("A name cannot hold the control character U+{code}.")
MSG_NAME_EMPTY = gettext_noop("A name cannot be empty.")
MSG_NAME_TOO_LONG = gettext_noop("A name can be at most 30 characters.")
_name_verdicts: dict[str, tuple[str, str]] = {}
"""The verdict on each distinct name, as names.py remembers cleaned names (a table's names come
back every hand): ``(message id, its code point or "")`` for a name refused, ``("", cleaned
name)`` for a name taken. Translated when asked, so one verdict serves every language."""


def name_problem(name: object) -> str | None:
    """What is wrong with a player's name, or None."""
    if not isinstance(name, str):
        return _(MSG_NAME_EMPTY)
    message, code = name_verdict(name)
    if not message:
        return None
    return _(message).format(code=code) if code else _(message)


def name_verdict(name: str) -> tuple[str, str]:
    """``("", the cleaned name)`` for a good name, ``(message id, code point or "")`` for a bad one."""
    verdict = _name_verdicts.get(name)
    if verdict is None:
        verdict = _name_verdict(name)
        if len(name) <= CACHED_LENGTH:
            if len(_name_verdicts) >= CACHE_SIZE:
                _name_verdicts.clear()
            _name_verdicts[name] = verdict
    return verdict


def _name_verdict(name: str) -> tuple[str, str]:
    if (bad := forbidden_character(name)) is not None:
        return (MSG_SURROGATE, "") if is_surrogate(bad) else (MSG_NAME_CONTROL, f"{ord(bad):04X}")
    cleaned = clean_name(name)
    if not cleaned:
        return MSG_NAME_EMPTY, ""
    if len(cleaned) > MAX_NAME_CODE_POINTS or visible_length(cleaned) > MAX_NAME:
        return MSG_NAME_TOO_LONG, ""
    return "", cleaned


def check_text(data: object, errors: ErrorList) -> None:
    """Text no output can hold (a lone surrogate anywhere, key or value), before anything else."""
    bad = lone_surrogate_path(data)
    if bad is not None:
        errors.add(bad, _(MSG_SURROGATE))
        errors.raise_if_any()


def check_name(name: object, path: str, errors: ErrorList) -> bool:
    problem = name_problem(name)
    if problem is not None:
        errors.add(path, problem)
    return problem is None


def check_unique_names(names: list[str], paths: list[str], errors: ErrorList) -> None:
    seen: set[str] = set()
    for name, path in zip(names, paths, strict=True):
        key = name_key(name)
        if key in seen:
            errors.add(path, _("Two players cannot have the same name."))
        seen.add(key)
