"""Steps 1–5 of the newcomer path, the classic LOCA 101 rules: tile values, the okey of an
indicator, opening, the finish table, a whole first hand."""

from collections.abc import Mapping
from dataclasses import dataclass

from scorer.engine import HandResult, all_rulesets, get_ruleset, score_hand
from scorer.engine.codes import RuleId
from scorer.engine.i18n import _, gettext_noop
from scorer.engine.thresholds import BASE_PAIRS, BASE_POINTS
from scorer.engine.tiles import COLOURS, Tile, okey_of
from scorer.platform.numbers import parse_count

from .common import DEFAULTS, Step, choice, read, whole

RULESET = "loca"
MAX_TILES = 21
FINISHES = {
    "normal": ("sets", {}),
    "pairs": ("pairs", {}),
    "okey": ("sets", {"okey_discard": True}),
    "pairs_okey": ("pairs", {"okey_discard": True}),
}
FINISH_LABELS = {
    "normal": gettext_noop("Normal finish: opened with sets, discarded the last tile"),
    "pairs": gettext_noop("Finished with pairs"),
    "okey": gettext_noop("Finished by discarding the okey"),
    "pairs_okey": gettext_noop("Finished with pairs and by discarding the okey"),
}


def tiles_step(data: Mapping) -> Step:
    """Step 1: the value of the tiles typed ("7 12 3 1"): each counts its number."""
    errors: dict = {}
    raw = read(data, "taslar")
    words = raw.replace(",", " ").split()
    bad = [w for w in words if parse_count(w, low=1, high=13) is None]  # "²", "٣", 4,301 digits too
    if not words or bad or len(words) > MAX_TILES:
        message = _("Tiles: type up to {n} numbers from 1 to 13, separated by spaces.").format(n=MAX_TILES)
        if bad:
            message += " " + _("Not a tile: {bad}.").format(bad=", ".join(map(_shortened, bad[:3])))
        errors["taslar"] = message
        words = DEFAULTS["taslar"].split()
    values = [int(w) for w in words]
    return Step(
        1, (RuleId.LOCA_TILE_VALUES, RuleId.LOCA_TILES), {"tiles": values, "total": sum(values)}, errors
    )


def _shortened(word: str) -> str:
    return word if len(word) <= 8 else f"{word[:7]}…"


def indicator_step(data: Mapping) -> Step:
    """Step 2: the okey is the indicator's colour, one number higher (13 → 1); the fake okey plays as it."""
    errors: dict = {}
    colour = read(data, "gosterge_renk")
    if colour not in COLOURS:
        errors["gosterge_renk"] = _("Indicator colour: choose one of the four colours.")
        colour = DEFAULTS["gosterge_renk"]
    number = whole(data, "gosterge_sayi", 1, 13, errors, _("Indicator number"))
    indicator = Tile(colour, number)
    okey = okey_of(indicator)
    values = {"indicator": str(indicator), "okey": str(okey), "number": okey.number}
    values["fake"] = fake_okey_costs(indicator)
    return Step(2, (RuleId.LOCA_INDICATOR, RuleId.LOCA_OKEY_IN_HAND), values, errors)


@dataclass(frozen=True, slots=True)
class FakeOkeyCost:
    """What an opener left holding only a fake okey writes under one rule set, as the engine scores it."""

    ruleset: str
    points: tuple[int, ...]
    """The points of each of the engine's lines (the okey's number, and in LOCA 101 more)."""
    total: int


def fake_okey_costs(indicator: Tile) -> list[FakeOkeyCost]:
    """SCORING_SPEC §3 and D1, per rule set: the fake okey counts the okey's number; LOCA adds 101."""
    players = [
        {"name": "A", "opened": "sets", "finished": True},
        {"name": "B", "opened": "sets", "remaining": {"tiles": ["fake"]}},
    ]
    costs = []
    for rs in all_rulesets():
        held = score_hand({"ruleset": rs.id, "indicator": str(indicator), "players": players}).players[1]
        costs.append(
            FakeOkeyCost(rs.id, tuple(line.points for line in held.lines if line.points), held.total)
        )
    return costs


def opening_step(data: Mapping) -> Step:
    """Step 3: an opening needs sets and runs worth 101, or 5 pairs."""
    errors: dict = {}
    kind = read(data, "acilis")
    if kind not in ("sets", "pairs"):
        errors["acilis"] = _("Opening: choose sets and runs or pairs.")
        kind = DEFAULTS["acilis"]
    high = 300 if kind == "sets" else 11
    size = whole(data, "acilis_boyut", 0, high, errors, _("What you lay down"))
    need = BASE_POINTS if kind == "sets" else BASE_PAIRS
    values = {"kind": kind, "size": size, "need": need, "opens": size >= need, "missing": max(0, need - size)}
    return Step(3, (RuleId.LOCA_OPENING, RuleId.LOCA_PAIRS_OPENER), values, errors)


def finishing_step(data: Mapping) -> Step:
    """Step 4: what the finisher writes, from the LOCA table (the engine's finish row)."""
    errors: dict = {}
    key = choice(data, "bitis", FINISHES, errors)
    opened, flags = FINISHES[key]
    rs = get_ruleset(RULESET)
    row = rs.first_row(frozenset(flags) | ({"pairs"} if opened == "pairs" else set()))
    rule = row.rule or rs.rules.finish
    return Step(
        4,
        (RuleId.LOCA_FINISHING, rule),
        {"finish": key, "points": row.finisher, "label": _(row.label)},
        errors,
    )


def first_hand(data: Mapping, errors: dict) -> dict:
    """The hand of step 5 in the public format: you finish, Bora opened with sets, Cem with pairs, Deniz never."""
    key = choice(data, "el_bitis", FINISHES, errors)
    opened, flags = FINISHES[key]
    sets = whole(data, "el_per", 0, 286, errors, _("Bora's tiles"))
    okeys = whole(data, "el_per_okey", 0, 2, errors, _("Bora's okeys"))
    pairs = whole(data, "el_cift", 0, 286, errors, _("Cem's tiles"))
    you = {"name": _("You"), "opened": opened, "finished": True, "finish": flags}
    return {
        "ruleset": RULESET,
        "players": [
            you,
            {"name": "Bora", "opened": "sets", "remaining": {"points": sets, "okeys": okeys}},
            {"name": "Cem", "opened": "pairs", "remaining": {"points": pairs}},
            {"name": "Deniz", "opened": "none"},
        ],
    }


def first_hand_step(data: Mapping) -> Step:
    """Step 5: a whole first hand, scored by the engine, every line with its rule."""
    errors: dict = {}
    hand = first_hand(data, errors)
    result: HandResult = score_hand(hand)
    rules = (RuleId.LOCA_NOT_OPENED, RuleId.LOCA_TILES, RuleId.LOCA_OKEY_IN_HAND, RuleId.LOCA_PAIRS_DOUBLE)
    return Step(5, rules, {"hand": hand, "result": result}, errors)
