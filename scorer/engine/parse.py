"""JSON (already decoded) → validated :class:`HandInput`, or :class:`InvalidInput` naming every bad field.

The checks follow SCORING_SPEC §2b. Structural checks come first; a rule set then says which
fouls, finish flags and penalties it has.
"""

from collections.abc import Mapping

from .errors import ErrorList
from .fields import is_int, unknown_fields
from .handcheck import check_hand, resolve_tiles
from .house import parse_ruleset_parts
from .i18n import _, gettext_noop
from .inputs import (
    FINISH_FLAGS,
    FOUL_KINDS,
    NO_FLAGS,
    NO_FOULS,
    NOTHING_LEFT,
    FirstOpening,
    HandInput,
    Opened,
    PlayerInput,
    Remaining,
    record,
)
from .namecheck import check_text, name_problem, name_verdict
from .names import clean_name
from .tiles import COPIES, MAX_TILES, is_tile_name, parse_tile

MAX_COUNT = 20
MAX_POINTS = 22 * 13
HAND_KEYS = frozenset({"format", "ruleset", "options", "indicator", "players"})
PLAYER_KEYS = frozenset(
    {"name", "opened", "finished", "finish", "remaining", "first_opening", "side_tile", "fouls"}
)
GAME_HAND_KEYS = frozenset({"players", "indicator"})
REMAINING_KEYS = frozenset({"points", "okeys", "fake_okeys", "tiles"})
FINISH_KEYS = frozenset(FINISH_FLAGS)
OPENING_KEYS = frozenset({"points", "pairs", "order"})
SIDE_TILE_KEYS = frozenset({"value"})
OPENED = {o.value: o for o in Opened}
TEXT_HOLDERS = (str, list, dict)
"""The JSON types that can hold a string (and so a lone surrogate)."""
REMAINING_FIELDS = (
    ("points", MAX_POINTS, gettext_noop("Must be a whole number from 0 to 286.")),
    ("okeys", COPIES, gettext_noop("Must be 0, 1 or 2.")),
    ("fake_okeys", COPIES, gettext_noop("Must be 0, 1 or 2.")),
)


def check_player_count(players: object, partners: bool, path: str, errors: ErrorList) -> bool:
    if not isinstance(players, list) or not 2 <= len(players) <= 4:
        errors.add(path, _("A table has 2 to 4 players."))
        return False
    if partners and len(players) != 4:
        errors.add(path, _("Partners (eşli) need exactly 4 players."))
        return False
    return True


def parse_hand(data: object, *, names: list[str] | None = None, ruleset=None, options=None) -> HandInput:
    """Validate one hand. Inside a game, ``names``, ``ruleset`` and ``options`` come from the game.

    A lone surrogate anywhere is the one error reported (:func:`check_text`). A hand that parses
    holds none: every string it keeps is a name (a player's or a house's), whose check refuses
    surrogates, or one of the words and keys the parser knows, so the whole-document probe is needed only when the parse
    fails, when a ``format`` holds text (the parser ignores it) or when a game's names are given
    (a hand's name is compared with its game's name, not checked).
    """
    errors = ErrorList()
    if names is not None:
        check_text(data, errors)
    hand = _parse_hand(data, errors, names=names, ruleset=ruleset, options=options, prefix="")
    if errors or names is None and type(data.get("format")) in TEXT_HOLDERS:
        check_text(data, ErrorList())
    errors.raise_if_any()
    return hand


def _parse_hand(data, errors, *, names, ruleset, options, prefix) -> HandInput | None:
    if not isinstance(data, dict):
        errors.add(prefix.rstrip("."), _("A hand must be a JSON object."))
        return None
    if ruleset is None:
        if not HAND_KEYS.issuperset(data):
            unknown_fields(data, HAND_KEYS, "", errors)
        base, ruleset, options = parse_ruleset_parts(data, errors)
        if base is None:
            return None
        if ruleset is None:  # a house with an error scores nothing, but the hand is checked against its base
            _parse_players(data, errors, base, options, colours="colours" in data["ruleset"])
            return None
    elif not GAME_HAND_KEYS.issuperset(data):
        unknown_fields(data, GAME_HAND_KEYS, prefix.rstrip("."), errors)
    players = _parse_players(data, errors, ruleset, options, ruleset.colours is not None, names, prefix)
    if players is None:
        return None
    return record(HandInput, (ruleset, options, players, data.get("indicator")))


