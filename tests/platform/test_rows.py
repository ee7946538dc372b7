"""UniqueRead: a unique read compiled once reads what the ORM reads, and refuses any shape whose
statement would freeze more than the values it is given."""

import threading
from datetime import datetime

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.db import connections
from django.db.models import F
from django.utils import timezone

from scorer.models import Game
from scorer.platform.rows import UniqueRead
from tests.support.factories import new_table

pytestmark = pytest.mark.django_db

BY_PUBLIC_ID = UniqueRead(lambda public_id: Game.objects.filter(public_id=public_id), "public-id")


def test_a_unique_read_builds_the_row_as_the_orm_does_its_fields_converted():
    game, _secret = new_table(players=["Ayşe", "Bora"])

    read = BY_PUBLIC_ID(game.public_id)
    again = BY_PUBLIC_ID(game.public_id)  # the kept statement

    orm = Game.objects.get(pk=game.pk)
    assert read.pk == again.pk == orm.pk
    assert read.players == orm.players == ["Ayşe", "Bora"]
    assert isinstance(read.updated_at, datetime) and read.updated_at == orm.updated_at
    assert {f.attname: getattr(read, f.attname) for f in Game._meta.concrete_fields} == {
        f.attname: getattr(orm, f.attname) for f in Game._meta.concrete_fields
    }


def test_a_unique_read_finds_nothing_for_an_unknown_key():
    new_table()

    assert BY_PUBLIC_ID("nosuchtable000000000") is None


def test_a_unique_read_takes_its_values_in_its_arguments_order_whatever_the_statements():
    game, _secret = new_table()
    read = UniqueRead(lambda pk, public_id: Game.objects.filter(public_id=public_id, pk=pk), -1, "public-id")

    assert read(game.pk, game.public_id).pk == game.pk
    assert read(game.pk, "nosuchtable000000000") is None


def test_a_unique_read_refuses_a_statement_holding_more_than_its_values():
    new_table()
    frozen = UniqueRead(
        lambda public_id: Game.objects.filter(public_id=public_id, updated_at__lte=timezone.now()),
        "public-id",
    )

    with pytest.raises(ImproperlyConfigured):
        frozen("anything")


def test_a_unique_read_needs_distinct_markers():
    with pytest.raises(ImproperlyConfigured):
        UniqueRead(lambda a, b: Game.objects.filter(public_id=a, code=b), "same", "same")


def test_a_unique_read_sets_the_annotations_of_its_statement():
    game, _secret = new_table()
    read = UniqueRead(
        lambda pk: (
            Game.objects.only("pk").annotate(doubled=F("hands_planned") + F("hands_planned")).filter(pk=pk)
        ),
        -1,
    )

    row = read(game.pk)

    assert row.doubled == game.hands_planned * 2


@pytest.mark.django_db(transaction=True)
def test_a_unique_read_builds_its_statement_again_in_another_thread():
    game, _secret = new_table()
    BY_PUBLIC_ID(game.public_id)  # this thread's
    found = []

    def read() -> None:
        try:
            found.append(BY_PUBLIC_ID(game.public_id).pk)
        finally:
            connections.close_all()

    thread = threading.Thread(target=read)
    thread.start()
    thread.join()

    assert found == [game.pk]
