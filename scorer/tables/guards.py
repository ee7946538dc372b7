"""Checks another part of the app makes before a table's hands change in a way a save never does.

A table that belongs to something larger (an event's table: ``Game.in_event``, set by
scorer/events) cannot lose a hand, get one back or change its number of hands whenever its
scorekeeper likes: a finished round of a tournament must stay finished (docs/event-format.md,
E15). The tables do not import that larger thing; it registers a guard here at start-up
(scorer/events/handlers.py), and the table's services and pages ask :func:`refusal` before a
delete, a restore or a change of the planned hands. A plain table (``in_event`` false) is never
asked about: its pages and writes cost no statement more. Hand saves and corrections are never
guarded (they cannot make a complete game incomplete).
"""

from collections.abc import Callable

from scorer.engine import InvalidInput
from scorer.engine.errors import FieldError
from scorer.models import Game, Hand

DELETE = "delete"
RESTORE = "restore"
PLAN = "plan"

Guard = Callable[..., str]
"""``guard(game, action, *, hand=None, hands_planned=None, lock=False) -> reason`` ("" allows).
With ``lock`` it is called inside the write's transaction and locks what its answer depends on
until the transaction ends."""

_guards: list[Guard] = []


def register(guard: Guard) -> None:
    if guard not in _guards:
        _guards.append(guard)


def refusal(
    game: Game,
    action: str,
    *,
    hand: Hand | None = None,
    hands_planned: int | None = None,
    lock: bool = False,
) -> str:
    """Why ``action`` is refused at this table, in the current language; "" when it is allowed."""
    if not game.in_event:
        return ""
    for guard in _guards:
        reason = guard(game, action, hand=hand, hands_planned=hands_planned, lock=lock)
        if reason:
            return reason
    return ""


def check(game: Game, action: str, *, path: str = "", **kwargs) -> None:
    """Raise :class:`InvalidInput` with the reason when ``action`` is refused (inside a write)."""
    reason = refusal(game, action, lock=True, **kwargs)
    if reason:
        raise InvalidInput([FieldError(path, reason)])
