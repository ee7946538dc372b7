"""Where a table sits in a tournament, for the pages of the table itself (its board, the notice of a
phone that can no longer edit it): the tables' views know nothing of events."""

from django import template

from scorer.events import clock as server_clock
from scorer.events.selectors.place import TablePlace, table_place
from scorer.models import Game

register = template.Library()


@register.simple_tag
def event_place(game: Game) -> TablePlace | None:
    """The event, round and table of ``game``; None for a table that is not part of an event. Read
    once per request: the board's header and its live part both ask."""
    try:
        return game._event_place
    except AttributeError:
        game._event_place = table_place(game)
        return game._event_place


@register.filter
def clock(seconds: int) -> str:
    """Seconds as a clock: ``12:05``, ``1:02:05`` past an hour."""
    hours, rest = divmod(max(0, int(seconds)), 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes:02d}:{seconds:02d}"


@register.simple_tag
def server_now_ms() -> int:
    """The server's time in ms, for the page's round timers (static/js/timer.js corrects this
    device's clock by it)."""
    return int(server_clock.now().timestamp() * 1000)
