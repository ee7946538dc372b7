"""Lone surrogates: wherever one is in a hand, it is the one error, on its path.

parse_hand asks for them only when the parse fails (a hand that parses holds none): these tests
put one in every string of valid hands, keys and values, and in the ``format`` the parser ignores.
"""

import copy
import json

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scorer.engine import InvalidInput, score_hand
from scorer.engine.i18n import _
from scorer.engine.text import MSG_SURROGATE, _has_surrogate, escapes_surrogate, lone_surrogate_path
from tests.support.depth import examples
from tests.support.strategies import valid_hands

SURROGATE = "\ud800"


def string_spots(value: object, path: tuple = ()):
    """(container path, key or index, is the key itself) of every string in decoded JSON."""
    if isinstance(value, dict):
        for key, child in value.items():
            yield path, key, True
            if isinstance(child, str):
                yield path, key, False
            yield from string_spots(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            if isinstance(child, str):
                yield path, index, False
            yield from string_spots(child, (*path, index))


def with_surrogate(hand: dict, path: tuple, step, in_key: bool) -> dict:
    hand = copy.deepcopy(hand)
    parent = hand
    for part in path:
        parent = parent[part]
    if in_key:
        parent[step + SURROGATE] = parent.pop(step)
    else:
        parent[step] += SURROGATE
    return hand


def surrogate_errors(hand: dict) -> list[str]:
    with pytest.raises(InvalidInput) as info:
        score_hand(hand)
    return [error.message for error in info.value.errors]


@settings(max_examples=examples(40), deadline=None)
@given(valid_hands())
def test_a_lone_surrogate_in_any_string_of_a_hand_is_its_one_error(hand):
    score_hand(hand)  # valid as drawn
    for path, step, in_key in string_spots(hand):
        assert surrogate_errors(with_surrogate(hand, path, step, in_key)) == [_(MSG_SURROGATE)]


@pytest.mark.parametrize("value", [SURROGATE, [SURROGATE], {"v": SURROGATE}, {SURROGATE: 1}])
def test_a_lone_surrogate_in_the_format_the_parser_ignores_is_refused(value):
    hand = {"format": value, "ruleset": "loca", "players": [{"name": "Ali"}, {"name": "Cem"}]}
    assert surrogate_errors(hand) == [_(MSG_SURROGATE)]


TEXT = st.text(st.characters(codec=None, categories=("Cs", "Ll", "So", "Nd", "Po")), max_size=6)
DECODED = st.recursive(
    st.none() | st.integers() | TEXT,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(TEXT, children, max_size=4),
    max_leaves=12,
)


@settings(max_examples=examples(300), deadline=None)
@given(DECODED, st.booleans())
def test_json_text_without_a_surrogate_escape_decodes_to_no_lone_surrogate(value, ascii_only):
    text = json.dumps(value, ensure_ascii=ascii_only)
    assume(not _has_surrogate(text))  # what a UTF-8 file can hold: lone surrogates escaped
    if not escapes_surrogate(text):
        assert lone_surrogate_path(json.loads(text)) is None
    if lone_surrogate_path(value) is not None:
        assert escapes_surrogate(text)
