"""The engine benchmark counted in machine instructions, which do not depend on the machine's load.

Run: ``make bench-instructions`` (or ``.venv/bin/python bench/instructions.py [--hands N]``); needs
``valgrind``. The same hands as ``bench/engine.py`` are run three times under
``valgrind --tool=callgrind``: set-up only, set-up + the JSON round trip, set-up + scoring. The
differences are the instructions of each kind of work, and their ratio is the scoring cost
relative to the round trip. Wall time (``bench/engine.py``) stays the measure the goal is judged
by: JSON work runs in C at more instructions per second than the interpreter. The house rule
sets are counted the same way beside their bases (``HOUSE_MODES``): a load-independent check of
bench/engine.py's house comparison.
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
HOUSE_MODES = ("houses setup", "base", "house (values)", "house (values + colours)")
"""The house rule sets beside their bases, as bench/engine.py compares them: the same hands (each
given an indicator) under their base's id, under the café's house of that base, and under that
house with a factor per gösterge colour."""


def house_work(mode: str, count: int) -> None:
    """The hands under each kind of rule set made (and each scored a little, warm), then one kind scored."""
    from engine import CAFE, COLOURS, INDICATORS, under
    from handgen import generate

    from scorer.engine import score_hand

    hands = [{**hand, "indicator": INDICATORS[i % 4]} for i, hand in enumerate(generate(count))]
    kinds = {
        "base": [under(h, None) for h in hands],
        "house (values)": [under(h, {"name": "Köşe", "values": CAFE}) for h in hands],
        "house (values + colours)": [
            under(h, {"name": "Köşe", "values": CAFE, "colours": COLOURS}) for h in hands
        ],
    }
    for documents in kinds.values():
        for document in documents[:50]:
            score_hand(document).to_dict()
    for document in kinds.get(mode, ()):
        score_hand(document).to_dict()


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
    parser.add_argument("--work", choices=MODES + HOUSE_MODES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.work:
        (house_work if args.work in HOUSE_MODES else work)(args.work, args.hands)
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
    houses = {mode: instructions(mode, args.hands) for mode in HOUSE_MODES}
    base = houses["base"] - houses["houses setup"]
    print("house rule sets, the same hands with an indicator:")
    for mode in HOUSE_MODES[1:]:
        spent = houses[mode] - houses["houses setup"]
        ratio = "" if mode == "base" else f"  / base: {spent / base:.3f}x"
        print(f"{mode:39} {spent / args.hands:10,.0f} instructions/hand{ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
