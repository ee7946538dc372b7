"""What an event table's scorekeeper may no longer do at its game (decision E15).

Registered with the tables' guards (scorer/tables/guards.py) by :mod:`scorer.events.handlers`:
the table's pages and services ask before a hand is deleted or restored or the game's number of
hands changes, and only for games of event tables (``Game.in_event``).

- A game of a round after which another round has started keeps its hands: a delete would make
  a complete table of that round incomplete (the event document would have a round after an
  incomplete one). Its hands can still be corrected (E12).
- A knockout match game after which the match's next game is open keeps its hands (E7: a game
  starts once the one before it is complete).
- An event game plays the event's number of hands (``hands_per_game``): no other number.
- A closed or locked table, or a finished event, changes no more (E8, E12).

Asked inside the write (``lock``), the guard first locks the event's row, as every organizer
change does (starting a round among them): a delete and the start of the next round never both
go through on what the other has not seen yet.
"""

from django.db.models import Exists, OuterRef
from django.utils.translation import gettext as _

from scorer.events.models import Event, EventGame, Round
from scorer.models import Game, Hand
from scorer.tables import guards


def _link(game: Game) -> EventGame | None:
    """The game's event table, round and event, and whether a later round or match game exists:
    one query."""
    later_round = Round.objects.filter(
        event_id=OuterRef("table__round__event_id"), number__gt=OuterRef("table__round__number")
    )
    later_game = EventGame.objects.filter(table_id=OuterRef("table_id"), number__gt=OuterRef("number"))
    return (
        EventGame.objects.filter(game_id=game.pk)
        .select_related("table__round__event")
        .annotate(later_round=Exists(later_round), later_game=Exists(later_game))
        .first()
    )


def _lock_event(game: Game) -> None:
    """The event's row, locked until the transaction ends (PostgreSQL; SQLite's write
    transaction holds the whole database already)."""
    rows = Event.objects.select_for_update(of=("self",)).filter(rounds__tables__games__game_id=game.pk)
    list(rows.values_list("pk", flat=True))


def event_guard(
    game: Game, action: str, *, hand: Hand | None = None, hands_planned: int | None = None, lock: bool = False
) -> str:
    if lock:
        _lock_event(game)
    link = _link(game)
    if link is None:
        return ""
    event = link.table.round.event
    if event.finished or link.table.closed or link.table.locked:
        return _("This table is closed: it can be seen, no longer changed.")
    if action == guards.PLAN:
        return _plan_refusal(game, event, hands_planned)
    if action in (guards.DELETE, guards.RESTORE):
        return _hands_refusal(link, deleting=action == guards.DELETE)
    return ""


def _plan_refusal(game: Game, event: Event, hands_planned: int | None) -> str:
    if hands_planned == event.hands_per_game != game.hands_planned:
        return ""  # back to the event's number (a game changed before this rule)
    return _("This table belongs to the event “%(event)s”: every game plays the event's %(hands)s hands.") % {
        "event": event.name,
        "hands": event.hands_per_game,
    }


def _hands_refusal(link: EventGame, *, deleting: bool) -> str:
    """A delete (or a restore) at a game a later round or match game follows: refused."""
    rnd = link.table.round
    if link.later_round:
        values = {"round": rnd.number, "next": rnd.number + 1}
        if deleting:
            return (
                _(
                    "This table is in round %(round)s of the event: round %(next)s has started, so no hand "
                    "can be deleted here. You can correct the hand instead."
                )
                % values
            )
        return (
            _(
                "This table is in round %(round)s of the event: round %(next)s has started, so no deleted "
                "hand can come back here."
            )
            % values
        )
    if link.later_game:
        values = {"game": link.number, "next": link.number + 1}
        if deleting:
            return (
                _(
                    "This is game %(game)s of the match: game %(next)s has started, so no hand can be deleted "
                    "here. You can correct the hand instead."
                )
                % values
            )
        return (
            _(
                "This is game %(game)s of the match: game %(next)s has started, so no deleted hand can come "
                "back here."
            )
            % values
        )
    return ""


def connect() -> None:
    guards.register(event_guard)
