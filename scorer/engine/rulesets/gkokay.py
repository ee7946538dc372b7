"""GkOkay 101 (SCORING_SPEC §6): the finisher writes 0; special finishes double the non-openers' 202."""

from collections.abc import Mapping

from ..codes import RuleId as R
from ..i18n import _, gettext_noop
from .base import RuleSet
from .declarations import PARTNERS, OptionSpec, Rules, row

KATLAMALI = OptionSpec(
    "katlamali",
    "bool",
    False,
    gettext_noop("Katlamalı"),
    gettext_noop("Each opening must beat the previous one of its kind; points are not affected."),
)
CEZALI = OptionSpec(
    "cezali",
    "bool",
    False,
    gettext_noop("Cezalı"),
    gettext_noop(
        "Fouls cost 101 each and the discarder of a used side tile pays its value × 10 (× 20 for pairs)."
    ),
)
# The finisher always writes 0; m is the factor on a non-opener's 202 (D7: once, whatever the flags).
GKOKAY_FINISHES = (
    row("okey", "okey_discard", 0, 2, gettext_noop("Okey discard finish")),
    row("elden", "elden", 0, 2, gettext_noop("Elden finish")),
    row("pairs", "pairs", 0, 2, gettext_noop("Pairs finish")),
    row("normal", "", 0, 1, gettext_noop("Normal finish")),
)
CEZALI_FOULS = ("below_threshold", "okey_discard", "islek_discard", "side_tile_unused")


class GkOkay(RuleSet):
    id = "gkokay"
    name = gettext_noop("GkOkay 101")
    tagline = gettext_noop("The finisher writes 0; special finishes double the non-openers' 202.")
    options = (PARTNERS, KATLAMALI, CEZALI)
    hand_counts = (1, 2, 3, 5, 7, 11)
    finish_table = GKOKAY_FINISHES
    finish_flags = ("okey_discard", "elden")
    pairs_double = False
    pairs_and_multiplier = None  # a pairs opener is never doubled (D3)
    okeys_for_non_openers = True
    side_tile_factors = (10, 20)
    rules = Rules(
        finish=R.GKOKAY_FINISHER,
        not_opened=R.GKOKAY_NOT_OPENED,
        tiles=R.GKOKAY_TILES,
        okey_in_hand=R.GKOKAY_OKEY_IN_HAND,
        pairs_double=R.GKOKAY_TILES,
        multiplier=R.GKOKAY_SPECIAL_FINISH,
        partners=R.GKOKAY_PARTNERS,
        deck_out=R.GKOKAY_DECK_OUT,
        unscored_flag=R.GKOKAY_FINISHER,
        fouls={kind: R.GKOKAY_FOULS for kind in CEZALI_FOULS},
        side_tile=R.GKOKAY_SIDE_TILE,
        not_opened_multiplier=R.GKOKAY_SPECIAL_FINISH,
        pairs_tiles=R.GKOKAY_PAIRS,
        non_opener_okey=R.GKOKAY_NON_OPENER_OKEY,
        finisher_fouls=R.GKOKAY_FINISHER_FOULS,
        opening=R.GKOKAY_OPENING,
        threshold=R.GKOKAY_THRESHOLD,
        pairs_threshold=R.GKOKAY_PAIRS_THRESHOLD,
        winner=R.GKOKAY_WINNER,
    )
    deck_out_note = gettext_noop(
        "The deck ran out without a finisher. GkOkay's rules have no deck-out rule (decision D10): nobody "
        "writes 0 for finishing, openers write the tiles they hold, players who never opened {not_opened} plus "
        "{okey} per okey; nothing is multiplied."
    )

    def foul_kinds(self, options: Mapping) -> tuple[str, ...]:
        return CEZALI_FOULS if options.get("cezali") else ()

    def has_side_tile(self, options: Mapping) -> bool:
        return bool(options.get("cezali"))

    def threshold_chain(self, options: Mapping) -> bool:
        return bool(options.get("katlamali"))

    def threshold_hint(self, options: Mapping) -> str:
        if not options.get("cezali"):
            return ""
        hint = _("A GkOkay Cezalı table records this as the below-threshold foul (+{cost}).")
        return " " + hint.format(cost=self.foul_cost)

    def base_factors(self, ctx, player):
        return 1, 1  # no pairs doubling (D3) and no multiplier on openers

    def non_opener_factor(self, ctx) -> int:
        return ctx.m
