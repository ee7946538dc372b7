"""What a write changed, and which open pages that makes stale: the one place that moves those
pages' versions and publishes them (scorer/platform/push/).

Every write names what it changed (a :class:`Change`) by calling :func:`changed` inside its
transaction. :data:`STALE` turns that into the kinds of page (:class:`Page`) it makes stale;
for each, the page's stamp moves (a table's ``version``, an event's ``version``) and its topic is
published once the write commits, so every open board, standings, display and organizer page
follows, by its stream or, while the stream is not open, by its poll with the stamp as ETag.

An event's pages are stamped by the event's version and its games' versions
(``scorer.events.selectors.document.event_stamp``): a table's change moves them by the table's
own version, and their topic is published beside the table's (registered by scorer/events/push.py,
since the tables know nothing of events). A club's change moves its ``updated_at``, which stamps
and keys its pages, and publishes its topic for its page, its members' pages and its venue display
(scorer/clubs/push.py).
"""

from collections.abc import Callable, Iterable
from enum import StrEnum
from functools import cache

from django.db import connections, router
from django.db.models import F
from django.utils import timezone

from scorer.models import Game
from scorer.tables import push


class Change(StrEnum):
    """What a write changed."""

    HAND_NEW = "hand-new"
    """A hand recorded at a table."""
    HAND_CORRECT = "hand-correct"
    """A hand corrected."""
    HAND_DELETE = "hand-delete"
    """A hand deleted."""
    HAND_RESTORE = "hand-restore"
    """A deleted hand brought back."""
    FACTS = "facts"
    """A table's own facts: a player's name, who dealt first, the stake (``GameChange``); a
    stored name or stored totals repaired (``manage.py repair_tables``)."""
    PLAN = "plan"
    """A table's planned number of hands."""
    REMATCH = "rematch"
    """A table's rematch opened, or linked by an import (its board links it)."""
    EDIT_LINK = "edit-link"
    """A table's edit link replaced: the other scorekeepers' boards lose their controls."""
    EVENT_TABLES = "event-tables"
    """An organizer's change of an event's tables: locked, opened again, a later round started."""
    EVENT = "event"
    """An organizer's change of an event: entrants, rounds, seating, decisions, the timer, the finish."""
    CLUB = "club"
    """A club's change: a counted game scored or replayed, a member added or hidden, a season, an
    event opened in it."""


class Page(StrEnum):
    """A kind of page that an open browser follows."""

    BOARD = "board"
    """The table's board (viewers', scorekeepers'), its live part, its stream."""
    SERIES = "series"
    """The boards of the rematches after the table: their series tally counts its points, its
    winners and its stake."""
    EVENT = "event"
    """The table's event's standings, venue display and organizer page (or, for an event's own
    change, that event's)."""
    CLUB = "club"
    """The club's page (its leaderboard, seasons, events and, for its admins, its members), its
    members' pages and its venue display: stamped by the club's ``updated_at``, which also keys
    their cached figures."""


_TABLE = frozenset({Page.BOARD, Page.SERIES, Page.EVENT})
STALE: dict[Change, frozenset[Page]] = {
    Change.HAND_NEW: _TABLE,
    Change.HAND_CORRECT: _TABLE,
    Change.HAND_DELETE: _TABLE,
    Change.HAND_RESTORE: _TABLE,
    Change.FACTS: _TABLE,
    Change.PLAN: frozenset({Page.BOARD, Page.EVENT}),  # a table with a rematch keeps its plan
    Change.REMATCH: frozenset({Page.BOARD, Page.EVENT}),
    Change.EDIT_LINK: frozenset({Page.BOARD}),
    Change.EVENT_TABLES: frozenset({Page.BOARD}),
    Change.EVENT: frozenset({Page.EVENT}),
    Change.CLUB: frozenset({Page.CLUB}),
}
"""Which pages each change makes stale. A test walks every change and every page
(tests/tables/test_freshness.py)."""


EventBump = Callable[[int], None]
"""``bump(event_pk)``: move the event's version and publish its topic once the write commits."""

_event_bump: list[EventBump] = []

