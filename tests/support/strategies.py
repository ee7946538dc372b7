"""Hypothesis strategies for VALID hand and game documents of every rule set (HAND_FORMAT.md).

Used by ``test_properties.py``; the benchmark may reuse ``valid_hands()`` too. A drawn hand obeys
SCORING_SPEC §2 and §2b: 2–4 players (exactly 4 with partners), at most one finisher who opened
and has nothing left, at most 2 real and 2 fake okeys over the hand and at most 2 copies of a
tile (the indicator is one), only the rule set's foul kinds, a side tile only where the rule set
has the penalty and on a player who opened, finish flags only on the finisher and
``nine_pairs_run`` only in ``loca-cezali`` on a pairs opener, an ``islek_discard`` only when
someone opened and ``okey_swapped`` only on a player who opened.

>>> from hypothesis import find
>>> find(valid_hands(), lambda h: h["ruleset"] == "kerizim")["ruleset"]
'kerizim'
"""

from collections import Counter
from dataclasses import dataclass, field
from functools import cache

from hypothesis import strategies as st

from scorer.engine import all_rulesets, get_ruleset

NAMES = ("Ayşe", "Bora", "Cem", "Deniz")
COLOURS = ("red", "yellow", "blue", "black")
NUMBERED = tuple(f"{colour}-{n}" for colour in COLOURS for n in range(1, 14))
ALL_TILES = (*NUMBERED, "fake", "okey")

RULESETS = st.sampled_from(tuple(rs.id for rs in all_rulesets()))


@dataclass
class Stock:
    """What is still available over the whole hand: real okeys, fake okeys, copies of each tile."""

    okey: str | None = None
    okeys: int = 2
    fakes: int = 2
    copies: Counter = field(default_factory=Counter)

    def can_take(self, tile: str) -> bool:
        if tile == "fake":
            return self.fakes > 0
        if tile in ("okey", self.okey):
            return self.okeys > 0 and self.copies[self.okey] < 2
        return self.copies[tile] < 2

    def take(self, tile: str) -> None:
        if tile == "fake":
            self.fakes -= 1
        elif tile in ("okey", self.okey):
            self.okeys -= 1
            self.copies[self.okey] += 1
        else:
            self.copies[tile] += 1


# Strategies are built once: building one per draw costs more than the drawing itself.
BOOLS = st.booleans()
OPENED = st.sampled_from(("none", "sets", "pairs"))
FINISHER_OPENED = st.sampled_from(("sets", "pairs"))
TILES = st.lists(st.sampled_from(ALL_TILES), max_size=22)
INDICATOR = st.none() | st.sampled_from(NUMBERED)


@cache
def ints(low: int, high: int) -> st.SearchStrategy[int]:
    return st.integers(low, high)


@cache
def maybe_index(count: int) -> st.SearchStrategy[int | None]:
    return st.none() | st.integers(0, count - 1)


@cache
def one_of(choices: tuple) -> st.SearchStrategy:
    return st.sampled_from(choices)


@cache
def subsets(choices: tuple) -> st.SearchStrategy[list]:
    return st.lists(st.sampled_from(choices), unique=True, max_size=len(choices))


def draw_options(draw, ruleset_id: str) -> dict:
    """Some of the rule set's options (the others are left to their defaults)."""
    options = {}
    for spec in get_ruleset(ruleset_id).options:
        if draw(BOOLS):
            options[spec.name] = draw(BOOLS if spec.kind == "bool" else one_of(spec.choices))
    return options


def draw_tiles(draw, stock: Stock) -> list[str]:
    """Up to 22 tiles; a drawn tile the hand has run out of is left out."""
    tiles = []
    for tile in draw(TILES):
        if stock.can_take(tile):
            stock.take(tile)
            tiles.append(tile)
    return tiles


def draw_remaining(draw, stock: Stock) -> dict:
    if stock.okey is not None and draw(ints(0, 3)) == 0:
        return {"tiles": draw_tiles(draw, stock)}
    okeys = draw(ints(0, stock.okeys))
    fakes = draw(ints(0, stock.fakes))
    stock.okeys -= okeys
    stock.fakes -= fakes
    quick = {"points": draw(ints(0, 286))}
    if okeys or draw(BOOLS):
        quick["okeys"] = okeys
    if fakes or draw(BOOLS):
        quick["fake_okeys"] = fakes
    return quick


