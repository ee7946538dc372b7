"""The in-process pages counted in machine instructions, which do not depend on the machine's load.

Run: ``.venv/bin/python bench/web_instructions.py [--other <checkout>]``; needs ``valgrind``.
One process per checkout under ``valgrind --tool=callgrind`` makes ``bench/web_inprocess.py``'s
fixture (the same settings, database and requests as ``bench/web.py --in-process``), freezes what
it made (``gc.freeze()``, so that a full collection of the fixture does not land in one count and
not another), then for each request: ten to warm up, then ``--count`` (20) counted. Only the
counted requests are collected: each batch runs through ``sys.call_tracing`` (a plain call that
nothing else in the process makes), whose C function callgrind is told to collect in
(``--toggle-collect``) and to dump after (``--dump-after``), one dump a batch; an empty batch's
count (the call's own) is taken off.
``--other`` counts another checkout's code the same way (its own process, migrations and static
files; this checkout's scripts), as ``bench/web.py --in-process --other`` times it.
"""

import argparse
import gc
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
WARM = 10
REQUESTS = (
    "/healthz",
    "live preview POST",
    "hand entry page",
    "viewer board",
    "event standings",
    "venue display",
    "club leaderboard",
)


def batches(count: int) -> None:
    """In callgrind: the fixture, then each request warmed up and ``count`` of it run in ``sys.call_tracing``."""
    from web_inprocess import Bench

    bench = Bench()
    calls = {"/healthz": bench.healthz, **{name: f for name, (f, _n) in bench.requests().items()}}

    def counted(function, times: int) -> None:
        sys.call_tracing(lambda: [function() for _ in range(times)], ())

    gc.collect()
    gc.freeze()
    counted(lambda: None, 1)  # the call's own instructions
    for name in REQUESTS:
        for _ in range(WARM):
            calls[name]()
        counted(calls[name], count)


def count_checkout(root: Path, count: int) -> dict[str, float]:
    """Instructions a request of each of :data:`REQUESTS` in ``root``'s code."""
    sys.path.insert(0, str(ROOT / "bench"))
    from web import manage, server_env

    tmp = Path(tempfile.mkdtemp(prefix="okeycalc-bench-instructions-"))
    try:
        env = server_env(tmp, argparse.Namespace(database_url="", redis_url="")) | {"PYTHONPATH": str(root)}
        manage(env, "migrate", "--no-input", "-v", "0", root=root)
        manage(env, "collectstatic", "--no-input", "-v", "0", root=root)
        out = tmp / "callgrind.out"
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            "--collect-atstart=no",
            "--toggle-collect=sys_call_tracing",
            "--dump-after=sys_call_tracing",
            PYTHON,
            str(Path(__file__).resolve()),
            "--batches",
            str(count),
        ]
        subprocess.run(command, cwd=root, env=env, check=True, capture_output=True, text=True)
        dumps = sorted(tmp.glob("callgrind.out.*"), key=lambda p: int(p.suffix[1:]))
        totals = [int(re.search(r"^totals: (\d+)", p.read_text(), re.M)[1]) for p in dumps]
        if len(totals) != len(REQUESTS) + 1:
            sys.exit(f"{root}: {len(totals)} callgrind dumps, not {len(REQUESTS) + 1}")
        call = totals[0]
        return {name: (spent - call) / count for name, spent in zip(REQUESTS, totals[1:], strict=True)}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--other", default="", help="another checkout counted beside this one")
    parser.add_argument("--count", type=int, default=20, help="requests counted of each")
    parser.add_argument("--batches", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.batches:
        batches(args.batches)
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)")
        return 1
    roots = {"this": ROOT, **({"other": Path(args.other).resolve()} if args.other else {})}
    counts = {}
    for label, root in roots.items():
        print(f"counting {root} under callgrind (a few minutes)", file=sys.stderr)
        counts[label] = count_checkout(root, args.count)
    print(
        f"instructions a request, {args.count} counted after {WARM} to warm up, Python {sys.version.split()[0]}\n"
    )
    head = " | ".join(f"{label} | {label} / healthz" for label in counts)
    print(f"| request | {head} |")
    print("|---|" + "---|---|" * len(counts))
    for name in REQUESTS:
        cells = " | ".join(f"{c[name]:,.0f} | {c[name] / c['/healthz']:.2f}×" for c in counts.values())
        print(f"| {name} | {cells} |")
    print(json.dumps(counts), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
