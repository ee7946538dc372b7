"""The rate limits' store without Redis: counts in a database table every worker shares, exactly.

With Redis at ``REDIS_URL`` the limits count there (``INCR`` is atomic and every app server shares
it). Without it they used to count in each worker's local memory, so a one-machine install with
five workers let through five times its limits (100 of 150 claims against 20 a minute). This
cache backend keeps the counts in a table (``RateCount``, migration 0006) and changes them in
single statements (``INSERT … ON CONFLICT``, ``UPDATE … RETURNING``: SQLite 3.35+ and PostgreSQL),
so concurrent workers never lose an increment. It holds counters only: what django-ratelimit
asks of a cache (``add``, ``incr``, ``get``). Expired windows are deleted now and then.
"""

import random
import time

from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.db import connections

PURGE_EVERY = 200
"""About one new window in this many deletes the expired ones."""


class DatabaseCounterCache(BaseCache):
    """``LOCATION`` is the table; ``OPTIONS["database"]`` the database alias (``default``)."""

    def __init__(self, table: str, params: dict) -> None:
        super().__init__(params)
        self.table = table
        self.alias = params.get("OPTIONS", {}).get("database", "default")

    def _run(self, sql: str, params: list) -> tuple[int, object]:
        """(rows changed, first column of the first row or None)."""
        with connections[self.alias].cursor() as cursor:
            cursor.execute(sql.format(table=connections[self.alias].ops.quote_name(self.table)), params)
            row = cursor.fetchone() if cursor.description else None
            return cursor.rowcount, (row[0] if row else None)

    def _expires(self, timeout) -> float:
        """Unix time of expiry (``get_backend_timeout`` gives it; None: never, kept finite)."""
        expires = self.get_backend_timeout(timeout)
        return 1e300 if expires is None else expires

    @staticmethod
    def _count(value: object) -> int:
        if type(value) is not int:
            raise TypeError("DatabaseCounterCache holds counts (int) only")
        return value

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        changed, _value = self._run(
            "INSERT INTO {table} (name, count, expires) VALUES (%s, %s, %s)"
            " ON CONFLICT (name) DO UPDATE SET count = excluded.count, expires = excluded.expires"
            " WHERE {table}.expires < %s",
            [key, self._count(value), self._expires(timeout), time.time()],
        )
        if changed and random.randrange(PURGE_EVERY) == 0:
            self._run("DELETE FROM {table} WHERE expires < %s", [time.time()])
        return changed == 1

    def incr(self, key, delta=1, version=None) -> int:
        key = self.make_and_validate_key(key, version=version)
        _changed, value = self._run(
            "UPDATE {table} SET count = count + %s WHERE name = %s AND expires >= %s RETURNING count",
            [self._count(delta), key, time.time()],
        )
        if value is None:
            raise ValueError(f"Key '{key}' not found")
        return value

    def get(self, key, default=None, version=None):
        key = self.make_and_validate_key(key, version=version)
        _changed, value = self._run(
            "SELECT count FROM {table} WHERE name = %s AND expires >= %s", [key, time.time()]
        )
        return default if value is None else value

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None) -> None:
        key = self.make_and_validate_key(key, version=version)
        self._run(
            "INSERT INTO {table} (name, count, expires) VALUES (%s, %s, %s)"
            " ON CONFLICT (name) DO UPDATE SET count = excluded.count, expires = excluded.expires",
            [key, self._count(value), self._expires(timeout)],
        )

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        changed, _value = self._run(
            "UPDATE {table} SET expires = %s WHERE name = %s", [self._expires(timeout), key]
        )
        return changed == 1

    def delete(self, key, version=None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        changed, _value = self._run("DELETE FROM {table} WHERE name = %s", [key])
        return changed == 1

    def clear(self) -> None:
        self._run("DELETE FROM {table}", [])
