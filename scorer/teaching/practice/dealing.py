"""Dealing a practice hand: one generator per level, seeded, so that ``(level, seed)`` is a permalink.

Each generator builds a hand in the public format that trains its level (a pairs opener at the
pairs level, a Cezalı multiplier, a team line…); :func:`deal` checks it with the engine. Each
level trains one or two rule sets, named once below; their foul kinds and what they score are
asked of the registry.
"""

import random
from collections.abc import Callable
from dataclasses import dataclass

from scorer.engine import InvalidInput, get_ruleset, score_hand
from scorer.engine.i18n import gettext_noop

NAMES = ("Ayşe", "Bora", "Cem", "Deniz")
MAX_SEED = 2**31 - 1
KLASIK = get_ruleset("loca")
CEZALI = get_ruleset("loca-cezali")
GKOKAY = get_ruleset("gkokay")
KERIZIM = get_ruleset("kerizim")


@dataclass(frozen=True, slots=True)
class Level:
    slug: str
    title: str
    """A msgid."""
    summary: str
    """A msgid: what the level trains."""
    deal: Callable[[random.Random], dict]


# --- dealing -------------------------------------------------------------------------------------


class Dealer:
    """Keeps the hand's okeys and fake okeys within the two of each the set has."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.okeys = self.fakes = 2

    def left(self, low: int = 2, high: int = 45, okey: float = 0.25, fake: float = 0.15) -> dict:
        remaining = {"points": self.rng.randint(low, high)}
        if self.okeys and self.rng.random() < okey:
            remaining["okeys"], self.okeys = 1, self.okeys - 1
        if self.fakes and self.rng.random() < fake:
            remaining["fake_okeys"], self.fakes = 1, self.fakes - 1
        return remaining

    def opponent(self, kind: str) -> dict:
        player = {"opened": kind}
        if kind == "none":
            if self.rng.random() < 0.3:  # what a non-opener holds is shown, never counted
                player["remaining"] = {"points": self.rng.randint(10, 70)}
        else:
            player["remaining"] = self.left()
        return player


def seat(players: list[dict]) -> list[dict]:
    return [{"name": NAMES[i], **player} for i, player in enumerate(players)]


def with_finisher(rng: random.Random, finisher: dict, others: list[dict]) -> list[dict]:
    at = rng.randrange(len(others) + 1)
    return seat(others[:at] + [finisher] + others[at:])


def add_foul(rng: random.Random, players: list[dict], kinds: tuple[str, ...], chance: float) -> None:
    if rng.random() >= chance:
        return
    player = rng.choice(players)
    kind = rng.choice([k for k in kinds if k != "okey_swapped" or player["opened"] != "none"])
    fouls = player.setdefault("fouls", {})
    fouls[kind] = 1
    if kind == "okey_taken_from_discard":  # the okey was discarded first: that is a foul of its own
        fouls["okey_discard"] = 1


def klasik(rng: random.Random) -> dict:
    """LOCA klasik, a normal finish: the finisher −101, openers their tiles (okeys 101), others 202."""
    dealer = Dealer(rng)
    kinds = [rng.choice(("sets", "sets", "none")) for _ in range(3)]
    kinds[rng.randrange(3)] = "sets"
    players = with_finisher(rng, {"opened": "sets", "finished": True}, [dealer.opponent(k) for k in kinds])
    add_foul(rng, players, KLASIK.fouls, 0.35)
    return {"ruleset": KLASIK.id, "players": players}


def pairs(rng: random.Random) -> dict:
    """LOCA klasik with pairs: −202 / −404 / −808 finishes, a pairs opener's hand doubled."""
    dealer = Dealer(rng)
    opened = "pairs" if rng.random() < 0.6 else "sets"
    finisher = {"opened": opened, "finished": True}
    if rng.random() < 0.35:
        finisher["finish"] = {"okey_discard": True}
    kinds = [rng.choice(("sets", "pairs", "none")) for _ in range(3)]
    kinds[rng.randrange(3)] = "pairs"
    players = with_finisher(rng, finisher, [dealer.opponent(k) for k in kinds])
    add_foul(rng, players, KLASIK.fouls, 0.25)
    return {"ruleset": KLASIK.id, "players": players}


CEZALI_FINISHES = (
    ("sets", {}),
    ("sets", {"okey_discard": True}),
    ("sets", {"elden": True}),
    ("pairs", {}),
    ("pairs", {"okey_discard": True}),
    ("sets", {"okey_discard": True, "elden": True}),
    ("pairs", {"nine_pairs_run": True}),
)


def cezali_finisher(rng: random.Random, finishes=CEZALI_FINISHES) -> dict:
    opened, flags = rng.choice(finishes)
    finisher = {"opened": opened, "finished": True}
    if flags:
        finisher["finish"] = dict(flags)
    if opened == "sets" and rng.random() < 0.2:
        finisher["first_opening"] = {"points": rng.randint(151, 175)}
    return finisher


def add_extras(rng: random.Random, players: list[dict]) -> None:
    """A Cezalı opening reward or side-tile penalty, now and then."""
    openers = [p for p in players if p["opened"] != "none" and not p.get("finished")]
    if openers and rng.random() < 0.25:
        player = rng.choice(openers)
        size = (
            {"points": rng.randint(151, 170)} if player["opened"] == "sets" else {"pairs": rng.choice((7, 9))}
        )
        player["first_opening"] = size
    if openers and rng.random() < 0.2:
        rng.choice(openers)["side_tile"] = {"value": rng.randint(1, 13)}


