"""Rematch (rövanş) chains in SQL: a table and the tables it is a rematch of, back to the first,
and how deep tables sit in theirs. Recursive queries, which the ORM cannot write."""

from collections.abc import Callable

from django.db import connections, router
from django.db.models.expressions import RawSQL

from scorer.models import Game

SERIES_LONGEST = 200
"""How far back a rematch chain is followed (a guard: a chain is one table after another)."""


def _quoted(using: str) -> tuple[Callable[[str], str], str, str]:
    """The database's quoting, the tables' table and its ``rematch_of`` column, quoted."""
    quote = connections[using].ops.quote_name
    return quote, quote(Game._meta.db_table), quote(Game._meta.get_field("rematch_of").column)


def chain_ids(using: str, game_id: int) -> RawSQL:
    """The ids of a table and of the tables it is a rematch of, back to the first: a recursive
    query, which the ORM cannot write, as a subquery of one it writes."""
    q, game, rematch_of = _quoted(using)
    chain = q("chain")
    return RawSQL(
        f"WITH RECURSIVE {chain} ({q('id')}, {q('depth')}) AS ("
        f"SELECT {q('id')}, 0 FROM {game} WHERE {q('id')} = %s"
        f" UNION ALL SELECT {q('g')}.{rematch_of}, {chain}.{q('depth')} + 1"
        f" FROM {game} {q('g')} JOIN {chain} ON {q('g')}.{q('id')} = {chain}.{q('id')}"
        f" WHERE {q('g')}.{rematch_of} IS NOT NULL AND {chain}.{q('depth')} < {SERIES_LONGEST})"
        f" SELECT {q('id')} FROM {chain}",
        [game_id],
    )


def _rematch_orders_query(using: str, count: int) -> str:
    """How deep each of ``count`` tables sits in its rematch chain: recursive, so written out."""
    q, game, rematch_of = _quoted(using)
    up, places = q("up"), ", ".join(["%s"] * count)
    return (
        f"WITH RECURSIVE {up} ({q('start')}, {q('id')}, {q('depth')}) AS ("
        f"SELECT {q('id')}, {rematch_of}, 1 FROM {game}"
        f" WHERE {q('id')} IN ({places}) AND {rematch_of} IS NOT NULL"
        f" UNION ALL SELECT {up}.{q('start')}, {q('g')}.{rematch_of}, {up}.{q('depth')} + 1"
        f" FROM {game} {q('g')} JOIN {up} ON {q('g')}.{q('id')} = {up}.{q('id')}"
        f" WHERE {q('g')}.{rematch_of} IS NOT NULL AND {up}.{q('depth')} < {SERIES_LONGEST})"
        f" SELECT {up}.{q('start')}, MAX({up}.{q('depth')}) FROM {up} GROUP BY {up}.{q('start')}"
    )


def rematch_orders(game_ids: list[int]) -> dict[int, int]:
    """How many rematches back each of these tables goes (absent: a first game), in one query."""
    if not game_ids:
        return {}
    using = router.db_for_read(Game)
    with connections[using].cursor() as cursor:
        cursor.execute(_rematch_orders_query(using, len(game_ids)), game_ids)
        return dict(cursor.fetchall())
