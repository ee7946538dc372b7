"""A small tournament on both app servers (CI): bench/event.py with 4 tables, bounded in time.

Two server instances (as ``make serve`` runs them) on one PostgreSQL (DATABASE_URL, dropped and
created afresh) and Redis (REDIS_URL), 127.0.0.1 only: 4 scorekeepers enter 5 hands each through
the hand form (double taps to both instances included) while 16 phones poll the public standings
and a venue display polls its own (every second and two: more often than the pages do). Fails (exit status 1) when a hand is lost or doubled, when
either instance shows standings other than the rules', when the display misses an entrant, or
on any 5xx. Environment: MULTI_EVENT_PORTS (two ports, default 8155,8156).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

from bench import event  # noqa: E402

if __name__ == "__main__":
    import os

    ports = os.environ.get("MULTI_EVENT_PORTS", "8155,8156")
    sys.argv[1:] = ["--tables", "4", "--hands", "5", "--viewers", "16", "--displays", "1"]
    sys.argv += ["--pause", "1", "--poll", "1", "--ports", ports, "--deadline", "180"]
    sys.exit(event.main())
