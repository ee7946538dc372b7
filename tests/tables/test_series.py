"""A rematch chain's series (games won, points across the chain) in a constant number of queries,
and changing the planned number of hands while the game runs."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorer.engine import InvalidInput
from scorer.models import Game
from scorer.tables.chains import rematch_orders
from scorer.tables.selectors import board_with_series
from scorer.tables.services.games import TableChanged, game_plan, game_rematch, plan_choices
from scorer.tables.services.hands import hand_record, hand_update
from tests.support.factories import finisher, new_table

pytestmark = pytest.mark.django_db


def chain_of(length: int, *, partners: bool = False, finishers=(0, 1, 2)) -> list[Game]:
    """``length`` kerizim tables of 3 hands, each the rematch of the one before, all played out
    except the last (one hand)."""
    game, _ = new_table("kerizim", hands_planned=3, options={"partners": partners})
    games = [game]
    for _k in range(length - 1):
        for seat in finishers:
            hand_record(game=games[-1], data=finisher(seat))
        games.append(game_rematch(game=Game.objects.get(pk=games[-1].pk))[0])
    hand_record(game=games[-1], data=finisher(3))
    return [Game.objects.get(pk=g.pk) for g in games]


def test_a_lone_table_has_no_series():
    game, _ = new_table(hands=[finisher(0)])
    board, series = board_with_series(game)
    assert series is None and board.hands_played == 1


def test_the_series_counts_games_won_and_points_across_the_chain():
    games = chain_of(3)
    board, series = board_with_series(games[-1])

    assert series.games == 3 and series.finished == 2
    boards = [board_with_series(g)[0] for g in games]
    assert series.totals == tuple(sum(b.totals[k] for b in boards) for k in range(4))
    expected_wins = [0] * 4
    for b in boards[:2]:
        for winner in b.result.winners:
            expected_wins[winner] += 1
    assert series.wins == tuple(expected_wins)
    assert board.hands_played == 1  # the board is still this table's own
    assert board_with_series(games[1])[1].games == 2  # an earlier board shows the series up to it


def test_with_partners_the_series_is_by_team():
    games = chain_of(2, partners=True)
    _board, series = board_with_series(games[-1])
    assert len(series.wins) == len(series.totals) == 2


def test_the_series_takes_the_same_number_of_queries_for_a_chain_of_1_and_of_4():
    counts = []
    for length in (1, 2, 4):
        game = chain_of(length)[-1]
        with CaptureQueriesContext(connection) as queries:
            board_with_series(game)
        counts.append(len(queries))
    assert counts == [1, 1, 1]


def test_rematch_orders_are_read_in_one_query():
    games = chain_of(4)
    lone, _ = new_table()
    with CaptureQueriesContext(connection) as queries:
        orders = rematch_orders([g.pk for g in games] + [lone.pk])
    assert len(queries) == 1
    assert orders == {games[1].pk: 1, games[2].pk: 2, games[3].pk: 3}


# --- the planned number of hands ----------------------------------------------------------------


def test_the_planned_hands_change_within_the_rule_sets_counts_and_not_below_those_played():
    game, _ = new_table("gkokay", hands_planned=5, hands=[finisher(0), finisher(1), finisher(2)])
    assert plan_choices(game, 3) == (3, 5, 7, 11)

    changed = game_plan(game=game, hands_planned=11, version=game.version)
    assert changed.hands_planned == Game.objects.get(pk=game.pk).hands_planned == 11

    with pytest.raises(InvalidInput) as refused:
        game_plan(game=game, hands_planned=4, version=game.version)  # not a GkOkay count
    assert refused.value.errors[0].path == "hands_planned"
    with pytest.raises(InvalidInput):
        game_plan(game=game, hands_planned=2, version=game.version)  # 3 played already
    assert Game.objects.get(pk=game.pk).hands_planned == 11  # nothing changed, version included
    assert Game.objects.get(pk=game.pk).version == game.version


def test_a_planned_hands_change_based_on_an_older_version_is_refused():
    game, _ = new_table("gkokay", hands_planned=5, hands=[finisher(0)])
    shown = game.version
    hand_record(game=game, data=finisher(1))  # another phone, meanwhile

    with pytest.raises(TableChanged):
        game_plan(game=game, hands_planned=3, version=shown)
    assert Game.objects.get(pk=game.pk).hands_planned == 5


def test_a_hand_saved_after_the_game_was_shortened_is_refused():
    game, _ = new_table("gkokay", hands_planned=5, hands=[finisher(0), finisher(1)])
    stale = Game.objects.get(pk=game.pk)  # the hand page read the table at 5 hands
    game_plan(game=game, hands_planned=3, version=game.version)
    hand_record(game=stale, data=finisher(2))

    with pytest.raises(InvalidInput):
        hand_record(game=stale, data=finisher(3))
    assert game.hands.live().count() == 3


def test_once_the_rematch_is_open_the_number_of_hands_stays():
    games = chain_of(2)
    first = games[0]
    with pytest.raises(InvalidInput):
        game_plan(game=first, hands_planned=3, version=first.version)


def test_correcting_an_earlier_game_of_the_chain_gives_its_rematches_a_new_version():
    """Their boards show its points in the series tally: their viewers' cached boards must go."""
    games = chain_of(3)
    before = [g.version for g in games]

    hand_update(hand=games[0].hands.first(), data=finisher(3), version=1)

    after = [Game.objects.get(pk=g.pk).version for g in games]
    assert [b + 1 for b in before] == after
    with CaptureQueriesContext(connection) as queries:
        hand_update(hand=games[2].hands.first(), data=finisher(1))
    assert [Game.objects.get(pk=g.pk).version for g in games] == [after[0], after[1], after[2] + 1]
    # the hand, the chain's versions in one statement, the table's kept totals
    assert sum(q["sql"].split()[0] in ("UPDATE", "WITH") for q in queries.captured_queries) == 3
