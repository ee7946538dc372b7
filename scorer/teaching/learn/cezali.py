"""Steps 6 and 7 of the newcomer path, LOCA Cezalı 101: the finish multipliers, the opening rewards and
the side tile; then partners (eşli): the finisher's partner and the opposing team's fixed line.

Every number shown is the engine's: each step scores a whole hand built from what was typed.
"""

from collections.abc import Mapping

from scorer.engine import score_hand
from scorer.engine.codes import LineCode as C
from scorer.engine.codes import RuleId
from scorer.engine.i18n import _, gettext_noop

from . import klasik
from .common import Step, choice, whole

RULESET = "loca-cezali"
FINISHES = {
    "normal": ("sets", {}),
    "elden": ("sets", {"elden": True}),
    "pairs": ("pairs", {}),
    "okey": ("sets", {"okey_discard": True}),
    "okey_elden": ("sets", {"okey_discard": True, "elden": True}),
    "pairs_okey": ("pairs", {"okey_discard": True}),
    "nine_pairs_run": ("pairs", {"nine_pairs_run": True}),
}
FINISH_LABELS = klasik.FINISH_LABELS | {
    "elden": gettext_noop("Finished elden: opened and finished in one move"),
    "okey_elden": gettext_noop("Finished elden by discarding the okey"),
    "nine_pairs_run": gettext_noop("Finished elden with 9 pairs + 1 run"),
}
NUMBERS = {
    "cz_per": (0, 286, gettext_noop("Bora's tiles (points)")),
    "cz_acilis": (101, 286, gettext_noop("Bora's first opening (points)")),
    "cz_cift": (0, 286, gettext_noop("Cem's tiles (points)")),
    "cz_cift_sayi": (5, 11, gettext_noop("Cem's first opening (pairs)")),
    "cz_yandan": (0, 13, gettext_noop("Bora's discard that Cem opened with (0: none)")),
    "es_bora": (0, 286, gettext_noop("Bora's tiles (points)")),
    "es_cem": (0, 286, gettext_noop("Cem's tiles (points)")),
    "es_deniz": (0, 286, gettext_noop("Deniz's tiles (points)")),
}
"""The number fields of steps 6 and 7: name → (lowest, highest, label msgid)."""


def number(data: Mapping, name: str, errors: dict) -> int:
    low, high, label = NUMBERS[name]
    return whole(data, name, low, high, errors, _(label))


def finisher(data: Mapping, name: str, errors: dict) -> dict:
    opened, flags = FINISHES[choice(data, name, FINISHES, errors)]
    return {"name": _("You"), "opened": opened, "finished": True, "finish": flags}


def finish_of(result) -> tuple[str, int]:
    """The finisher's finish line, as the engine wrote it: (label, points)."""
    line = next(line for line in result.players[0].lines if line.code == C.FINISH)
    return line.label, line.points


def cezali_hand(data: Mapping, errors: dict) -> dict:
    """You finish; Bora opened with sets, Cem with pairs (maybe with Bora's discard), Deniz never."""
    cem = {
        "name": "Cem",
        "opened": "pairs",
        "remaining": {"points": number(data, "cz_cift", errors)},
        "first_opening": {"pairs": number(data, "cz_cift_sayi", errors)},
    }
    side = number(data, "cz_yandan", errors)
    if side:
        cem["side_tile"] = {"value": side}
    bora = {
        "name": "Bora",
        "opened": "sets",
        "remaining": {"points": number(data, "cz_per", errors)},
        "first_opening": {"points": number(data, "cz_acilis", errors)},
    }
    players = [finisher(data, "cz_bitis", errors), bora, cem, {"name": "Deniz", "opened": "none"}]
    return {"ruleset": RULESET, "players": players}


def cezali_step(data: Mapping) -> Step:
    """Step 6: Cezalı's finish multiplier on the hand bases; rewards and the side tile, never multiplied."""
    errors: dict = {}
    hand = cezali_hand(data, errors)
    result = score_hand(hand)
    label, points = finish_of(result)
    values = {"hand": hand, "result": result, "finish": label, "points": points, "m": result.multiplier}
    rules = (RuleId.CEZALI_FINISHES, RuleId.CEZALI_PAIRS_MAX, RuleId.CEZALI_REWARD, RuleId.CEZALI_SIDE_TILE)
    return Step(6, rules, values, errors)


def partners_hand(data: Mapping, errors: dict) -> dict:
    """Eşli: you and Cem (seats 1 and 3) against Bora and Deniz; Cem and Bora opened with sets, Deniz with pairs."""
    players = [
        finisher(data, "es_bitis", errors),
        {"name": "Bora", "opened": "sets", "remaining": {"points": number(data, "es_bora", errors)}},
        {"name": "Cem", "opened": "sets", "remaining": {"points": number(data, "es_cem", errors)}},
        {"name": "Deniz", "opened": "pairs", "remaining": {"points": number(data, "es_deniz", errors)}},
    ]
    return {"ruleset": RULESET, "options": {"partners": True}, "players": players}


def partners_step(data: Mapping) -> Step:
    """Step 7: the partner pays no hand base; on some finishes the other team pays one fixed line."""
    errors: dict = {}
    hand = partners_hand(data, errors)
    result = score_hand(hand)
    label, points = finish_of(result)
    team = result.teams[1]
    values = {
        "hand": hand,
        "result": result,
        "finish": label,
        "points": points,
        "m": result.multiplier,
        "team_line": next(iter(team.lines), None),
        "team_total": team.total,
    }
    rules = (RuleId.CEZALI_PARTNERS, RuleId.CEZALI_TEAM_BASE)
    return Step(7, rules, values, errors)
