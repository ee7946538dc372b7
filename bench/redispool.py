"""Django's Redis cache per request context: its own connection pool (Django's default) against the
process's shared one (scorer/platform/redispool.py).

Run: ``REDIS_URL=redis://127.0.0.1:6379/11 .venv/bin/python bench/redispool.py`` (a Redis
database it may write one key to). Each "request" makes the cache object Django makes for a request
context and reads two keys (a hit and a miss), as a pushed board render does; the two kinds
alternate in rounds of 50 so that the machine's load hits them alike, and the ratio is reported
with the load average.
"""

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "okeycalc.settings")

import django  # noqa: E402

django.setup()

from django.core.cache.backends.redis import RedisCache  # noqa: E402

ROUNDS, PER_ROUND = 20, 50
SHARED = {"socket_timeout": 0.5, "pool_class": "scorer.platform.redispool.SharedConnectionPool"}
OWN = {"socket_timeout": 0.5}


def request(url: str, options: dict) -> None:
    cache = RedisCache(url, {"OPTIONS": options})
    cache.get("okeycalc-bench-pool")
    cache.get("okeycalc-bench-pool-missing")


def main() -> None:
    url = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/11"
    RedisCache(url, {"OPTIONS": SHARED}).set("okeycalc-bench-pool", "x" * 8000, 60)
    spent = {"own": [0.0, 0.0], "shared": [0.0, 0.0]}
    for _round in range(ROUNDS):
        for name, options in (("own", OWN), ("shared", SHARED)):
            wall, cpu = time.perf_counter(), time.process_time()
            for _ in range(PER_ROUND):
                request(url, options)
            spent[name][0] += time.perf_counter() - wall
            spent[name][1] += time.process_time() - cpu
    n = ROUNDS * PER_ROUND
    for name, (wall, cpu) in spent.items():
        print(f"{name:6} pool: {wall / n * 1000:.2f} ms wall, {cpu / n * 1000:.2f} ms CPU a request")
    print(
        f"shared / own: wall {spent['shared'][0] / spent['own'][0]:.2f}, CPU {spent['shared'][1] / spent['own'][1]:.2f}"
        f" (load average {os.getloadavg()[0]:.1f})"
    )


if __name__ == "__main__":
    main()
