"""A table's own facts after it was opened: its players' names, who dealt first, what it is played
for. Each change is stored with its row of the table's history (``GameChange``) in one
transaction and moves the table's version, so it is pushed to every open board like a hand.

- A renamed player keeps their seat. A table's stored hands are read with the table's names by
  seat (``storedtext.shown_hand``), so a hand saved under the old name, even one a phone was
  saving as the name changed, reads right; its history keeps the names it was written with.
  Names are checked as a new table's are (the engine's rules: ``scorer/engine/names.py``).
- A new first dealer moves the deal of every hand of the table by as many seats (each hand keeps
  its dealer otherwise: a delete never changes anybody's deal), so the next dealer follows too.
  A rematch already opened keeps its own first dealer.
- An event's table is the organizer's: its players are the event's entrants and their seats and
  first dealer the round's seating, so none of these changes is made there (the event's pages and
  its standings name the entrants).

Locks: the hands' rows (only when the deal moves), then the table's row, the order a correction,
a delete and a restore take them, so that no two writes of a table wait for each other.
"""

from collections.abc import Sequence

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scorer.engine import InvalidInput, score_game
from scorer.engine.errors import FieldError
from scorer.engine.names import clean_name
from scorer.engine.settlement import Stake
from scorer.models import Device, Game, GameChange, Hand
from scorer.tables.freshness import Change, changed

MSG_EVENT_TABLE = gettext_noop(
    "This table belongs to an event: its players, their seats and who deals first are the organizer's "
    "seating and cannot be changed here."
)
MSG_DEALER = gettext_noop("Choose one of the players.")


class FactsChanged(Exception):
    """The table's facts were changed since the form was shown (by another phone)."""


def _refuse_at_event(game: Game, path: str) -> None:
    if game.in_event:
        raise InvalidInput([FieldError(path, _(MSG_EVENT_TABLE))])


def _checked_names(game: Game, names: Sequence[str]) -> list[str]:
    """The names cleaned, checked as a new table's (the count, each name, no two alike)."""
    document = {
        "ruleset": game.ruleset,
        "options": game.options,
        "players": list(names),
        "hands_planned": game.hands_planned,
        "hands": [],
    }
    score_game(document)
    if len(names) != len(game.players):  # a table keeps its seats
        raise InvalidInput([FieldError("players", _("A table keeps its number of players."))])
    return [clean_name(name) for name in names]


def _locked(game: Game, seen_changes: int | None = None) -> Game:
    """The table's row locked (its version moved: pushed once committed) and its facts read under
    the lock; :class:`FactsChanged` when they changed since the form showed ``seen_changes``."""
    changed(Change.FACTS, games=[game])
    current = Game.objects.only("pk", "players", "first_dealer", "stake", "version", "in_event").get(
        pk=game.pk
    )
    if seen_changes is not None and GameChange.objects.filter(game=game).count() != seen_changes:
        raise FactsChanged()
    return current


def _lock_hands(game: Game) -> None:
    """The table's hands' rows, before the table's (see the module's docstring)."""
    list(Hand.objects.select_for_update().filter(game=game).order_by("pk").values_list("pk", flat=True))


def _record(game: Game, kind: str, device: Device | None, before, after) -> GameChange:
    return GameChange.objects.create(
        game=game,
        kind=kind,
        device=device if device is not None and device.pk else None,
        before=before,
        after=after,
    )


def _rename(game: Game, current: Game, names: list[str], device: Device | None) -> GameChange | None:
    if names == list(current.players):
        return None
    Game.objects.filter(pk=game.pk).update(players=names)
    game.players = names
    return _record(game, GameChange.PLAYERS, device, list(current.players), names)


def _move_deal(game: Game, current: Game, first_dealer: int, device: Device | None) -> GameChange | None:
    if first_dealer == current.first_dealer:
        return None
    seats = len(current.players)
    shift = (first_dealer - current.first_dealer) % seats
    Hand.objects.filter(game=game).update(dealer=(F("dealer") + shift) % seats)
    Game.objects.filter(pk=game.pk).update(first_dealer=first_dealer)
    game.first_dealer = first_dealer
    return _record(game, GameChange.FIRST_DEALER, device, current.first_dealer, first_dealer)


def _restake(game: Game, current: Game, stake: Stake | None, device: Device | None) -> GameChange | None:
    stored = stake.stored() if stake is not None else None
    if stored == current.stake:
        return None
    Game.objects.filter(pk=game.pk).update(stake=stored)
    game.stake = stored
    return _record(game, GameChange.STAKE, device, current.stake, stored)


def _check_dealer(game: Game, first_dealer: int) -> None:
    if not 0 <= first_dealer < len(game.players):
        raise InvalidInput([FieldError("first_dealer", _(MSG_DEALER))])


@transaction.atomic
def game_players_rename(
    *, game: Game, names: Sequence[str], device: Device | None = None
) -> GameChange | None:
    """Rename the table's players (seat by seat: a typo fixed); the history row, or None if no name changed."""
    _refuse_at_event(game, "players")
    cleaned = _checked_names(game, names)
    if cleaned == list(game.players):
        return None  # nothing to write, nothing to push
    return _rename(game, _locked(game), cleaned, device)


@transaction.atomic
def game_first_dealer_set(
    *, game: Game, first_dealer: int, device: Device | None = None
) -> GameChange | None:
    """Say who dealt the table's first hand: every hand's dealer moves by as many seats."""
    _refuse_at_event(game, "first_dealer")
    _check_dealer(game, first_dealer)
    if first_dealer == game.first_dealer:
        return None
    _lock_hands(game)
    return _move_deal(game, _locked(game), first_dealer, device)


@transaction.atomic
def game_stake_set(*, game: Game, stake: Stake | None, device: Device | None = None) -> GameChange | None:
    """Record what the game is played for (None: nothing)."""
    _refuse_at_event(game, "stake")
    if (stake.stored() if stake is not None else None) == game.stake:
        return None
    return _restake(game, _locked(game), stake, device)


@transaction.atomic
def game_facts_set(
    *,
    game: Game,
    names: Sequence[str],
    first_dealer: int,
    stake: Stake | None,
    seen_changes: int | None = None,
    device: Device | None = None,
) -> list[GameChange]:
    """The table's details page saved: the names, the first dealer and the stake at once, each that
    differs with its history row. ``seen_changes``: how many changes the page showed; another
    phone's change since raises :class:`FactsChanged` (nothing is changed then)."""
    _refuse_at_event(game, "players")
    cleaned = _checked_names(game, names)
    _check_dealer(game, first_dealer)
    stored = stake.stored() if stake is not None else None
    if (cleaned, first_dealer, stored) == (list(game.players), game.first_dealer, game.stake):
        return []  # the page saved as it was shown: nothing to write, nothing to push
    _lock_hands(game)  # the deal may move: the hands' rows first
    current = _locked(game, seen_changes)
    changes = (
        _rename(game, current, cleaned, device),
        _move_deal(game, current, first_dealer, device),
        _restake(game, current, stake, device),
    )
    return [change for change in changes if change is not None]