def draw_finish_flags(draw, ruleset_id: str, opened: str) -> dict:
    flags = {"okey_discard": draw(BOOLS), "elden": draw(BOOLS)}
    if ruleset_id == "loca-cezali" and opened == "pairs":
        flags["nine_pairs_run"] = draw(BOOLS)
    return {flag: value for flag, value in flags.items() if value or draw(BOOLS)}


def draw_extras(draw, ruleset_id: str, options: dict, player: dict) -> None:
    """Fouls, side tile and first opening, as the rule set and the player's opening allow."""
    ruleset = get_ruleset(ruleset_id)
    full = ruleset.normalize_options(options)
    kinds = ruleset.foul_kinds(full)
    if kinds and draw(BOOLS):
        player["fouls"] = {kind: draw(ints(0, 20)) for kind in draw(subsets(tuple(kinds)))}
    if player.get("opened", "none") == "none":
        return
    if ruleset.has_side_tile(full) and draw(BOOLS):
        player["side_tile"] = {"value": draw(ints(1, 13))}
    if draw(BOOLS):
        opening = (
            {"points": draw(ints(1, 300))} if player["opened"] == "sets" else {"pairs": draw(ints(1, 11))}
        )
        if draw(BOOLS):
            opening["order"] = draw(ints(1, 4))
        player["first_opening"] = opening


def draw_player(draw, ruleset_id: str, options: dict, stock: Stock, *, finisher: bool) -> dict:
    opened = draw(FINISHER_OPENED if finisher else OPENED)
    player: dict = {"opened": opened} if opened != "none" or draw(BOOLS) else {}
    if finisher:
        player["finished"] = True
        flags = draw_finish_flags(draw, ruleset_id, opened)
        if flags:
            player["finish"] = flags
    elif draw(ints(0, 4)):
        player["remaining"] = draw_remaining(draw, stock)
    draw_extras(draw, ruleset_id, options, player)
    return player


def draw_players(draw, ruleset_id: str, options: dict, count: int) -> tuple[list[dict], str | None]:
    """The players of one hand (without names) and the hand's indicator."""
    indicator = draw(INDICATOR)
    stock = Stock()
    if indicator is not None:
        colour, _, number = indicator.rpartition("-")
        stock.okey = f"{colour}-{int(number) % 13 + 1}"
        stock.copies[indicator] += 1
    finisher = draw(maybe_index(count))
    players = [draw_player(draw, ruleset_id, options, stock, finisher=i == finisher) for i in range(count)]
    drop_impossible_fouls(players)
    return players, indicator


def drop_impossible_fouls(players: list[dict]) -> None:
    """SCORING_SPEC §2b: no işlek discard when nobody opened, no okey swap on a player who never opened."""
    someone_opened = any(p.get("opened", "none") != "none" for p in players)
    for player in players:
        fouls = player.get("fouls", {})
        if not someone_opened:
            fouls.pop("islek_discard", None)
        if player.get("opened", "none") == "none":
            fouls.pop("okey_swapped", None)


@st.composite
def valid_hands(draw, ruleset_id: str | None = None) -> dict:
    """A valid hand document of any rule set (or of ``ruleset_id``), with any options."""
    ruleset_id = ruleset_id or draw(RULESETS)
    options = draw_options(draw, ruleset_id)
    count = 4 if options.get("partners") else draw(ints(2, 4))
    players, indicator = draw_players(draw, ruleset_id, options, count)
    for player, name in zip(players, NAMES, strict=False):
        if draw(ints(0, 5)):
            player["name"] = name
    data: dict = {"ruleset": ruleset_id, "players": players}
    if options or draw(BOOLS):
        data["options"] = options
    if indicator is not None:
        data["indicator"] = indicator
    return data


@st.composite
def valid_games(draw, max_hands: int = 4) -> dict:
    """A valid game document: names, optional planned count and up to ``max_hands`` hands."""
    ruleset_id = draw(RULESETS)
    options = draw_options(draw, ruleset_id)
    count = 4 if options.get("partners") else draw(ints(2, 4))
    hands = []
    for _ in range(draw(ints(0, max_hands))):
        players, indicator = draw_players(draw, ruleset_id, options, count)
        hands.append({"players": players} | ({"indicator": indicator} if indicator else {}))
    game = {"ruleset": ruleset_id, "options": options, "players": list(NAMES[:count]), "hands": hands}
    allowed = [n for n in get_ruleset(ruleset_id).hand_counts if n >= len(hands)]
    if allowed and draw(BOOLS):
        game["hands_planned"] = draw(one_of(tuple(allowed)))
    return game


