"""Reading one row by a unique key through the ORM, at its cost on the hot paths."""

import threading
from collections.abc import Callable
from typing import NamedTuple

from django.core.exceptions import ImproperlyConfigured
from django.db import connections, router
from django.db.models import Model, QuerySet
from django.db.models.sql.compiler import SQLCompiler


def unique(rows: QuerySet):
    """The one row ``rows`` filters by a unique key, or None.

    ``first()`` orders by the model's ordering (or the primary key) to pick a first row; for a key
    that names one row at most the ordering only costs compiling: a tenth of a cached board's work
    and of every edit check (bench/web.py --in-process).
    """
    found = list(rows.order_by()[:1])
    return found[0] if found else None


class _Plan(NamedTuple):
    """How one database runs a unique read and builds its row (what a queryset works out at each read)."""

    sql: str
    order: tuple[int, ...]
    """The index among the values of each of the statement's parameters."""
    names: list[str]
    """The model's fields the row holds (their attnames), and where in the row each is."""
    positions: list[int]
    annotations: list[tuple[str, int]]
    """Its other columns (annotations): the attribute each sets, and where in the row it is."""
    compiler: SQLCompiler
    converters: dict


class UniqueRead[M: Model]:
    """A read of one row by a unique key whose statement the ORM compiles once per database.

    Compiling a statement (its columns, joins and conditions) and working out how its columns
    make the model's instance cost about five times the statement itself, on every request that
    starts by reading its table and the device's grant (bench/web.py --in-process). ``build``
    makes the query from the values; it is built once with ``markers`` (one sample value per
    argument, of its type, each distinct) and its SQL kept. Its parameters must be exactly the
    markers, each once (in any order), so that nothing else of the statement (a constant, a date,
    a list) is frozen into it and the values reach the database as they are given; any other
    shape is refused when first read. How its row makes the instance (the model's fields, their
    conversions, the annotations) is worked out by the same compiling and kept too; each read
    then runs the statement and builds the instance as a queryset's read does. Kept per thread:
    a conversion belongs to its thread's connection. There is no ``select_related``.
    """

    def __init__(self, build: Callable[..., QuerySet[M]], *markers: object) -> None:
        if len(set(markers)) != len(markers):
            raise ImproperlyConfigured("UniqueRead needs one distinct marker per value")
        self.build, self.markers = build, markers
        self.model: type[M] = build(*markers).model
        self._plans = threading.local()

    def __call__(self, *values: object) -> M | None:
        """The row the values (in the order of ``build``'s arguments) name, or None."""
        alias = router.db_for_read(self.model)
        plans = self._plans.__dict__
        plan = plans.get(alias) or plans.setdefault(alias, self._plan(alias))
        with connections[alias].cursor() as cursor:
            cursor.execute(plan.sql, [values[k] for k in plan.order])
            row = cursor.fetchone()
        if row is None:
            return None
        if plan.converters:
            row = next(plan.compiler.apply_converters([row], plan.converters))
        instance = self.model.from_db(alias, plan.names, [row[k] for k in plan.positions])
        for column, k in plan.annotations:
            setattr(instance, column, row[k])
        return instance

    def _plan(self, alias: str) -> _Plan:
        compiler = self.build(*self.markers).order_by()[:1].query.get_compiler(alias)
        sql, params = compiler.as_sql()  # also works out the columns, as a queryset's read does
        order = tuple(self.markers.index(param) if param in self.markers else -1 for param in params)
        if sorted(order) != list(range(len(self.markers))):
            raise ImproperlyConfigured(
                f"UniqueRead of {self.model.__name__}: the statement's parameters {params!r} are not "
                f"its markers {self.markers!r}, each once"
            )
        if compiler.klass_info.get("related_klass_infos"):
            raise ImproperlyConfigured(f"UniqueRead of {self.model.__name__}: no select_related")
        positions = list(compiler.klass_info["select_fields"])
        names = [compiler.select[k][0].target.attname for k in positions]
        annotations = list(compiler.annotation_col_map.items())
        converters = compiler.get_converters([column for column, _sql, _alias in compiler.select])
        return _Plan(sql, order, names, positions, annotations, compiler, converters)
