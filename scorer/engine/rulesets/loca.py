"""LOCA 101 klasik (SCORING_SPEC §4): the PUANLAMA table, no multiplier on anyone else."""

from collections.abc import Mapping

from ..codes import RuleId as R
from ..i18n import gettext_noop
from .base import RuleSet
from .declarations import PARTNERS, OptionSpec, Rules, row

KATLAMA = OptionSpec(
    "katlama",
    "choice",
    "none",
    gettext_noop("Table type"),
    gettext_noop(
        "Katlamalı and Extra raise the opening threshold during the hand; they never change points. "
        "Extra's table-stake multiplier (special tiles in an opening, up to ×8) is settled outside the "
        "score sheet."
    ),
    ("none", "katlamali", "extra"),
)

KLASIK_FINISHES = (
    # D16: the finishing section says a pairs finish discards nothing; the table scores this anyway.
    row(
        "pairs_okey",
        "pairs okey_discard",
        -808,
        1,
        gettext_noop("Pairs and okey discard finish"),
        R.LOCA_PAIRS_OKEY,
    ),
    row("okey", "okey_discard", -404, 1, gettext_noop("Okey discard finish")),
    row("pairs", "pairs", -202, 1, gettext_noop("Pairs finish")),
    row("normal", "", -101, 1, gettext_noop("Normal finish")),
)


class Loca(RuleSet):
    id = "loca"
    name = gettext_noop("LOCA 101 (Klasik)")
    tagline = gettext_noop("The LOCA table rules: finishing −101, with the okey −404.")
    options = (PARTNERS, KATLAMA)
    finish_table = KLASIK_FINISHES
    finish_flags = ("okey_discard",)
    fouls = ("okey_discard", "islek_discard", "take_back")
    fake_okey_penalty = True
    draw_when_nobody_opened = True
    elden_skips_raised_threshold = True
    rules = Rules(
        finish=R.LOCA_FINISHES,
        not_opened=R.LOCA_NOT_OPENED,
        tiles=R.LOCA_TILES,
        okey_in_hand=R.LOCA_OKEY_IN_HAND,
        pairs_double=R.LOCA_PAIRS_DOUBLE,
        multiplier=R.LOCA_FINISHES,
        partners=R.LOCA_PARTNERS,
        deck_out=R.LOCA_DECK_OUT,
        unscored_flag=R.LOCA_ELDEN,
        fouls={
            "okey_discard": R.LOCA_FOUL_OKEY,
            "islek_discard": R.LOCA_FOUL_ISLEK,
            "take_back": R.LOCA_FOUL_TAKE_BACK,
        },
        opening=R.LOCA_OPENING,
        threshold=R.LOCA_THRESHOLD,
        winner=R.LOCA_WINNER,
    )
    deck_out_note = gettext_noop(
        "The wall ran out without a finisher and someone had opened: this is not a draw. The hand is "
        "scored and the table entry is NOT refunded. Nobody gets {finish} and no finish multiplier applies; "
        "openers pay their hand value (a pairs opener twice that), players who never opened {not_opened}."
    )

    def threshold_chain(self, options: Mapping) -> bool:
        return options.get("katlama") in ("katlamali", "extra")
