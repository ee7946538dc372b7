"""Reading one row by a unique key through the ORM, at its cost on the hot paths."""

from django.db.models import QuerySet


def unique(rows: QuerySet):
    """The one row ``rows`` filters by a unique key, or None.

    ``first()`` orders by the model's ordering (or the primary key) to pick a first row; for a key
    that names one row at most the ordering only costs compiling: a tenth of a cached board's work
    and of every edit check (bench/web.py --in-process).
    """
    found = list(rows.order_by()[:1])
    return found[0] if found else None
