"""The quick calculator's hand: the HandForm's data, plus tile lists carried over from the tile picker.

A player's tile list (from the tile picker or a shared link) is kept in the tile form as long as
the points, okeys and fake okeys shown for them still match the tiles; once someone edits those
numbers, the typed numbers win and the list is dropped.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field

from scorer.engine import FieldError, HandResult, InvalidInput, RuleSet, score_hand
from scorer.engine.tiles import is_tile_name, parse_tile, value_tiles
from scorer.tables.forms import HandForm

MAX_TILES = 22


@dataclass
class Tiles:
    """Tile lists by player index, and the indicator they were counted with."""

    indicator: str | None = None
    players: dict[int, list[str]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(self.indicator and self.players)


def calc_tiles(data: Mapping, count: int) -> Tiles:
    """The hidden ``indicator`` and ``tiles-<i>`` fields of the calculator form."""
    indicator = data.get("indicator") if parse_tile(data.get("indicator")) else None
    players = {}
    for i in range(count):
        tiles = str(data.get(f"tiles-{i}") or "").split()[:MAX_TILES]
        if tiles and all(is_tile_name(t) for t in tiles):
            players[i] = tiles
    return Tiles(indicator, players)


def hand_tiles(hand: Mapping) -> Tiles:
    players = {
        i: list(p["remaining"]["tiles"])
        for i, p in enumerate(hand.get("players") or [])
        if isinstance(p, Mapping) and isinstance(p.get("remaining"), Mapping) and p["remaining"].get("tiles")
    }
    return Tiles(hand.get("indicator"), players)


def calc_hand(
    rs: RuleSet, options: dict, form: HandForm, tiles: Tiles
) -> tuple[dict | None, HandResult | None, tuple[FieldError, ...]]:
    """(hand, result, engine errors); the engine's errors are also put on the form's fields."""
    if not form.is_valid():
        return None, None, ()
    hand = {"ruleset": rs.id, "options": options, **form.hand_data()}
    keep_tiles(hand, tiles)
    try:
        return hand, score_hand(hand), ()
    except InvalidInput as exc:
        form.add_engine_errors(exc.errors)
        return None, None, exc.errors


def keep_tiles(hand: dict, tiles: Tiles) -> None:
    """Put back each tile list whose numbers the form still shows unchanged."""
    if not tiles:
        return
    indicator = parse_tile(tiles.indicator)
    kept = False
    for i, player in enumerate(hand["players"]):
        listed = tiles.players.get(i)
        if not listed or player.get("finished"):
            continue
        count = value_tiles(listed, indicator=indicator)
        shown = player.get("remaining") or {}
        numbers = {"points": count.points, "okeys": count.okeys, "fake_okeys": count.fake_okeys}
        if all(shown.get(key, 0) == value for key, value in numbers.items()):
            player["remaining"] = {"tiles": listed}
            kept = True
    if kept:
        hand["indicator"] = tiles.indicator
