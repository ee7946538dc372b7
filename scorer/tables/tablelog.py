"""A table's own history as its pages show it: each change of its players' names, its first dealer
or its stake (``GameChange``), field by field in the page's words, when, and "this phone" or
"another phone" relative to the device looking (nothing of a device's identity is shown)."""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext as _

from scorer.models import Game, GameChange
from scorer.tables.stakes import stake_text


@dataclass(frozen=True, slots=True)
class FactLine:
    """One thing a change changed: what, and its value before and after."""

    label: str
    before: str
    after: str


@dataclass(frozen=True, slots=True)
class FactEntry:
    """One change of the table's facts."""

    kind: str
    at: datetime
    this_device: bool
    lines: tuple[FactLine, ...]


def _seat(game: Game, seat: object) -> str:
    """A seat by the name it has now (the history of a first dealer names the player)."""
    if isinstance(seat, int) and 0 <= seat < len(game.players):
        return game.players[seat]
    return "—"


def _lines(game: Game, change: GameChange) -> tuple[FactLine, ...]:
    if change.kind == GameChange.PLAYERS:
        before, after = list(change.before or []), list(change.after or [])
        return tuple(
            FactLine(_("Player {n}").format(n=seat + 1), old, new)
            for seat, (old, new) in enumerate(zip(before, after, strict=False))
            if old != new
        )
    if change.kind == GameChange.FIRST_DEALER:
        return (FactLine(_("Deals first"), _seat(game, change.before), _seat(game, change.after)),)
    return (FactLine(_("Played for"), stake_text(change.before), stake_text(change.after)),)


def fact_entries(game: Game, changes: Iterable[GameChange], device_id: int | None = None) -> list[FactEntry]:
    """The table's changes, oldest first; ``device_id``: the looking device, whose own changes
    read "this phone" (None on what every phone shares: the board's live part)."""
    return [
        FactEntry(
            kind=change.kind,
            at=change.at,
            this_device=device_id is not None and change.device_id == device_id,
            lines=_lines(game, change),
        )
        for change in changes
    ]
