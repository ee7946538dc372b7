"""LOCA Cezalı 101 (SCORING_SPEC §5): klasik plus finish multipliers, rewards and more penalties."""

from dataclasses import replace

from ..codes import LineCode as C
from ..codes import RuleId as R
from ..i18n import _, gettext_noop
from .declarations import TeamRow, row
from .loca import Loca

CEZALI_FINISHES = (
    row("nine_pairs_run", "nine_pairs_run", -404, 4, gettext_noop("9 pairs + 1 run finish")),
    # D5: −808 from the klasik table, but Cezalı never stacks finish multipliers: ×4 like any okey finish.
    row(
        "pairs_okey",
        "pairs okey_discard",
        -808,
        4,
        gettext_noop("Pairs and okey discard finish"),
        R.CEZALI_PAIRS_OKEY,
        R.CEZALI_PAIRS_OKEY,
    ),
    row("okey", "okey_discard", -404, 4, gettext_noop("Okey discard finish")),
    row("elden", "elden", -202, 2, gettext_noop("Elden finish")),
    row("pairs", "pairs", -202, 2, gettext_noop("Pairs finish")),
    row("normal", "", -101, 1, gettext_noop("Normal finish")),
)
# Cezalı 101 Eşli: the opposing team's fixed line, first match wins. A pairs + okey finish is an okey
# finish (D6): 1600 with elden, 808 without.
TEAM_FIXED = (
    TeamRow(frozenset({"nine_pairs_run"}), 1600, gettext_noop("9 pairs + 1 run finish"), R.CEZALI_TEAM_BASE),
    TeamRow(
        frozenset({"okey_discard", "elden", "pairs"}),
        1600,
        gettext_noop("Pairs and okey discard, elden: an okey elden finish"),
        R.CEZALI_TEAM_PAIRS_OKEY,
    ),
    TeamRow(
        frozenset({"okey_discard", "elden"}), 1600, gettext_noop("Okey elden finish"), R.CEZALI_TEAM_BASE
    ),
    TeamRow(
        frozenset({"okey_discard", "pairs"}),
        808,
        gettext_noop("Pairs and okey discard, not elden: a normal finish with the okey"),
        R.CEZALI_TEAM_PAIRS_OKEY,
    ),
    TeamRow(
        frozenset({"okey_discard"}), 808, gettext_noop("Normal finish with the okey"), R.CEZALI_TEAM_BASE
    ),
    TeamRow(frozenset({"elden"}), 808, gettext_noop("Elden finish (151+ elden too)"), R.CEZALI_TEAM_BASE),
)
# The fouls whose clause differs from klasik's (the take-back foul keeps klasik's), and the two new ones.
CEZALI_FOUL_RULES = {
    "okey_discard": R.CEZALI_FOUL_OKEY,
    "islek_discard": R.CEZALI_FOUL_ISLEK,
    "okey_taken_from_discard": R.CEZALI_OKEY_TAKEN,
    "okey_swapped": R.CEZALI_OKEY_SWAPPED,
}
# Opening rewards, largest first; only the first that qualifies applies.
REWARDS = (
    ("pairs", 9, -202, gettext_noop("First opening with 9 or more pairs")),
    ("points", 151, -101, gettext_noop("First opening with 151 or more points")),
    ("pairs", 7, -101, gettext_noop("First opening with 7 or 8 pairs")),
)


class LocaCezali(Loca):
    id = "loca-cezali"
    name = gettext_noop("LOCA Cezalı 101")
    tagline = gettext_noop("LOCA with finish multipliers up to ×4, opening rewards and more penalties.")
    finish_table = CEZALI_FINISHES
    finish_flags = ("okey_discard", "elden", "nine_pairs_run")
    fouls = ("okey_discard", "islek_discard", "take_back", "okey_taken_from_discard", "okey_swapped")
    side_tile_factors = (10, 20)
    team_fixed_table = TEAM_FIXED
    # Klasik's clauses for tiles, okeys, pairs doubling, the deck-out and the take-back foul; the rest differ.
    rules = replace(
        Loca.rules,
        finish=R.CEZALI_FINISHES,
        not_opened=R.CEZALI_NOT_OPENED,
        multiplier=R.CEZALI_FINISHES,
        partners=R.CEZALI_PARTNERS,
        unscored_flag=R.CEZALI_FINISHES,
        fouls=Loca.rules.fouls | CEZALI_FOUL_RULES,
        side_tile=R.CEZALI_SIDE_TILE,
        reward=R.CEZALI_REWARD,
        not_opened_tiles=R.LOCA_NOT_OPENED,
        pairs_multiplier=R.CEZALI_PAIRS_MAX,
        opening=R.LOCA_OPENING,
        threshold=R.LOCA_THRESHOLD,
        winner=R.LOCA_WINNER,
    )

    deck_out_note = gettext_noop(
        "The wall ran out without a finisher and someone had opened: this is not a draw. The hand is "
        "scored and the table entry is NOT refunded. Nobody gets a finish score and no finish multiplier "
        "applies (×1); openers pay their hand value (a pairs opener twice that), players who never opened "
        "{not_opened}. Opening rewards and penalties still count."
    )

    def reward_lines(self, ctx, index):
        player = ctx.hand.players[index]
        opening = player.first_opening
        if opening is None:
            return []
        nine_pairs_run = player.finished and "nine_pairs_run" in player.finish
        for kind, least, points, label in REWARDS:
            size = getattr(opening, kind)
            if size is None or size < least:
                continue
            if nine_pairs_run and kind == "pairs":
                note = _("No 9-pair reward on a 9 pairs + 1 run finish")
                return [ctx.line(C.INFO, 0, note, _("{n} pairs").format(n=size), self.rules.reward)]
            return [ctx.line(C.OPENING_REWARD, points, _(label), str(size), self.rules.reward)]
        return []
