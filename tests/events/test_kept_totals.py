"""An event's standings read its tables' kept totals (scorer/tables/scores.py): no hand of a table
whose totals are all kept is scored again, and a table without them is scored as before."""

import pytest

from scorer.events import public
from scorer.events.models import EventGame
from scorer.events.rules import document as rules_document
from scorer.events.rules import score_event
from scorer.events.selectors.standings import event_standings
from scorer.events.services.rounds import round_start
from scorer.models import Game
from scorer.tables.services.hands import hand_record
from tests.support.eventdb import new_event
from tests.support.events import hand

pytestmark = pytest.mark.django_db


def played_event():
    event, _secret = new_event(8, hands=3)
    round_start(event=event)
    games = [
        Game.objects.get(pk=link.game_id)
        for link in EventGame.objects.filter(table__round__event=event).order_by("table__number")
    ]
    hand_record(game=games[0], data=hand(-101, 40, 12, 202))
    hand_record(game=games[0], data=hand(40, -101, 12, 202))
    hand_record(game=games[1], data=hand(12, 40, -101, 202))
    return event, games


def scored_games(monkeypatch) -> list:
    scored = []
    score = rules_document.score_game
    monkeypatch.setattr(
        rules_document, "score_game", lambda document: scored.append(document) or score(document)
    )
    return scored


def test_the_standings_take_the_kept_totals_and_score_no_hand(monkeypatch):
    event, _games = played_event()
    rescored = score_event(event_standings(event, next_round=False).document)  # every hand scored
    scored = scored_games(monkeypatch)

    view = event_standings(event, next_round=False, lean=True)

    assert scored == []
    assert view.result.standings == rescored.standings
    assert [table.totals for table in view.result.rounds[0].tables] == [
        table.totals for table in rescored.rounds[0].tables
    ]


def test_a_table_without_kept_totals_is_scored_and_the_public_pages_show_the_same(monkeypatch):
    event, games = played_event()
    full = public.page_data(event_standings(event, next_round=False))
    Game.objects.filter(pk=games[1].pk).update(scores={})
    scored = scored_games(monkeypatch)

    lean = public.page_data(event_standings(event, next_round=False, lean=True))

    assert [document["hands"] for document in scored] == [[games[1].hands.get().data]]
    assert lean == full
