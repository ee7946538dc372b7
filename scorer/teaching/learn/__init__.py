""" "101'de puan nasıl yazılır": the steps of the newcomer path, each a small calculator.

Every step reads what was typed (the page's query string, so that it works without JavaScript and
a link keeps what was tried), computes with the engine (tile values, the okey of an indicator,
the LOCA finish table, a whole first hand, Cezalı's multipliers and rewards, partners' team lines)
and says which clause it explains. A bad value is never an error page: the step says what is wrong
with which field, in place of its result.

Steps 1–5 (:mod:`.klasik`) follow the classic LOCA 101 rules, steps 6–7 (:mod:`.cezali`) LOCA Cezalı
101. Pure Python with the engine; text goes through the engine's translator.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from scorer.engine.i18n import gettext_noop

from . import cezali, klasik
from .common import DEFAULTS, Step, read

FINISH_LABELS = klasik.FINISH_LABELS
FINISHES = klasik.FINISHES
TYPING = "input delay:400ms, change"
"""htmx asks again while a number is typed (and on a choice); steps of choices only ask on a change."""


@dataclass(frozen=True, slots=True)
class Layout:
    """How a step shows on the page: its title and introduction (msgids) and when it recomputes."""

    title: str
    intro: str
    trigger: str = TYPING


STEPS: tuple[tuple[Callable[[Mapping], Step], Layout], ...] = (
    (
        klasik.tiles_step,
        Layout(
            gettext_noop("Tiles and their values"),
            gettext_noop(
                "101 Okey is played with 106 tiles: the numbers 1 to 13 in four colours, each twice, and 2 "
                "fake okeys. Every tile is worth its number; a 1 is worth 1. At the end of a hand, what is "
                "left in your hand is counted this way."
            ),
        ),
    ),
    (
        klasik.indicator_step,
        Layout(
            gettext_noop("The indicator and the okey"),
            gettext_noop(
                "After the deal one tile is turned up: the indicator (gösterge). The okey is the tile of the "
                "same colour one number higher; after 13 comes 1. The okey is a joker. The two fake okeys "
                "are not: each plays only as the okey."
            ),
            "change",
        ),
    ),
    (
        klasik.opening_step,
        Layout(
            gettext_noop("Opening"),
            gettext_noop(
                "Laying tiles down for the first time is opening (el açmak): sets and runs worth at least "
                "101 points together, or at least 5 pairs. A set (per) is one number in three or four "
                "colours; a run (seri) is three or more numbers in a row of one colour; a pair (çift) is "
                "two identical tiles. A player who never opens pays a fixed 202 at the end."
            ),
        ),
    ),
    (
        klasik.finishing_step,
        Layout(
            gettext_noop("Finishing"),
            gettext_noop(
                "You finish when all your tiles are in sets, runs or pairs and you discard the last one. "
                "How you finish decides what you write; the table counts down from there."
            ),
            "change",
        ),
    ),
    (
        klasik.first_hand_step,
        Layout(
            gettext_noop("Scoring your first hand"),
            gettext_noop(
                "You finished. Bora had opened with sets and holds some tiles (and maybe a real okey: 101 "
                "each). Cem had opened with pairs: what he holds is doubled. Deniz never opened: 202, "
                "whatever he holds. Change the numbers and see every line with its rule."
            ),
        ),
    ),
    (
        cezali.cezali_step,
        Layout(
            gettext_noop("Cezalı: multipliers and rewards"),
            gettext_noop(
                "At a Cezalı table the finish also multiplies everyone else's hand base: ×2 after an elden "
                "or pairs finish, ×4 after an okey discard or 9 pairs + 1 run; the multipliers never stack. "
                "A pairs opener pays the larger of the pairs ×2 and the finish multiplier, not both. A first "
                "opening of 151 points or more, or of 7 or 8 pairs, earns −101, and 9 pairs −202. Whoever "
                "opens with the previous player's discard makes that player pay its value ×10 (×20 after a "
                "pairs opening). Rewards and penalties are never multiplied."
            ),
        ),
    ),
    (
        cezali.partners_step,
        Layout(
            gettext_noop("Partners: team lines"),
            gettext_noop(
                "At a partners (eşli) table you and Cem play against Bora and Deniz, and each team writes "
                "its two players' sum. Your partner pays no hand base when you finish. At a Cezalı table an "
                "elden or okey finish makes the other team pay one fixed line, 808 or 1600, instead of "
                "their hand bases; after a normal or pairs finish each of them pays their own."
            ),
        ),
    ),
)


@dataclass(frozen=True, slots=True)
class Shown:
    """A step with its layout: what the template renders."""

    step: Step
    layout: Layout

    @property
    def number(self) -> int:
        return self.step.number


def shown_steps(data: Mapping) -> list[Shown]:
    return [Shown(compute(data), layout) for compute, layout in STEPS]


def form_values(data: Mapping) -> dict[str, str]:
    """What each field shows: what was typed, or its default."""
    return {name: read(data, name) for name in DEFAULTS}


__all__ = ["DEFAULTS", "FINISHES", "FINISH_LABELS", "STEPS", "Layout", "Shown", "Step", "shown_steps"]
