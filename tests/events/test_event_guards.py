"""Decision E15: what an event table's scorekeeper can no longer do at its game, through the
table's own services (scorer/tables/guards.py asks scorer/events/guards.py), a decision at the cut
the numbers no longer fit, and an event document the rules still refuse: never a broken page."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation

from scorer.engine import InvalidInput
from scorer.events.models import EventGame, EventTable
from scorer.events.rules import score_event
from scorer.events.selectors.standings import event_standings
from scorer.events.services.finish import event_finish
from scorer.events.services.rounds import round_start
from scorer.events.services.tables import cut_decide, match_game_open
from scorer.models import Game, Hand
from scorer.tables.services.games import game_plan
from scorer.tables.services.hands import hand_delete, hand_record, hand_restore, hand_update
from tests.support.eventdb import new_event, play, play_round
from tests.support.events import hand
from tests.support.factories import new_table

pytestmark = pytest.mark.django_db


def links(event, number: int) -> list[EventGame]:
    return list(
        EventGame.objects.filter(table__round__event=event, table__round__number=number)
        .select_related("game", "table")
        .order_by("table__number", "number")
    )


def refused(action, *args, **kwargs) -> str:
    """The message of the refusal (InvalidInput), in English."""
    with translation.override("en"), pytest.raises(InvalidInput) as caught:
        action(*args, **kwargs)
    return " ".join(error.message for error in caught.value.errors)


def points_in_round_two(hands: int = 1):
    """An 8-player points event whose round 1 is complete and round 2 seated."""
    event, secret = new_event(8, hands=hands)
    round_start(event=event)
    play_round(event)
    round_start(event=event)
    return event


# --- points: a round after which another started keeps its hands ------------------------------


def test_a_hand_of_round_one_cannot_be_deleted_once_round_two_started():
    event = points_in_round_two()
    first = links(event, 1)[0]
    kept = first.game.hands.live().get()

    message = refused(hand_delete, hand=kept)

    assert "round 1" in message and "round 2 has started" in message and "correct" in message
    assert Hand.objects.get(pk=kept.pk).deleted_at is None
    view = event_standings(event)
    assert not view.errors and view.round_number == 2


def test_the_refusal_is_in_turkish_by_default():
    event = points_in_round_two()
    kept = links(event, 1)[0].game.hands.live().get()
    with translation.override("tr"), pytest.raises(InvalidInput) as caught:
        hand_delete(hand=kept)
    message = caught.value.errors[0].message
    assert "1. turunda" in message and "2. tur başladığı için el silinemez" in message


def test_round_one_can_still_be_corrected_and_the_standings_follow():
    event = points_in_round_two()
    first = links(event, 1)[0]
    kept = first.game.hands.live().get()
    before = event_standings(event).standings

    hand_update(hand=kept, data=hand(202, 40, 12, -101))

    after = event_standings(event)
    assert not after.errors and after.standings != before


def test_within_the_current_round_a_hand_can_still_be_deleted_and_restored():
    event, _ = new_event(8, hands=2)
    round_start(event=event)
    link = links(event, 1)[0]
    play(link, (-101, 40, 12, 202), (40, -101, 12, 202))
    last = link.game.hands.live().order_by("-position").first()

    hand_delete(hand=last)
    assert not event_standings(event).errors
    hand_restore(hand=Hand.objects.get(pk=last.pk))

    assert link.game.hands.live().count() == 2


def test_a_deleted_hand_cannot_come_back_once_the_next_round_started():
    event, _ = new_event(8, hands=2)
    round_start(event=event)
    link = links(event, 1)[0]
    play(link, (-101, 40, 12, 202), (40, -101, 12, 202))
    gone = link.game.hands.live().order_by("-position").first()
    hand_delete(hand=gone)
    play_round(event)  # the table gets its second hand again, the others theirs
    round_start(event=event)

    message = refused(hand_restore, hand=Hand.objects.get(pk=gone.pk))

    assert "round 2 has started" in message and "come back" in message
    assert link.game.hands.live().count() == 2
    assert not event_standings(event).errors


def test_a_deleted_hand_cannot_come_back_into_a_game_that_got_its_last_hand_meanwhile():
    event, _ = new_event(8, hands=1)
    round_start(event=event)
    link = links(event, 1)[0]
    play(link, (-101, 40, 12, 202))
    gone = link.game.hands.live().get()
    hand_delete(hand=gone)
    play(link, (40, -101, 12, 202))

    message = refused(hand_restore, hand=Hand.objects.get(pk=gone.pk))

    assert "All planned hands have been played" in message
    assert link.game.hands.live().count() == 1 and not event_standings(event).errors


# --- the number of hands is the event's ---------------------------------------------------------


def test_an_event_game_keeps_the_events_number_of_hands():
    event, _ = new_event(8, hands=3)
    round_start(event=event)
    game = links(event, 1)[0].game
    assert game.in_event

    for count in (1, 5):
        message = refused(game_plan, game=game, hands_planned=count, version=None)
        assert "every game plays the event's 3 hands" in message
    assert Game.objects.get(pk=game.pk).hands_planned == 3


def test_a_game_changed_before_the_rule_may_go_back_to_the_events_number():
    event, _ = new_event(8, hands=3)
    round_start(event=event)
    game = links(event, 1)[0].game
    Game.objects.filter(pk=game.pk).update(hands_planned=5)
    game.refresh_from_db()

    game_plan(game=game, hands_planned=3, version=None)

    assert Game.objects.get(pk=game.pk).hands_planned == 3


def test_a_plain_table_still_changes_its_number_of_hands_and_deletes_freely():
    game, _ = new_table(ruleset="loca", hands_planned=3)
    assert not game.in_event
    game_plan(game=game, hands_planned=5, version=None)
    kept = hand_record(game=game, data=hand(-101, 40, 12, 202))
    hand_delete(hand=kept)
    assert Game.objects.get(pk=game.pk).hands_planned == 5


# --- knockout: a match game after which the next is open, and locked rounds ---------------------


def knockout_best_of(games: int, count: int = 8):
    event, _ = new_event(count, kind="knockout", games_per_match=games)
    round_start(event=event)
    return event


def test_a_hand_of_a_match_game_cannot_be_deleted_once_the_next_game_is_open():
    event = knockout_best_of(3)
    first = links(event, 1)[0]
    play(first, (-101, 40, 12, 202))
    second = match_game_open(event=event, table_id=first.table_id)
    assert second.game.in_event
    play(second, (40, -101, 12, 202))

    message = refused(hand_delete, hand=first.game.hands.live().get())

    assert "game 1 of the match" in message and "game 2 has started" in message
    hand_delete(hand=second.game.hands.live().get())  # the match's last game: as before
    assert not event_standings(event).errors


def test_a_rematch_opened_from_the_board_is_an_event_game_too():
    from scorer.tables.services.games import game_rematch

    event = knockout_best_of(2)
    first = links(event, 1)[0]
    play(first, (-101, 40, 12, 202))
    rematch, created = game_rematch(game=first.game)
    assert created and Game.objects.get(pk=rematch.pk).in_event


def test_a_locked_table_refuses_even_through_the_services():
    event = knockout_best_of(1)
    play_round(event)
    round_start(event=event)  # locks round 1 (E12)
    first = links(event, 1)[0]
    assert EventTable.objects.get(pk=first.table_id).locked

    assert "closed" in refused(hand_delete, hand=first.game.hands.live().get())


def test_a_finished_event_refuses_every_change_of_hands():
    event = points_in_round_two()
    event_finish(event=event)
    link = links(event, 1)[0]
    assert "closed" in refused(hand_delete, hand=link.game.hands.live().get())


# --- statements: a save costs what it did, a delete of an event game a little more -------------


def test_a_hand_save_at_an_event_table_takes_no_statement_more():
    event, _ = new_event(8, hands=3)
    round_start(event=event)
    game = Game.objects.get(pk=links(event, 1)[0].game_id)
    plain, _ = new_table(ruleset="loca", hands_planned=3, players=game.players)
    counts = []
    for table in (plain, game):
        hand_record(game=table, data=hand(-101, 40, 12, 202))
        with CaptureQueriesContext(connection) as save:
            hand_record(game=table, data=hand(40, -101, 12, 202), hands_before=1)
        counts.append([q["sql"].split()[0] for q in save.captured_queries])
    assert counts[0] == counts[1]


def test_a_delete_at_a_plain_table_takes_no_statement_more():
    game, _ = new_table(ruleset="loca", hands_planned=3)
    kept = hand_record(game=game, data=hand(-101, 40, 12, 202))
    with CaptureQueriesContext(connection) as delete:
        hand_delete(hand=kept)
    data = [
        q["sql"].split()[0]
        for q in delete.captured_queries
        if q["sql"].split()[0] not in ("SAVEPOINT", "RELEASE")
    ]
    # the history row, the hand, the table's version, then the table's kept totals
    assert data in (["INSERT", "UPDATE", "WITH", "UPDATE"], ["INSERT", "UPDATE", "UPDATE", "UPDATE"]), data


# --- knockout: a decision at the cut that the numbers no longer fit -----------------------------


def tied_and_decided():
    """An 8-player knockout (2 of each table advance): at table 1 the second and third seats
    tie on 12 for the second place, the organizer sent the third on; table 2 is played out.
    Returns the event, table 1's link and its names by seat."""
    event, _ = new_event(8, kind="knockout")
    round_start(event=event)
    link, other = links(event, 1)
    play(link, (-101, 12, 12, 202))
    play(other, (-101, 40, 12, 202))
    seats = event_standings(event).current[0].seats
    table = EventTable.objects.get(pk=link.table_id)
    cut_decide(event=event, table_id=table.pk, chosen=[table.seats[2]])
    view = event_standings(event)
    assert view.current[0].advancing == (seats[0], seats[2]) and not view.current[0].decision_stale
    return event, link, seats


