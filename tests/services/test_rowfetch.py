"""rowfetch builds the same model instances the ORM builds, on SQLite and on PostgreSQL."""

import pytest
from django.db import connection, models, router
from django.test.utils import CaptureQueriesContext, isolate_apps
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
    using = router.db_for_read(Game)
    n = rowfetch.names(using)
    sql = f"SELECT {n.columns(Game)} FROM {n.table(Game)} WHERE {n.column(Game, 'id')} = %s"
    fetched, extra = rowfetch.fetch_one(Game, using, sql, [game.pk])
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
    using = router.db_for_read(Game)
    n = rowfetch.names(using)
    sql = f"SELECT {n.columns(Game)} FROM {n.table(Game)} WHERE {n.column(Game, 'public_id')} = %s"
    assert rowfetch.fetch_one(Game, using, sql, ["nope"]) is None
    assert game_find("nope") is None


def test_a_grant_fetched_by_rowfetch_equals_the_orms():
    game, _secret = new_table("loca", hands_planned=5)
    device = Device.objects.create(token_hash="x" * 64)
    grant = Grant.objects.create(
        device=device, game=game, kind=Grant.EDIT, secret_version=1, last_used_at=timezone.now()
    )
    using = router.db_for_read(Grant)
    n = rowfetch.names(using)
    sql = (
        f"SELECT {n.columns(Grant, 'g')} FROM {n.table(Grant)} {n.quote('g')}"
        f" WHERE {n.column(Grant, 'id', 'g')} = %s"
    )
    fetched, _extra = rowfetch.fetch_one(Grant, using, sql, [grant.pk])
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


@pytest.mark.django_db(transaction=True)  # SQLite's schema editor cannot run inside the test's transaction
@isolate_apps("scorer")
def test_names_are_quoted_so_that_reserved_words_and_capitals_work():
    class Awkward(models.Model):
        """A table and columns that are SQL only when quoted: a reserved word, a space, capitals."""

        order = models.IntegerField()
        select = models.JSONField(db_column="Select")
        when = models.DateTimeField()

        class Meta:
            app_label = "scorer"
            db_table = "rowfetch Awkward"

        def __str__(self) -> str:
            return str(self.order)

    using = router.db_for_read(Awkward)
    n = rowfetch.names(using)
    assert n.column(Awkward, "order") == connection.ops.quote_name("order") != "order"
    with connection.schema_editor() as editor:
        editor.create_model(Awkward)
    try:
        row = Awkward.objects.create(order=3, select={"okey": [1, 2]}, when=timezone.now())
        sql = (
            f"SELECT {n.columns(Awkward, 'a')} FROM {n.table(Awkward)} {n.quote('a')}"
            f" WHERE {n.column(Awkward, 'order', 'a')} = %s"
        )
        fetched, _extra = rowfetch.fetch_one(Awkward, using, sql, [3])
        assert field_values(fetched) == field_values(Awkward.objects.get(pk=row.pk))
        assert fetched.select == {"okey": [1, 2]} and timezone.is_aware(fetched.when)
    finally:
        with connection.schema_editor() as editor:
            editor.delete_model(Awkward)
