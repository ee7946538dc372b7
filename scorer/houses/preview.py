"""The house rules page's preview: one sample hand scored under the base and under the house, side
by side, each line the house changed marked.

The sample finishes on the first finish row the house changes (else a normal finish), so what
changed shows: a sets opener with an okey left, a pairs opener, and a player who never opened and
discarded an okey; a colour house's hand has a blue gösterge.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from scorer.engine import HandResult, InvalidInput, Line, RuleSet, get_ruleset, score_hand
from scorer.engine.vocabulary import TILE_WORDS

NAMES = ("Ayşe", "Bora", "Cem", "Deniz")
INDICATOR = "blue-5"


@dataclass(frozen=True, slots=True)
class Side:
    """One player's lines under one rule set, each with whether the house changed it."""

    total: int
    lines: tuple[tuple[Line, bool], ...]


@dataclass(frozen=True, slots=True)
class Row:
    name: str
    base: Side
    house: Side

    @property
    def changed(self) -> bool:
        return self.base.total != self.house.total

    @property
    def sides(self) -> tuple[Side, Side]:
        return self.base, self.house


@dataclass(frozen=True, slots=True)
class Preview:
    base: HandResult
    house: HandResult
    rows: tuple[Row, ...]
    finish_label: str
    """How the sample's finisher finishes, in the active language."""
    base_name: str
    colour: str
    """The sample gösterge's colour in words, under a colour house ("" otherwise)."""
    factor: int


def sample_row(base: RuleSet, values: dict) -> str:
    """The finish row the sample finishes on: the first the house changes, else the plainest."""
    changed = set(values.get("finish", {})) | set(values.get("multiplier", {}))
    keys = [row.key for row in base.finish_table]
    return next((key for key in keys if key in changed), base.finish_table[-1].key)


def sample_hand(base: RuleSet, ruleset: object, values: dict) -> dict:
    row = next(r for r in base.finish_table if r.key == sample_row(base, values))
    pairs = bool(row.needs & {"pairs", "nine_pairs_run"})  # a 9 pairs + 1 run finisher opened with pairs
    finisher: dict = {"opened": "pairs" if pairs else "sets", "finished": True}
    flags = {flag: True for flag in sorted(row.needs - {"pairs"})}
    if flags:
        finisher["finish"] = flags
    options = {"cezali": True} if "cezali" in base.option_specs else {}  # GkOkay's fouls come with cezalı
    never: dict = {"opened": "none"}
    if "okey_discard" in base.foul_kinds(base.normalize_options(options)):
        never["fouls"] = {"okey_discard": 1}
    players = [
        finisher,
        {"opened": "sets", "remaining": {"points": 23, "okeys": 1}},
        {"opened": "pairs", "remaining": {"points": 10}},
        never,
    ]
    hand = {"ruleset": ruleset, "options": options, "indicator": INDICATOR}
    hand["players"] = [{"name": name, **player} for name, player in zip(NAMES, players, strict=True)]
    return hand


def marked(lines: tuple[Line, ...], others: tuple[Line, ...]) -> tuple[tuple[Line, bool], ...]:
    """Each line with whether the other side has no line of the same code, points and detail."""
    theirs = {(line.code, line.points, line.detail) for line in others}
    return tuple((line, (line.code, line.points, line.detail) not in theirs) for line in lines)


def preview(document: dict) -> Preview | None:
    """The sample hand under the house's base and under the house; None when the house has errors."""
    base = get_ruleset(document["base"])
    values = document.get("values", {})
    try:
        under_base = score_hand(sample_hand(base, base.id, values))
        under_house = score_hand(sample_hand(base, document, values))
    except InvalidInput:
        return None
    rows = []
    for old, new in zip(under_base.players, under_house.players, strict=True):
        rows.append(
            Row(
                old.name,
                Side(old.total, marked(old.lines, new.lines)),
                Side(new.total, marked(new.lines, old.lines)),
            )
        )
    row = next(r for r in base.finish_table if r.key == sample_row(base, values))
    colour, factor = under_house.colour or ("", 1)
    word = _(TILE_WORDS[colour]) if colour else ""
    return Preview(under_base, under_house, tuple(rows), _(row.label), _(base.name), word, factor)
