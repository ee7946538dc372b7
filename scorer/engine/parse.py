"""JSON (already decoded) → validated :class:`HandInput`, or :class:`InvalidInput` naming every bad field.

The checks follow SCORING_SPEC §2b. Structural checks come first; a rule set then says which
fouls, finish flags and penalties it has.
"""

from collections import Counter
from collections.abc import Mapping

from .errors import ErrorList
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
from .names import CACHE_SIZE, CACHED_LENGTH, clean_name, name_key, visible_length
from .rulesets import RuleSet, get_ruleset
from .text import MSG_SURROGATE, forbidden_character, is_surrogate, lone_surrogate_path
from .tiles import COPIES, MAX_TILES, copy_key, is_tile_name, okey_of, parse_tile, value_tiles

MAX_NAME = 30
"""Characters as people see them (:func:`names.visible_length`: a joined emoji counts once)."""
MAX_NAME_CODE_POINTS = 4 * MAX_NAME
"""What a name may hold in all, joiners, skin tones and flag letters included."""
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


def is_int(value: object, low: int, high: int) -> bool:
    """A whole number of JSON (never a bool or a float) in ``low..high``; the event document's too."""
    return type(value) is int and low <= value <= high


def unknown_fields(data: Mapping, allowed: frozenset[str], path: str, errors: ErrorList) -> None:
    """Reports the keys of ``data`` outside ``allowed``; callers test ``allowed.issuperset(data)`` first."""
    for key in data:
        if key not in allowed:
            errors.add(f"{path}.{key}" if path else str(key), _("Unknown field."))


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


def parse_ruleset(data: Mapping, errors: ErrorList) -> tuple[RuleSet | None, dict]:
    """The rule set and its full options (defaults filled in)."""
    try:
        ruleset = get_ruleset(data.get("ruleset"))
    except LookupError:
        errors.add("ruleset", _("Unknown rule set. Choose one of: loca, loca-cezali, gkokay, kerizim."))
        return None, {}
    return ruleset, ruleset.parse_options(data.get("options"), errors)


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
    holds none: every string it keeps is a name, whose check refuses surrogates, or one of the
    words and keys the parser knows, so the whole-document probe is needed only when the parse
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
        ruleset, options = parse_ruleset(data, errors)
        if ruleset is None:
            return None
    else:
        if not GAME_HAND_KEYS.issuperset(data):
            unknown_fields(data, GAME_HAND_KEYS, prefix.rstrip("."), errors)
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
    indicator = parse_indicator(data.get("indicator"), prefix, errors)
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
    if errors:
        return None
    return record(HandInput, (ruleset.id, options, players, data.get("indicator")))


def parse_indicator(value: object, prefix: str, errors: ErrorList):
    if value is None:
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


def resolve_tiles(players, indicator, raw_indicator, prefix, errors) -> tuple[PlayerInput, ...]:
    """Reduce tile lists to quick-form numbers, checking the indicator and the copies of each tile."""
    if not any([p.remaining.tiles is not None for p in players]):
        return players
    if indicator is None:
        if raw_indicator is None:
            errors.add(f"{prefix}indicator", _("The tile list needs the hand's indicator (gösterge)."))
        return players
    okey = okey_of(indicator)
    copies = Counter({str(indicator): 1})
    resolved = []
    for i, player in enumerate(players):
        tiles = player.remaining.tiles
        if tiles is None:
            resolved.append(player)
            continue
        for j, text in enumerate(tiles):
            key = copy_key(text, okey)
            copies[key] += 1
            if copies[key] > COPIES:
                errors.add(
                    f"{prefix}players[{i}].remaining.tiles[{j}]",
                    _("There are only 2 copies of each tile (the indicator is one of them)."),
                )
        count = value_tiles(tiles, indicator=indicator)
        resolved.append(
            player._replace(remaining=Remaining(count.points, count.okeys, count.fake_okeys, tiles))
        )
    return tuple(resolved)


OKEY_KINDS = (("okeys", gettext_noop("real okeys")), ("fake_okeys", gettext_noop("fake okeys")))


def check_hand(players, prefix: str, names_given: bool, errors: ErrorList) -> None:
    """Checks across players: one finisher, the finisher's state, okey totals, names."""
    finishers = [i for i, p in enumerate(players) if p.finished]
    for i in finishers[1:]:
        errors.add(f"{prefix}players[{i}].finished", _("Only one player can finish a hand."))
    okeys = fake_okeys = 0
    for i, player in enumerate(players):
        check_player_state(player, prefix, i, errors)
        okeys += player.remaining.okeys
        fake_okeys += player.remaining.fake_okeys
    for (key, label), total in zip(OKEY_KINDS, (okeys, fake_okeys), strict=True):
        if total > COPIES:
            check_okey_count(players, key, label, prefix, errors)
    if names_given and len({name_key(p.name) for p in players}) < len(players):
        paths = [f"{prefix}players[{i}].name" for i in range(len(players))]
        check_unique_names([p.name for p in players], paths, errors)


def check_okey_count(players, key: str, label: str, prefix: str, errors: ErrorList) -> None:
    """Names the player at whom the count of real (or fake) okeys goes over 2."""
    total = 0
    for i, player in enumerate(players):
        held = getattr(player.remaining, key)
        total += held
        if total > COPIES and held:
            message = _("There are only 2 {what} in the game; this hand has {n}.")
            errors.add(f"{prefix}players[{i}].remaining.{key}", message.format(what=_(label), n=total))
            return


def check_player_state(player: PlayerInput, prefix: str, index: int, errors: ErrorList) -> None:
    """One player's state against the rules of §2b that need no rule set (paths built on error only)."""
    remaining = player.remaining
    problems = []
    if player.finished:
        if player.opened is Opened.NONE:
            problems.append(("opened", _("A finisher must have opened.")))
        if remaining is not NOTHING_LEFT and any(remaining):
            problems.append(("remaining", _("A finisher has no tiles left.")))
    elif player.finish:
        problems.append(("finish", _("Finish flags belong to the finisher only.")))
    if "nine_pairs_run" in player.finish and player.opened is not Opened.PAIRS:
        problems.append(("finish.nine_pairs_run", _("A 9 pairs + 1 run finisher opened with pairs.")))
    if player.side_tile is not None and player.opened is Opened.NONE:
        problems.append(("side_tile", _("Only a player who opened can have used a side tile.")))
    if player.first_opening is not None:
        problems += first_opening_problems(player)
    for field, message in problems:
        errors.add(f"{prefix}players[{index}].{field}", message)


def first_opening_problems(player: PlayerInput) -> list[tuple[str, str]]:
    opening = player.first_opening
    if not player.has_opened:
        return [("first_opening", _("Only a player who opened has a first opening."))]
    if player.opened is Opened.PAIRS and opening.points is not None:
        return [("first_opening.points", _("A pairs opening is counted in pairs, not points."))]
    if player.opened is Opened.SETS and opening.pairs is not None:
        return [("first_opening.pairs", _("A sets opening is counted in points, not pairs."))]
    return []
