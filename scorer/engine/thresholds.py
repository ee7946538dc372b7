"""Opening thresholds (SCORING_SPEC §7b): warnings about openings, never errors, never points.

Every opening must reach the base threshold (101 points or 5 pairs). On katlamalı tables each
opening must also beat the highest earlier opening of its own kind by at least one; in LOCA an
elden finisher needs only the base threshold (GkOkay's text has no such exception). Each warning
comes with the clause it rests on, so that a page can link it (and show the decision, D13).
"""

from .i18n import _
from .inputs import HandInput, PlayerInput

BASE_POINTS = 101
BASE_PAIRS = 5


def threshold_warnings(hand: HandInput, ruleset) -> tuple[tuple[str, str], ...]:
    """``(text, rule)`` for each opening under its threshold; ``rule`` is "" where no clause says it."""
    openings = [p for p in hand.players if p.first_opening is not None]
    if not openings:
        return ()
    rules = ruleset.rules
    warnings = [(text, rules.opening) for text in base_warnings(openings)]
    if ruleset.threshold_chain(hand.options):
        for kind, text in chain_warnings(openings, ruleset.elden_skips_raised_threshold):
            pairs_rule = rules.pairs_threshold if kind == "pairs" else None
            warnings.append((text, pairs_rule or rules.threshold))
    if not warnings:
        return ()
    hint = ruleset.threshold_hint(hand.options)
    return tuple((text + hint, str(rule or "")) for text, rule in warnings)


def base_warnings(openings: list[PlayerInput]) -> list[str]:
    warnings = []
    for player in openings:
        opening = player.first_opening
        if opening.points is not None and opening.points < BASE_POINTS:
            warnings.append(
                _("{name} opened with {n} points, under the 101-point threshold.").format(
                    name=player.name, n=opening.points
                )
            )
        if opening.pairs is not None and opening.pairs < BASE_PAIRS:
            warnings.append(
                _("{name} opened with {n} pairs, under the 5-pair threshold.").format(
                    name=player.name, n=opening.pairs
                )
            )
    return warnings


def chain_warnings(openings: list[PlayerInput], elden_exempt: bool) -> list[tuple[str, str]]:
    """Each kind rises only with itself: points openings against points, pairs against pairs."""
    ordered = sorted(
        (p for p in openings if p.first_opening.order is not None), key=lambda p: p.first_opening.order
    )
    best = {"points": 0, "pairs": 0}
    warnings = []
    for player in ordered:
        opening = player.first_opening
        kind = "points" if opening.points is not None else "pairs"
        size = getattr(opening, kind)
        exempt = elden_exempt and player.finished_elden
        if best[kind] and size <= best[kind] and not exempt:
            message = (
                _(
                    "{name} opened with {n} points; katlamalı needs at least {need} after the earlier opening of {best}."
                )
                if kind == "points"
                else _(
                    "{name} opened with {n} pairs; katlamalı needs at least {need} after the earlier opening of {best}."
                )
            )
            text = message.format(name=player.name, n=size, need=best[kind] + 1, best=best[kind])
            warnings.append((kind, text))
        best[kind] = max(best[kind], size)
    return warnings
