"""Tie-break games at the cut (decision E6): the organizer seats only the tied entrants at a new
table, one hand unless they choose more, and its result is recorded as the table's decision.

The tie-break game is a normal okeycalc table (entry, board, corrections), not a game of the
event: EVENT_FORMAT.md has no place for it, so the event document and ``score_event`` see only
what it decided, ``decided`` on the tied table, exactly as a decision made by hand. Deciding by
hand stays possible at any time; the note of the decision names the tie-break's totals.
"""

from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorer.engine import InvalidInput
from scorer.engine.errors import FieldError
from scorer.events.models import Event, EventRecord, EventTable, TieBreak
from scorer.events.selectors.standings import event_standings
from scorer.events.services.base import check_version, lock_event, record, writable
from scorer.events.services.tables import cut_decide
from scorer.tables.selectors import game_board
from scorer.tables.services.games import game_create

MINUS = "\u2212"
MSG_NO_TIE = gettext_lazy("There is no tie at the cut at this table.")
MSG_NOT_DONE = gettext_lazy("The tie-break game is not finished yet.")
MSG_STILL_TIED = gettext_lazy("The tie-break game is tied too: play another or decide by hand.")
MSG_NONE = gettext_lazy("No tie-break game is played at this table.")


def _invalid(path: str, message: str) -> InvalidInput:
    return InvalidInput([FieldError(path, message)])


@dataclass(frozen=True, slots=True)
class Outcome:
    """A tie-break game as it stands: its players' totals in seat order, and who goes on once it
    is finished and not tied across the places left (entrant ids, in the order they finished)."""

    tie_break: TieBreak
    names: tuple[str, ...]
    totals: tuple[int, ...]
    complete: bool
    chosen: tuple[int, ...] | None

    @property
    def rows(self) -> list[tuple[str, int]]:
        return list(zip(self.names, self.totals, strict=True))

    @property
    def note(self) -> str:
        """The decision's note: "Tie-break game: Ayşe −101, Bora 40"."""
        scores = ", ".join(
            f"{name} {MINUS}{-total}" if total < 0 else f"{name} {total}"
            for name, total in zip(self.names, self.totals, strict=True)
        )
        return _("Tie-break game: %(scores)s") % {"scores": scores}


def _tied_table(view, table_id: int):
    for table in view.current:
        if table.table.pk == table_id:
            if not table.tie_at_cut:
                raise _invalid("table", str(MSG_NO_TIE))
            return table
    raise _invalid("table", _("No such table in this event."))


def _players(event: Event, ids: list[int], by_id: dict) -> list[str]:
    """The game's players: the tied individuals, or the two tied teams, partners opposite."""
    if not event.partners:
        return [by_id[pk].name for pk in ids]
    first, second = (by_id[pk].players for pk in ids)
    return [first[0], second[0], first[1], second[1]]


@transaction.atomic
def tiebreak_start(*, event: Event, table_id: int, hands: int = 1, device=None, version=None) -> TieBreak:
    """Seat the tied entrants of a table at a tie-break game of ``hands`` hands."""
    locked = lock_event(event)
    check_version(locked, version)
    writable(locked)
    view = event_standings(locked, next_round=False)
    table = _tied_table(view, table_id)
    by_name = {entrant.name: entrant for entrant in view.data.entrants}
    ids = [by_name[name].pk for name in table.tie_at_cut]
    cut = 1 if table.final else locked.advance
    by_id = {entrant.pk: entrant for entrant in view.data.entrants}
    game, _secret = game_create(
        ruleset=locked.ruleset,
        options=locked.options,
        players=_players(locked, ids, by_id),
        hands_planned=hands,
    )
    tie_break = TieBreak.objects.create(
        table=table.table, game=game, entrants=ids, places=cut - len(table.advancing)
    )
    record(
        locked, EventRecord.TIE_BREAK, device=device, round_number=table.round_number,
        table_number=table.number, entrants=list(table.tie_at_cut),
        note=_("%(n)s hand(s)") % {"n": hands},
    )  # fmt: skip
    return tie_break


def tiebreak_latest(table: EventTable) -> TieBreak | None:
    return TieBreak.objects.filter(table=table).select_related("game").order_by("-created_at", "-pk").first()


def tiebreak_outcome(tie_break: TieBreak) -> Outcome:
    board = game_board(tie_break.game)
    entrants = {e.pk: e for e in tie_break.table.round.event.entrants.all()}
    names = tuple(entrants[pk].name for pk in tie_break.entrants)
    totals = tuple(board.totals) if board.rows else tuple(0 for _ in names)
    chosen = None
    if board.complete and board.result is not None:
        order = sorted(range(len(names)), key=lambda k: totals[k])
        places = tie_break.places
        if places < len(order) and totals[order[places - 1]] != totals[order[places]]:
            chosen = tuple(tie_break.entrants[k] for k in order[:places])
    return Outcome(tie_break, names, totals, board.complete, chosen)


def tiebreak_record(*, event: Event, table_id: int, device=None, version=None) -> EventTable:
    """Record the latest tie-break game's result as the table's decision at the cut."""
    table = EventTable.objects.filter(pk=table_id, round__event=event).first()
    tie_break = tiebreak_latest(table) if table else None
    if tie_break is None:
        raise _invalid("table", str(MSG_NONE))
    outcome = tiebreak_outcome(tie_break)
    if not outcome.complete:
        raise _invalid("table", str(MSG_NOT_DONE))
    if outcome.chosen is None:
        raise _invalid("table", str(MSG_STILL_TIED))
    return cut_decide(
        event=event,
        table_id=table_id,
        chosen=list(outcome.chosen),
        note=outcome.note,
        device=device,
        version=version,
    )
