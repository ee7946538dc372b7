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

Then house rule sets (HOUSE_RULES.md), side by side with their bases in the same chunks: the same
hands (each given an indicator) scored under their base's id, under a house of that base with the
café's numbers (−100, 200, 100 and 100 an okey), and under the same house with a factor per
gösterge colour. Each hand's house is its own decoded object, as in requests. Goal: a house costs
at most 1.1 × its base.
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


def score_all(hands) -> None:
    for hand in hands:
        score_hand(hand).to_dict()


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
    house_comparison(hands, args)
    return 0


CAFE = {"finish": {"normal": -100}, "not_opened": 200, "okey_in_hand": 100, "foul": 100}
COLOURS = {"red": 2, "yellow": 1, "blue": 3, "black": 4}
INDICATORS = ("red-5", "yellow-9", "blue-2", "black-13")


def under(hand: dict, house: dict | None) -> dict:
    """The hand as a request would decode it: under its base's id, or under ``house`` of its base."""
    text = json.dumps(hand if house is None else {**hand, "ruleset": {"base": hand["ruleset"], **house}})
    return json.loads(text)


def house_comparison(hands: list[dict], args) -> None:
    """Base, house and colour house on the same hands, alternating chunk by chunk."""
    hands = [{**hand, "indicator": INDICATORS[i % 4]} for i, hand in enumerate(hands)]
    kinds = {
        "base rule set": [under(h, None) for h in hands],
        "house (values)": [under(h, {"name": "Köşe", "values": CAFE}) for h in hands],
        "house (values + colours)": [
            under(h, {"name": "Köşe", "values": CAFE, "colours": COLOURS}) for h in hands
        ],
    }
    best: dict[str, list[float]] = {name: [] for name in kinds}
    for start in range(0, len(hands), args.chunk):
        times: dict[str, list[float]] = {name: [] for name in kinds}
        for _ in range(args.repeat):
            for name, documents in kinds.items():
                times[name].append(timed(score_all, documents[start : start + args.chunk]))
        for name in kinds:
            best[name].append(min(times[name]))
    n = len(hands)
    print("house rule sets, the same hands with an indicator, side by side:")
    base = best["base rule set"]
    for name in kinds:
        line = f"{name:39} {sum(best[name]) * 1e6 / n:8.1f} µs/hand"
        if name != "base rule set":
            ratios = sorted(h / b for h, b in zip(best[name], base, strict=True))
            median = statistics.median(ratios)
            verdict = "OK" if median <= 1.1 else "OVER GOAL"
            line += f"  / base: median {median:.3f}x (range {ratios[0]:.3f}-{ratios[-1]:.3f}); goal <= 1.1x: {verdict}"
        print(line)


if __name__ == "__main__":
    raise SystemExit(main())
