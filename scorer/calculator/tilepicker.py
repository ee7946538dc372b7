"""The tile picker: each player's remaining tiles, tapped in; the engine counts them.

The picker keeps counts per player and tile (``p{i}-{tile}`` = 0, 1 or 2). An "add" refuses a
third copy of a tile over the whole hand (the indicator is one copy), so the button says why
instead; typed counts go to the engine, whose errors are put back on the count fields.
Points, okeys and fake okeys are the engine's (``parse_hand`` on the tile form), and the hand
value of each player is scored by the engine as if they had opened and the deck ran out.
"""

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from scorer.engine import FieldError, HandResult, InvalidInput, all_rulesets, parse_hand, score_input
from scorer.engine.inputs import HandInput
from scorer.engine.tiles import COLOURS, COPIES, FAKE, OKEY, Tile, okey_of, parse_tile
from scorer.platform.numbers import parse_count

NUMBERS = range(1, 14)
NUMBERED = tuple(f"{colour}-{n}" for colour in COLOURS for n in NUMBERS)
ALL_TILES = (*NUMBERED, FAKE)
MAX_PLAYERS = 4
DEFAULT_RULESET = "loca"
TILE_PATH = re.compile(r"^players\[(\d+)\]\.remaining\.tiles\[(\d+)\]$")
PLAYER_TILES_PATH = re.compile(r"^players\[(\d+)\]\.remaining(?:\.tiles)?$")


@dataclass
class Picker:
    """What is picked: the rule set, the indicator, and each player's tile counts."""

    ruleset: str
    indicator: str | None
    names: list[str]
    counts: list[Counter] = field(default_factory=list)
    active: int = 0

    def tiles(self, i: int) -> list[str]:
        return [tile for tile in ALL_TILES for _ in range(self.counts[i][tile])]

    def copies(self) -> Counter:
        """Copies of each tile in use over the whole hand, the indicator included."""
        total = Counter()
        for counts in self.counts:
            total.update(counts)
        if self.indicator:
            total[self.indicator] += 1
        return total

    def is_full(self, tile: str) -> bool:
        return self.copies()[tile] >= COPIES

    @property
    def okey(self) -> Tile | None:
        tile = parse_tile(self.indicator)
        return okey_of(tile) if tile else None

    def hand(self) -> dict:
        """The hand in HAND_FORMAT.md tile form; a player with tiles is taken to have opened."""
        hand: dict = {"ruleset": self.ruleset, "players": []}
        if self.indicator:
            hand["indicator"] = self.indicator
        for i, name in enumerate(self.names):
            tiles = self.tiles(i)
            player = {"name": name, "opened": "sets" if tiles else "none"}
            if tiles:
                player["remaining"] = {"tiles": tiles}
            hand["players"].append(player)
        return hand


@dataclass(frozen=True, slots=True)
class PlayerTotals:
    points: int
    okeys: int
    fake_okeys: int
    hand_value: int
    lines: tuple


@dataclass
class Outcome:
    totals: list[PlayerTotals | None]
    errors: tuple[FieldError, ...] = ()


def apply_op(picker: Picker, op: str) -> str:
    """Apply ``add:i:tile``, ``remove:i:tile`` or ``player:i``; returns a message ('' if none)."""
    kind, _sep, rest = op.partition(":")
    index, _sep, tile = rest.partition(":")
    i = parse_count(index, high=len(picker.names) - 1)
    if i is None:
        return ""
    if kind == "player":
        picker.active = i
        return ""
    if tile not in ALL_TILES:
        return ""
    picker.active = i
    if kind == "add":
        if picker.is_full(tile):
            return _("{tile}: both copies are already in use (the indicator counts as one).").format(
                tile=tile_name(tile)
            )
        picker.counts[i][tile] += 1
    elif kind == "remove" and picker.counts[i][tile]:
        picker.counts[i][tile] -= 1
    return ""


def picker_score(picker: Picker) -> Outcome:
    """The engine's count of each player's tiles and their hand value, or the engine's errors."""
    hand = picker.hand()
    if not picker.indicator:
        return Outcome([None] * len(picker.names))
    try:
        parsed: HandInput = parse_hand(hand)
    except InvalidInput as exc:
        return Outcome([None] * len(picker.names), exc.errors)
    result: HandResult = score_input(parsed)
    totals = []
    for player, scored in zip(parsed.players, result.players, strict=True):
        r = player.remaining
        lines = tuple(line for line in scored.lines if line.code != "not_opened")
        value = sum(line.points for line in lines)
        totals.append(PlayerTotals(r.points, r.okeys, r.fake_okeys, value, lines))
    return Outcome(totals)


def error_fields(picker: Picker, errors: tuple[FieldError, ...]) -> dict[str, list[str]]:
    """Engine error paths (``players[1].remaining.tiles[3]``) → count field names (``p1-red-7``)."""
    fields: dict[str, list[str]] = {}
    for error in errors:
        name = "__all__"
        if match := TILE_PATH.match(error.path):
            i, j = int(match[1]), int(match[2])
            tiles = picker.tiles(i)
            if j < len(tiles):
                name = f"p{i}-{tiles[j]}"
        elif match := PLAYER_TILES_PATH.match(error.path):
            name = f"p{match[1]}-tiles"
        elif error.path == "indicator":
            name = "indicator"
        messages = fields.setdefault(name, [])
        if error.message not in messages:
            messages.append(error.message)
    return fields


def tile_name(tile: str) -> str:
    """The tile in words for people: "kırmızı 7", "sahte okey", "okey"."""
    if tile == FAKE:
        return _("fake okey")
    if tile == OKEY:
        return _("okey")
    colour, _sep, number = tile.partition("-")
    return f"{colour_name(colour)} {number}"


def colour_name(colour: str) -> str:
    names = {"red": _("red"), "yellow": _("yellow"), "blue": _("blue"), "black": _("black")}
    return names.get(colour, colour)


def picker_from_data(
    data: Mapping,
    *,
    names: Sequence[str] = (),
    ruleset: str | None = None,
    active: int | None = None,
) -> tuple[Picker, dict[str, list[str]], dict[str, str]]:
    """The picker posted by the form (or a fresh one for ``{}``), its field errors and raw values.

    ``names``, ``ruleset`` and ``active`` are given when the picker counts for a hand being entered
    (its players and rule set; the player it was opened for).
    """
    ruleset = ruleset or data.get("ruleset")
    if ruleset not in {rs.id for rs in all_rulesets()}:
        ruleset = DEFAULT_RULESET
    indicator = data.get("indicator") if data.get("indicator") in NUMBERED else None
    count = len(names) if names else _int(data.get("players"), 2, MAX_PLAYERS, MAX_PLAYERS)
    names = list(names) or [_("Player {n}").format(n=i + 1) for i in range(count)]
    if active is None:
        active = _int(data.get("active"), 0, count - 1, 0)
    picker = Picker(ruleset, indicator, names, [Counter() for _ in names], active)
    errors: dict[str, list[str]] = {}
    raw: dict[str, str] = {}
    for i in range(count):
        for tile in ALL_TILES:
            name = f"p{i}-{tile}"
            value = str(data.get(name) or "0").strip()
            if value in ("0", "1", "2"):
                picker.counts[i][tile] = int(value)
            else:
                errors[name] = [_("Must be 0, 1 or 2.")]
                raw[name] = value
    return picker, errors, raw


def _int(value: object, low: int, high: int, default: int) -> int:
    return parse_count(value, low=low, high=high, default=default)
