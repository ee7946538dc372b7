"""Kerizim 101 (SCORING_SPEC §7): ×2 on a pairs finish, ×2 again when nobody else opened; they stack."""

from ..codes import RuleId as R
from ..i18n import _, gettext_noop
from .base import RuleSet
from .declarations import PRODUCT, Rules, row

KERIZIM_FINISHES = (
    row("pairs", "pairs", -202, 2, gettext_noop("Pairs finish"), R.KERIZIM_PAIRS_FINISH),
    row("normal", "", -101, 1, gettext_noop("Normal finish")),
)
KERIZIM_FOULS = ("okey_discard", "islek_discard", "side_tile_unused")


class Kerizim(RuleSet):
    id = "kerizim"
    name = gettext_noop("Kerizim 101")
    tagline = gettext_noop("Games of 1 to 3 hands; ×2 for a pairs finish, ×2 again if nobody else opened.")
    hand_counts = (1, 2, 3)
    finish_table = KERIZIM_FINISHES
    fouls = KERIZIM_FOULS
    pairs_and_multiplier = PRODUCT  # D2: the pairs ×2 stacks with the finish multipliers
    rules = Rules(
        finish=R.KERIZIM_FINISHER,
        not_opened=R.KERIZIM_NOT_OPENED,
        tiles=R.KERIZIM_TILES,
        okey_in_hand=R.KERIZIM_OKEY_IN_HAND,
        pairs_double=R.KERIZIM_PAIRS_DOUBLE,
        multiplier=R.KERIZIM_MULTIPLIERS,
        partners=R.KERIZIM_PARTNERS,
        deck_out=R.KERIZIM_DECK_OUT,
        unscored_flag=R.KERIZIM_UNSCORED_FLAGS,
        fouls={kind: R.KERIZIM_FOULS for kind in KERIZIM_FOULS} | {"waived": R.KERIZIM_FINISHER_FOULS},
        not_opened_multiplier=R.KERIZIM_MULTIPLIERS,
        pairs_multiplier=R.KERIZIM_PAIRS_DOUBLE,
        winner=R.KERIZIM_WINNER,
    )
    deck_out_note = gettext_noop(
        "The deck ran out without a finisher: the hand closes without a bonus. Nobody gets {finish} and the "
        "finish multipliers do not apply; openers write what they hold (a pairs opener twice that), "
        "players who never opened {not_opened}."
    )

    def multiplier(self, hand, finisher, row):
        m, reasons = row.m, [f"{_(row.label)} ×{row.m}"] if row.m != 1 else []
        if not self.someone_else_opened(hand, finisher):
            m *= 2
            reasons.append(_("nobody else opened") + " ×2")
        return m, tuple(reasons)

    @staticmethod
    def someone_else_opened(hand, finisher: int) -> bool:
        # With partners the finisher's partner is left out of the check.
        partner = hand.partner_of(finisher)
        return any(p.has_opened for i, p in enumerate(hand.players) if i != finisher and i != partner)

    def fouls_waived(self, ctx, index: int) -> bool:
        return ctx.finisher is not None and (index == ctx.finisher or ctx.is_finisher_partner(index))
