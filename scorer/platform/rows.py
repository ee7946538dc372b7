"""Reading one row by a unique key through the ORM, at its cost on the hot paths."""

from collections.abc import Callable

from django.core.exceptions import ImproperlyConfigured
from django.db import router
from django.db.models import Model, QuerySet


def unique(rows: QuerySet):
    """The one row ``rows`` filters by a unique key, or None.

    ``first()`` orders by the model's ordering (or the primary key) to pick a first row; for a key
    that names one row at most the ordering only costs compiling: a tenth of a cached board's work
    and of every edit check (bench/web.py --in-process).
    """
    found = list(rows.order_by()[:1])
    return found[0] if found else None


class UniqueRead[M: Model]:
    """A read of one row by a unique key whose statement the ORM compiles once per database.

    Compiling a statement (its columns, joins and conditions) costs about twice the statement
    itself and the row's building together, on every request that starts by reading its table
    and the device's grant (bench/web.py --in-process). ``build`` makes the query from the
    values; it is built once with ``markers`` (one sample value per argument, of its type, each
    distinct) and its SQL kept. Its parameters must be exactly the markers, each once (in any
    order), so that nothing else of the statement (a constant, a date, a list) is frozen into it
    and the values reach the database as they are given; any other shape is refused when first
    read. Each read runs the kept SQL through ``raw()``, which builds the model's instance (the
    fields' conversions included); there is no ``select_related``.
    """

    def __init__(self, build: Callable[..., QuerySet[M]], *markers: object) -> None:
        if len(set(markers)) != len(markers):
            raise ImproperlyConfigured("UniqueRead needs one distinct marker per value")
        self.build, self.markers = build, markers
        self.model: type[M] = build(*markers).model
        self._compiled: dict[str, tuple[str, tuple[int, ...]]] = {}

    def __call__(self, *values: object) -> M | None:
        """The row the values (in the order of ``build``'s arguments) name, or None."""
        alias = router.db_for_read(self.model)
        sql, order = self._compiled.get(alias) or self._compile(alias)
        params = [values[k] for k in order]
        return next(iter(self.model._default_manager.raw(sql, params, using=alias)), None)

    def _compile(self, alias: str) -> tuple[str, tuple[int, ...]]:
        query = self.build(*self.markers).order_by()[:1].query
        sql, params = query.get_compiler(alias).as_sql()
        order = tuple(self.markers.index(param) if param in self.markers else -1 for param in params)
        if sorted(order) != list(range(len(self.markers))):
            raise ImproperlyConfigured(
                f"UniqueRead of {self.model.__name__}: the statement's parameters {params!r} are not "
                f"its markers {self.markers!r}, each once"
            )
        self._compiled[alias] = sql, order
        return sql, order
