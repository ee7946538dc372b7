"""What every step of the newcomer path shares: its result, how it reads a field, its defaults."""

from collections.abc import Mapping
from dataclasses import dataclass, field

from scorer.engine.codes import RuleId
from scorer.engine.i18n import _

DEFAULTS = {
    "taslar": "7 12 3 1",
    "gosterge_renk": "red",
    "gosterge_sayi": "5",
    "acilis": "sets",
    "acilis_boyut": "104",
    "bitis": "normal",
    "el_bitis": "normal",
    "el_per": "23",
    "el_per_okey": "1",
    "el_cift": "10",
    "cz_bitis": "okey",
    "cz_per": "23",
    "cz_acilis": "156",
    "cz_cift": "10",
    "cz_cift_sayi": "7",
    "cz_yandan": "7",
    "es_bitis": "okey",
    "es_bora": "23",
    "es_cem": "15",
    "es_deniz": "30",
}


@dataclass(frozen=True, slots=True)
class Step:
    """One step's result: what to show, the clauses it explains, and any problem with what was typed."""

    number: int
    rules: tuple[RuleId, ...]
    values: dict = field(hash=False)
    errors: dict = field(hash=False, default_factory=dict)
    """Field name → message, in the active language. A step with errors shows them, not a result."""


def read(data: Mapping, name: str) -> str:
    value = data.get(name)
    return DEFAULTS[name] if value is None else str(value).strip()


def whole(data: Mapping, name: str, low: int, high: int, errors: dict, what: str) -> int:
    raw = read(data, name)
    try:
        number = int(raw.replace("−", "-"))
    except ValueError:
        number = None
    if number is None or not low <= number <= high:
        errors[name] = _("{what}: enter a whole number from {low} to {high}.").format(
            what=what, low=low, high=high
        )
        return int(DEFAULTS[name])
    return number


def choice(data: Mapping, name: str, choices: Mapping, errors: dict) -> str:
    """A finish (or other key) chosen from a list; the default, and an error, for anything else."""
    key = read(data, name)
    if key not in choices:
        errors[name] = _("Finish: choose one of the finishes listed.")
        key = DEFAULTS[name]
    return key