def _parse_players(data, errors, ruleset, options, colours, names=None, prefix=""):
    """The hand's players checked against ``ruleset``; None when anything is wrong."""
    raw_players = data.get("players")
    partners = bool(options.get("partners"))
    counted = type(raw_players) is list and (
        len(raw_players) == 4 if partners else 2 <= len(raw_players) <= 4
    )
    if not counted and not check_player_count(raw_players, partners, f"{prefix}players", errors):
        return None  # (the path is built only for a count that is not plainly right)
    if names is not None and len(raw_players) != len(names):
        errors.add(f"{prefix}players", _("Each hand lists every player of the game, in the same order."))
        return None
    indicator = parse_indicator(data.get("indicator"), prefix, errors, needed=colours)
    players = tuple(
        [
            parse_player(raw, f"{prefix}players[{i}]", names[i] if names else None, i, errors)
            for i, raw in enumerate(raw_players)
        ]
    )
    if errors:
        return None
    players = resolve_tiles(players, indicator, data.get("indicator"), prefix, errors)
    check_hand(players, prefix, names is None, errors)
    ruleset.check_hand(players, options, prefix, errors)
    return None if errors else players


def parse_indicator(value: object, prefix: str, errors: ErrorList, *, needed: bool = False):
    """The hand's indicator tile, or None; ``needed`` under a house that multiplies by its colour."""
    if value is None:
        if needed:
            message = _(
                "This house rule set multiplies each hand by its gösterge's colour: give the hand's "
                "indicator (such as blue-5)."
            )
            errors.add(f"{prefix}indicator", message)
        return None
    tile = parse_tile(value)
    if tile is None:
        errors.add(f"{prefix}indicator", _("The indicator must be a numbered tile such as red-5."))
    return tile


def parse_player(raw: object, path: str, game_name: str | None, index: int, errors: ErrorList):
    if not isinstance(raw, dict):
        errors.add(path, _("A player must be a JSON object."))
        return None
    if not PLAYER_KEYS.issuperset(raw):
        unknown_fields(raw, PLAYER_KEYS, path, errors)
    name = raw.get("name")
    if game_name is not None:
        if (
            name is not None
            and name != game_name
            and (not isinstance(name, str) or clean_name(name) != clean_name(game_name))
        ):
            errors.add(f"{path}.name", _("The players must be in the game's order."))
        name = game_name
    elif name is None:
        name = _("Player {n}").format(n=index + 1)
    elif isinstance(name, str) and not (verdict := name_verdict(name))[0]:
        name = verdict[1]  # cleaned
    else:
        errors.add(f"{path}.name", name_problem(name))
        name = ""
    opened = raw.get("opened", "none")
    opened = OPENED.get(opened) if type(opened) is str else None
    if opened is None:
        errors.add(f"{path}.opened", _("Must be one of: none, sets, pairs."))
        opened = Opened.NONE
    finished = raw.get("finished", False)
    if finished is not True and finished is not False:
        errors.add(f"{path}.finished", _("Must be true or false."))
        finished = False
    # Optional parts are parsed only when present; absent ones get PlayerInput's defaults.
    finish = raw.get("finish")
    remaining = raw.get("remaining")
    first_opening = raw.get("first_opening")
    side_tile = raw.get("side_tile")
    fouls = raw.get("fouls")
    return record(
        PlayerInput,
        (
            name,
            opened,
            finished,
            NO_FLAGS if finish is None else parse_finish(finish, f"{path}.finish", errors),
            NOTHING_LEFT if remaining is None else parse_remaining(remaining, f"{path}.remaining", errors),
            None
            if first_opening is None
            else parse_first_opening(first_opening, f"{path}.first_opening", errors),
            None if side_tile is None else parse_side_tile(side_tile, f"{path}.side_tile", errors),
            NO_FOULS if fouls is None else parse_fouls(fouls, f"{path}.fouls", errors),
        ),
    )


def parse_finish(raw: object, path: str, errors: ErrorList) -> frozenset[str]:
    if not isinstance(raw, dict):
        errors.add(path, _("Must be an object of finish flags."))
        return frozenset()
    if not FINISH_KEYS.issuperset(raw):
        unknown_fields(raw, FINISH_KEYS, path, errors)
    flags = set()
    for flag in FINISH_FLAGS:
        value = raw.get(flag, False)
        if not isinstance(value, bool):
            errors.add(f"{path}.{flag}", _("Must be true or false."))
        elif value:
            flags.add(flag)
    return frozenset(flags)


