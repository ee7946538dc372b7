"""Events in the database: models, the event document built from them in constant queries,
the standings view, and seating rounds (services)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorer.engine import InvalidInput
from scorer.events.models import Entrant, Event, EventGame, EventRecord, EventTable, Round
from scorer.events.rules import score_event
from scorer.events.selectors.document import event_document, event_stamp
from scorer.events.selectors.standings import event_standings
from scorer.events.services.creation import event_create, event_import
from scorer.events.services.rounds import round_start
from scorer.tables.services.games import game_rematch
from scorer.tables.services.hands import hand_record
from tests.support.eventdb import new_event, play, play_round
from tests.support.events import hand

pytestmark = pytest.mark.django_db


def test_create_event_stores_the_event_and_its_entrants_in_order():
    event, secret = new_event(16)
    assert event.check_secret(secret) and not event.check_secret(secret + "x")
    assert event.status == Event.SETUP and event.seed == 1907
    assert [e.name for e in Entrant.objects.filter(event=event)][:3] == ["Ayşe", "Bora", "Cem"]
    assert event.placement_points == [3, 2, 1, 0]
    assert EventRecord.objects.filter(event=event, kind=EventRecord.CREATED).count() == 1


def test_a_new_event_gets_a_seed_short_enough_to_read_out():
    event, _ = event_create(
        name="Cuma", date="2026-12-04", ruleset="loca", options={}, hands_per_game=1, kind="points",
        rounds=1, entrants=["Ayşe", "Bora", "Cem"],
    )  # fmt: skip
    assert 100_000 <= event.seed < 1_000_000 and str(event.date) == "2026-12-04"
    assert event_document(event)["date"] == "2026-12-04"


def test_the_organizer_link_never_opens_a_table_and_differs_per_event():
    first, secret = new_event(8)
    second, other = new_event(8)
    assert secret != other and not second.check_secret(secret)


@pytest.mark.parametrize(
    ("changes", "path"),
    [
        ({"name": ""}, "name"),
        ({"entrants": ["Ayşe", "Bora"]}, "entrants"),
        ({"entrants": ["Ayşe", "Bora", "AYŞE"]}, "entrants[2]"),
        ({"hands_per_game": 4, "ruleset": "gkokay"}, "hands_per_game"),
        ({"rounds": 0}, "format.rounds"),
        ({"placement_points": [1, 2]}, "format.placement_points"),
        ({"kind": "knockout", "advance": 4, "rounds": None}, "format.advance"),
        ({"kind": "knockout", "games_per_match": 9, "rounds": None}, "format.games_per_match"),
    ],
)
def test_create_event_refuses_what_the_rules_refuse_naming_the_path(changes, path):
    fields = {
        "name": "Cuma",
        "date": None,
        "ruleset": "loca",
        "options": {},
        "hands_per_game": 1,
        "kind": "points",
        "rounds": 2,
        "entrants": ["Ayşe", "Bora", "Cem", "Deniz"],
    }
    with pytest.raises(InvalidInput) as raised:
        event_create(**{**fields, **changes})
    assert path in [error.path for error in raised.value.errors]
    assert not Event.objects.exists()


def test_round_one_is_the_seeded_draw_and_every_table_is_a_normal_game():
    event, _ = new_event(16)
    rnd = round_start(event=event)
    expected = score_event(event_document(event) | {"rounds": []}, next_round=True).next_round
    tables = list(EventTable.objects.filter(round=rnd).order_by("number"))
    entrants = list(Entrant.objects.filter(event=event).order_by("position"))
    assert [tuple(entrants.index(Entrant.objects.get(pk=pk)) for pk in t.seats) for t in tables] == list(
        expected.tables
    )
    for table in tables:
        link = EventGame.objects.get(table=table)
        names = [Entrant.objects.get(pk=pk).name for pk in table.seats]
        assert link.game.players == names
        assert link.game.ruleset == "loca" and link.game.hands_planned == 1
    event.refresh_from_db()
    assert event.status == Event.RUNNING and rnd.number == 1 and rnd.method == "draw"


def test_partners_sit_opposite_in_the_game():
    event, _ = new_event(2, partners=True)
    rnd = round_start(event=event)
    table = rnd.tables.get()
    first, second = (Entrant.objects.get(pk=pk) for pk in table.seats)
    game = table.games.get().game
    assert game.players == [first.players[0], second.players[0], first.players[1], second.players[1]]
    assert game.partners


def test_the_next_round_waits_for_every_table_then_seats_by_standings():
    event, _ = new_event(16)
    round_start(event=event)
    with pytest.raises(InvalidInput) as raised:
        round_start(event=event)
    assert raised.value.errors[0].path == "rounds"
    play_round(event)
    view = event_standings(event)
    assert view.round_complete and view.next_round is not None
    second = round_start(event=event)
    assert second.number == 2 and second.method == "standings"
    entrants = view.data.entrants
    seating = [[entrants[e].pk for e in table] for table in view.next_round.tables]
    assert [t.seats for t in second.tables.order_by("number")] == seating
    assert seating[0][0] == view.standings[0].entrant.pk
    assert Round.objects.get(event=event, number=1).status == Round.DONE


def test_the_standings_view_shows_every_tables_progress():
    event, _ = new_event(8, hands=3)
    round_start(event=event)
    table = EventTable.objects.get(round__event=event, number=2)
    play(table.games.get(), (-101, 40, 12, 202))
    view = event_standings(event)
    progress = [(t.number, t.hand_number, t.hands_per_game, t.complete) for t in view.current]
    assert progress == [(1, 0, 3, False), (2, 1, 3, False)]
    assert view.tables_done == 0 and not view.round_complete
    assert view.current[1].seats == tuple(view.current[1].players)


def _queries(event) -> int:
    with CaptureQueriesContext(connection) as queries:
        event_document(event)
    return len(queries)


def test_the_event_document_takes_the_same_queries_for_one_table_as_for_four():
    small, _ = new_event(4, hands=3)
    large, _ = new_event(16, hands=3)
    for event in (small, large):
        round_start(event=event)
        play_round(event)
        round_start(event=event)
        for link in EventGame.objects.filter(table__round__event=event, table__round__number=2):
            play(link, (-101, 40, 12, 202))
    assert EventTable.objects.filter(round__event=large, round__number=2).count() == 4
    assert _queries(small) == _queries(large) <= 5


def test_the_export_scores_like_score_event_and_the_stamp_moves_with_every_hand():
    event, _ = new_event(8)
    round_start(event=event)
    before = event_stamp(event)
    play_round(event)
    assert event_stamp(event) != before
    document = event_document(event)
    view = event_standings(event, next_round=False)
    assert score_event(document).to_dict()["standings"] == view.result.to_dict()["standings"]
    assert [row.place for row in view.standings][:1] == [1]


def test_a_knockout_match_plays_its_games_as_rematches_and_locks_the_round_before():
    event, _ = new_event(8, kind="knockout", games_per_match=2)
    rnd = round_start(event=event)
    for table in rnd.tables.all():
        first = table.games.get()
        play(first, (-101, 40, 12, 202))
        rematch, created = game_rematch(game=first.game)
        assert created
        second = table.games.get(number=2)
        assert second.game == rematch
        play(second, (-101, 40, 12, 202))
    view = event_standings(event)
    assert view.round_complete and all(len(t.hands) == 2 for t in view.current)
    old_versions = {
        link.game_id: link.game.secret_version for link in EventGame.objects.select_related("game")
    }
    final = round_start(event=event)
    assert final.number == 2 and final.tables.count() == 1
    assert Round.objects.get(event=event, number=1).status == Round.LOCKED
    for link in EventGame.objects.filter(table__round__number=1).select_related("game"):
        assert link.table.locked and link.game.secret_version == old_versions[link.game_id] + 1


def test_an_imported_events_hands_store_who_finished_how_and_who_dealt_as_a_save_does():
    """The games.csv "Bitiren"/"Nasıl" columns of an imported event were empty, and a backup
    round trip filled them in: the import stores them like any saved hand."""
    event, _secret = new_event(4, hands=2)
    round_start(event=event)
    (link,) = EventGame.objects.filter(table__round__event=event)
    pairs = {"players": [{}, {"opened": "pairs", "finished": True}, {"opened": "sets"}, {}]}
    hand_record(game=link.game, data=pairs)
    hand_record(game=link.game, data=hand(40, 12, -101, 202))
    saved = list(link.game.hands.values_list("position", "dealer", "finisher", "finish"))
    assert saved[0][2:] == (1, "pairs") and saved[1][2:] == (2, "")

    copy, _secret = event_import(data=event_document(event))

    (imported,) = EventGame.objects.filter(table__round__event=copy)
    assert imported.game.first_dealer == link.game.first_dealer
    assert list(imported.game.hands.values_list("position", "dealer", "finisher", "finish")) == saved
