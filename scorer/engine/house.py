"""A document's ``"ruleset"``: a rule set's id, or a house rule set's object (HOUSE_RULES.md).

The object is validated whole, naming every bad field (``ruleset.values.finish.elden``,
``ruleset.colours.red``, an unknown key anywhere); a house with an error scores nothing. A valid
one becomes a :class:`~scorer.engine.rulesets.RuleSet` built by
:func:`~scorer.engine.rulesets.house_ruleset`, remembered by its text so that the hands of a
stream of documents with the same house build it once (``make bench``: a house costs its base's
scoring and a few per cent).

>>> ruleset, options = parse_ruleset({"ruleset": {"base": "kerizim", "values": {"foul": 50}}}, ErrorList())
>>> ruleset.id, ruleset.foul_cost, ruleset.house, options
('kerizim', 50, {'base': 'kerizim', 'values': {'foul': 50}}, {'partners': False})
"""

import marshal
from collections.abc import Mapping

from .errors import ErrorList
from .fields import is_int, unknown_fields
from .i18n import _, gettext_noop
from .namecheck import MSG_NAME_CONTROL
from .rulesets import HouseValues, RuleSet, all_rulesets, get_ruleset, house_ruleset
from .text import MSG_SURROGATE, forbidden_character, is_surrogate
from .tiles import COLOURS

HOUSE_KEYS = frozenset({"base", "name", "values", "colours"})
VALUE_KEYS = frozenset({"finish", "multiplier", "not_opened", "okey_in_hand", "pairs_and_multiplier", "foul"})
MAX_HOUSE_NAME = 60
POINTS = (-10000, 10000)
MULTIPLIERS = (1, 16)
AMOUNTS = (0, 10000)
FACTORS = (1, 10)
PAIRS_AND_MULTIPLIER = ("larger", "product")
ROW_RANGES = {
    "finish": (POINTS, gettext_noop("Must be a whole number from −10000 to 10000.")),
    "multiplier": (MULTIPLIERS, gettext_noop("Must be a whole number from 1 to 16.")),
}
MSG_AMOUNT = gettext_noop("Must be a whole number from 0 to 10000.")
MSG_OBJECT = gettext_noop("Must be a JSON object.")
CACHE_SIZE = 256
_built: dict[bytes, tuple[RuleSet, RuleSet]] = {}
"""Valid houses by their text (key order and types included): a house is the same rule set
whenever it is written the same way."""


def parse_ruleset(data: Mapping, errors: ErrorList) -> tuple[RuleSet | None, dict]:
    """The rule set of ``data["ruleset"]`` (a published one or a house) and its full options (the
    base's, defaults filled in). ``(None, {})`` when it cannot be scored: an unknown id, or a house
    with an error (its options are still checked when its base is known)."""
    base, ruleset, options = parse_ruleset_parts(data, errors)
    return (ruleset, options) if ruleset is not None else (None, {})


def parse_ruleset_parts(data: Mapping, errors: ErrorList) -> tuple[RuleSet | None, RuleSet | None, dict]:
    """``(base, rule set, options)``: the base when it is known, even under a house with an error
    (a hand is still checked against its base, so that every bad field is named at once), the rule
    set when it can be scored, and the base's full options."""
    raw = data.get("ruleset")
    if type(raw) is dict:
        base, ruleset = parse_house(raw, errors)
    else:
        base = ruleset = published(raw, "ruleset", errors)
    if base is None:
        return None, None, {}
    return base, ruleset, base.parse_options(data.get("options"), errors)


def ruleset_of(value: object) -> RuleSet:
    """The rule set a document's ``"ruleset"`` names: a published one by its id, or a house by its
    object; raises :class:`~scorer.engine.InvalidInput` when it names none."""
    errors = ErrorList()
    ruleset, _options = parse_ruleset({"ruleset": value}, errors)
    errors.raise_if_any()
    return ruleset


def known_ids() -> str:
    return ", ".join(rs.id for rs in all_rulesets())


def published(raw: object, path: str, errors: ErrorList) -> RuleSet | None:
    """A published rule set by its id, or None with an error naming the ids."""
    try:
        return get_ruleset(raw) if type(raw) is str else get_ruleset(None)
    except LookupError:
        errors.add(path, _("Unknown rule set. Choose one of: {ids}.").format(ids=known_ids()))
        return None


def parse_house(raw: dict, errors: ErrorList) -> tuple[RuleSet | None, RuleSet | None]:
    """``(base, house)``: the house's base when it is known, and the house when nothing is wrong."""
    try:
        # marshal writes what decoded JSON holds (dicts, lists, text, numbers, true, false, null)
        # back faithfully, types and order included, in C: twice as fast as repr, thrice json.dumps.
        # Version 1 writes no references to objects seen before: the same house, the same bytes.
        key = marshal.dumps(raw, 1)
    except (ValueError, RecursionError):  # not plain data, or nested too deeply: not remembered
        key = None
    built = _built.get(key) if key is not None else None
    if built is not None:
        return built
    before = len(errors)
    base = check_house(raw, errors)
    if base is None or len(errors) > before:
        return base, None
    house = build(raw, base)
    if key is not None:
        if len(_built) >= CACHE_SIZE:
            _built.clear()
        _built[key] = base, house
    return base, house