ClubBump = Callable[[object], None]
"""``bump(club)``: move the club's ``updated_at`` (on the object too) and publish its topic once
the write commits."""

_club_bump: list[ClubBump] = []


def register_event_bump(bump: EventBump) -> None:
    """The events' part of :data:`STALE`'s ``Page.EVENT`` (scorer/events/push.py)."""
    if bump not in _event_bump:
        _event_bump.append(bump)


def register_club_bump(bump: ClubBump) -> None:
    """The clubs' part of :data:`STALE`'s ``Page.CLUB`` (scorer/clubs/push.py)."""
    if bump not in _club_bump:
        _club_bump.append(bump)


def changed(
    change: Change, *, games: Iterable[Game | int] = (), event_pk: int | None = None, club: object = None
) -> None:
    """``change`` was made to ``games`` (tables or their pks), to the event ``event_pk`` or to ``club``, in the
    current transaction: move the versions of every page it makes stale and publish them once it
    commits. The first table's row, bumped first, stays locked until the transaction ends (a hand's
    save takes the table's lock here). A table given as a ``Game`` gets its new ``version`` and
    ``updated_at``."""
    pages = STALE[change]
    games = list(games)
    if games and Page.BOARD in pages:
        moved = _bump_boards(games, series=Page.SERIES in pages)
        push.tables_changed(moved, events=Page.EVENT in pages and _in_event(games))
    if event_pk is not None and Page.EVENT in pages:
        for bump in _event_bump:
            bump(event_pk)
    if club is not None and Page.CLUB in pages:
        for bump in _club_bump:
            bump(club)


def _in_event(games: list[Game | int]) -> bool:
    """Whether these tables may belong to an event (a table given by its pk may)."""
    return any(isinstance(game, int) or game.in_event for game in games)


def _bump_boards(games: list[Game | int], *, series: bool) -> list[int]:
    """Each table's version moved; with ``series``, its later rematches' too (one statement per
    table). Returns the pks of every table moved."""
    now = timezone.now()
    if not series:
        pks = [game if isinstance(game, int) else game.pk for game in games]
        Game.objects.filter(pk__in=pks).update(version=F("version") + 1, updated_at=now)
        for game in games:
            if isinstance(game, Game):
                game.version, game.updated_at = game.version + 1, now
        return pks
    moved: list[int] = []
    for game in games:
        versions = _bump_chain(game if isinstance(game, int) else game.pk, now)
        if isinstance(game, Game):
            game.version, game.updated_at = versions.get(game.pk, game.version), now
        moved.extend(versions)
    return moved


def _bump_chain(pk: int, now) -> dict[int, int]:
    """Bump the table's version and those of its rematches after it: one UPDATE … RETURNING."""
    alias = router.db_for_write(Game)
    connection = connections[alias]
    with connection.cursor() as cursor:
        cursor.execute(chain_query(alias), [pk, connection.ops.adapt_datetimefield_value(now)])
        return dict(cursor.fetchall())


CHAIN_LONGEST = 200


@cache
def chain_query(alias: str) -> str:
    """Bump a table's version and those of its rematches after it, returning each new version."""
    quote = connections[alias].ops.quote_name
    game, pk, link = quote(Game._meta.db_table), quote("id"), quote(Game._meta.get_field("rematch_of").column)
    down, depth, version = quote("down"), quote("depth"), quote("version")
    updated = quote(Game._meta.get_field("updated_at").column)
    return (
        f"WITH RECURSIVE {down} ({pk}, {depth}) AS (SELECT {pk}, 0 FROM {game} WHERE {pk} = %s"
        f" UNION ALL SELECT {quote('g')}.{pk}, {down}.{depth} + 1 FROM {game} {quote('g')}"
        f" JOIN {down} ON {quote('g')}.{link} = {down}.{pk} WHERE {down}.{depth} < {CHAIN_LONGEST})"
        f" UPDATE {game} SET {version} = {version} + 1, {updated} = %s"
        f" WHERE {pk} IN (SELECT {pk} FROM {down}) RETURNING {pk}, {version}"
    )