# --- hands that end a certain way (the outlook's claims, tests/engine/test_outlook_endings.py) ---

Outcome = tuple[int | None, frozenset[str] | None]
"""(finisher seat, finish features: ``pairs`` and the finish flags); None features: drawn as any
hand's are; None finisher: the deck ran out."""


@dataclass(frozen=True)
class HandSpec:
    """What a drawn hand must be: one of ``outcomes`` (any outcome when empty); the ``quiet`` seats
    never opened; the ``clean`` seats pay no penalty (no foul of theirs, no side tile taken from
    their discards); the ``low`` seats are left with little, without okeys, when they did not
    finish; the ``no_okeys`` seats hold no real or fake okey. The ``keen`` seats often do as well as
    a hand allows (little left, the largest opening rewards), the ``heavy`` seats as badly (much
    left): where a claim's worst case lies, which a uniform draw seldom reaches."""

    outcomes: tuple[Outcome, ...] = ()
    quiet: tuple[int, ...] = ()
    clean: tuple[int, ...] = ()
    low: tuple[int, ...] = ()
    no_okeys: tuple[int, ...] = ()
    keen: tuple[int, ...] = ()
    heavy: tuple[int, ...] = ()


LOW_POINTS = st.integers(0, 25)
KEEN_POINTS = st.integers(0, 5)
HEAVY_POINTS = st.integers(250, 286)
LARGE_OPENING = {"sets": st.integers(151, 300), "pairs": st.integers(7, 11)}


def set_finish(draw, player: dict, features: frozenset[str]) -> None:
    """Make a drawn finisher finish with exactly ``features`` (its first opening of the right kind)."""
    opened = "pairs" if "pairs" in features else "sets"
    player["opened"] = opened
    flags = features - {"pairs"}
    if flags:
        player["finish"] = {flag: True for flag in flags}
    else:
        player.pop("finish", None)
    opening = player.get("first_opening")
    if opening is not None and (("pairs" in opening) != (opened == "pairs")):
        size = {"points": draw(ints(1, 300))} if opened == "sets" else {"pairs": draw(ints(1, 11))}
        player["first_opening"] = size | ({"order": opening["order"]} if "order" in opening else {})


def shape_player(draw, player: dict, seat: int, spec: HandSpec) -> None:
    if seat in spec.quiet:
        player["opened"] = "none"
        player.pop("first_opening", None)
        player.pop("side_tile", None)
    opened = player.get("opened", "none")
    if seat in spec.keen and opened != "none" and draw(BOOLS):
        player["first_opening"] = {"points" if opened == "sets" else "pairs": draw(LARGE_OPENING[opened])}
        if not player.get("finished"):
            player["remaining"] = {"points": draw(KEEN_POINTS)}
    if player.get("finished"):
        return
    if seat in spec.low:
        player["remaining"] = {"points": draw(LOW_POINTS)}
    elif seat in spec.heavy and draw(BOOLS):
        player["remaining"] = {"points": draw(HEAVY_POINTS)}
    elif seat in spec.no_okeys and "remaining" in player:
        player["remaining"] = {"points": player["remaining"].get("points", 0)}


def draw_hand_where(draw, ruleset_id: str, options: dict, count: int, spec: HandSpec) -> dict:
    """A valid hand document of this game that ends as ``spec`` says; everything else (what each
    player holds, opening rewards, fouls, side tiles, the indicator) is drawn as for any hand."""
    indicator = draw(INDICATOR)
    stock = Stock()
    if indicator is not None:
        colour, _, number = indicator.rpartition("-")
        stock.okey = f"{colour}-{int(number) % 13 + 1}"
        stock.copies[indicator] += 1
    finisher, features = draw(one_of(spec.outcomes)) if spec.outcomes else (draw(maybe_index(count)), None)
    players = [draw_player(draw, ruleset_id, options, stock, finisher=i == finisher) for i in range(count)]
    if finisher is not None and features is not None:
        set_finish(draw, players[finisher], features)
    for seat, player in enumerate(players):
        shape_player(draw, player, seat, spec)
    for seat in spec.clean:
        players[seat].pop("fouls", None)
        players[(seat + 1) % count].pop("side_tile", None)  # its penalty is charged to ``seat``
    drop_impossible_fouls(players)
    for player, name in zip(players, NAMES, strict=False):
        player["name"] = name
    data: dict = {"ruleset": ruleset_id, "options": options, "players": players}
    if indicator is not None:
        data["indicator"] = indicator
    return data
