"""Where the test suite's CPU goes: each test's CPU, its own process's and its browser's, summed by
folder and file.

Run: ``.venv/bin/python bench/suitecpu.py [pytest arguments]`` (the whole suite as ``make test``
runs it when none are given: three pytest-xdist processes, worksteal). Run ``make test`` once
before, so that Chromium, the static files and the bytecode are there.

Each pytest process loads ``bench/suitecpu_plugin.py``, which reads, around each test (its set-up,
call and tear-down), the CPU of its own process (every thread: the test, the live server's
threads) and of the processes under it (Playwright's driver and the Chromium it started, the app
servers and commands a test starts), and writes one JSON file per process. A process that ended
during the test counts through its parent's count of its children. Then the machine's busy CPU
over the run (``/proc/stat``) beside the tests' sum: what the tests do not account for is
collection, set-up of each process, the plugin's own reading of ``/proc`` (two scans a test, kept
out of the tests' counts: the run takes about a fifteenth longer than ``make test``) and other work
on the machine.
"""

import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def busy_seconds() -> float:
    """The machine's busy CPU time so far, all cores, in seconds."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    user, nice, system, _idle, _iowait, irq, softirq, steal = fields[:8]
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def print_tail(out: Path, tests: dict[str, dict]) -> None:
    """How long before the run's end each process ran out of tests, and the long tests of the run's
    last 20 s: a test that starts late keeps the other processes' cores idle."""
    ends = {}
    for path in out.glob("*.json"):
        ran = json.loads(path.read_text()).values()
        if ran:
            ends[path.stem] = max(t["end"] for t in ran)
    if ends:
        last = max(ends.values())
        print("\nthe tail: each process's last test ended this long before the run's last one")
        for worker, end in sorted(ends.items()):
            print(f"  {worker}: {last - end:5.1f} s")
        print("the tests that ended in the run's last 20 s, wall s:")
        for nodeid, t in sorted(tests.items(), key=lambda kv: kv[1]["end"]):
            if t["end"] > last - 20 and t["end"] - t["start"] > 0.5:
                print(
                    f"  {t['end'] - t['start']:6.1f}  ends {last - t['end']:5.1f} s before the last  {nodeid[:100]}"
                )


def main(args: list[str]) -> int:
    out = Path(tempfile.mkdtemp(prefix="suitecpu-"))
    env = dict(os.environ, OKEYCALC_SUITECPU_DIR=str(out), DJANGO_ALLOW_ASYNC_UNSAFE="true")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "bench"), env.get("PYTHONPATH")]))
    command = [str(ROOT / ".venv/bin/pytest"), "-q", "-p", "suitecpu_plugin"]
    command += args or ["-n", "3", "--dist", "worksteal"]
    busy, started = busy_seconds(), time.monotonic()
    code = subprocess.run(command, cwd=ROOT, env=env, check=False).returncode
    busy, wall = busy_seconds() - busy, time.monotonic() - started

    tests: dict[str, dict] = {}
    for path in out.glob("*.json"):
        tests.update(json.loads(path.read_text()))
    own = sum(t["own"] for t in tests.values())
    under = sum(t["under"] for t in tests.values())
    browser = {k: t for k, t in tests.items() if k.startswith("tests/browser/")}
    print(f"\n{len(tests)} tests, exit code {code}; wall {wall:.0f} s, the machine busy {busy:.0f} s of CPU")
    print(
        f"the tests' CPU: {own + under:.0f} s = {own:.0f} s in the pytest processes + {under:.0f} s under them"
    )
    b_own, b_under = sum(t["own"] for t in browser.values()), sum(t["under"] for t in browser.values())
    print(
        f"  browser tests ({len(browser)}): {b_own + b_under:.0f} s = {b_own:.0f} s pytest (test, live server)"
        f" + {b_under:.0f} s Playwright's driver and Chromium"
    )
    print(f"  other tests ({len(tests) - len(browser)}): {own + under - b_own - b_under:.0f} s")
    print(f"  not in any test (collection, each process's set-up, other work): {busy - own - under:.0f} s")

    by_folder, by_file = Counter(), Counter()
    for nodeid, t in tests.items():
        path = nodeid.split("::")[0]
        parts = path.split("/")
        folder = "/".join(parts[:3]) if parts[:2] == ["tests", "browser"] else "/".join(parts[:2])
        by_folder[folder] += t["own"] + t["under"]
        by_file[path] += t["own"] + t["under"]
    print("\nby folder (a browser test file each), CPU s:")
    for name, cpu in by_folder.most_common(25):
        print(f"  {cpu:7.1f}  {name}")
    print_tail(out, tests)
    print("\nthe costliest tests, CPU s:")
    for nodeid, t in sorted(tests.items(), key=lambda kv: -(kv[1]["own"] + kv[1]["under"]))[:15]:
        print(f"  {t['own'] + t['under']:7.1f}  {nodeid[:120]}")
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
