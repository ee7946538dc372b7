"""Who may change a table, per device, and which tables a device has opened.

A table has no accounts. Its edit link (scorer/tables/editlink.py) is opened once on a device; from then
on that device holds an edit *grant*: a row (device, table, kind, secret version, last used)
found through a random device token in a long-lived HttpOnly cookie (only the token's SHA-256 is
stored). The raw secret never stays in a cookie, the session or the address bar, so:

- the cookies stay the same small size however many tables a device has;
- "Yeni düzenleme bağlantısı" (:func:`game_link_rotate`) bumps the table's secret version: every
  other device's grant stops counting at once, the old link stops working;
- a device forgets a table once it has not used it for ``OKEYCALC_GRANT_MAX_IDLE_DAYS`` days
  (180 by default): rights are bounded by age, not by a count.

Viewers get *watch* grants when they open a board, so "Masalarım" can list those tables too.
Devices that remembered raw secrets in their session before grants existed keep their rights:
the first request that asks converts them into grants and empties that session entry.
"""

import secrets
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from scorer.models import Device, Game, Grant
from scorer.tables import editlink
from scorer.tables.freshness import Change, changed

DEVICE_COOKIE = "okeycalc_device"
COOKIE_MAX_AGE = 400 * 24 * 60 * 60
"""Browsers cap cookie lifetimes at 400 days; the cookie is re-sent while the device is in use."""
TOUCH_EVERY = timedelta(hours=1)
"""``last_used_at`` is refreshed at most this often: reading a board does not write every time."""
LEGACY_SESSION_KEY = "okeycalc_edit_secrets"
"""Where sessions used to keep raw edit secrets (public id → secret), before grants."""
TOKEN_LENGTH = 43


def max_idle() -> timedelta:
    return timedelta(days=getattr(settings, "OKEYCALC_GRANT_MAX_IDLE_DAYS", 180))


def grant_cutoff(now: datetime | None = None) -> datetime:
    """Grants last used before this moment have expired."""
    return (now or timezone.now()) - max_idle()


@dataclass
class _RequestRights:
    """What one request found out about its device (cached on the request)."""

    token: str | None
    device: Device | None = None
    send_cookie: bool = False
    migrated: bool = False
    grants: dict[int, Grant | None] = field(default_factory=dict)


def _token_from_cookie(request: HttpRequest) -> str | None:
    token = request.COOKIES.get(DEVICE_COOKIE, "")
    valid = len(token) == TOKEN_LENGTH and all(c.isascii() and (c.isalnum() or c in "-_") for c in token)
    return token if valid else None


def _rights(request: HttpRequest) -> _RequestRights:
    state = getattr(request, "_okeycalc_rights", None)
    if state is None:
        state = _RequestRights(token=_token_from_cookie(request))
        request._okeycalc_rights = state
    return state


def device_ensure(request: HttpRequest) -> Device:
    """This request's device, created (and its cookie sent with the response) if it has none yet."""
    state = _rights(request)
    if state.device is None and state.token:
        state.device = Device.objects.filter(token_hash=editlink.hash_secret(state.token)).first()
    if state.device is None:
        state.token = secrets.token_urlsafe(32)
        state.device = Device.objects.create(token_hash=editlink.hash_secret(state.token))
        state.send_cookie = True
        state.grants.clear()
    return state.device


def device_cookie_set(request: HttpRequest, response: HttpResponse) -> None:
    """Send the device cookie when this request made a device or refreshed one (middleware)."""
    state = getattr(request, "_okeycalc_rights", None)
    if state is None or not state.send_cookie or not state.token:
        return
    response.set_cookie(
        DEVICE_COOKIE,
        state.token,
        max_age=COOKIE_MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )


# --- grants ----------------------------------------------------------------------------------------


def grant_of(request: HttpRequest, game: Game) -> Grant | None:
    """This device's unexpired grant on ``game`` (one query, then cached for the request)."""
    state = _rights(request)
    _migrate_session_secrets(request, state)
    if game.pk not in state.grants:
        grant = _grant_find(state.token, game) if state.token else None
        if grant is not None:
            grant.game = game
            state.device = grant.device
            _touch(state, grant)
        state.grants[game.pk] = grant
    return state.grants[game.pk]


def _grant_find(token: str, game: Game) -> Grant | None:
    """The unexpired grant of the device with this token on ``game``, with its device: by the
    unique token hash and the unique (device, table) pair, on every board view and viewer's poll."""
    grants = Grant.objects.select_related("device").filter(
        device__token_hash=editlink.hash_secret(token), game=game, last_used_at__gte=grant_cutoff()
    )
    return grants.first()


def can_edit(request: HttpRequest, game: Game) -> bool:
    """Whether this device holds a current edit grant on ``game``."""
    grant = grant_of(request, game)
    return grant is not None and grant.can_edit


def revoked(request: HttpRequest, game: Game) -> bool:
    """Whether this device could edit ``game`` until a new edit link was made (its edit grant is of
    an older secret version): it is told so, rather than only refused."""
    grant = grant_of(request, game)
    return grant is not None and grant.kind == Grant.EDIT and grant.secret_version != game.secret_version


def _touch(state: _RequestRights, grant: Grant) -> None:
    now = timezone.now()
    if grant.last_used_at >= now - TOUCH_EVERY:
        return
    Grant.objects.filter(pk=grant.pk).update(last_used_at=now)
    Device.objects.filter(pk=grant.device_id).update(last_seen_at=now)
    grant.last_used_at = now
    state.send_cookie = True  # the cookie's 400 days start again while the device is in use


def grant_edit(request: HttpRequest, game: Game) -> Grant:
    """Give this device edit rights on ``game`` at its current secret version."""
    device = device_ensure(request)
    grant = _grant_save(device, game, kind=Grant.EDIT)
    _rights(request).grants[game.pk] = grant
    return grant


