"""What one change costs one app-server process per open stream: the fan-out alone.

Run: ``.venv/bin/python bench/fanout.py`` (``--streams 300 --changes 40``). Not in CI.

In one process, on a temporary SQLite database without Redis: a table, then ``--streams`` board
streams opened through the ASGI application (``okeycalc.asgi``) on one event loop, as uvicorn
would call it, each reading its events; then ``--changes`` changes of the table (its version
bumped, the change announced as a save announces it), each waited for until every stream has
its event. The same with a single stream first. It reports the CPU seconds of the process (every
thread: the event loop, the render's thread, the hub's) per change, and the difference between
the two runs per stream and change: what an open stream adds to a change, the render being
once per change in both.
"""

import argparse
import asyncio
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def options() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=300)
    parser.add_argument("--changes", type=int, default=40)
    return parser.parse_args()


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def stream(application, path: str, received: list[int], gone: asyncio.Event) -> None:
    """One open stream as the ASGI server drives it: the request, then the events until ``gone``."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1")],
        "client": ("127.0.0.1", 40000),
        "server": ("127.0.0.1", 80),
    }
    asked = False

    async def receive() -> dict:
        nonlocal asked
        if not asked:
            asked = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await gone.wait()
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        if message["type"] == "http.response.body" and b"event: board" in message.get("body", b""):
            received[0] += 1

    await application(scope, receive, send)


async def changes_cost(application, game, count: int, changes: int) -> float:
    """CPU seconds a change with ``count`` open streams of the table's board."""
    from asgiref.sync import sync_to_async
    from django.db.models import F

    from scorer.models import Game
    from scorer.platform import push
    from scorer.tables import push as table_push

    path = f"/masa/{game.public_id}/akis/"
    received, gone = [0], asyncio.Event()
    tasks = [asyncio.create_task(stream(application, path, received, gone)) for _ in range(count)]
    while received[0] < count:  # every stream shows the table
        await asyncio.sleep(0.01)

    def change() -> None:
        Game.objects.filter(pk=game.pk).update(version=F("version") + 1)
        push.send([table_push.topic(game.pk)])

    began = cpu_seconds()
    for _ in range(changes):
        wanted = received[0] + count
        await sync_to_async(change)()
        while received[0] < wanted:
            await asyncio.sleep(0.002)
    spent = cpu_seconds() - began
    gone.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return spent / changes


def main() -> int:
    args = options()
    database = Path(tempfile.mkdtemp(prefix="okeycalc-fanout-")) / "db.sqlite3"
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "okeycalc.settings",
            "DATABASE_URL": f"sqlite:///{database}",
            "REDIS_URL": "",
            "OKEYCALC_DEBUG": "0",
            "OKEYCALC_SECRET_KEY": os.environ.get("OKEYCALC_SECRET_KEY") or "fanout-" + "x" * 50,
            "OKEYCALC_STATIC_MANIFEST": "0",
        }
    )
    from django.core.management import call_command

    from okeycalc.asgi import application

    call_command("migrate", verbosity=0)
    from tests.support.factories import new_table

    game, _secret = new_table(hands_planned=3)

    async def run() -> tuple[float, float]:
        one = await changes_cost(application, game, 1, args.changes)
        many = await changes_cost(application, game, args.streams, args.changes)
        return one, many

    began = time.perf_counter()
    one, many = asyncio.run(run())
    per_stream = (many - one) / max(1, args.streams - 1)
    print(
        f"a change: {one * 1000:.1f} ms of CPU with 1 stream, {many * 1000:.1f} ms with {args.streams}"
        f" streams; {per_stream * 1e6:.0f} µs a stream ({time.perf_counter() - began:.0f} s,"
        f" load average {os.getloadavg()[0]:.1f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
