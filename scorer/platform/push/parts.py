"""What the tables and events declare to the push: a :class:`Kind` of topic (how its stamps are
read), and for each stream a :class:`Feed` (which variant its device sees, how it is rendered into
a :class:`Part`). Nothing here knows tables or events: they register their kinds
(scorer/tables/push.py, scorer/events/push.py)."""

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

PUSHED_CSRF_TOKEN = "pushed"
"""Stands for the CSRF token in parts shared by several devices; static/js/live.js puts the
page's own token in its place."""
AGAIN = "again|"
"""Before a topic's name in a message: no change, but a part is ready (scorer/platform/sharedpart.py); the
name may be followed by a line with the part's cache key and a line with its value as JSON."""


class Part(NamedTuple):
    """What a stream sends for one state of its topic: the message's id (the state's ETag), the
    name of the part of the page it replaces (the message's SSE ``event:`` field, which htmx's
    ``sse-swap`` matches) and the HTML."""

    id: str
    swap: str
    html: str
    rights: object = None
    """What the part was rendered under (an edit or organizer link's version), for
    :attr:`Feed.allowed` to compare with what the stream's device holds."""


class Gone(Exception):
    """The topic's object no longer exists: the stream ends."""


class Elsewhere(Exception):
    """Another process is rendering this part into the shared cache (under ``key``): its renderer
    announces it with the value itself (scorer/platform/sharedpart.py). Under ASGI the render
    waiting for it makes its part with ``finish(value)`` (set by the feed's render, which knows how
    it wraps the value), without reading the table or the cache again; under WSGI, or without
    ``finish``, the part is asked for again once it is there."""

    def __init__(self, key: str = "") -> None:
        super().__init__(key)
        self.key = key
        self.finish: Callable[[object], Part] | None = None


@dataclass(frozen=True, slots=True)
class Feed:
    """What one stream shows. ``variant()`` names the part this device gets now (language and
    role; None: nothing more, the stream ends); ``render(variant)`` renders it, in a thread, once
    for every stream of the process asking for it (raises :class:`Gone`); ``allowed(part)`` says
    whether this device may see a rendered part (False: ``variant()`` is asked again — it names
    another, or None)."""

    variant: Callable[[], str | None]
    render: Callable[[str], Part]
    allowed: Callable[[Part], bool] = lambda part: True


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of topic: ``stamps`` answers the current stamp of each of these keys (one query;
    a key missing from the answer no longer exists)."""

    name: str
    stamps: Callable[[list[int]], dict[int, object]]
    settle: float = 0.0
    """Seconds a change waits for more before its streams are woken: a topic that many writers
    change at once (an event's sixteen tables) is rendered once for the changes of that moment."""


KINDS: dict[str, Kind] = {}


def register(kind: Kind) -> None:
    KINDS[kind.name] = kind


def topic_name(kind: str, key: int) -> str:
    return f"{kind}:{key}"