def grant_watch(request: HttpRequest, game: Game) -> Grant:
    """Remember that this device watched ``game`` (for "Masalarım"); an edit grant stays as it is."""
    grant = grant_of(request, game)
    if grant is not None:
        return grant
    device = device_ensure(request)
    grant = _grant_save(device, game, kind=Grant.WATCH)
    _rights(request).grants[game.pk] = grant
    return grant


def _grant_save(device: Device, game: Game, *, kind: str) -> Grant:
    now = timezone.now()
    defaults = {"kind": kind, "secret_version": game.secret_version, "last_used_at": now}
    if kind == Grant.WATCH:
        # An expired grant is gone, not revived; a live edit grant is never downgraded.
        Grant.objects.filter(device=device, game=game, last_used_at__lt=grant_cutoff(now)).delete()
        defaults = {"last_used_at": now}
    try:
        grant, created = Grant.objects.update_or_create(
            device=device, game=game, defaults=defaults, create_defaults={**defaults, "kind": kind}
        )
    except IntegrityError:  # the same device's other request made it meanwhile
        grant = Grant.objects.get(device=device, game=game)
        if kind == Grant.EDIT:
            Grant.objects.filter(pk=grant.pk).update(**defaults)
            grant.refresh_from_db()
    else:
        if created and kind == Grant.EDIT:  # tables are made and claimed rarely: tidy up then
            grants_expire(now)
    grant.game = game
    return grant


def _migrate_session_secrets(request: HttpRequest, state: _RequestRights) -> None:
    """Turn raw secrets a session kept before grants existed into grants, and forget them."""
    if state.migrated:
        return
    state.migrated = True
    session = getattr(request, "session", None)
    if session is None or LEGACY_SESSION_KEY not in session:
        return
    stored = session.pop(LEGACY_SESSION_KEY)
    if not isinstance(stored, dict):
        return
    valid = [
        game
        for game in Game.objects.filter(public_id__in=[str(key) for key in stored][:100])
        if isinstance(stored.get(game.public_id), str) and game.check_secret(stored[game.public_id])
    ]
    if valid:
        device = device_ensure(request)
        for game in valid:
            _grant_save(device, game, kind=Grant.EDIT)


# --- rotation and expiry -----------------------------------------------------------------------------


@transaction.atomic
def game_link_rotate(*, game: Game, device: Device) -> Game:
    """A new edit link: the old one stops working and every other device can only watch (its edit
    grant, left at the old secret version, no longer counts).

    ``device`` (the scorekeeper asking) keeps its edit rights at the new version.
    """
    locked = Game.objects.select_for_update().get(pk=game.pk)
    locked.secret_version += 1
    locked.link_key = editlink.new_link_key()
    locked.edit_secret_hash = ""  # a pre-version-1 table's original link dies too
    locked.save(update_fields=["secret_version", "link_key", "edit_secret_hash"])
    changed(Change.EDIT_LINK, games=[locked])  # the other phones' open boards lose their edit controls
    # Every other device's edit grant stays at the old version: it no longer edits (Grant.can_edit),
    # and the device is told why on its next request (revoked).
    now = timezone.now()
    Grant.objects.update_or_create(
        device=device,
        game=locked,
        defaults={"kind": Grant.EDIT, "secret_version": locked.secret_version, "last_used_at": now},
    )
    game.secret_version, game.link_key, game.edit_secret_hash = (
        locked.secret_version,
        locked.link_key,
        locked.edit_secret_hash,
    )
    return game


def game_links_replace(*, games: list[Game], revoke: Collection[int]) -> None:
    """New edit links for ``games`` (rows the caller holds locked), as when an event's organizer link
    is replaced: the old links stop working, the devices in ``revoke`` lose their edit rights, and
    every other device whose edit grant counted (a scorekeeper who opened the table's own link)
    keeps it at the new link."""
    for game in games:
        old_version = game.secret_version
        game.secret_version += 1
        game.link_key = editlink.new_link_key()
        game.edit_secret_hash = ""
        counted = Grant.objects.filter(game=game, kind=Grant.EDIT, secret_version=old_version)
        counted.exclude(device_id__in=revoke).update(secret_version=game.secret_version)
        Grant.objects.filter(game=game, device_id__in=revoke, kind=Grant.EDIT).update(kind=Grant.WATCH)
    Game.objects.bulk_update(games, ["secret_version", "link_key", "edit_secret_hash"])
    if games:  # a revoked device's open boards lose their edit controls
        changed(Change.EDIT_LINK, games=games)


def link_replaced(game: Game, secret: str) -> bool:
    """Whether a refused edit link is, as far as can be told, one that "Yeni düzenleme bağlantısı"
    replaced: the table's link has been replaced (its version is past the first) and the refused
    one has a derived link's shape. Replaced links are not kept (nothing of them is stored), so a
    link of that shape altered by hand reads the same; a cut one does not."""
    return game.secret_version > 1 and editlink.well_formed(secret)


def device_of(request: HttpRequest) -> Device | None:
    """This request's device, if it has one (no device is created)."""
    state = _rights(request)
    if state.device is None and state.token:
        state.device = Device.objects.filter(token_hash=editlink.hash_secret(state.token)).first()
    return state.device


def grants_expire(now: datetime | None = None) -> int:
    """Delete grants unused for longer than the idle limit, and devices left without grants."""
    cutoff = grant_cutoff(now)
    deleted, _ = Grant.objects.filter(last_used_at__lt=cutoff).delete()
    Device.objects.filter(last_seen_at__lt=cutoff, grants__isnull=True).delete()
    return deleted
