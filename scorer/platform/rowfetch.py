"""One model row by a plain SELECT, converted exactly as the ORM converts it.

The pages' hottest reads — a table by its public id, a device's grant on it — are one indexed
row each, asked on every board view, poll, preview and save. Through the ORM (even through
``raw()``) most of their time went into building the query and its per-query bookkeeping, not
into the database. Here the SQL is written once per query and database, with every table and
column name quoted by the database's own ``quote_name`` as the ORM writes them (:func:`names`),
and each row goes through the same converters the ORM's compiler applies for that field and
database (``from_db_value`` of JSON and date fields, the backend's own), into ``Model.from_db``:
the same instance the ORM builds.

Only the table selectors and rights use it (an import-linter contract in pyproject.toml).
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from django.db import connections, models


@dataclass(frozen=True, slots=True)
class Names:
    """Tables, columns and aliases of one database, quoted as its backend quotes them."""

    quote: Callable[[str], str]

    def table(self, model: type[models.Model]) -> str:
        return self.quote(model._meta.db_table)

    def column(self, model: type[models.Model], field: str, alias: str = "") -> str:
        """The column of ``model``'s field ``field`` (a name such as ``rematch_of``), as ``alias.column`` if given."""
        column = self.quote(model._meta.get_field(field).column)
        return f"{self.quote(alias)}.{column}" if alias else column

    def columns(self, model: type[models.Model], alias: str = "") -> str:
        """The model's concrete columns, in order, for a SELECT list (``alias.column`` if given)."""
        prefix = f"{self.quote(alias)}." if alias else ""
        return ", ".join(f"{prefix}{self.quote(field.column)}" for field in model._meta.concrete_fields)


def names(using: str) -> Names:
    """The quoted names of the database ``using`` (its connection's ``ops.quote_name``); callers
    build each query once per database and keep the string."""
    return Names(connections[using].ops.quote_name)


@cache
def _converters(model: type[models.Model], alias: str) -> tuple[tuple[str, object, tuple], ...]:
    """(attname, column expression, converters) of each concrete field: what the ORM's compiler
    applies to that column on this database."""
    connection = connections[alias]
    fields = []
    for field in model._meta.concrete_fields:
        column = field.get_col(model._meta.db_table)
        converters = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        fields.append((field.attname, column, tuple(converters)))
    return tuple(fields)


def fetch_one(model: type[models.Model], using: str, sql: str, params) -> tuple[models.Model, tuple] | None:
    """The first row of ``sql`` (which selects ``names(using).columns(model)`` first, then any
    extra columns) as ``(instance, extra values)``, or None when there is no row."""
    connection = connections[using]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        return None
    fields = _converters(model, using)
    values = []
    for (_name, column, converters), value in zip(fields, row, strict=False):
        for converter in converters:
            value = converter(value, column, connection)
        values.append(value)
    instance = model.from_db(using, [name for name, _col, _c in fields], values)
    return instance, tuple(row[len(fields) :])


def _instance(model: type[models.Model], using: str, connection, values) -> models.Model:
    fields = _converters(model, using)
    converted = []
    for (_name, column, converters), value in zip(fields, values, strict=True):
        for converter in converters:
            value = converter(value, column, connection)
        converted.append(value)
    return model.from_db(using, [name for name, _col, _c in fields], converted)


def fetch_rows(
    models_in_row: tuple[type[models.Model], ...], using: str, sql: str, params
) -> list[tuple[tuple[models.Model | None, ...], tuple]]:
    """Every row of ``sql``, which selects the columns of each model in ``models_in_row`` in turn
    (``names(using).columns(model, alias)``), then any extra columns, as ``(instances, extra
    values)``; a model whose columns are all NULL in a row (the far side of a LEFT JOIN that found
    nothing) is None there."""
    connection = connections[using]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    widths = [len(model._meta.concrete_fields) for model in models_in_row]
    result = []
    for row in rows:
        start, instances = 0, []
        for model, width in zip(models_in_row, widths, strict=True):
            values = row[start : start + width]
            start += width
            missing = all(value is None for value in values)
            instances.append(None if missing else _instance(model, using, connection, values))
        result.append((tuple(instances), tuple(row[start:])))
    return result
