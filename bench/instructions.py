"""The engine benchmark counted in machine instructions, which do not depend on the machine's load.

Run: ``make bench-instructions`` (or ``.venv/bin/python bench/instructions.py [--hands N]``); needs
``valgrind``. The same hands as ``bench/engine.py`` are run three times under
``valgrind --tool=callgrind``: set-up only, set-up + the JSON round trip, set-up + scoring. The
differences are the instructions of each kind of work, and their ratio is the scoring cost
relative to the round trip. Wall time (``bench/engine.py``) stays the measure the goal is judged
by: JSON work runs in C at more instructions per second than the interpreter.
"""

import argparse
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

MODES = ("setup", "round trip", "scoring")


def work(mode: str, count: int) -> None:
    """Generate the hands (and their results), then do one kind of work on all of them."""
    from handgen import generate

    from scorer.engine import score_hand

    hands = generate(count)
    texts = [json.dumps(hand, ensure_ascii=False) for hand in hands]
    results = [score_hand(hand).to_dict() for hand in hands]
    if mode == "round trip":
        for text, result in zip(texts, results, strict=True):
            json.loads(text)
            json.dumps(result)
    elif mode == "scoring":
        for hand in hands:
            score_hand(hand).to_dict()


def instructions(mode: str, count: int) -> int:
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--hands",
        str(count),
        "--work",
        mode,
    ]
    run = subprocess.run(command, capture_output=True, text=True, check=True)
    match = re.search(r"Collected : ([\d,]+)", run.stderr)
    if match is None:
        raise SystemExit(f"callgrind printed no instruction count:\n{run.stderr}")
    return int(match.group(1).replace(",", ""))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000)
    parser.add_argument("--work", choices=MODES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.work:
        work(args.work, args.hands)
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind); bench/engine.py needs nothing extra.")
        return 1
    counts = {mode: instructions(mode, args.hands) for mode in MODES}
    setup = counts["setup"]
    round_trip, scoring = counts["round trip"] - setup, counts["scoring"] - setup
    print(f"hands: {args.hands} generated valid hands (seed 101), Python {sys.version.split()[0]}")
    print(f"round trip (json.loads + json.dumps)    {round_trip / args.hands:10,.0f} instructions/hand")
    print(f"scoring (score_hand + to_dict)          {scoring / args.hands:10,.0f} instructions/hand")
    print(f"scoring / round trip: {scoring / round_trip:.2f}x in instructions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
