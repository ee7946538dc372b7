"""Player names: invisible characters gone, look-alikes and Turkish case caught as duplicates."""

import re
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine import InvalidInput, names, score_game, score_hand
from scorer.engine.names import clean_name, name_key
from tests.support.depth import examples


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Ali\u200b", "Ali"),
        ("\u202eilA", "ilA"),
        ("A\u2066l\u2069i", "Ali"),
        ("  Ayşe   Nur ", "Ayşe Nur"),
        ("Ays\u0327e", "Ayşe"),  # decomposed ş becomes the one code point (NFC)
        ("\ufeffCem", "Cem"),
    ],
)
def test_names_are_stored_nfc_without_invisible_characters(typed, stored):
    assert clean_name(typed) == stored


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Ali", "ALİ"),
        ("Ali", "ALI"),
        ("ılık", "ILIK"),
        ("Ali", "Al\u0456"),  # Cyrillic і
        ("Cem", "С\u0435m"),  # Cyrillic С and е
        ("Ali", "Ali\u200b"),
        ("Ayşe", "Ays\u0327e"),
    ],
)
def test_look_alike_names_are_the_same_player(one, other):
    assert name_key(one) == name_key(other)


@pytest.mark.parametrize(("one", "other"), [("Ayşe", "Ayse"), ("Cem", "Çem"), ("Gül", "Gul")])
def test_turkish_letters_still_tell_names_apart(one, other):
    assert name_key(one) != name_key(other)


def game(players: list) -> dict:
    return {"ruleset": "kerizim", "hands_planned": 1, "players": players, "hands": []}


@pytest.mark.parametrize("second", ["Ali\u200b", "AL\u0130", "Al\u0456"])
def test_a_game_refuses_a_look_alike_duplicate_naming_the_field(second):
    with pytest.raises(InvalidInput) as exc:
        score_game(game(["Ali", second, "Cem"]))
    assert [e.path for e in exc.value.errors] == ["players[1]"]


@pytest.mark.parametrize("invisible", ["\u200b", "\u202e", "\u2066\u2069", "\u00ad "])
def test_a_name_of_invisible_characters_only_is_empty(invisible):
    with pytest.raises(InvalidInput) as exc:
        score_game(game(["Ali", invisible]))
    assert [e.path for e in exc.value.errors] == ["players[1]"]


def test_a_hand_scores_under_the_cleaned_names():
    hand = {
        "ruleset": "loca",
        "players": [{"name": "\u202eAli", "opened": "sets", "finished": True}, {"name": "Bora\u200b"}],
    }
    assert [p.name for p in score_hand(hand).players] == ["Ali", "Bora"]


def test_a_hand_refuses_two_players_that_only_differ_by_case_the_turkish_way():
    hand = {
        "ruleset": "loca",
        "players": [{"name": "Işık", "opened": "sets", "finished": True}, {"name": "IŞIK"}],
    }
    with pytest.raises(InvalidInput) as exc:
        score_hand(hand)
    assert "players[1].name" in [e.path for e in exc.value.errors]


def plain_clean_name(name: str) -> str:
    """The definition the fast paths and the cache in ``names`` must agree with: invisible
    characters go, except a joiner between two emoji and the tags of a subdivision flag."""
    text = unicodedata.normalize("NFC", name)
    kept = ""
    for k, ch in enumerate(text):
        if ch == "\u200d":
            before = kept.rstrip(
                "\ufe00\ufe01\ufe02\ufe03\ufe04\ufe05\ufe06\ufe07\ufe08\ufe09\ufe0a\ufe0b\ufe0c\ufe0d\ufe0e\ufe0f"
            )
            after = "".join(c for c in text[k + 1 :] if c not in names.INVISIBLE or c == "\u200d")[:1]
            if before and after and names.is_pictographic(before[-1]) and names.is_pictographic(after):
                kept += ch
        elif ch not in names.INVISIBLE:
            kept += ch
    kept = re.sub(
        "[\U000e0000-\U000e007f]+",
        lambda m: (
            m[0]
            if m.string[m.start() - 1 : m.start()] == "\U0001f3f4"
            and re.fullmatch("[\U000e0020-\U000e007e]{1,10}\U000e007f", m[0])
            else ""
        ),
        kept,
    )
    return " ".join(kept.split())


def plain_name_key(name: str) -> str:
    text = unicodedata.normalize("NFKC", plain_clean_name(name)).replace("İ", "i").replace("I", "i")
    return unicodedata.normalize("NFC", text.casefold().translate(names.LOOK_ALIKES))