def cezali(rng: random.Random) -> dict:
    """LOCA Cezalı: finish multipliers ×2 / ×4, pairs ×2 or the multiplier (the larger), fouls unmultiplied."""
    dealer = Dealer(rng)
    kinds = [rng.choice(("sets", "pairs", "none")) for _ in range(3)]
    players = with_finisher(rng, cezali_finisher(rng), [dealer.opponent(k) for k in kinds])
    add_extras(rng, players)
    add_foul(rng, players, CEZALI.fouls, 0.3)
    return {"ruleset": CEZALI.id, "players": players}


def partners(rng: random.Random) -> dict:
    """Eşli: the finisher's partner pays no base; Cezalı's fixed team line of 808 or 1600."""
    dealer = Dealer(rng)
    ruleset = CEZALI if rng.random() < 0.65 else KLASIK
    team_finishes = CEZALI_FINISHES[1:3] + CEZALI_FINISHES[4:]
    if ruleset.team_fixed_table:  # the level's point: a team line of 808 or 1600
        finisher = cezali_finisher(rng, team_finishes if rng.random() < 0.6 else CEZALI_FINISHES)
    else:
        finisher = {"opened": rng.choice(("sets", "pairs")), "finished": True}
    others = [dealer.opponent(rng.choice(("sets", "pairs", "none"))) for _ in range(3)]
    players = with_finisher(rng, finisher, others)
    add_foul(rng, players, ruleset.fouls, 0.4)
    return {"ruleset": ruleset.id, "options": {"partners": True}, "players": players}


def specials(rng: random.Random) -> dict:
    """GkOkay (finisher 0, a special finish doubles the 202, okeys for non-openers) or Kerizim (×2, ×4)."""
    dealer = Dealer(rng)
    if rng.random() < 0.5:
        cezali_on = rng.random() < 0.6
        flags = rng.choice(({}, {"elden": True}, {"okey_discard": True}, {}))
        finisher = {"opened": rng.choice(("sets", "pairs")), "finished": True}
        if flags:
            finisher["finish"] = dict(flags)
        others = []
        for kind in (rng.choice(("none", "none", "sets", "pairs")) for _ in range(3)):
            player = dealer.opponent(kind)
            if kind == "none" and dealer.okeys and rng.random() < 0.4:
                player["remaining"] = {"okeys": 1}
                dealer.okeys -= 1
            others.append(player)
        players = with_finisher(rng, finisher, others)
        if cezali_on:
            add_foul(rng, players, GKOKAY.foul_kinds({"cezali": True}), 0.5)
        return {"ruleset": GKOKAY.id, "options": {"cezali": cezali_on}, "players": players}
    finisher = {"opened": "pairs" if rng.random() < 0.6 else "sets", "finished": True}
    alone = rng.random() < 0.4
    kinds = ["none"] * 3 if alone else [rng.choice(("sets", "pairs", "none")) for _ in range(3)]
    if not alone and all(k == "none" for k in kinds):
        kinds[0] = "sets"
    players = with_finisher(rng, finisher, [dealer.opponent(k) for k in kinds])
    if rng.random() < 0.4:  # the finisher's fouls are not written
        next(p for p in players if p.get("finished"))["fouls"] = {"islek_discard": 1}
    add_foul(rng, players, ("okey_discard", "side_tile_unused"), 0.4)
    return {"ruleset": KERIZIM.id, "players": players}


LEVELS: tuple[Level, ...] = (
    Level(
        "klasik",
        gettext_noop("Classic: a normal finish"),
        gettext_noop("LOCA 101: the finisher, the tiles left, an okey left in hand, the fixed 202, a foul."),
        klasik,
    ),
    Level(
        "cift",
        gettext_noop("Pairs"),
        gettext_noop("LOCA 101 with pairs: −202, −404 and −808 finishes, a pairs opener's hand doubled."),
        pairs,
    ),
    Level(
        "cezali",
        gettext_noop("Cezalı multipliers"),
        gettext_noop(
            "LOCA Cezalı 101: ×2 and ×4 on the hand bases, the larger of the pairs ×2 and the finish "
            "multiplier, rewards and penalties that are never multiplied."
        ),
        cezali,
    ),
    Level(
        "esli",
        gettext_noop("Partners: team lines"),
        gettext_noop(
            "Eşli tables: the finisher's partner pays no hand base, the Cezalı team line of 808 or 1600, "
            "and each team's total."
        ),
        partners,
    ),
    Level(
        "ozel",
        gettext_noop("GkOkay and Kerizim specials"),
        gettext_noop(
            "GkOkay's finisher writes 0 and a special finish doubles the 202; Kerizim's ×2 and ×4 and the "
            "finisher's fouls that are not written."
        ),
        specials,
    ),
)
BY_SLUG = {level.slug: level for level in LEVELS}


def level_get(slug: str) -> Level:
    try:
        return BY_SLUG[slug]
    except KeyError:
        raise LookupError(f"No practice level {slug!r}") from None


def deal(slug: str, seed: int) -> dict:
    """The hand of this level and seed: always the same hand for the same pair, always valid."""
    rng = random.Random(f"{slug}:{seed}")
    level = level_get(slug)
    for _attempt in range(50):
        hand = level.deal(rng)
        try:
            score_hand(hand)
        except InvalidInput:
            continue
        return hand
    raise RuntimeError(f"Level {slug} dealt no valid hand for seed {seed}")


def next_seed(seed: int) -> int:
    """The seed of the hand after this one (a fixed step, so the next link of a permalink is fixed too)."""
    return (seed * 1103515245 + 12345) % MAX_SEED
