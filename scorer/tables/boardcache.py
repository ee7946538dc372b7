"""The viewers' board, rendered once per table version and language and shared by every viewer.

Every phone at a table polls the same board; a viewer's copy depends only on the table (its
``version``, bumped by every write, and ``updated_at``), the language and the viewer role —
never on the request: no CSRF token, no messages, no edit controls. The key names all of
these, so a write makes a new key and a stale board can never be served; old keys expire.
Editors' boards carry CSRF tokens and edit controls and are always rendered fresh.
The board's "what it takes to win" (``board.html#outlook``, the same for every phone) is one more
part under the same key, read by the scorekeeper's board as well, so it is worked out once per
version and language (``scorer/tables/views/board.py``, ``with_outlook``).
The key also holds a digest of the board template, so a deploy that changes it never serves
HTML cached by the previous release from a shared (Redis) cache.
"""

import hashlib
import os
from collections.abc import Callable
from functools import cache as memoize
from typing import NamedTuple

from django.template.loader import get_template

from scorer.models import Game
from scorer.platform import cache, push

TEMPLATE = "scorer/board.html"
CACHE_SECONDS = 60 * 60
VERSION = 3
"""Bump when what the viewer's board shows changes other than through its template (the
corrected marks come from the board's view model)."""


class ViewerPart(NamedTuple):
    """A rendered part of the viewers' board, and whether that board is final (nothing more to poll)."""

    html: str
    final: bool


@memoize
def template_path() -> str:
    return get_template(TEMPLATE).origin.name


@memoize
def file_digest(path: str, mtime_ns: int) -> str:
    with open(path, "rb") as source:
        return hashlib.sha256(source.read()).hexdigest()[:12]


def template_digest() -> str:
    """The board template's content digest (re-read only when the file changes)."""
    path = template_path()
    return file_digest(path, os.stat(path).st_mtime_ns)


def viewer_key(game: Game, language: str, part: str) -> str:
    """The cache key of a viewer's ``part`` ("page", "live" or "outlook") of this table's board."""
    stamp = game.updated_at.timestamp() if game.updated_at else 0
    return (
        f"okeycalc:board:{VERSION}:{template_digest()}:{game.public_id}:{game.version}:{stamp}:"
        f"{language}:viewer:{part}"
    )


def viewer_html(
    game: Game, language: str, part: str, render: Callable[[], ViewerPart], *, topic: str = ""
) -> tuple[ViewerPart, str]:
    """(part, key): the cached viewer ``part`` of the board, rendered by ``render`` on a miss; for
    a stream (``topic``), by one process of all (:func:`scorer.platform.push.changes.rendered_once`)."""
    key = viewer_key(game, language, part)
    if topic:
        return ViewerPart(*push.rendered_once(key, render, topic=topic, seconds=CACHE_SECONDS)), key
    found = cache.get(key)  # a miss, too, while the cache is down: rendered afresh
    if found is None:
        found = render()
        cache.set(key, found, CACHE_SECONDS)
    return ViewerPart(*found), key
