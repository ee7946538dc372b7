"""Deterministic generator of valid hands of every rule set, for the benchmark (seeded, no Hypothesis)."""

import random

from scorer.engine import all_rulesets, get_ruleset

NAMES = ("Ayşe", "Bora", "Cem", "Deniz")


def random_options(rng: random.Random, ruleset) -> dict:
    options = {}
    for spec in ruleset.options:
        options[spec.name] = rng.choice((False, True)) if spec.kind == "bool" else rng.choice(spec.choices)
    return options


def random_hand(rng: random.Random) -> dict:
    ruleset = rng.choice(all_rulesets())
    options = random_options(rng, ruleset)
    count = 4 if options.get("partners") else rng.choice((2, 3, 4, 4, 4))
    finisher = rng.randrange(count) if rng.random() < 0.85 else None
    okeys_left, fakes_left = 2, 2
    players = []
    for i in range(count):
        player = {"name": NAMES[i], "opened": rng.choice(("none", "sets", "sets", "pairs"))}
        if i == finisher:
            player["opened"] = rng.choice(("sets", "pairs"))
            player["finished"] = True
            flags = {f: True for f in ruleset.finish_flags if f != "nine_pairs_run" and rng.random() < 0.3}
            if (
                "nine_pairs_run" in ruleset.finish_flags
                and player["opened"] == "pairs"
                and rng.random() < 0.1
            ):
                flags["nine_pairs_run"] = True
            if flags:
                player["finish"] = flags
        else:
            okeys = rng.randint(0, min(1, okeys_left))
            fakes = rng.randint(0, min(1, fakes_left))
            okeys_left, fakes_left = okeys_left - okeys, fakes_left - fakes
            player["remaining"] = {"points": rng.randint(0, 120), "okeys": okeys, "fake_okeys": fakes}
        add_extras(rng, ruleset, options, player)
        players.append(player)
    drop_impossible_fouls(players)
    return {"ruleset": ruleset.id, "options": options, "players": players}


def drop_impossible_fouls(players: list[dict]) -> None:
    """SCORING_SPEC §2b: no işlek discard when nobody opened, no okey swap on a player who never opened."""
    someone_opened = any(p["opened"] != "none" for p in players)
    for player in players:
        fouls = player.get("fouls")
        if fouls is None:
            continue
        if not someone_opened:
            fouls.pop("islek_discard", None)
        if player["opened"] == "none":
            fouls.pop("okey_swapped", None)
        if not fouls:
            del player["fouls"]


def add_extras(rng: random.Random, ruleset, options: dict, player: dict) -> None:
    kinds = ruleset.foul_kinds(options)
    if kinds and rng.random() < 0.4:
        player["fouls"] = {rng.choice(kinds): rng.randint(1, 2)}
    if player["opened"] == "none":
        return
    if ruleset.has_side_tile(options) and rng.random() < 0.2:
        player["side_tile"] = {"value": rng.randint(1, 13)}
    if rng.random() < 0.3:
        size = (
            {"points": rng.randint(95, 170)} if player["opened"] == "sets" else {"pairs": rng.randint(4, 10)}
        )
        player["first_opening"] = size


def generate(count: int, seed: int = 101) -> list[dict]:
    rng = random.Random(seed)
    return [random_hand(rng) for _ in range(count)]


assert get_ruleset("loca")  # the registry imports cleanly
