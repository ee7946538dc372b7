"""A table's version, which every write moves: the viewers' ETag and what its open boards are
pushed; bumping it locks the table's row until the transaction ends."""

from functools import cache

from django.db import connections, router
from django.db.models import F
from django.utils import timezone

from scorer.models import Game
from scorer.tables import push


@cache
def touch_query(alias: str) -> str:
    """Bump a table's version and those of its rematches after it (their boards show its points
    in the series tally), returning each new version: one statement."""
    quote = connections[alias].ops.quote_name
    game, pk, link = quote(Game._meta.db_table), quote("id"), quote(Game._meta.get_field("rematch_of").column)
    down, depth, version = quote("down"), quote("depth"), quote("version")
    updated = quote(Game._meta.get_field("updated_at").column)
    return (
        f"WITH RECURSIVE {down} ({pk}, {depth}) AS (SELECT {pk}, 0 FROM {game} WHERE {pk} = %s"
        f" UNION ALL SELECT {quote('g')}.{pk}, {down}.{depth} + 1 FROM {game} {quote('g')}"
        f" JOIN {down} ON {quote('g')}.{link} = {down}.{pk} WHERE {down}.{depth} < {CHAIN_LONGEST})"
        f" UPDATE {game} SET {version} = {version} + 1, {updated} = %s"
        f" WHERE {pk} IN (SELECT {pk} FROM {down}) RETURNING {pk}, {version}"
    )


CHAIN_LONGEST = 200


def touch(game: Game) -> None:
    """Bump the table's version (the viewers' ETag) and its later rematches' (their series tally
    shows this table's points): one UPDATE … RETURNING, no re-read."""
    alias = router.db_for_write(Game)
    connection = connections[alias]
    now = timezone.now()
    with connection.cursor() as cursor:
        sql = touch_query(alias)
        cursor.execute(sql, [game.pk, connection.ops.adapt_datetimefield_value(now)])
        versions = dict(cursor.fetchall())
    game.version, game.updated_at = versions.get(game.pk, game.version), now
    push.table_changed(game, also=versions)


def lock(game: Game) -> None:
    """Bump the table's version, which locks its row until the transaction ends.

    PostgreSQL: other writers of this table wait at this UPDATE. SQLite: the IMMEDIATE
    transaction already holds the database's write lock. Rolled back with everything else if
    the hand is not stored after all.
    """
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1, updated_at=timezone.now())
    push.table_changed(game)  # sent only if the transaction commits
