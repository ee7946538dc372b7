"""The checks of a hand across its players (SCORING_SPEC §2b): tile lists reduced against the
indicator and the copies of each tile, one finisher and the finisher's state, the okeys over the
hand, names given twice. Run by :mod:`scorer.engine.parse` once each player is read."""

from collections import Counter

from .errors import ErrorList
from .i18n import _, gettext_noop
from .inputs import NOTHING_LEFT, Opened, PlayerInput, Remaining
from .namecheck import check_unique_names
from .names import name_key
from .tiles import COPIES, copy_key, okey_of, value_tiles


def resolve_tiles(players, indicator, raw_indicator, prefix, errors) -> tuple[PlayerInput, ...]:
    """Reduce tile lists to quick-form numbers, checking the indicator and the copies of each tile."""
    if not any([p.remaining.tiles is not None for p in players]):
        return players
    if indicator is None:
        if raw_indicator is None:
            errors.add(f"{prefix}indicator", _("The tile list needs the hand's indicator (gösterge)."))
        return players
    okey = okey_of(indicator)
    copies = Counter({str(indicator): 1})
    resolved = []
    for i, player in enumerate(players):
        tiles = player.remaining.tiles
        if tiles is None:
            resolved.append(player)
            continue
        for j, text in enumerate(tiles):
            key = copy_key(text, okey)
            copies[key] += 1
            if copies[key] > COPIES:
                errors.add(
                    f"{prefix}players[{i}].remaining.tiles[{j}]",
                    _("There are only 2 copies of each tile (the indicator is one of them)."),
                )
        count = value_tiles(tiles, indicator=indicator)
        resolved.append(
            player._replace(remaining=Remaining(count.points, count.okeys, count.fake_okeys, tiles))
        )
    return tuple(resolved)


OKEY_KINDS = (("okeys", gettext_noop("real okeys")), ("fake_okeys", gettext_noop("fake okeys")))


def check_hand(players, prefix: str, names_given: bool, errors: ErrorList) -> None:
    """Checks across players: one finisher, the finisher's state, okey totals, names."""
    finishers = [i for i, p in enumerate(players) if p.finished]
    for i in finishers[1:]:
        errors.add(f"{prefix}players[{i}].finished", _("Only one player can finish a hand."))
    okeys = fake_okeys = 0
    for i, player in enumerate(players):
        check_player_state(player, prefix, i, errors)
        okeys += player.remaining.okeys
        fake_okeys += player.remaining.fake_okeys
    for (key, label), total in zip(OKEY_KINDS, (okeys, fake_okeys), strict=True):
        if total > COPIES:
            check_okey_count(players, key, label, prefix, errors)
    if names_given and len({name_key(p.name) for p in players}) < len(players):
        paths = [f"{prefix}players[{i}].name" for i in range(len(players))]
        check_unique_names([p.name for p in players], paths, errors)


def check_okey_count(players, key: str, label: str, prefix: str, errors: ErrorList) -> None:
    """Names the player at whom the count of real (or fake) okeys goes over 2."""
    total = 0
    for i, player in enumerate(players):
        held = getattr(player.remaining, key)
        total += held
        if total > COPIES and held:
            message = _("There are only 2 {what} in the game; this hand has {n}.")
            errors.add(f"{prefix}players[{i}].remaining.{key}", message.format(what=_(label), n=total))
            return


def check_player_state(player: PlayerInput, prefix: str, index: int, errors: ErrorList) -> None:
    """One player's state against the rules of §2b that need no rule set (paths built on error only)."""
    remaining = player.remaining
    problems = []
    if player.finished:
        if player.opened is Opened.NONE:
            problems.append(("opened", _("A finisher must have opened.")))
        if remaining is not NOTHING_LEFT and any(remaining):
            problems.append(("remaining", _("A finisher has no tiles left.")))
    elif player.finish:
        problems.append(("finish", _("Finish flags belong to the finisher only.")))
    if "nine_pairs_run" in player.finish and player.opened is not Opened.PAIRS:
        problems.append(("finish.nine_pairs_run", _("A 9 pairs + 1 run finisher opened with pairs.")))
    if player.side_tile is not None and player.opened is Opened.NONE:
        problems.append(("side_tile", _("Only a player who opened can have used a side tile.")))
    if player.first_opening is not None:
        problems += first_opening_problems(player)
    for field, message in problems:
        errors.add(f"{prefix}players[{index}].{field}", message)


def first_opening_problems(player: PlayerInput) -> list[tuple[str, str]]:
    opening = player.first_opening
    if not player.has_opened:
        return [("first_opening", _("Only a player who opened has a first opening."))]
    if player.opened is Opened.PAIRS and opening.points is not None:
        return [("first_opening.points", _("A pairs opening is counted in pairs, not points."))]
    if player.opened is Opened.SETS and opening.pairs is not None:
        return [("first_opening.pairs", _("A sets opening is counted in points, not pairs."))]
    return []
