"""The ratings score games for their numbers only: the same totals, no line built or label
translated, and the errors of a bad game still in the active language."""

import pytest
from django.utils import translation

from scorer.clubs.ratings import rate_document, score_totals
from scorer.engine import InvalidInput, score_game
from scorer.engine.i18n import numbers_only
from tests.support.factories import finisher

GAME = {
    "ruleset": "loca",
    "hands_planned": 1,
    "players": ["Ayşe", "Bora", "Cem", "Deniz"],
    "hands": [finisher(0)],
}


def test_numbers_only_gives_the_same_totals_with_the_labels_untranslated():
    with translation.override("tr"):
        worded, plain = score_game(GAME), score_totals(GAME)
        with numbers_only():
            untranslated = score_game(GAME)
        again = score_game(GAME)
    assert plain.totals == worded.totals == untranslated.totals
    assert plain.names == ("Ayşe", "Bora", "Cem", "Deniz")
    labels = [line.label for line in untranslated.hands[0].players[0].lines]
    assert labels != [line.label for line in worded.hands[0].players[0].lines]
    assert [line.label for line in again.hands[0].players[0].lines] == [
        line.label for line in worded.hands[0].players[0].lines
    ]


def test_a_bad_game_is_still_named_in_the_active_language():
    bad = {**GAME, "players": ["Ayşe", "Ayşe", "Cem", "Deniz"]}
    with translation.override("tr"), pytest.raises(InvalidInput) as refused:
        rate_document({"games": [bad]})
    with translation.override("tr"), pytest.raises(InvalidInput) as direct:
        score_game(bad)
    assert [e.message for e in refused.value.errors] == [e.message for e in direct.value.errors]
    assert refused.value.errors[0].path.startswith("games[0]")