TRICKY = st.lists(
    st.sampled_from(
        list("aAiIıİşŞeé \t\n\u0301\u0307\u200b\u202e\u00ad\ufeffаеіαοﬁ①Ⅸ\u200d\u200c\ufe0f👨👩🏽❤🏴")
        + ["\U000e0067", "\U000e007f", "\U000e0041"]
    ),
    max_size=12,
).map("".join)


@settings(max_examples=examples(300))
@given(st.one_of(st.text(max_size=20), TRICKY, st.text(max_size=80)))
def test_fast_paths_and_cache_give_the_plain_definition(name):
    for _ in range(2):  # the second time from the cache (when short enough to be remembered)
        assert clean_name(name) == plain_clean_name(name)
        assert name_key(name) == plain_name_key(name)


def test_the_name_cache_stays_bounded():
    long_name = "A" * (names.CACHED_LENGTH + 1)
    assert clean_name(long_name) == long_name
    assert long_name not in names._cleaned
    for i in range(names.CACHE_SIZE * 2):
        name_key(f"Oyuncu {i}")
    assert len(names._keys) <= names.CACHE_SIZE
    assert len(names._cleaned) <= names.CACHE_SIZE


# --- what a name may hold, and what people type survives -------------------------------------------

REFUSED = [
    "\x00",
    "A\x00li",
    "\x01",
    "Ali\x7f",
    "A\x85li",  # C1 control (NEL)
    "\x1b[31mAli",
    "\ud800",
    "Ali\udfff",
]


@pytest.mark.parametrize("bad", REFUSED)
def test_a_name_with_a_control_character_or_a_lone_surrogate_is_refused_on_its_field(bad):
    with pytest.raises(InvalidInput) as exc:
        score_game(game(["Cem", bad]))
    (error,) = exc.value.errors
    assert error.path == "players[1]"
    assert "U+" in error.message or "UTF-16" in error.message  # the character, or what is wrong with it


@pytest.mark.parametrize("bad", REFUSED)
def test_a_hand_refuses_the_same_names_on_their_field(bad):
    hand = {
        "ruleset": "loca",
        "players": [{"name": "Cem", "opened": "sets", "finished": True}, {"name": bad}],
    }
    with pytest.raises(InvalidInput) as exc:
        score_hand(hand)
    assert [e.path for e in exc.value.errors] == ["players[1].name"]


def test_tabs_and_line_breaks_are_spaces_not_errors():
    assert score_game(game(["Ali\tVeli", "Cem\r\n"])).hands == ()
    assert clean_name("Ali\tVeli\n") == "Ali Veli"


def test_a_name_over_the_limit_is_an_error_naming_the_limit_never_a_cut():
    with pytest.raises(InvalidInput) as exc:
        score_game(game(["Cem", "A" * 31]))
    (error,) = exc.value.errors
    assert error.path == "players[1]" and "30" in error.message
    assert clean_name("A" * 31) == "A" * 31


JOINED = [
    "👨\u200d👩\u200d👧\u200d👦",  # family: four emoji joined by ZWJ
    "🏳\ufe0f\u200d🌈",  # rainbow flag
    "👩🏽\u200d💻",  # a skin tone, then ZWJ
    "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",  # Scotland: tag characters
    "🇹🇷",  # regional indicators
    "Ayşe ❤\ufe0f\u200d🔥",
]


@pytest.mark.parametrize("emoji", JOINED)
def test_joined_emoji_survive_cleaning_and_count_as_one_character(emoji):
    assert clean_name(emoji) == emoji
    assert score_game(game(["Cem", emoji * 30 if emoji.startswith("🇹") else emoji])).hands == ()
    assert names.visible_length(emoji) == (6 if emoji.startswith("Ayşe") else 1)


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Al\u200di", "Ali"),  # a joiner between letters is an invisible trick
        ("\u200dAli\u200d", "Ali"),
        ("A\u200d😀", "A😀"),  # a letter and an emoji do not join
        ("Ali\U000e0041\U000e0042", "Ali"),  # tag characters smuggling text, not a flag
        ("😀\u200c😀", "😀😀"),  # zero-width non-joiner
    ],
)
def test_zero_width_characters_go_where_they_are_invisible_tricks(typed, stored):
    assert clean_name(typed) == stored


def test_a_long_chain_of_joined_emoji_is_still_bounded():
    with pytest.raises(InvalidInput) as exc:
        score_game(game(["Cem", "\u200d".join(["👨"] * 200)]))
    assert [e.path for e in exc.value.errors] == ["players[1]"]
