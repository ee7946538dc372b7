"""Engine benchmark: hands per second, and the cost of scoring relative to a bare JSON round trip.

Run: ``make bench`` (or ``.venv/bin/python bench/engine.py [--hands N] [--repeat R]``).

All timings come from one run on the same machine, so the ratios are what to compare:
- *round trip*: ``json.loads`` of every hand + ``json.dumps`` of every result — the floor any
  JSON interface pays;
- *scoring*: ``score_hand(data).to_dict()`` for every already-decoded hand (validation,
  scoring, itemising);
- *whole request*: ``json.loads`` + scoring + ``json.dumps``.
The goal is scoring ≤ 3 × round trip.
"""

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from handgen import generate  # noqa: E402

from scorer.engine import score_hand  # noqa: E402


def best_times(repeat: int, *works) -> list[float]:
    """Best time of each piece of work; the pieces alternate in every round so that the machine's
    background load hits all of them alike."""
    best = [float("inf")] * len(works)
    for _ in range(repeat):
        for i, work in enumerate(works):
            start = time.perf_counter()
            work()
            best[i] = min(best[i], time.perf_counter() - start)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()

    hands = generate(args.hands)
    texts = [json.dumps(h, ensure_ascii=False) for h in hands]
    results = [score_hand(h).to_dict() for h in hands]

    def round_trip():
        for text in texts:
            json.loads(text)
        for result in results:
            json.dumps(result, ensure_ascii=False)

    def scoring():
        for hand in hands:
            score_hand(hand).to_dict()

    def whole():
        for text in texts:
            json.dumps(score_hand(json.loads(text)).to_dict(), ensure_ascii=False)

    floor, engine, request = best_times(args.repeat, round_trip, scoring, whole)
    n = len(hands)
    print(
        f"hands: {n} generated valid hands (seed 101), best of {args.repeat} runs, Python {sys.version.split()[0]}"
    )
    print(f"round trip (json.loads + json.dumps): {floor * 1e6 / n:8.1f} µs/hand  {n / floor:10,.0f} hands/s")
    print(
        f"scoring (score_hand + to_dict):        {engine * 1e6 / n:8.1f} µs/hand  {n / engine:10,.0f} hands/s"
    )
    print(
        f"whole request (loads + score + dumps): {request * 1e6 / n:8.1f} µs/hand  {n / request:10,.0f} hands/s"
    )
    ratio = engine / floor
    print(f"scoring / round trip = {ratio:.2f}x (goal <= 3x): {'OK' if ratio <= 3 else 'OVER GOAL'}")
    print(f"whole request / round trip = {request / floor:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
