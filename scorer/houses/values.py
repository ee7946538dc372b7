"""What a house rule set changes, in words: each value with its base's number and the base's clause
it replaces, the differences a house's page lists, and the presets of the house rules page.

Everything is read from the base rule set (its ``values()``, finish table and ``Rules``): no rule
set is named here but in the presets' descriptions.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scorer.engine import RuleSet, get_ruleset
from scorer.engine.vocabulary import TILE_WORDS, signed

AMOUNTS = ("not_opened", "okey_in_hand", "foul")
LABELS = {
    "finish": gettext_noop("Finisher's points"),
    "multiplier": gettext_noop("Multiplier on the others"),
    "not_opened": gettext_noop("A player who never opened pays"),
    "okey_in_hand": gettext_noop("Each okey left in hand"),
    "foul": gettext_noop("Each foul"),
    "pairs_and_multiplier": gettext_noop("A pairs opener's ×2 and the finish multiplier"),
    "colours": gettext_noop("Gösterge colour"),
}
"""The name of each kind of value (a msgid), as the form, the house's page and its lines say it."""
PAIRS_CHOICES = {
    "larger": gettext_noop("only the larger applies"),
    "product": gettext_noop("both apply (2 × the multiplier)"),
}


@dataclass(frozen=True, slots=True)
class Difference:
    """One number a house changed: what it is, the base's number and the house's, and the base's
    clause that says the base's (``rule``), for the house's page."""

    kind: str
    key: str
    """The finish row (``finish``, ``multiplier``) or the colour (``colours``); "" otherwise."""
    label: str
    base: str
    house: str
    rule: str

    @property
    def anchor(self) -> str:
        """The anchor a line citing ``house.<kind>`` links to on the house's page."""
        return self.kind


def row_label(base: RuleSet, key: str) -> str:
    row = next(r for r in base.finish_table if r.key == key)
    return _(row.label)


def base_rule(base: RuleSet, kind: str, key: str = "") -> str:
    """The base's clause for the number a house value replaces."""
    rules = base.rules
    if kind in ("finish", "multiplier"):
        row = next(r for r in base.finish_table if r.key == key)
        if kind == "finish":
            return str(row.rule or rules.finish)
        return str(row.multiplier_rule or rules.multiplier)
    if kind == "foul":
        return str(next(iter(v for k, v in rules.fouls.items() if k != "waived")))
    if kind == "pairs_and_multiplier":
        return str(rules.pairs_multiplier or rules.pairs_double)
    return str(getattr(rules, kind) or rules.not_opened)


def shown(kind: str, value: object) -> str:
    """A value as the page writes it: −101, ×4, 202, "only the larger applies"."""
    if kind == "finish":
        return signed(value)
    if kind in ("multiplier", "colours"):
        return f"×{value}"
    if kind == "pairs_and_multiplier":
        return _(PAIRS_CHOICES[value])
    return str(value)


def differences(document: dict) -> list[Difference]:
    """What the house changes, in the order of the base's values; a value equal to the base's is
    no difference, and so is a colour's factor of 1 (the base multiplies by nothing)."""
    base = get_ruleset(document["base"])
    ours, theirs = document.get("values", {}), base.values()
    found = []
    for kind in ("finish", "multiplier"):
        for key, number in theirs[kind].items():
            given = ours.get(kind, {}).get(key)
            if given is not None and given != number:
                label = f"{_(LABELS[kind])}: {row_label(base, key)}"
                found.append(
                    Difference(
                        kind, key, label, shown(kind, number), shown(kind, given), base_rule(base, kind, key)
                    )
                )
    for kind in (*AMOUNTS, "pairs_and_multiplier"):
        given = ours.get(kind)
        if given is not None and given != theirs.get(kind):
            found.append(
                Difference(
                    kind,
                    "",
                    _(LABELS[kind]),
                    shown(kind, theirs[kind]),
                    shown(kind, given),
                    base_rule(base, kind),
                )
            )
    for colour, factor in (document.get("colours") or {}).items():
        if factor == 1:  # as the base: nothing multiplied
            continue
        label = f"{_(LABELS['colours'])}: {_(TILE_WORDS[colour])}"
        found.append(Difference("colours", colour, label, "×1", shown("colours", factor), ""))
    return found


# --- presets of the house rules page ----------------------------------------------------------------

KAHVEHANE = {"finish": {"normal": -100}, "not_opened": 200, "foul": 100}
"""A café's numbers: −100 for a normal finish, 200 for a player who never opened, 100 for a foul."""
RENKLI = {"blue": 3, "red": 4, "black": 5, "yellow": 6}
"""One table's factors per gösterge colour."""
PRESETS = {
    "kahvehane": (gettext_noop("Kahvehane: −100, 200, 100"), {"values": KAHVEHANE}),
    "renkli": (gettext_noop("Renkli: a factor per gösterge colour"), {"colours": RENKLI}),
}