def test_a_correction_that_ends_the_tie_makes_the_decision_count_as_not_made():
    event, link, seats = tied_and_decided()

    hand_update(hand=link.game.hands.live().get(), data=hand(-101, 12, 30, 202))

    view = event_standings(event)
    table = view.current[0]
    assert not view.errors and table.decision_stale
    assert table.advancing == (seats[0], seats[1]) and not table.tie_at_cut
    assert [e.path for e in view.stale_decisions] == ["rounds[0].tables[0].decided"]
    assert "decided" not in view.document["rounds"][0]["tables"][0]  # what the export holds
    assert score_event(view.document).rounds[0].tables[0].advancing  # which the command scores
    assert EventTable.objects.get(pk=link.table_id).decided  # nothing was written on the save


def test_a_correction_that_changes_the_tie_shows_it_again_and_the_round_waits():
    event, link, seats = tied_and_decided()

    hand_update(hand=link.game.hands.live().get(), data=hand(-101, 12, 202, 12))

    table = event_standings(event).current[0]
    assert table.decision_stale and table.tie_at_cut == (seats[1], seats[3])
    with pytest.raises(InvalidInput):
        round_start(event=event)
    decided = EventTable.objects.get(pk=link.table_id)
    cut_decide(event=event, table_id=decided.pk, chosen=[decided.seats[3]])  # decided again
    table = event_standings(event).current[0]
    assert not table.decision_stale and table.advancing == (seats[0], seats[3])


