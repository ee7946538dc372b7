"""Marking a practice hand: each answer against the engine's total, and the likely mistake named.

When an answer is wrong, :func:`likely_mistakes` tries the mistakes a learner makes — leaving out
a line (or two), multiplying a foul, stacking Cezalı's ×2 with the finish multiplier, counting a
non-opener's tiles, writing Kerizim's waived fouls, scoring by another rule set — and names those
that give exactly the number written; otherwise it gives the difference.

The hints of an answer agree with its lines: a number off by a multiplier (the hand's, or one the
rule set could apply) is named as that multiplier with its clause, never as lines "left out"; and at
most one hint names lines, so that no hint names a line the number already holds.
"""

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations

from scorer.engine import HandResult, InvalidInput, Line, all_rulesets, get_ruleset, score_hand
from scorer.engine.codes import LineCode as C
from scorer.engine.i18n import _, gettext_noop
from scorer.engine.rulesets.declarations import LARGER


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


class Hint(str):
    """A hint's text, with the clause it rests on and the lines it says were left out."""

    rule: str
    lines: tuple[Line, ...]
    explains: bool
    """It accounts for the difference (lines left out, or a multiplier): an answer gets one such hint."""

    def __new__(cls, text: str, rule: str = "", lines: tuple[Line, ...] = (), explains: bool = False):
        hint = super().__new__(cls, text)
        hint.rule, hint.lines, hint.explains = rule, lines, explains or bool(lines)
        return hint


@dataclass(frozen=True, slots=True)
class Marked:
    answer: Answer
    given: int
    correct: bool
    hints: tuple[Hint, ...]


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


def left_out(*lines: Line) -> Hint:
    return Hint(" ".join(missed(line) for line in lines), lines[0].rule, lines)


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else (f"−{-points}" if points < 0 else "0")


def likely_mistakes(hand: dict, result: HandResult, answer: Answer, given: int) -> list[Hint]:
    """The mistakes that give exactly ``given``; the plain difference when none does."""
    found = [hint for value, hint in candidates(hand, result, answer) if value == given]
    unique = consistent(found)
    if unique:
        return unique
    difference = given - answer.expected
    return [
        Hint(
            _("You wrote {given}; the lines below add up to {expected} ({difference}).").format(
                given=signed(given), expected=signed(answer.expected), difference=signed(difference)
            )
        )
    ]


def consistent(found: list[Hint]) -> list[Hint]:
    """At most two hints, of which at most one accounts for the difference (the first found)."""
    chosen: list[Hint] = []
    explained = False
    for hint in dict.fromkeys(found):
        if hint.explains:
            if explained:
                continue
            explained = True
        chosen.append(hint)
    return chosen[:2]


def candidates(hand: dict, result: HandResult, answer: Answer):
    """``(value, hint)`` for each mistake a learner makes, worked out from the lines; a multiplier
    first, since a number off by one is also off by some line of the same size."""
    expected, lines = answer.expected, answer.lines
    yield from stacked_pairs(result, answer)
    yield from multiplier_mistakes(hand, result, answer)
    # the line a learner forgets rather than the one the number is built on: when leaving out the
    # doubling or the tiles gives the same number, "you did not double" is the likely mistake
    counted = sorted(
        (line for line in lines if line.points), key=lambda line: FORGOTTEN_FIRST.get(line.code, 5)
    )
    if expected:
        yield (
            -expected,
            Hint(_("The sign is the other way round: what a finisher writes is minus, a penalty plus.")),
        )
    for line in counted:
        yield expected - line.points, left_out(line)
    for first, second in combinations(counted, 2):
        yield expected - first.points - second.points, left_out(first, second)
    yield from multiplied_fouls(result, answer)
    yield from counted_non_opener(hand, answer)
    yield from waived_fouls(answer)
    yield from other_rulesets(hand, result, answer)


BASE_VALUE = frozenset({C.TILES, C.OKEY_IN_HAND, C.NOT_OPENED})
FACTORS = frozenset({C.PAIRS_DOUBLE, C.MULTIPLIER})


def multiplier_mistakes(hand: dict, result: HandResult, answer: Answer):
    """The hand base written at another multiplier than its own: ×1, the pairs ×2, a finish's ×2 or ×4,
    or two of them stacked. Named as the multiplier that applies, with its clause."""
    value = sum(line.points for line in answer.lines if line.code in BASE_VALUE)
    factored = [line for line in answer.lines if line.code in FACTORS]
    base = value + sum(line.points for line in factored)
    if not value or base % value:
        return
    applied = base // value
    rs = get_ruleset(result.ruleset)
    single = {1, 2 if rs.pairs_double else 1} | {row.m for row in rs.finish_table}
    for k in sorted({a * b for a in single for b in single} - {applied}):
        yield answer.expected - base + value * k, multiplier_hint(hand, rs, factored, applied, k)


