"""The tile form of remaining tiles (SCORING_SPEC §2, §3): okey from the indicator, fake okey, copies."""

import pytest
from django.utils import translation

from scorer.engine import score_hand, tile_words
from scorer.engine.tiles import Tile, okey_of, parse_tile, value_tiles
from tests.support.notation import error_paths

RULESETS = ["loca", "loca-cezali", "gkokay", "kerizim"]


def tiles_hand(ruleset: str, indicator: str, *tile_lists: list[str], opened: str = "sets") -> dict:
    players = [{"opened": "sets", "finished": True}]
    players += [{"opened": opened, "remaining": {"tiles": tiles}} for tiles in tile_lists]
    return {"ruleset": ruleset, "indicator": indicator, "players": players}


def quick_hand(ruleset: str, *remaining: tuple[int, int, int], opened: str = "sets") -> dict:
    players = [{"opened": "sets", "finished": True}]
    players += [
        {"opened": opened, "remaining": {"points": p, "okeys": o, "fake_okeys": k}} for p, o, k in remaining
    ]
    return {"ruleset": ruleset, "players": players}


@pytest.mark.parametrize(
    ("indicator", "okey"),
    [("red-5", "red-6"), ("yellow-1", "yellow-2"), ("blue-12", "blue-13"), ("black-13", "black-1")],
)
def test_okey_is_one_above_the_indicator_and_13_wraps_to_1(indicator, okey):
    assert str(okey_of(parse_tile(indicator))) == okey


@pytest.mark.parametrize(
    ("indicator", "tiles", "counted"),
    [
        ("red-5", ["red-6"], (0, 1, 0)),
        ("red-5", ["okey"], (0, 1, 0)),
        ("red-5", ["okey", "red-6", "blue-6"], (6, 2, 0)),
        ("red-5", ["fake"], (6, 0, 1)),
        ("blue-9", ["fake", "fake", "blue-9"], (29, 0, 2)),
        ("black-13", ["black-1", "fake", "red-1"], (2, 1, 1)),
        ("black-13", ["black-13", "okey"], (13, 1, 0)),
        ("yellow-2", ["red-13", "black-13", "yellow-1"], (27, 0, 0)),
        ("yellow-2", [], (0, 0, 0)),
    ],
)
def test_real_okeys_count_no_face_value_and_fake_okey_counts_the_okeys_number(indicator, tiles, counted):
    count = value_tiles(tiles, indicator=parse_tile(indicator))
    assert (count.points, count.okeys, count.fake_okeys) == counted


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("opened", ["sets", "pairs"])
@pytest.mark.parametrize(
    ("indicator", "tiles", "quick"),
    [
        ("red-5", [["red-7", "okey"], ["fake", "blue-2"]], [(7, 1, 0), (8, 0, 1)]),
        ("black-13", [["black-1", "black-1"], ["fake", "fake", "red-12"]], [(0, 2, 0), (14, 0, 2)]),
        ("yellow-7", [["yellow-8", "fake", "yellow-7"]], [(15, 1, 1)]),
    ],
)
def test_tile_form_scores_the_same_as_the_equivalent_quick_form(ruleset, opened, indicator, tiles, quick):
    by_tiles = score_hand(tiles_hand(ruleset, indicator, *tiles, opened=opened))
    by_points = score_hand(quick_hand(ruleset, *quick, opened=opened))
    assert by_tiles.totals == by_points.totals
    assert [len(p.lines) for p in by_tiles.players] == [len(p.lines) for p in by_points.players]


def test_tile_form_totals_in_loca_count_fake_okey_face_value_and_101():
    result = score_hand(tiles_hand("loca", "red-5", ["red-7", "okey"], ["fake", "blue-2"]))
    assert result.totals == (-101, 7 + 101, 6 + 2 + 101)
    # The tiles are named in the line, in the active language, with their sum; the real okey is
    # marked and kept out of the sum (it has its own 101 line).
    assert result.players[1].lines[0].detail == f"{tile_words('red-7')} = 7 · {tile_words('red-6')} (okey)"
    assert result.players[2].lines[0].detail == f"{tile_words('fake')} (6), {tile_words('blue-2')} = 8"


def test_tiles_are_named_in_the_active_language():
    with translation.override("tr"):
        assert tile_words("red-7") == "kırmızı 7"
        assert tile_words("fake") == "sahte okey"
    with translation.override("en"):
        assert tile_words("black-13") == "black 13"


def test_tile_and_quick_forms_can_be_mixed_in_one_hand():
    data = tiles_hand("kerizim", "red-5", ["okey", "red-1"])
    data["players"].append({"opened": "sets", "remaining": {"points": 10, "okeys": 1}})
    assert score_hand(data).totals == (-101, 102, 111)
    data["players"][2]["remaining"]["okeys"] = 2
    assert error_paths(data) == ["players[2].remaining.okeys"]


@pytest.mark.parametrize(
    ("indicator", "tile_lists", "paths"),
    [
        # the indicator itself is one of the two copies
        ("red-5", [["red-5", "red-5"]], ["players[1].remaining.tiles[1]"]),
        ("red-5", [["red-5"], ["blue-1", "red-5"]], ["players[2].remaining.tiles[1]"]),
        ("red-5", [["blue-1", "blue-1", "blue-1"]], ["players[1].remaining.tiles[2]"]),
        # `okey` is a copy of the okey tile (red-6); a third okey is also over the 2 real okeys
        ("red-5", [["okey", "red-6"], ["okey"]], ["players[2].remaining.tiles[0]", "players[2].remaining.okeys"]),
        ("red-5", [["red-6", "red-6", "okey"]], ["players[1].remaining.tiles[2]", "players[1].remaining.okeys"]),
        ("black-13", [["black-1"], ["okey", "okey"]], ["players[2].remaining.tiles[1]", "players[2].remaining.okeys"]),
        ("red-5", [["fake"], ["fake", "fake"]], ["players[2].remaining.tiles[1]", "players[2].remaining.fake_okeys"]),
    ],
)  # fmt: skip
def test_at_most_two_copies_of_a_tile_over_the_hand_including_the_indicator(indicator, tile_lists, paths):
    assert error_paths(tiles_hand("loca", indicator, *tile_lists)) == paths


def test_two_copies_are_fine_when_the_indicator_is_another_tile():
    result = score_hand(tiles_hand("loca", "blue-5", ["red-5"], ["red-5", "okey", "okey"]))
    assert result.totals == (-101, 5, 5 + 202)


def test_parse_tile_accepts_only_colour_and_plain_number():
    assert parse_tile("black-13") == Tile("black", 13)
    for text in ("red-0", "red-14", "red-05", "red-+5", "green-3", "red5", "red-²", "fake", "okey", 7, None):
        assert parse_tile(text) is None, text
