"""A round timer's state at a moment (scorer/events/timer.py changes it): read by the selectors
and the public pages, so it imports no service."""

import datetime
from dataclasses import dataclass

from django.utils import timezone

from scorer.events.models import Round


def now() -> datetime.datetime:
    """The server's time (tests move it: nothing here waits for the clock)."""
    return timezone.now()


@dataclass(frozen=True, slots=True)
class Timer:
    """A round's timer at one moment: ``running``, ``paused`` or ``over`` (time is up)."""

    state: str
    seconds: int
    """Its length as set (time added included)."""
    left: int
    """Seconds left at that moment."""
    ends_at: datetime.datetime | None = None
    """When it ends (running, or over: when it ended)."""

    @property
    def ends_ms(self) -> int | None:
        return int(self.ends_at.timestamp() * 1000) if self.ends_at else None


def timer_of(rnd: Round | None, at: datetime.datetime | None = None) -> Timer | None:
    """The round's timer at ``at`` (now), None while it was never started."""
    if rnd is None or not rnd.timer_seconds:
        return None
    at = at or now()
    if rnd.timer_ends_at is None:
        return Timer("paused", rnd.timer_seconds, rnd.timer_left or 0)
    left = max(0, int((rnd.timer_ends_at - at).total_seconds() + 0.999))
    return Timer("running" if left else "over", rnd.timer_seconds, left, rnd.timer_ends_at)
