"""A round's tables: closing one that cannot finish, the decision at a cut, a match's next game."""

from django.db import transaction
from django.utils.translation import gettext as _

from scorer.engine import InvalidInput
from scorer.events.models import Event, EventGame, EventRecord, EventTable, Round
from scorer.events.selectors.document import event_data
from scorer.events.selectors.standings import event_standings
from scorer.events.services.base import (
    check_version,
    invalid,
    lock_event,
    lock_tables,
    record,
    table_of,
    writable,
)


@transaction.atomic
def table_close(*, event: Event, table_id: int, note: str = "", device=None, version: int | None = None):
    """Close a table that cannot finish (decision E8): it counts with the hands it has, and
    nobody can change it any more."""
    locked = lock_event(event)
    check_version(locked, version)
    writable(locked)
    data = event_data(locked)
    table = table_of(data, table_id)
    if table.closed or table.locked:
        raise invalid("table", _("This table is already closed."))
    EventTable.objects.filter(pk=table.pk).update(closed=True)
    lock_tables([table])
    names = [entrant.name for entrant in data.entrants if entrant.pk in table.seats]
    rnd = next(r for r in data.rounds if r.pk == table.round_id)
    record(
        locked, EventRecord.CLOSE, device=device, round_number=rnd.number, table_number=table.number,
        entrants=names, note=note,
    )  # fmt: skip
    return table


@transaction.atomic
def cut_decide(*, event: Event, table_id: int, chosen: list[int], note="", device=None, version=None):
    """Record who the organizer sends on from a tie at the cut (decision E6); the rules check
    that the choice settles the table's tie as the numbers stand."""
    locked = lock_event(event)
    check_version(locked, version)
    writable(locked)
    data = event_data(locked)
    table = table_of(data, table_id)
    rnd = next(r for r in data.rounds if r.pk == table.round_id)
    if rnd.status == Round.LOCKED:
        raise invalid("table", _("The next round has started: who advanced stands."))
    if not all(pk in table.seats for pk in chosen):
        raise invalid("decided", _("Not seated at this table."))
    table.decided = list(chosen)
    table.save(update_fields=["decided"])
    view = event_standings(locked, next_round=False)
    if view.errors:
        raise InvalidInput(list(view.errors))
    r = data.rounds.index(rnd)
    here = f"rounds[{r}].tables[{data.tables[rnd.pk].index(table)}].decided"
    mine = [error for error in view.stale_decisions if error.path.startswith(here)]
    if mine:  # the pages would count it as not made (E15): refused instead
        raise InvalidInput(mine)
    names = [entrant.name for entrant in data.entrants if entrant.pk in chosen]
    record(
        locked, EventRecord.CUT, device=device, round_number=rnd.number, table_number=table.number,
        entrants=names, note=note,
    )  # fmt: skip
    return table


@transaction.atomic
def match_game_open(*, event: Event, table_id: int, device=None) -> EventGame:
    """Open the next game of a knockout match (the rematch of the one before, decision E7)."""
    from scorer.tables.services.games import game_rematch

    locked = lock_event(event)
    writable(locked)
    data = event_data(locked)
    table = table_of(data, table_id)
    links = data.games.get(table.pk, [])
    if not locked.knockout or table.closed or table.locked or len(links) >= locked.games_per_match:
        raise invalid("table", _("This table plays no further game."))
    game, _created = game_rematch(game=links[-1].game)
    return EventGame.objects.get(game=game)
