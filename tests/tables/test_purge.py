"""Retention: ``manage.py purge_tables`` deletes old tables and long-deleted hands only."""

import io
import re
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from scorer.events.services.rounds import round_start
from scorer.models import Game, Hand
from scorer.tables.services.hands import hand_delete, hand_record
from tests.support.eventdb import new_event, play_round
from tests.support.factories import finisher, new_table

pytestmark = pytest.mark.django_db


def aged(game: Game, days: int) -> Game:
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(days=days))
    return game


def purge(*args: str) -> str:
    out = io.StringIO()
    call_command("purge_tables", *args, stdout=out)
    return out.getvalue()


def test_tables_unchanged_for_longer_than_the_age_go_with_their_hands():
    old, _ = new_table()
    hand_record(game=old, data=finisher(0))
    aged(old, 181)
    recent, _ = new_table()
    aged(recent, 179)

    output = purge("--older-than", "180d")

    assert list(Game.objects.all()) == [recent]
    assert not Hand.objects.filter(game_id=old.pk).exists()
    assert re.findall(r"\d+", output) == ["1", "1", "0"]  # tables, their hands, deleted hands


def test_a_table_in_play_is_kept_however_old_its_creation():
    game, _ = new_table()
    Game.objects.filter(pk=game.pk).update(created_at=timezone.now() - timedelta(days=400))
    hand_record(game=game, data=finisher(0))  # played today

    purge("--older-than", "180d")

    assert Game.objects.filter(pk=game.pk).exists()


def test_deleted_hands_are_purged_after_the_grace_period_only():
    game, _ = new_table()
    long_ago = hand_delete(hand=hand_record(game=game, data=finisher(0)))
    yesterday = hand_delete(hand=hand_record(game=game, data=finisher(1)))
    kept = hand_record(game=game, data=finisher(2))
    Hand.objects.filter(pk=long_ago.pk).update(deleted_at=timezone.now() - timedelta(days=31))

    purge("--older-than", "180d", "--deleted-hands-after", "30d")

    assert set(Hand.objects.values_list("pk", flat=True)) == {yesterday.pk, kept.pk}


def test_dry_run_counts_and_deletes_nothing():
    game, _ = new_table()
    hand_record(game=game, data=finisher(0))
    aged(game, 200)

    output = purge("--older-than", "180d", "--dry-run")

    assert Game.objects.count() == 1
    assert re.findall(r"\d+", output) == ["1", "1", "0"]


@pytest.mark.parametrize("age", ["180", "²d", "-5d", "0d", "1" * 50 + "d", "180y"])
def test_a_bad_age_is_a_clear_command_error(age):
    with pytest.raises(CommandError):
        call_command("purge_tables", "--older-than", age, stdout=io.StringIO(), stderr=io.StringIO())


def test_an_age_under_a_day_is_refused_so_a_table_in_play_is_never_purged():
    with pytest.raises(CommandError):
        purge("--older-than", "5h")


def test_a_tournaments_tables_are_kept_however_old():
    event, _secret = new_event(8)
    round_start(event=event)
    play_round(event)
    event_games = set(Game.objects.filter(in_event=True))
    assert len(event_games) == 2
    for game in event_games:
        aged(game, 400)
    plain, _ = new_table()
    aged(plain, 400)

    purge("--older-than", "180d")

    assert set(Game.objects.all()) == event_games
