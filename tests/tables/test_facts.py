"""A table's own facts after it was opened (scorer/tables/services/facts.py): a player renamed keeps
their seat and their hands, a new first dealer moves every hand's deal, a stake is recorded, each
with its row of the table's history, pushed like any change, and refused at an event's table."""

import json

import pytest
from django.db import connection
from django.db.models import F
from django.test.utils import CaptureQueriesContext
from django.utils.translation import gettext

from scorer.clubs.services import club_create, club_game_add
from scorer.engine import InvalidInput, score_game
from scorer.engine.settlement import Stake
from scorer.models import ClubRating, Game, GameChange, Hand
from scorer.platform import push as platform_push
from scorer.platform.push import changes as push_changes
from scorer.tables import history, push, selectors, tablelog
from scorer.tables.backup import entry_import, table_entry
from scorer.tables.services.facts import (
    MSG_EVENT_TABLE,
    FactsChanged,
    game_facts_set,
    game_first_dealer_set,
    game_players_rename,
    game_stake_set,
)
from scorer.tables.services.games import game_rematch
from scorer.tables.services.hands import hand_delete, hand_record, hand_update
from scorer.tables.stakes import series_balance, stake_view
from tests.support.eventdb import new_event
from tests.support.factories import NAMES, finisher, new_table

pytestmark = pytest.mark.django_db


def played(hands: int = 2, ruleset: str = "loca", planned: int = 5) -> Game:
    game, _secret = new_table(ruleset, hands_planned=planned, hands=[finisher(k % 4) for k in range(hands)])
    return game


# --- names ------------------------------------------------------------------------------------------


def test_a_renamed_player_keeps_their_seat_their_hands_and_their_points():
    game = played(3)
    before = selectors.game_board(game).totals
    change = game_players_rename(game=game, names=["Ayşe", "Bora K.", "Cem", "Deniz"])

    game.refresh_from_db()
    assert game.players == ["Ayşe", "Bora K.", "Cem", "Deniz"]
    assert (change.kind, change.before, change.after) == (GameChange.PLAYERS, NAMES, game.players)
    board = selectors.game_board(game, lines=True)
    assert board.totals == before and not board.errors
    assert [p.name for p in board.rows[0].result.players] == game.players
    # the public game file scores as it is, names and all; a hand's history still has its totals
    assert score_game(selectors.game_document(game)).totals == before
    hand = game.hands.first()
    entries = history.entries(game, selectors.hand_changes(hand), None)
    assert all(total.after is not None for total in entries[0].totals)


def test_a_hand_saved_by_a_phone_that_had_the_old_names_reads_with_the_new_ones():
    game = played(1)
    stale = Game.objects.get(pk=game.pk)  # the phone loaded the table before the rename
    game_players_rename(game=game, names=["Ayşe", "Bora", "Cem", "Dennis"])
    data = finisher(3)  # as its form posted it: with the names it had
    data["players"] = [player | {"name": name} for player, name in zip(data["players"], NAMES, strict=True)]
    hand_record(game=stale, data=data)
    assert Hand.objects.filter(game=game).last().data["players"][3]["name"] == "Deniz"
    board = selectors.game_board(Game.objects.get(pk=game.pk), lines=True)
    assert not board.errors and board.hands_played == 2
    assert board.rows[-1].result.players[3].name == "Dennis"


def test_a_correction_keeps_working_after_a_rename():
    game = played(2)
    game_players_rename(game=game, names=["A", "B", "C", "D"])
    hand = Hand.objects.filter(game=game).first()
    hand_update(hand=hand, data={"players": [{"opened": "sets", "finished": True}, {}, {}, {}]})
    assert not selectors.game_board(Game.objects.get(pk=game.pk)).errors


@pytest.mark.parametrize(
    ("names", "path"),
    [
        (["Ayşe", "", "Cem", "Deniz"], "players[1]"),
        (["Ayşe", "B" * 31, "Cem", "Deniz"], "players[1]"),
        (["Ali", "ALİ", "Cem", "Deniz"], "players[1]"),
        (["Ayşe", "Bo\x07ra", "Cem", "Deniz"], "players[1]"),
        (["Ayşe", "Bora", "Cem"], "players"),
    ],
)
def test_names_are_checked_as_a_new_tables_are(names, path):
    game = played(0)
    with pytest.raises(InvalidInput) as refused:
        game_players_rename(game=game, names=names)
    assert path in [error.path for error in refused.value.errors]
    assert Game.objects.get(pk=game.pk).players == NAMES and not GameChange.objects.exists()


