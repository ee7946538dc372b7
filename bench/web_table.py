"""Create the web benchmark's table: 4 players (LOCA 101), N valid generated hands.

Run by ``bench/web.py`` with the bench settings; prints ``[public_id, edit_secret]`` as JSON.
"""

import json
import random
import sys
from pathlib import Path

import django

sys.path.insert(0, str(Path(__file__).resolve().parent))
django.setup()

from handgen import random_hand  # noqa: E402

from scorer.engine import InvalidInput  # noqa: E402
from scorer.tables.services.games import game_create  # noqa: E402
from scorer.tables.services.hands import hand_record  # noqa: E402

NAMES = ["Ayşe", "Bora", "Cem", "Deniz"]


def loca_hands(rng: random.Random) -> list[dict]:
    drawn = (random_hand(rng) for _ in range(3000))
    return [
        h
        for h in drawn
        if h["ruleset"] == "loca" and len(h["players"]) == 4 and not h["options"].get("partners")
    ]


def main(count: int) -> None:
    hands = loca_hands(random.Random(12))
    options = hands[0]["options"]
    game, secret = game_create(ruleset="loca", options=options, players=NAMES, hands_planned=count + 1)
    saved = 0
    for hand in (h for h in hands if h["options"] == options):
        players = [dict(p, name=n) for p, n in zip(hand["players"], NAMES, strict=True)]
        try:
            hand_record(game=game, data={"players": players})
        except InvalidInput:
            continue
        saved += 1
        if saved == count:
            break
    if saved != count:
        sys.exit(f"only {saved} of {count} generated hands fit the table")
    print(json.dumps([game.public_id, secret]))


if __name__ == "__main__":
    main(int(sys.argv[1]))
