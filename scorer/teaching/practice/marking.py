"""Marking a practice hand: each answer against the engine's total, and the likely mistake named.

When an answer is wrong, :func:`likely_mistakes` tries the mistakes a learner makes — leaving out
a line (or two), multiplying a foul, stacking Cezalı's ×2 with the finish multiplier, counting a
non-opener's tiles, writing Kerizim's waived fouls, scoring by another rule set — and names those
that give exactly the number written; otherwise it gives the difference.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations

from scorer.engine import HandResult, InvalidInput, Line, all_rulesets, get_ruleset, score_hand
from scorer.engine.codes import LineCode as C
from scorer.engine.i18n import _, gettext_noop


@dataclass(frozen=True, slots=True)
class Answer:
    """One number the learner writes: a player's hand total, or a team's."""

    key: str
    """The form field: ``p0`` … ``p3`` for players, ``t0`` / ``t1`` for teams."""
    label: str
    expected: int
    lines: tuple[Line, ...]
    """The lines that make the number (a team: its own lines, then its players')."""
    player: int | None = None


@dataclass(frozen=True, slots=True)
class Marked:
    answer: Answer
    given: int
    correct: bool
    hints: tuple[str, ...]


def answers(hand: dict, result: HandResult) -> list[Answer]:
    """What the learner writes: each player's total, and with partners each team's total."""
    found = [Answer(f"p{i}", p.name, p.total, p.lines, i) for i, p in enumerate(result.players)]
    for t, team in enumerate(result.teams):
        names = " & ".join(result.players[i].name for i in team.players)
        lines = team.lines + tuple(line for i in team.players for line in result.players[i].lines)
        found.append(Answer(f"t{t}", names, team.total, lines))
    return found


def mark(hand: dict, given: Mapping[str, int]) -> list[Marked]:
    """Each answer marked against the engine's total, with what the learner probably missed."""
    result = score_hand(hand)
    marked = []
    for answer in answers(hand, result):
        value = given[answer.key]
        correct = value == answer.expected
        hints = () if correct else tuple(likely_mistakes(hand, result, answer, value))
        marked.append(Marked(answer, value, correct, hints))
    return marked


MISSED = {
    C.FINISH: gettext_noop("You left out the finisher's own score ({points})."),
    C.NOT_OPENED: gettext_noop("You left out the fixed 202 of a player who never opened."),
    C.TILES: gettext_noop("You left out the tiles left in hand ({points})."),
    C.OKEY_IN_HAND: gettext_noop("You left out the 101 for “{label}”."),
    C.PAIRS_DOUBLE: gettext_noop("You did not double the pairs opener's hand ({detail})."),
    C.MULTIPLIER: gettext_noop("You did not apply the finish multiplier ({detail})."),
    C.TEAM_FIXED_BASE: gettext_noop("You left out the team's fixed base ({points})."),
    C.OPENING_REWARD: gettext_noop("You left out the opening reward “{label}” ({points})."),
    C.SIDE_TILE_PENALTY: gettext_noop("You left out the side-tile penalty “{label}” ({points})."),
}
FORGOTTEN_FIRST = {
    C.MULTIPLIER: 0,
    C.PAIRS_DOUBLE: 1,
    C.OKEY_IN_HAND: 2,
    C.TILES: 8,
    C.NOT_OPENED: 9,
    C.FINISH: 9,
}
MISSED_FOUL = gettext_noop("You left out the foul “{label}” ({points}).")
MISSED_OTHER = gettext_noop("You left out “{label}” ({points}).")


def missed(line: Line) -> str:
    template = MISSED.get(line.code) or (MISSED_FOUL if line.code.startswith("foul_") else MISSED_OTHER)
    return _(template).format(label=line.label, detail=line.detail, points=signed(line.points))


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else (f"−{-points}" if points < 0 else "0")


def likely_mistakes(hand: dict, result: HandResult, answer: Answer, given: int) -> list[str]:
    """The mistakes that give exactly ``given``; the plain difference when none does."""
    found = [text for value, text in candidates(hand, result, answer) if value == given]
    unique = list(dict.fromkeys(found))[:2]
    if unique:
        return unique
    difference = given - answer.expected
    return [
        _("You wrote {given}; the lines below add up to {expected} ({difference}).").format(
            given=signed(given), expected=signed(answer.expected), difference=signed(difference)
        )
    ]


def candidates(hand: dict, result: HandResult, answer: Answer):
    """``(value, explanation)`` for each mistake a learner makes, worked out from the lines."""
    expected, lines = answer.expected, answer.lines
    # the line a learner forgets rather than the one the number is built on: when leaving out the
    # doubling or the tiles gives the same number, "you did not double" is the likely mistake
    counted = sorted(
        (line for line in lines if line.points), key=lambda line: FORGOTTEN_FIRST.get(line.code, 5)
    )
    if expected:
        yield (
            -expected,
            _("The sign is the other way round: what a finisher writes is minus, a penalty plus."),
        )
    for line in counted:
        yield expected - line.points, missed(line)
    for first, second in combinations(counted, 2):
        yield expected - first.points - second.points, f"{missed(first)} {missed(second)}"
    yield from multiplied_fouls(result, answer)
    yield from stacked_pairs(result, answer)
    yield from counted_non_opener(hand, answer)
    yield from waived_fouls(answer)
    yield from other_rulesets(hand, result, answer)


def multiplied_fouls(result: HandResult, answer: Answer):
    m = result.applied_multiplier
    fouls = sum(
        line.points
        for line in answer.lines
        if line.code.startswith("foul_") or line.code == C.SIDE_TILE_PENALTY
    )
    if m > 1 and fouls:
        yield (
            answer.expected + (m - 1) * fouls,
            _("Fouls and penalties are never multiplied: add them once, after the multiplier."),
        )


def stacked_pairs(result: HandResult, answer: Answer):
    """Cezalı: the pairs ×2 and the finish multiplier multiplied together instead of the larger one."""
    rule = get_ruleset(result.ruleset).rules.pairs_multiplier
    if result.ruleset != "loca-cezali" or not any(
        ln.code == C.INFO and ln.rule == rule for ln in answer.lines
    ):
        return
    value = sum(line.points for line in answer.lines if line.code in (C.TILES, C.OKEY_IN_HAND))
    based = sum(
        line.points
        for line in answer.lines
        if line.code in (C.TILES, C.OKEY_IN_HAND, C.PAIRS_DOUBLE, C.MULTIPLIER)
    )
    yield (
        answer.expected - based + value * 2 * result.multiplier,
        _(
            "In Cezalı the pairs ×2 and the finish multiplier are not multiplied together: only the larger applies."
        ),
    )


def counted_non_opener(hand: dict, answer: Answer):
    if answer.player is None:
        return
    player = hand["players"][answer.player]
    points = (player.get("remaining") or {}).get("points", 0)
    if player.get("opened", "none") == "none" and points and not player.get("finished"):
        text = _("A player who never opened pays the fixed 202: the tiles in hand are not counted.")
        yield answer.expected + points, text
        yield answer.expected - 202 + points, text


def waived_fouls(answer: Answer):
    waived = [line for line in answer.lines if line.code == C.FOULS_WAIVED]
    if waived:
        count = sum(int(part.rsplit("×", 1)[1]) for part in waived[0].detail.split(", ") if "×" in part)
        yield answer.expected + 101 * count, _("In Kerizim the finishing side's fouls are not written.")


def other_rulesets(hand: dict, result: HandResult, answer: Answer):
    """The number this player would write under another rule set, when the hand is valid there too."""
    for rs in all_rulesets():
        if rs.id == result.ruleset:
            continue
        options = {k: v for k, v in (hand.get("options") or {}).items() if k in rs.option_specs}
        try:
            other = score_hand({**hand, "ruleset": rs.id, "options": options})
        except InvalidInput:
            continue
        [value] = [a.expected for a in answers(hand, other) if a.key == answer.key] or [None]
        if value is not None and value != answer.expected:
            yield (
                value,
                _("That is what {other} gives; this hand is scored by {ruleset}.").format(
                    other=_(rs.name), ruleset=_(get_ruleset(result.ruleset).name)
                ),
            )