def test_names_are_stored_cleaned_and_an_unchanged_list_writes_nothing():
    game = played(0)
    game_players_rename(game=game, names=[" Ayşe\u200b ", "Bora", "Cem", "Deniz"])
    assert not GameChange.objects.exists() and Game.objects.get(pk=game.pk).version == game.version
    game_players_rename(game=game, names=["Ayşe", "Bora  Kaya", "Cem", "Deniz"])
    assert Game.objects.get(pk=game.pk).players[1] == "Bora Kaya"


# --- the first dealer ---------------------------------------------------------------------------------


def test_a_new_first_dealer_moves_every_hands_deal_and_the_next_dealer():
    game = played(3)
    hand_delete(hand=game.hands.order_by("position")[1])
    assert list(game.hands.order_by("position").values_list("dealer", flat=True)) == [0, 1, 2]
    change = game_first_dealer_set(game=game, first_dealer=2)
    assert (change.kind, change.before, change.after) == (GameChange.FIRST_DEALER, 0, 2)
    assert list(game.hands.order_by("position").values_list("dealer", flat=True)) == [2, 3, 0]
    assert selectors.next_hand(Game.objects.get(pk=game.pk)) == (2, 1)  # after the last live hand's dealer
    game_first_dealer_set(game=game, first_dealer=1)  # and back past the first seat
    assert list(game.hands.order_by("position").values_list("dealer", flat=True)) == [1, 2, 3]


def test_a_first_dealer_must_be_one_of_the_players():
    game = played(1)
    with pytest.raises(InvalidInput) as refused:
        game_first_dealer_set(game=game, first_dealer=4)
    assert [error.path for error in refused.value.errors] == ["first_dealer"]


# --- the stake -------------------------------------------------------------------------------------


def test_a_stake_is_recorded_changed_and_cleared_each_in_the_history():
    game = played(0)
    game_stake_set(game=game, stake=Stake(5000, cut_percent=1000, unit="₺"))
    game_stake_set(game=game, stake=Stake(5000, cut_amount=2000, unit="₺"))
    game_stake_set(game=game, stake=None)
    kinds = list(GameChange.objects.values_list("kind", "after"))
    assert kinds == [
        ("stake", {"entry": 5000, "cut": {"percent": 1000}, "unit": "₺"}),
        ("stake", {"entry": 5000, "cut": {"amount": 2000}, "unit": "₺"}),
        ("stake", None),
    ]
    lines = [entry.lines[0] for entry in tablelog.fact_entries(game, selectors.fact_changes(game))]
    assert [(line.before, line.after) for line in lines][:2] == [
        ("yazılmadı", "kişi başı 50 ₺, masanın kesintisi %10"),
        ("kişi başı 50 ₺, masanın kesintisi %10", "kişi başı 50 ₺, masanın kesintisi 20 ₺"),
    ]


def test_a_rematch_keeps_the_stake_and_the_series_keeps_the_running_balance():
    game = played(1, ruleset="kerizim", planned=1)
    game_stake_set(game=game, stake=Stake(1000))
    rematch, _created = game_rematch(game=Game.objects.get(pk=game.pk))
    assert rematch.stake == {"entry": 1000}
    hand_record(game=rematch, data=finisher(1))
    board, series = selectors.board_with_series(rematch)
    # Ayşe won the first game (+30.00 of 4 × 10.00), Bora the second
    assert series_balance(series, 4) == (2000, 2000, -2000, -2000)
    assert stake_view(rematch, board).settlement.nets == (-1000, 3000, -1000, -1000)


# --- all at once, as the details page saves -------------------------------------------------------------


def test_the_details_page_saves_what_differs_and_refuses_a_change_made_meanwhile():
    game = played(1)
    made = game_facts_set(
        game=game, names=["Ayşe", "Bora", "Cem", "Deniz"], first_dealer=1, stake=Stake(100), seen_changes=0
    )
    assert [change.kind for change in made] == ["first_dealer", "stake"]
    with pytest.raises(FactsChanged):  # the page showed no change; two were made since
        game_facts_set(
            game=game, names=["X", "Bora", "Cem", "Deniz"], first_dealer=1, stake=None, seen_changes=0
        )
    assert Game.objects.get(pk=game.pk).players == NAMES and GameChange.objects.count() == 2


def test_a_change_of_the_details_is_pushed_once_committed(django_capture_on_commit_callbacks, monkeypatch):
    sent = []
    monkeypatch.setattr(push_changes, "send", lambda names: sent.append(list(names)))
    monkeypatch.setattr(platform_push, "send", lambda names: sent.append(list(names)))
    game = played(1)
    version = Game.objects.get(pk=game.pk).version
    with django_capture_on_commit_callbacks(execute=True):
        game_facts_set(game=game, names=["A", "B", "C", "D"], first_dealer=3, stake=None)
    assert sent == [[push.topic(game.pk)]]
    assert Game.objects.get(pk=game.pk).version > version