def check_house(raw: dict, errors: ErrorList) -> RuleSet | None:
    """Every error of the object; its base when the base is known."""
    if not HOUSE_KEYS.issuperset(raw):
        unknown_fields(raw, HOUSE_KEYS, "ruleset", errors)
    base = published(raw.get("base"), "ruleset.base", errors)
    if "name" in raw:
        check_name(raw["name"], errors)
    if "values" in raw:
        check_values(raw["values"], base, errors)
    if "colours" in raw:
        check_colours(raw["colours"], errors)
    return base


def check_name(name: object, errors: ErrorList) -> None:
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_HOUSE_NAME:
        errors.add("ruleset.name", _("A house rule set's name is 1 to 60 characters."))
    elif (bad := forbidden_character(name)) is not None:
        message = (
            _(MSG_SURROGATE) if is_surrogate(bad) else _(MSG_NAME_CONTROL).format(code=f"{ord(bad):04X}")
        )
        errors.add("ruleset.name", message)


def check_values(values: object, base: RuleSet | None, errors: ErrorList) -> None:
    path = "ruleset.values"
    if type(values) is not dict:
        errors.add(path, _(MSG_OBJECT))
        return
    if not VALUE_KEYS.issuperset(values):
        unknown_fields(values, VALUE_KEYS, path, errors)
    for kind in ("finish", "multiplier"):
        if kind in values:
            check_rows(values[kind], kind, base, errors)
    for kind in ("not_opened", "okey_in_hand", "foul"):
        if kind in values and not is_int(values[kind], *AMOUNTS):
            errors.add(f"{path}.{kind}", _(MSG_AMOUNT))
    if "pairs_and_multiplier" in values:
        check_pairs(values["pairs_and_multiplier"], base, errors)


def check_rows(rows: object, kind: str, base: RuleSet | None, errors: ErrorList) -> None:
    """``values.finish`` or ``values.multiplier``: the base's finish rows, each a number in range."""
    path = f"ruleset.values.{kind}"
    if type(rows) is not dict:
        errors.add(
            path, _("Must be an object of the finish table's rows: {rows}.").format(rows=row_keys(base))
        )
        return
    (low, high), message = ROW_RANGES[kind]
    keys = {row.key for row in base.finish_table} if base is not None else every_row_key()
    for key, value in rows.items():
        if key not in keys and base is not None:
            text = _("{ruleset} has no such finish row; its rows: {rows}.")
            errors.add(f"{path}.{key}", text.format(ruleset=_(base.name), rows=row_keys(base)))
        elif key not in keys:  # no base to judge by, but no rule set has this row
            text = _("No rule set has such a finish row; the rows: {rows}.")
            errors.add(f"{path}.{key}", text.format(rows=", ".join(sorted(keys))))
        elif not is_int(value, low, high):
            errors.add(f"{path}.{key}", _(message))


def every_row_key() -> frozenset[str]:
    """The finish rows of every rule set: a key none of them has is unknown whatever the base."""
    return frozenset(row.key for ruleset in all_rulesets() for row in ruleset.finish_table)


def row_keys(base: RuleSet | None) -> str:
    return ", ".join(row.key for row in base.finish_table) if base is not None else _("those of the base")


def check_pairs(value: object, base: RuleSet | None, errors: ErrorList) -> None:
    path = "ruleset.values.pairs_and_multiplier"
    if base is not None and base.pairs_and_multiplier is None:
        message = _("{ruleset} never doubles a pairs opener: this value is not one of its values.")
        errors.add(path, message.format(ruleset=_(base.name)))
    elif value not in PAIRS_AND_MULTIPLIER or type(value) is not str:
        errors.add(path, _("Must be one of: {choices}.").format(choices=", ".join(PAIRS_AND_MULTIPLIER)))


def check_colours(colours: object, errors: ErrorList) -> None:
    path = "ruleset.colours"
    if type(colours) is not dict:
        message = _("Must be an object with a factor for each colour: {colours}.")
        errors.add(path, message.format(colours=", ".join(COLOURS)))
        return
    for key in colours:
        if key not in COLOURS:
            errors.add(
                f"{path}.{key}",
                _("Unknown colour: the colours are {colours}.").format(colours=", ".join(COLOURS)),
            )
    for colour in COLOURS:
        if colour not in colours:
            errors.add(f"{path}.{colour}", _("Give a factor for each of the four colours (1 to 10)."))
        elif not is_int(colours[colour], *FACTORS):
            errors.add(f"{path}.{colour}", _("Must be a whole number from 1 to 10."))


def build(raw: dict, base: RuleSet) -> RuleSet:
    """The house of a valid object, keeping the object as it was given."""
    values = raw.get("values", {})
    house_values = HouseValues(
        finish=dict(values.get("finish", {})),
        multiplier=dict(values.get("multiplier", {})),
        not_opened=values.get("not_opened"),
        okey_in_hand=values.get("okey_in_hand"),
        pairs_and_multiplier=values.get("pairs_and_multiplier"),
        foul=values.get("foul"),
    )
    colours = {colour: raw["colours"][colour] for colour in COLOURS} if "colours" in raw else None
    return house_ruleset(base, house_values, colours, raw.get("name"), as_given(raw))


def as_given(value: object) -> object:
    """A copy of the object as it was given, so that nothing done to the document later changes it."""
    return {key: as_given(item) for key, item in value.items()} if type(value) is dict else value
