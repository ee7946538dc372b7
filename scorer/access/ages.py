"""How long a grant lasts unused, and how often its use is written down."""

from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

USE_NOTED_EVERY = timedelta(hours=1)
"""``last_used_at`` is refreshed at most this often: reading a board does not write every time."""


def max_idle() -> timedelta:
    """A grant unused for longer has expired (``OKEYCALC_GRANT_MAX_IDLE_DAYS``, 180 days by default):
    rights are bounded by age, not by a count."""
    return timedelta(days=getattr(settings, "OKEYCALC_GRANT_MAX_IDLE_DAYS", 180))


def grant_cutoff(now: datetime | None = None) -> datetime:
    """Grants last used before this moment have expired."""
    return (now or timezone.now()) - max_idle()