def parse_remaining(raw: object, path: str, errors: ErrorList) -> Remaining:
    if not isinstance(raw, dict):
        errors.add(path, _("Must be an object: points, okeys, fake_okeys or tiles."))
        return NOTHING_LEFT
    if not REMAINING_KEYS.issuperset(raw):
        unknown_fields(raw, REMAINING_KEYS, path, errors)
    if "tiles" in raw:
        return parse_tile_list(raw, path, errors)
    points, okeys, fakes = raw.get("points", 0), raw.get("okeys", 0), raw.get("fake_okeys", 0)
    if (
        type(points) is int
        and type(okeys) is int
        and type(fakes) is int
        and 0 <= points <= MAX_POINTS
        and 0 <= okeys <= COPIES
        and 0 <= fakes <= COPIES
    ):
        return record(Remaining, (points, okeys, fakes, None))
    # Something is off: check each field, naming the bad ones.
    return Remaining(
        *[int_field(raw, key, high, message, path, errors) for key, high, message in REMAINING_FIELDS]
    )


def int_field(raw: Mapping, key: str, high: int, message: str, path: str, errors: ErrorList) -> int:
    """``raw[key]``, a whole number from 0 to ``high`` (0 when absent); 0 and an error otherwise."""
    value = raw.get(key, 0)
    if type(value) is int and 0 <= value <= high:
        return value
    errors.add(f"{path}.{key}", _(message))
    return 0


def parse_tile_list(raw: Mapping, path: str, errors: ErrorList) -> Remaining:
    tiles = raw["tiles"]
    if any(key in raw for key in ("points", "okeys", "fake_okeys")):
        errors.add(path, _("Give either the tiles or points/okeys/fake_okeys, not both."))
    if not isinstance(tiles, list):
        errors.add(f"{path}.tiles", _("Must be a list of tiles such as red-7, fake or okey."))
        return Remaining()
    if len(tiles) > MAX_TILES:
        errors.add(f"{path}.tiles", _("A player holds at most 22 tiles."))
    for j, text in enumerate(tiles):
        if not is_tile_name(text):
            errors.add(
                f"{path}.tiles[{j}]",
                _("Unknown tile. Use colour-number (red, yellow, blue, black; 1–13), fake or okey."),
            )
    return Remaining(tiles=tuple(t for t in tiles if isinstance(t, str)))


def parse_first_opening(raw: object, path: str, errors: ErrorList) -> FirstOpening | None:
    if not isinstance(raw, dict):
        errors.add(path, _("Must be an object: points or pairs, and order."))
        return None
    if not OPENING_KEYS.issuperset(raw):
        unknown_fields(raw, OPENING_KEYS, path, errors)
    points, pairs, order = raw.get("points"), raw.get("pairs"), raw.get("order")
    if (points is None) == (pairs is None):
        errors.add(path, _("Give the opening's size either in points or in pairs."))
    if points is not None and not is_int(points, 1, 300):
        errors.add(f"{path}.points", _("Must be a whole number from 1 to 300."))
    if pairs is not None and not is_int(pairs, 1, 11):
        errors.add(f"{path}.pairs", _("Must be a whole number from 1 to 11."))
    if order is not None and not is_int(order, 1, 4):
        errors.add(f"{path}.order", _("Must be a whole number from 1 to 4."))
    return record(FirstOpening, (points, pairs, order))


def parse_side_tile(raw: object, path: str, errors: ErrorList) -> int | None:
    value = raw.get("value") if isinstance(raw, dict) else None
    if isinstance(raw, dict) and not SIDE_TILE_KEYS.issuperset(raw):
        unknown_fields(raw, SIDE_TILE_KEYS, path, errors)
    if not is_int(value, 1, 13):
        errors.add(f"{path}.value", _("Must be a whole number from 1 to 13."))
        return None
    return value


def parse_fouls(raw: object, path: str, errors: ErrorList) -> Mapping[str, int]:
    if not isinstance(raw, dict):
        errors.add(path, _("Must be an object of foul counts."))
        return NO_FOULS
    fouls = {}
    for kind, count in raw.items():
        if kind not in FOUL_KINDS:
            errors.add(f"{path}.{kind}", _("Unknown foul."))
        elif not is_int(count, 0, MAX_COUNT):
            errors.add(f"{path}.{kind}", _("Must be a whole number from 0 to 20."))
        elif count:
            fouls[kind] = count
    return fouls