def test_an_event_table_keeps_the_organizers_seating():
    event, _secret = new_event(4)
    from scorer.events.services.rounds import round_start

    round_start(event=event)
    game = Game.objects.get(in_event=True)
    for change in (
        lambda: game_players_rename(game=game, names=["W", "X", "Y", "Z"]),
        lambda: game_first_dealer_set(game=game, first_dealer=(game.first_dealer + 1) % 4),
        lambda: game_stake_set(game=game, stake=Stake(100)),
    ):
        with pytest.raises(InvalidInput) as refused:
            change()
        assert refused.value.errors[0].message == gettext(MSG_EVENT_TABLE)
    assert not GameChange.objects.exists()


def test_a_club_table_renamed_counts_under_the_new_name(django_capture_on_commit_callbacks):
    club = club_create(name="Salı", ruleset="kerizim", options={}, members=[*NAMES, "Bora Kaya"])
    game, _secret = new_table("kerizim", hands_planned=1)
    club_game_add(club=club, game=game)
    with django_capture_on_commit_callbacks(execute=True):
        hand_record(game=game, data=finisher(1))
    assert ClubRating.objects.filter(club=club, player="Bora").exists()
    with django_capture_on_commit_callbacks(execute=True):
        game_players_rename(game=game, names=["Ayşe", "Bora Kaya", "Cem", "Deniz"])
    players = set(ClubRating.objects.filter(club=club).values_list("player", flat=True))
    assert "Bora Kaya" in players and "Bora" not in players


def test_a_backup_carries_the_stake_and_the_tables_history():
    game = played(1)
    game_facts_set(game=game, names=["A", "B", "C", "D"], first_dealer=2, stake=Stake(250, unit="çay"))
    entry = json.loads(json.dumps(table_entry(Game.objects.get(pk=game.pk))))
    assert entry["table"]["stake"] == {"entry": 250, "unit": "çay"}
    assert [change["kind"] for change in entry["table"]["fact_changes"]] == [
        "players",
        "first_dealer",
        "stake",
    ]
    Game.objects.all().delete()
    restored = entry_import(data=entry).game
    assert restored.stake == {"entry": 250, "unit": "çay"} and restored.players == ["A", "B", "C", "D"]
    assert list(restored.fact_changes.values_list("kind", flat=True)) == ["players", "first_dealer", "stake"]


def test_the_board_reads_the_tables_history_only_when_it_has_one():
    game = played(1)
    with CaptureQueriesContext(connection) as queries:
        assert selectors.fact_changes(selectors.game_for_board(game.public_id)) == []
    assert len(queries) == 1


# --- a new first dealer while a hand is being corrected (PostgreSQL) ---------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_new_first_dealer_waits_for_a_correction_holding_its_hand_and_neither_is_lost():
    """A correction locks its hand's row, then the table's (its version); a new first dealer takes
    the hands' rows before the table's, so it waits for the correction instead of holding the table
    the correction then waits for (a deadlock: one of the two would fail). The correction's
    transaction is held open until PostgreSQL shows the change of dealer waiting for it."""
    import threading

    from django.db import connections, transaction
    from django.utils import timezone

    from scorer.tables.freshness import Change, changed

    if connection.vendor != "postgresql":
        pytest.skip("SQLite runs one write transaction at a time: there is no deadlock to avoid")
    game = played(2)
    first = game.hands.order_by("position").first()
    holding, dealer_done = threading.Event(), threading.Event()
    waited, failures = [], []

    def dealer_waits_for_me() -> bool:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))"
            )
            return cursor.fetchone()[0] > 0

    def correction() -> None:  # hand_update's order: the hand's row, then the table's
        try:
            with transaction.atomic():
                Hand.objects.filter(pk=first.pk).update(updated_at=timezone.now(), version=F("version") + 1)
                holding.set()
                while not dealer_done.is_set():
                    if dealer_waits_for_me():
                        waited.append(True)
                        break
                    dealer_done.wait(0.01)
                changed(Change.HAND_CORRECT, games=[Game.objects.get(pk=game.pk)])
        except Exception as exc:  # a deadlock would land here
            failures.append(exc)
        finally:
            holding.set()
            connections.close_all()

    thread = threading.Thread(target=correction)
    thread.start()
    assert holding.wait(10)
    try:
        game_first_dealer_set(game=Game.objects.get(pk=game.pk), first_dealer=3)
    finally:
        dealer_done.set()
        thread.join(10)
    assert waited == [True] and failures == []
    assert list(game.hands.order_by("position").values_list("dealer", flat=True)) == [3, 0]
    assert Hand.objects.get(pk=first.pk).version == 2
