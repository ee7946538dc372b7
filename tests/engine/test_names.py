"""Player names (issue 10): invisible characters gone, look-alikes and Turkish case caught as duplicates."""

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.engine import InvalidInput, names, score_game, score_hand
from scorer.engine.names import clean_name, name_key


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
    """The definition the fast paths and the cache in ``names`` must agree with."""
    text = unicodedata.normalize("NFC", name)
    text = "".join(ch for ch in text if ch not in names.INVISIBLE)
    return " ".join(text.split())


def plain_name_key(name: str) -> str:
    text = unicodedata.normalize("NFKC", plain_clean_name(name)).replace("İ", "i").replace("I", "i")
    return unicodedata.normalize("NFC", text.casefold().translate(names.LOOK_ALIKES))


TRICKY = st.lists(
    st.sampled_from(list("aAiIıİşŞeé \t\n\u0301\u0307\u200b\u202e\u00ad\ufeffаеіαοﬁ①Ⅸ")), max_size=12
).map("".join)


@settings(max_examples=300)
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
