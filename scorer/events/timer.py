"""The round timer: the organizer sets the round's length and starts, pauses, resumes or adds
time; the venue display, the standings and every table's board show the time left.

The time is the server's: a running timer stores when it ends, a paused one the seconds left, so
every screen shows the same moment (static/js/timer.js counts down from the end, corrected by the
server's clock the page came with; without JavaScript the page says until when). Each change is
an organizer change (the event's version moves, its pages are pushed) and gives the round's
boards a new version, so that every table's phone is pushed the timer too. At zero the tables are
told to play their last hand.
"""

import datetime

from django.db import transaction
from django.utils.translation import gettext_lazy

from scorer.engine import InvalidInput
from scorer.engine.errors import FieldError
from scorer.events import clock
from scorer.events.clock import Timer, timer_of
from scorer.events.models import Event, EventRecord, Round
from scorer.events.selectors.document import event_data
from scorer.events.services.base import check_version, lock_event, record, writable
from scorer.events.services.rounds import tell_boards

START, PAUSE, RESUME, ADD = "start", "pause", "resume", "add"
ACTIONS = (START, PAUSE, RESUME, ADD)
MSG_NO_ROUND = gettext_lazy("No round is running: the timer starts with a round.")
MSG_NOT_RUNNING = gettext_lazy("The timer is not running.")
MSG_NOT_PAUSED = gettext_lazy("The timer is not paused.")
MSG_NO_TIMER = gettext_lazy("Start the timer first.")


def _invalid(path: str, message) -> InvalidInput:
    return InvalidInput([FieldError(path, str(message))])


def _changed(rnd: Round, action: str, minutes: int | None, at: datetime.datetime) -> None:
    """Set the round's timer fields for ``action`` (refusing what does not apply)."""
    timer = timer_of(rnd, at)
    if action == START:
        rnd.timer_seconds, rnd.timer_ends_at, rnd.timer_left = (
            minutes * 60,
            at + datetime.timedelta(minutes=minutes),
            None,
        )
    elif timer is None:
        raise _invalid("action", MSG_NO_TIMER)
    elif action == PAUSE:
        if timer.state != "running":
            raise _invalid("action", MSG_NOT_RUNNING)
        rnd.timer_ends_at, rnd.timer_left = None, timer.left
    elif action == RESUME:
        if timer.state != "paused":
            raise _invalid("action", MSG_NOT_PAUSED)
        rnd.timer_ends_at, rnd.timer_left = at + datetime.timedelta(seconds=timer.left), None
    else:  # ADD: to what is left (a timer that ran out starts again with the time added)
        extra = datetime.timedelta(minutes=minutes)
        rnd.timer_seconds += minutes * 60
        if timer.state == "paused":
            rnd.timer_left = timer.left + minutes * 60
        else:
            rnd.timer_ends_at = max(rnd.timer_ends_at, at) + extra


@transaction.atomic
def timer_change(
    *, event: Event, action: str, minutes: int | None = None, device=None, version: int | None = None
) -> Timer:
    """Start (``minutes`` long), pause, resume or add ``minutes`` to the current round's timer."""
    locked = lock_event(event)
    check_version(locked, version)
    writable(locked)
    data = event_data(locked)
    if not data.rounds:
        raise _invalid("action", MSG_NO_ROUND)
    rnd = Round.objects.select_for_update().get(pk=data.rounds[-1].pk)
    at = clock.now()
    _changed(rnd, action, minutes, at)
    rnd.save(update_fields=["timer_seconds", "timer_ends_at", "timer_left"])
    if action == START:
        record(locked, EventRecord.TIMER, device=device, round_number=rnd.number, note=f"{minutes} min")
    tell_boards(data, rnd)  # every table's phone is pushed the new timer
    return timer_of(rnd, at)