def multiplier_hint(hand: dict, rs, factored: list[Line], applied: int, k: int) -> Hint:
    finish = next((line for line in factored if line.code == C.MULTIPLIER), None)
    why = factored[-1] if factored else None
    if why is None:
        text = _("This hand base is not multiplied on this finish (×1), not ×{k}: {ruleset}.").format(
            k=k, ruleset=_(rs.name)
        )
        return Hint(text, str(rs.rules.multiplier), explains=True)
    if finish is None and k == 1:
        return Hint(missed(why), why.rule, explains=True)
    if k > applied:
        text = _("This hand base is ×{m}, not ×{k}: {detail}. The multipliers do not stack.")
    elif k == 1:
        text = _("This finish multiplies every other player's hand base by {m}: {detail}.")
    else:
        text = _("This finish is ×{m}: {detail}. {other} does not stack on it; only the ×{m} applies.")
    other = stacked_name(hand, rs, k)
    return Hint(text.format(m=applied, k=k, detail=why.detail, other=other), why.rule, explains=True)


def stacked_name(hand: dict, rs, k: int) -> str:
    """The ×k the finisher's finish also has (elden's ×2 under an okey finish's ×4), in words."""
    finisher = next((p for p in hand["players"] if p.get("finished")), {})
    features = {flag for flag, on in (finisher.get("finish") or {}).items() if on}
    features |= {"pairs"} if finisher.get("opened") == "pairs" else set()
    row = next((r for r in rs.finish_table if r.m == k and r.needs and r.needs <= features), None)
    if row is not None:
        return _("The ×{k} of “{label}”").format(k=k, label=_(row.label))
    return _("A ×{k}").format(k=k)


def multiplied_fouls(result: HandResult, answer: Answer):
    m = result.applied_multiplier
    fouls = sum(
        line.points
        for line in answer.lines
        if line.code.startswith("foul_") or line.code == C.SIDE_TILE_PENALTY
    )
    if m > 1 and fouls:
        text = _("Fouls and penalties are never multiplied: add them once, after the multiplier.")
        yield answer.expected + (m - 1) * fouls, Hint(text)


def stacked_pairs(result: HandResult, answer: Answer):
    """Cezalı: the pairs ×2 and the finish multiplier multiplied together instead of the larger one."""
    rs = get_ruleset(result.ruleset)
    rule = rs.rules.pairs_multiplier
    if rs.pairs_and_multiplier != LARGER or not any(
        ln.code == C.INFO and ln.rule == rule for ln in answer.lines
    ):
        return
    value = sum(line.points for line in answer.lines if line.code in (C.TILES, C.OKEY_IN_HAND))
    based = sum(
        line.points
        for line in answer.lines
        if line.code in (C.TILES, C.OKEY_IN_HAND, C.PAIRS_DOUBLE, C.MULTIPLIER)
    )
    text = _(
        "In Cezalı the pairs ×2 and the finish multiplier are not multiplied together: only the larger applies."
    )
    yield answer.expected - based + value * 2 * result.multiplier, Hint(text, rule, explains=True)


def counted_non_opener(hand: dict, answer: Answer):
    if answer.player is None:
        return
    player = hand["players"][answer.player]
    points = (player.get("remaining") or {}).get("points", 0)
    if player.get("opened", "none") == "none" and points and not player.get("finished"):
        text = _("A player who never opened pays the fixed 202: the tiles in hand are not counted.")
        yield answer.expected + points, Hint(text, explains=True)
        yield answer.expected - 202 + points, Hint(text, explains=True)


def waived_fouls(answer: Answer):
    waived = [line for line in answer.lines if line.code == C.FOULS_WAIVED]
    if waived:
        count = sum(int(part.rsplit("×", 1)[1]) for part in waived[0].detail.split(", ") if "×" in part)
        yield answer.expected + 101 * count, Hint(_("In Kerizim the finishing side's fouls are not written."))


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
            text = _("That is what {other} gives; this hand is scored by {ruleset}.").format(
                other=_(rs.name), ruleset=_(get_ruleset(result.ruleset).name)
            )
            yield value, Hint(text)
