"""One Redis connection pool per process for Django's Redis cache.

Django's ``RedisCache`` builds its client, and the client its connection pool, once per cache
object, and Django makes a cache object per request context (each request, each render of a
stream in a thread of the event loop's pool). So each request and each pushed render opened new
connections to Redis, with their handshake, and left them to the garbage collector: bench/push.py's
profile of the servers while 16 scorekeepers saved found a third of the streams' renders in that
handshake. With ``pool_class`` pointing here every cache object of the process takes its
connections from the one pool of its URL (redis-py's pools are thread-safe, and a pool used
after a fork starts afresh in the child).
"""

import threading

import redis


class SharedConnectionPool(redis.ConnectionPool):
    """``from_url`` answers the process's pool of that URL and options, made on the first call."""

    _shared: dict[tuple, redis.ConnectionPool] = {}
    _lock = threading.Lock()

    @classmethod
    def from_url(cls, url: str, **options) -> redis.ConnectionPool:
        key = (url, *sorted((k, v) for k, v in options.items() if isinstance(v, str | int | float | bool)))
        with cls._lock:
            pool = cls._shared.get(key)
            if pool is None:
                pool = cls._shared[key] = super().from_url(url, **options)
            return pool
