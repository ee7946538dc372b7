"""Tiles, the indicator (gösterge) and the okey it designates.

>>> okey_of(parse_tile("red-13"))
Tile(colour='red', number=1)
>>> value_tiles(["red-7", "fake", "okey", "red-6"], indicator=parse_tile("red-5"))
TileCount(points=13, okeys=2, fake_okeys=1)
"""

from collections.abc import Iterable
from dataclasses import dataclass

COLOURS = ("red", "yellow", "blue", "black")
FAKE = "fake"
OKEY = "okey"
MAX_TILES = 22
COPIES = 2


@dataclass(frozen=True, slots=True)
class Tile:
    """A numbered tile: colour and number 1–13."""

    colour: str
    number: int

    def __str__(self) -> str:
        return f"{self.colour}-{self.number}"


@dataclass(frozen=True, slots=True)
class TileCount:
    """What a list of remaining tiles is worth: quick-form numbers."""

    points: int
    okeys: int
    fake_okeys: int


def parse_tile(text: object) -> Tile | None:
    """``"red-7"`` → ``Tile("red", 7)``; anything else (including ``fake``/``okey``) → None."""
    if not isinstance(text, str):
        return None
    colour, _, number = text.partition("-")
    # isdigit() alone admits digits int() refuses (such as "²"); only ASCII digits name a tile
    if colour not in COLOURS or not (number.isascii() and number.isdigit()) or number != str(int(number)):
        return None
    n = int(number)
    return Tile(colour, n) if 1 <= n <= 13 else None


def is_tile_name(text: object) -> bool:
    return text in (FAKE, OKEY) or parse_tile(text) is not None


def okey_of(indicator: Tile) -> Tile:
    """The okey is the same colour, one above the indicator; 13 wraps to 1."""
    return Tile(indicator.colour, indicator.number % 13 + 1)


def copy_key(text: str, okey: Tile) -> str:
    """The physical tile a name stands for, for counting copies (``okey`` is a copy of the okey tile)."""
    return str(okey) if text == OKEY else text


def value_tiles(tiles: Iterable[str], *, indicator: Tile) -> TileCount:
    """Face values of the tiles other than real okeys; a fake okey counts the okey's number."""
    okey = okey_of(indicator)
    okey_name = str(okey)
    points = okeys = fakes = 0
    for text in tiles:
        if text in (OKEY, okey_name):
            okeys += 1
        elif text == FAKE:
            fakes += 1
            points += okey.number
        else:
            points += int(text.partition("-")[2])
    return TileCount(points, okeys, fakes)
