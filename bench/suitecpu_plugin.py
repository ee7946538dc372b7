"""pytest plugin of ``bench/suitecpu.py``: each test's CPU, in its own process and under it."""

import json
import os
import time
from pathlib import Path

import pytest

TICK = os.sysconf("SC_CLK_TCK")
_tests: dict[str, dict] = {}


def _under() -> float:
    """CPU seconds of the processes under this one, alive now, each with its ended children, plus
    this process's ended children."""
    me = str(os.getpid())
    parents, cpu = {}, {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            stat = Path(entry.path, "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2 :].split()
        parents[entry.name] = fields[1]
        cpu[entry.name] = sum(int(x) for x in fields[11:15])  # utime, stime, cutime, cstime
    total = 0
    for pid, ticks in cpu.items():
        parent, depth = parents[pid], 0
        while parent != me and parent in parents and depth < 50:
            parent, depth = parents[parent], depth + 1
        if parent == me:
            total += ticks
    times = os.times()
    return total / TICK + times.children_user + times.children_system


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    # The scans of /proc stay out of the test's own count (about 2 ms each).
    under = _under()
    own, start = os.times(), time.time()
    yield
    after, end = os.times(), time.time()
    _tests[item.nodeid] = {
        "start": start,
        "end": end,
        "own": (after.user + after.system) - (own.user + own.system),
        # A browser that a test closes ends with its processes' count: never below nothing.
        "under": max(0.0, _under() - under),
    }


def pytest_sessionfinish(session):
    folder = os.environ.get("OKEYCALC_SUITECPU_DIR")
    if folder:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        Path(folder, f"{worker}.json").write_text(json.dumps(_tests))