def test_a_deleted_hand_leaves_the_table_playing_and_the_same_hand_again_revives_the_decision():
    event, link, seats = tied_and_decided()

    hand_delete(hand=link.game.hands.live().get())
    view = event_standings(event)
    assert not view.errors and view.current[0].decision_stale and not view.current[0].complete
    play(link, (-101, 12, 12, 202))

    table = event_standings(event).current[0]
    assert not table.decision_stale and table.advancing == (seats[0], seats[2])


def test_a_decision_that_does_not_fit_is_still_refused_when_recorded():
    event, link, seats = tied_and_decided()
    table = EventTable.objects.get(pk=link.table_id)
    with pytest.raises(InvalidInput) as caught:
        cut_decide(event=event, table_id=table.pk, chosen=[table.seats[3]])  # Deniz is not tied
    assert [e.path for e in caught.value.errors] == ["rounds[0].tables[0].decided[0]"]


# --- what still makes the document invalid: the pages keep working -----------------------------


def test_an_invalid_document_keeps_its_tables_and_says_where_in_words():
    event = points_in_round_two()
    first = links(event, 1)[0]
    Hand.objects.filter(game=first.game).update(deleted_at=timezone.now())  # not through the app

    with translation.override("en"):
        view = event_standings(event, next_round=True)
        problems = view.problems
    assert view.errors and view.result is None
    assert [len(tables) for tables in view.rounds] == [2, 2]  # the tables, unscored
    assert view.rounds[0][0].hands == (0,) and view.rounds[1][0].current_game is not None
    assert ("Round 2", view.errors[0].message) in problems or any(w.startswith("Round") for w, _m in problems)
    with translation.override("tr"):
        assert any(where.startswith("Tur ") for where, _m in event_standings(event).problems)


# --- a delete and the start of the next round at the same moment (PostgreSQL) -------------------


@pytest.mark.django_db(transaction=True)
def test_a_delete_waits_for_the_round_being_started_and_then_refuses():
    """The guard locks the event's row first: a delete made while round 2 is being started waits
    for it and then sees it (without the lock it would read the rounds as they were and go
    through, leaving round 1 incomplete behind round 2). The organizer's transaction commits only
    once PostgreSQL shows the delete waiting for its lock, or once the delete is over without
    having waited, which fails the test."""
    import threading

    from django.db import connections, transaction

    if connection.vendor != "postgresql":
        pytest.skip("SQLite runs one write transaction at a time: there is no race to lose")
    event, _ = new_event(8, hands=1)
    round_start(event=event)
    play_round(event)
    kept = links(event, 1)[0].game.hands.live().get()
    seated, delete_over = threading.Event(), threading.Event()
    waited = []

    def delete_waits_for_me() -> bool:
        with connection.cursor() as cursor:  # this thread's connection: the organizer's transaction
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))"
            )
            return cursor.fetchone()[0] > 0

    def organizer() -> None:
        try:
            with transaction.atomic():
                round_start(event=event)
                seated.set()
                while not delete_over.is_set():  # round 2 is seated, not committed yet
                    if delete_waits_for_me():
                        waited.append(True)
                        break
                    delete_over.wait(0.01)
        finally:
            seated.set()
            connections.close_all()

    thread = threading.Thread(target=organizer)
    thread.start()
    assert seated.wait(10)
    try:
        message = refused(hand_delete, hand=Hand.objects.get(pk=kept.pk))
    finally:
        delete_over.set()
        thread.join(10)

    assert waited == [True]  # the delete waited for the round being started…
    assert "round 2 has started" in message  # …and then saw it
    assert Hand.objects.get(pk=kept.pk).deleted_at is None and not event_standings(event).errors
