"""Django's Redis cache takes its connections from one pool per process (scorer/platform/redispool.py),
not from a new pool, with new connections, for each request context."""

import threading

from django.core.cache.backends.redis import RedisCache

from scorer.platform.redispool import SharedConnectionPool
from tests.support.services import redis_url


def test_the_cache_objects_of_many_requests_share_one_pool_and_its_connections():
    url = redis_url()
    options = {"socket_timeout": 0.5, "pool_class": "scorer.platform.redispool.SharedConnectionPool"}
    pools = []

    def one_request(k: int) -> None:
        cache = RedisCache(url, {"OPTIONS": options})  # what Django makes for each request context
        cache.set(f"okeycalc-test-pool-{k}", k, 10)
        assert cache.get(f"okeycalc-test-pool-{k}") == k
        pools.append(cache._cache._get_connection_pool(write=True))

    for k in range(20):  # one after the other, as requests on a quiet server
        thread = threading.Thread(target=one_request, args=[k])
        thread.start()
        thread.join()
    assert len({id(pool) for pool in pools}) == 1
    assert isinstance(pools[0], SharedConnectionPool)
    assert len(pools[0]._available_connections) == 1  # one connection, used in turn


def test_without_the_shared_pool_each_cache_object_makes_its_own():
    """What the shared pool is for: Django's own pool class, one pool per cache object."""
    url = redis_url()
    pools = [
        RedisCache(url, {"OPTIONS": {"socket_timeout": 0.5}})._cache._get_connection_pool(write=True)
        for _ in range(3)
    ]
    assert len({id(pool) for pool in pools}) == 3
