"""The one cache of rendered parts: :func:`shared_part`.

A part that many requests show alike (a table's viewers' board, an event's standings and display,
a club's leaderboard and a member's figures) depends only on what its key names: its kind, the
version of what it shows (a table's version, an event's stamp, a club's ``updated_at``), the
language, the role it is shown to (viewer, public, admin…) and which part it is. The key also
holds a digest of the templates it renders, and the kind's ``revision`` (bumped when what a part
shows changes other than through its templates), so a deploy never serves markup the previous
release stored in a shared (Redis) cache. A write moves the version: a new key, so a stale part
is never served; old keys expire.

Everything goes through the outage-safe helpers (scorer/platform/cache.py): while the cache is
down a part is rendered afresh, never an error. A stream's part (``topic``) is rendered by one
process of all: with Redis every process's streams wake at once for a change, one of them renders
(it holds a flag in the cache) while the others raise :class:`~scorer.platform.push.Elsewhere`;
once the part is stored the renderer announces the topic again with the key and the value, and the
others take it from that message (scorer/platform/push/topics.py).
"""

import hashlib
import os
import re
import time
from collections.abc import Callable, Sequence
from functools import cache as memoize

from django.conf import settings
from django.template.loader import get_template

from scorer.platform import cache
from scorer.platform.push import changes
from scorer.platform.push.parts import Elsewhere

SECONDS = 60 * 60
"""How long a part is kept: its version moves on long before with every change."""
RENDER_FLAG_SECONDS = 10
"""How long the flag of a process rendering a stream's part holds, should that process die."""


KEY_SAFE = re.compile(r"[\w:.+-]{0,100}", re.ASCII)
"""A version kept as it is in the key (ids, numbers, timestamps)."""
INCLUDED = re.compile(r"""{%\s*(?:include|extends)\s+["']([^"']+)["']""")
"""A template another one includes or extends by its name."""


CHECK_SECONDS = 1.0
_digests: dict[tuple[str, ...], tuple[float, str]] = {}
"""(when its files were last looked at, the digest) of each set of templates."""


@memoize
def _read(path: str, mtime_ns: int) -> tuple[str, tuple[str, ...]]:
    """A template file's digest and the templates it names (read again only when it changes)."""
    with open(path, "rb") as source:
        text = source.read()
    names = tuple(dict.fromkeys(INCLUDED.findall(text.decode("utf-8", "replace"))))
    return hashlib.sha256(text).hexdigest()[:12], names


@memoize
def _path(name: str) -> str:
    return get_template(name).origin.name


def templates_digest(names: Sequence[str]) -> str:
    """The content digest of the templates ``names`` and of every template they include or extend
    by name, at any depth: whatever a deploy changes in them changes the digest. The files are
    looked at again (their times of change) once ``CHECK_SECONDS`` have passed."""
    if not names:
        return "-"
    names = tuple(names)
    now = time.monotonic()
    checked = _digests.get(names)
    if checked is not None and now - checked[0] < CHECK_SECONDS:
        return checked[1]
    _digests[names] = (now, digest := _templates_digest(names))
    return digest


def _templates_digest(names: tuple[str, ...]) -> str:
    seen: dict[str, str] = {}
    todo = list(names)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        path = _path(name)
        seen[name], included = _read(path, os.stat(path).st_mtime_ns)
        todo.extend(included)
    return hashlib.sha256("".join(seen[name] for name in sorted(seen)).encode()).hexdigest()[:12]


def part_key(
    kind: str, version: object, language: str, role: str, part: str, *, templates: Sequence[str] = (),
    revision: int = 1,
) -> str:  # fmt: skip
    """The cache key of a part: everything it depends on (a version that is long or holds other
    characters than a key's, such as names, by its digest; a version given as bytes, something
    serialized, by its digest too)."""
    digest = templates_digest(templates)
    if isinstance(version, bytes):
        version = "#" + hashlib.sha256(version).hexdigest()[:24]
    else:
        version = str(version)
        if not KEY_SAFE.fullmatch(version):
            version = "#" + hashlib.sha256(version.encode()).hexdigest()[:24]
    return f"okeycalc:part:{kind}:{revision}:{digest}:{version}:{language}:{role}:{part}"


def shared_part[T](
    kind: str,
    version: object,
    language: str,
    role: str,
    part: str,
    render: Callable[[], T],
    *,
    templates: Sequence[str] = (),
    revision: int = 1,
    topic: str = "",
    seconds: float = SECONDS,
    alias: str = "default",
) -> tuple[T, str]:
    """(value, key): the cached ``part`` of ``kind`` at ``version`` for ``language`` and ``role``,
    rendered by ``render`` on a miss (``render`` returns what a template made of it, or the data
    a template is given: anything the cache can hold). For a stream (``topic``): rendered by one
    process of all (the module's doc). Two page views missing at the same moment both render (the
    same bytes): a page never waits for another's render. ``alias``: which of Django's caches
    keeps it (``fragments``: this process's memory, for parts cheaper to render than to fetch)."""
    key = part_key(kind, version, language, role, part, templates=templates, revision=revision)
    found = cache.get(key, alias=alias)  # a miss, too, while the cache is down: rendered afresh
    if found is not None:
        return found, key
    if not topic:
        found = render()
        cache.set(key, found, seconds, alias=alias)
        return found, key
    if not cache.add(f"{key}:rendering", 1, RENDER_FLAG_SECONDS):
        raise Elsewhere(key)
    try:
        found = render()
        cache.set(key, found, seconds)
    finally:
        cache.delete(f"{key}:rendering")
    if settings.REDIS_URL:
        changes.send([changes.ready_message(topic, key, found)])
    return found, key
