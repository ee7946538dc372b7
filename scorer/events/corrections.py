"""What a correction at an event table changed, for the organizer (read side).

- :func:`seating_shifts`: a round seated by the standings keeps the places it was seated from
  (``Round.seated_from``); when a correction, deletion or restore in an earlier round has moved
  them since, the organizer page says who moved, and whether the round can still be seated again
  (no hand entered yet, decision E11). Keeping the seating stores the places as they are now.
- :func:`hand_change_lines`: every correction, deletion and restore at the event's tables (the
  tables' own history, ``HandChange``), with its round, table, hand, fields and time: "Kayıtlar"
  lists them among the organizer's records.
"""

from dataclasses import dataclass
from datetime import datetime

from scorer.engine import InvalidInput
from scorer.events.models import Event, EventRecord
from scorer.events.rules import score_event
from scorer.events.selectors.document import kept_games
from scorer.models import HandChange

SHOWN_FIELDS = 6
"""A correction lists at most this many changed fields (then "…")."""


@dataclass(frozen=True, slots=True)
class Move:
    name: str
    old: int
    new: int


@dataclass(frozen=True, slots=True)
class SeatingShift:
    """A round whose seating was made from standings that a later correction changed."""

    round_number: int
    moves: tuple[Move, ...]
    can_reseat: bool
    places: tuple[tuple[int, int], ...]
    """(entrant id, place) as the rounds before stand now: what keeping the seating stores."""

    @property
    def note(self) -> str:
        return ", ".join(f"{move.name} {move.old}→{move.new}" for move in self.moves)[:200]


def _relative(places: dict[int, int], among: set[int]) -> dict[int, int]:
    """Places among ``among`` only (1 + how many of them are strictly ahead): a late arrival or a
    withdrawal since does not read as a move."""
    return {pk: 1 + sum(1 for other in among if places[other] < places[pk]) for pk in among}


def _places_before(view, number: int) -> dict[int, int] | None:
    """(entrant id → place) of the standings after the rounds before round ``number``, as the
    tables stand now; None when they cannot be scored."""
    document = {**view.document, "rounds": view.document["rounds"][: number - 1]}
    try:
        result = score_event(document, known=kept_games(view.data))
    except InvalidInput:
        return None
    entrants = view.data.entrants
    return {entrants[s.entrant].pk: s.place for s in result.standings}


def seating_shifts(view) -> list[SeatingShift]:
    """Every round (of an event's standings ``view``) seated from places that have changed since."""
    if view.result is None or view.event.finished:
        return []
    names = {entrant.pk: entrant.name for entrant in view.data.entrants}
    last = view.data.rounds[-1].number if view.data.rounds else 0
    shifts = []
    for rnd in view.data.rounds:
        if not rnd.seated_from:
            continue
        now = _places_before(view, rnd.number)
        if now is None:
            continue
        then = {pk: place for pk, place in rnd.seated_from if pk in names}
        among = set(then) & set(now)
        old, new = _relative(then, among), _relative(now, among)
        moves = sorted(
            (Move(names[pk], old[pk], new[pk]) for pk in among if old[pk] != new[pk]),
            key=lambda move: (move.new, move.name),
        )
        if moves:
            fresh = rnd.number == last and all(sum(table.hands) == 0 for table in view.current)
            shifts.append(SeatingShift(rnd.number, tuple(moves), fresh, tuple(sorted(now.items()))))
    return shifts


# --- the tables' corrections in "Kayıtlar" -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChangeLine:
    """One correction, deletion or restore at an event table, as "Kayıtlar" lists it."""

    at: datetime
    kind: str
    round_number: int
    table_number: int
    game_number: int
    hand_number: int
    fields: tuple[str, ...] = ()
    more: bool = False

    @property
    def is_change(self) -> bool:
        return True


def changed_fields(before, after, path: str = "") -> list[str]:
    """The paths (hand format, HAND_FORMAT.md) whose values differ, each with its old and new value."""
    if isinstance(before, dict) and isinstance(after, dict):
        found = []
        for key in list(dict.fromkeys([*before, *after])):
            found += changed_fields(before.get(key), after.get(key), f"{path}.{key}" if path else str(key))
        return found
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        found = []
        for k, (old, new) in enumerate(zip(before, after, strict=True)):
            found += changed_fields(old, new, f"{path}[{k}]")
        return found
    if before == after:
        return []
    return [f"{path}: {_shown(before)} → {_shown(after)}"]


def _shown(value) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "✓" if value else "✗"
    return str(value)


def _named(field: str, players: list[str]) -> str:
    """``players[2].remaining…`` → ``Cem: remaining…`` (the player's name instead of its index)."""
    for k, name in enumerate(players):
        prefix = f"players[{k}]"
        if field.startswith(prefix + "."):
            return f"{name}: {field[len(prefix) + 1 :]}"
    return field


def hand_change_lines(event: Event, limit: int = 50) -> list[ChangeLine]:
    """The event tables' latest corrections, deletions and restores, newest first (one query)."""
    rows = (
        HandChange.objects.filter(hand__game__event_game__table__round__event=event)
        .exclude(kind=HandChange.CREATE)
        .select_related("hand__game__event_game__table__round")
        .order_by("-at", "-pk")[:limit]
    )
    lines = []
    for change in rows:
        game = change.hand.game
        link = game.event_game
        fields = []
        if change.kind == HandChange.CORRECT:
            fields = [
                _named(f, game.players) for f in changed_fields(change.before or {}, change.after or {})
            ]
        lines.append(
            ChangeLine(
                at=change.at,
                kind=change.kind,
                round_number=link.table.round.number,
                table_number=link.table.number,
                game_number=link.number,
                hand_number=change.hand.position,
                fields=tuple(fields[:SHOWN_FIELDS]),
                more=len(fields) > SHOWN_FIELDS,
            )
        )
    return lines


def records_with_changes(event: Event, limit: int = 50) -> list:
    """The organizer's records and the tables' changes together, newest first."""
    records = list(EventRecord.objects.filter(event=event).order_by("-created_at", "-pk")[:limit])
    merged = sorted([*records, *hand_change_lines(event, limit)], key=_when, reverse=True)
    return merged[:limit]


def _when(item) -> datetime:
    return item.at if isinstance(item, ChangeLine) else item.created_at
