"""A table's own writes: a new table (with its join code), its rematch, and its planned number of
hands."""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scorer.engine import InvalidInput, get_ruleset, score_game
from scorer.engine.errors import FieldError
from scorer.engine.names import clean_name
from scorer.engine.settlement import Stake
from scorer.houses.played import HouseCopy, house_fields
from scorer.models import Game, new_join_code
from scorer.tables import guards
from scorer.tables.freshness import Change, changed
from scorer.tables.outcome import next_dealer

MSG_NOT_OVER = gettext_noop("A rematch can start once every planned hand of this game has been played.")


def game_create(
    *,
    ruleset: str,
    options: dict,
    players: list[str],
    hands_planned: int,
    first_dealer: int = 0,
    rematch_of: Game | None = None,
    in_event: bool = False,
    house: HouseCopy | None = None,
    stake: dict | None = None,
) -> tuple[Game, str]:
    """Create a table; returns it and its edit link's secret (derived, never stored: scorer/access/links.py).
    ``in_event``: a game of an event table (scorer/events), whose deletes, restores and number of
    hands the event guards (scorer/tables/guards.py). ``house``: the house rule set it plays (its
    base is then the table's ``ruleset``), kept as a frozen copy. ``stake``: what it is played
    for, as ``Stake.stored()`` writes it (scorer/engine/settlement.py; a rematch keeps the stake)."""
    if house is not None:
        ruleset = house.document["base"]
    document = {
        "ruleset": ruleset if house is None else house.document,
        "options": options,
        "players": players,
        "hands_planned": hands_planned,
        "hands": [],
    }
    score_game(document)  # validates rule set, options, names and planned hands
    if not 0 <= first_dealer < len(players):
        raise InvalidInput([FieldError("first_dealer", _("Choose one of the players."))])
    kept = Stake.from_stored(stake)
    if stake is not None and kept is None:
        raise InvalidInput([FieldError("stake", _("Not a value okeycalc writes here."))])
    fields = {
        "ruleset": ruleset,
        "options": get_ruleset(ruleset).normalize_options(options),
        "players": [clean_name(name) for name in players],
        "hands_planned": hands_planned,
        "first_dealer": first_dealer,
        "rematch_of": rematch_of,
        "in_event": in_event,
        **house_fields(house),
        "stake": kept.stored() if kept is not None else None,
    }
    game = _create_with_code(fields)
    return game, game.link_secret


JOIN_CODE_TRIES = 8


def _create_with_code(fields: dict) -> Game:
    """Insert the table; should its random join code be taken already (about one chance in
    887 million per table there is), insert it again with another. Any other conflict (a rematch
    opened meanwhile) is raised."""
    for _attempt in range(JOIN_CODE_TRIES):
        code = new_join_code()
        try:
            with transaction.atomic():
                return Game.objects.create(code=code, **fields)
        except IntegrityError:
            if not Game.objects.filter(code=code).exists():
                raise
    raise IntegrityError("no free join code")


def rematch_dealer(game: Game) -> int:
    """Who deals first in the rematch: the player who would have dealt the next hand (the deal
    keeps rotating from one game to the next), after the last hand's stored dealer."""
    last = game.hands.live().order_by("-position").values_list("dealer", flat=True).first()
    return next_dealer(last, game.first_dealer, len(game.players))


def rematch_get(game: Game) -> Game | None:
    return Game.objects.filter(rematch_of=game).first()


@transaction.atomic
def game_rematch(*, game: Game) -> tuple[Game, bool]:
    """Open the rematch (rövanş) of a finished table: same players, rule set, options and number
    of hands, the deal rotating on. Returns the rematch and whether this call created it.

    Idempotent: a table has at most one rematch (a unique link, also under concurrent requests);
    when it already exists it is returned.
    """
    changed(
        Change.REMATCH, games=[game]
    )  # one rematch decision at a time; the new version shows viewers the rematch link
    existing = rematch_get(game)
    if existing is not None:
        return existing, False
    if game.hands.live().count() < game.hands_planned:
        raise InvalidInput([FieldError("", _(MSG_NOT_OVER))])
    kwargs = {
        "ruleset": game.ruleset,
        "options": game.options,
        "players": game.players,
        "hands_planned": game.hands_planned,
        "first_dealer": rematch_dealer(game),
        "rematch_of": game,
        "house": game.house_copy,  # the copy the series plays, whatever the house became since
        "stake": game.stake,
    }
    try:
        with transaction.atomic():
            rematch, _secret = game_create(**kwargs)
    except IntegrityError:  # another request opened it between our check and our insert
        return Game.objects.get(rematch_of=game), False
    return rematch, True


MSG_PLAN_COUNT = gettext_noop("Choose one of this rule set's numbers of hands.")


MSG_PLAN_BELOW = gettext_noop("{played} hands have been played already: choose at least {played}.")


MSG_PLAN_REMATCH = gettext_noop("The rematch is open already: this game's number of hands stays as it is.")


class TableChanged(Exception):
    """The table changed since the form was shown (a hand saved, another phone's change)."""


def plan_choices(game: Game, played: int) -> tuple[int, ...]:
    """The numbers of hands this table may change to: the rule set's, and not below those played."""
    return tuple(n for n in get_ruleset(game.ruleset).hand_counts if n >= max(played, 1))


@transaction.atomic
def game_plan(*, game: Game, hands_planned: int, version: int | None) -> Game:
    """Change how many hands the table plays, while it runs (or, finished, before its rematch).

    ``version`` is the table's version the form was shown at: the change is made only if nothing
    changed since (one UPDATE that also locks the row), so it can never cut a game below a hand
    another phone saved meanwhile; :class:`TableChanged` otherwise. The new count must be one of
    the rule set's and not below the hands played (read under that lock)."""
    if hands_planned not in get_ruleset(game.ruleset).hand_counts:
        raise InvalidInput([FieldError("hands_planned", _(MSG_PLAN_COUNT))])
    guards.check(game, guards.PLAN, hands_planned=hands_planned, path="hands_planned")
    rows = Game.objects.filter(pk=game.pk)
    if version is not None:
        rows = rows.filter(version=version)
    if not rows.update(hands_planned=hands_planned):  # locks the row: nothing changes it meanwhile
        raise TableChanged()
    changed(Change.PLAN, games=[game.pk])  # ``game`` is refreshed below, once the checks pass
    played = game.hands.live().count()
    if hands_planned < played:
        raise InvalidInput([FieldError("hands_planned", _(MSG_PLAN_BELOW).format(played=played))])
    if Game.objects.filter(rematch_of=game).exists():
        raise InvalidInput([FieldError("hands_planned", _(MSG_PLAN_REMATCH))])
    game.refresh_from_db(fields=["hands_planned", "version", "updated_at"])
    return game
