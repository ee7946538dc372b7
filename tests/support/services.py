"""The machine's services the tests use beyond the database: where they answer, or a loud failure in CI."""

import os

import pytest


def redis_url() -> str:
    """The tests' Redis (OKEYCALC_TEST_REDIS_URL): a failure in CI when it does not answer, else a skip."""
    url = os.environ.get("OKEYCALC_TEST_REDIS_URL", "redis://127.0.0.1:6379/7")
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=0.5).ping()
    except redis.RedisError:
        if os.environ.get("CI"):
            pytest.fail(f"Redis is not answering at {url}: CI has it (set OKEYCALC_TEST_REDIS_URL)")
        pytest.skip(f"no Redis at {url} (CI runs this test)")
    return url
