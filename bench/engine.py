"""Engine benchmark: hands per second, and the cost of scoring relative to a bare JSON round trip.

Run: ``make bench`` (or ``.venv/bin/python bench/engine.py [--hands N] [--repeat R]``).

All timings come from one run on the same machine, so the ratios are what to compare:
- *round trip*: ``json.loads`` of every hand + ``json.dumps`` of every result — the floor any
  JSON interface pays;
- *scoring*: ``score_hand(data).to_dict()`` for every already-decoded hand (validation,
  scoring, itemising);
- *whole request*: ``json.loads`` + scoring + ``json.dumps``.
The goal is scoring ≤ 3 × round trip, by wall time (``--clock cpu`` times this process's CPU
time instead: steadier on a loaded machine, where waiting for a core would enter the figures).
``bench/instructions.py`` counts the same work in instructions under valgrind, load-independent.
"""

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from handgen import generate  # noqa: E402

from scorer.engine import score_hand  # noqa: E402

CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
clock = time.perf_counter


def timed(work, items) -> float:
    start = clock()
    work(items)
    return clock() - start


def round_trip(pairs) -> None:
    for text, result in pairs:
        json.loads(text)
        json.dumps(result)


def scoring(pairs) -> None:
    for text, _result in pairs:
        score_hand(json_cache[text]).to_dict()


def whole(pairs) -> None:
    for text, _result in pairs:
        json.dumps(score_hand(json.loads(text)).to_dict())


json_cache: dict[str, dict] = {}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--chunk", type=int, default=500)
    parser.add_argument(
        "--clock",
        choices=CLOCKS,
        default="wall",
        help="wall: elapsed time (the goal's measure); cpu: this process's CPU time, which leaves "
        "out the time it waited for a core on a loaded machine",
    )
    args = parser.parse_args()
    global clock
    clock = CLOCKS[args.clock]

    hands = generate(args.hands)
    texts = [json.dumps(h, ensure_ascii=False) for h in hands]
    json_cache.update(zip(texts, hands, strict=True))
    pairs = [(text, score_hand(hand).to_dict()) for text, hand in zip(texts, hands, strict=True)]
    chunks = [pairs[i : i + args.chunk] for i in range(0, len(pairs), args.chunk)]

    # The three kinds of work alternate chunk by chunk, so that a change in the machine's load
    # hits them alike; each chunk's ratio compares work done within the same moment.
    best = {"round trip": [], "scoring": [], "whole": []}
    for chunk in chunks:
        times = {name: [] for name in best}
        for _ in range(args.repeat):
            times["round trip"].append(timed(round_trip, chunk))
            times["scoring"].append(timed(scoring, chunk))
            times["whole"].append(timed(whole, chunk))
        for name in best:
            best[name].append(min(times[name]))
    totals = {name: sum(values) for name, values in best.items()}
    ratios = sorted(s / r for s, r in zip(best["scoring"], best["round trip"], strict=True))
    whole_ratios = sorted(w / r for w, r in zip(best["whole"], best["round trip"], strict=True))
    n = len(pairs)
    print(
        f"hands: {n} generated valid hands (seed 101) in chunks of {args.chunk}, best of {args.repeat} "
        f"per chunk, {args.clock} clock, Python {sys.version.split()[0]}"
    )
    for name, label in (
        ("round trip", "round trip (json.loads + json.dumps)"),
        ("scoring", "scoring (score_hand + to_dict)"),
        ("whole", "whole request (loads + score + dumps)"),
    ):
        seconds = totals[name]
        print(f"{label:39} {seconds * 1e6 / n:8.1f} µs/hand  {n / seconds:10,.0f} hands/s")
    median = statistics.median(ratios)
    print(
        f"scoring / round trip: median {median:.2f}x over {len(ratios)} chunks "
        f"(range {ratios[0]:.2f}-{ratios[-1]:.2f}); goal <= 3x: {'OK' if median <= 3 else 'OVER GOAL'}"
    )
    print(f"whole request / round trip: median {statistics.median(whole_ratios):.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
