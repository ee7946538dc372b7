"""rowfetch builds the same model instances the ORM builds, on SQLite and on PostgreSQL."""

import pytest
from django.db import connection, router
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scorer.models import Device, Game, Grant
from scorer.platform import rowfetch
from scorer.tables.selectors import game_find, game_for_board
from scorer.tables.services import game_rematch
from tests.support.factories import finisher_alone, new_table

pytestmark = pytest.mark.django_db


def field_values(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def test_a_table_fetched_by_rowfetch_equals_the_orms():
    game, _secret = new_table("loca-cezali", options={"partners": True}, hands_planned=4)
    sql = f"SELECT {rowfetch.columns(Game)} FROM {Game._meta.db_table} WHERE id = %s"
    fetched, extra = rowfetch.fetch_one(Game, router.db_for_read(Game), sql, [game.pk])
    orm = Game.objects.get(pk=game.pk)
    assert field_values(fetched) == field_values(orm)
    assert extra == ()
    assert isinstance(fetched.options, dict) and isinstance(fetched.players, list)
    assert timezone.is_aware(fetched.updated_at)
    assert not fetched._state.adding and fetched._state.db == orm._state.db
    fetched.hands_planned = 5
    fetched.save(update_fields=["hands_planned"])  # a fetched row saves like any other
    assert Game.objects.get(pk=game.pk).hands_planned == 5


def test_no_row_is_none():
    sql = f"SELECT {rowfetch.columns(Game)} FROM {Game._meta.db_table} WHERE public_id = %s"
    assert rowfetch.fetch_one(Game, router.db_for_read(Game), sql, ["nope"]) is None
    assert game_find("nope") is None


def test_a_grant_fetched_by_rowfetch_equals_the_orms():
    game, _secret = new_table("loca", hands_planned=5)
    device = Device.objects.create(token_hash="x" * 64)
    grant = Grant.objects.create(
        device=device, game=game, kind=Grant.EDIT, secret_version=1, last_used_at=timezone.now()
    )
    sql = f"SELECT {rowfetch.columns(Grant, 'g')} FROM {Grant._meta.db_table} g WHERE g.id = %s"
    fetched, _extra = rowfetch.fetch_one(Grant, router.db_for_read(Grant), sql, [grant.pk])
    assert field_values(fetched) == field_values(Grant.objects.get(pk=grant.pk))


def test_the_board_query_links_a_rematch_both_ways_in_one_query():
    game, _secret = new_table(hands_planned=1, hands=[finisher_alone()])
    rematch, _created = game_rematch(game=game)
    with CaptureQueriesContext(connection) as queries:
        first = game_for_board(game.public_id)
        second = game_for_board(rematch.public_id)
        assert first.rematch.public_id == rematch.public_id and first.rematch_of is None
        assert second.rematch_of.public_id == game.public_id and not hasattr(second, "rematch")
    assert len(queries) == 2
    assert field_values(first) == field_values(Game.objects.get(pk=game.pk))
