"""An event's entrants after it is made: a late arrival, a withdrawal or a no-show."""

from django.db import transaction
from django.utils.translation import gettext as _

from scorer.engine import InvalidInput
from scorer.engine.errors import FieldError
from scorer.events.models import Entrant, Event, EventRecord
from scorer.events.rules.document import parse_event
from scorer.events.selectors.document import event_data, event_document
from scorer.events.services.base import check_version, invalid, lock_event, record, writable


def _entrant_document(name: str, players: list[str] | None, partners: bool):
    return {"name": name, "players": list(players or [])} if partners else name


@transaction.atomic
def entrant_add(*, event: Event, name: str, players=None, note="", device=None, version=None) -> Entrant:
    """A late arrival (decision E10): points events until their last round starts, knockouts
    only before their first round. It plays from the next round."""
    locked = lock_event(event)
    check_version(locked, version)
    writable(locked)
    data = event_data(locked)
    played = len(data.rounds)
    if locked.knockout and played:
        raise invalid("entrant", _("A knockout takes late arrivals only before its first round is seated."))
    if not locked.knockout and played >= (locked.rounds_planned or 0):
        raise invalid("entrant", _("The last round has started: no more late arrivals."))
    document = event_document(locked, data)
    index = len(document["entrants"])
    document["entrants"].append(_entrant_document(name, players, locked.partners))
    try:
        parsed = parse_event(document)
    except InvalidInput as exc:
        mine = [e for e in exc.errors if e.path.startswith(f"entrants[{index}]") or e.path == "entrants"]
        raise InvalidInput(
            [FieldError(e.path.replace(f"entrants[{index}]", "entrant"), e.message) for e in mine]
        ) from None
    added = parsed.entrants[index]
    position = (data.entrants[-1].position + 1) if data.entrants else 0
    entrant = Entrant.objects.create(
        event=locked,
        position=position,
        name=added.name,
        players=list(added.players),
        status=Entrant.LATE,
        status_round=played + 1,
        note=note[:200],
    )
    record(
        locked, EventRecord.LATE, device=device, round_number=played + 1, entrants=[entrant.name], note=note
    )
    return entrant


@transaction.atomic
def entrant_withdraw(
    *, event: Event, entrant_id: int, no_show: bool = False, note="", device=None, version=None
):
    """An entrant leaves (decision E9): seated in no later round; what it played still counts.
    A no-show never played at all."""
    locked = lock_event(event)
    check_version(locked, version)
    writable(locked)
    data = event_data(locked)
    entrant = next((e for e in data.entrants if e.pk == entrant_id), None)
    if entrant is None:
        raise invalid("entrant", _("Not an entrant of this event."))
    if entrant.out:
        raise invalid("entrant", _("This entrant has already left the event."))
    seated = any(entrant.pk in table.seats for tables in data.tables.values() for table in tables)
    if no_show and seated:
        raise invalid("entrant", _("This entrant has been seated: write it down as a withdrawal."))
    entrant.status = Entrant.NO_SHOW if no_show else Entrant.WITHDRAWN
    entrant.status_round = len(data.rounds)
    entrant.note = note[:200]
    entrant.save(update_fields=["status", "status_round", "note"])
    kind = EventRecord.NO_SHOW if no_show else EventRecord.WITHDRAW
    record(
        locked, kind, device=device, round_number=len(data.rounds) or None, entrants=[entrant.name], note=note
    )
    return entrant
