"""Who may change a table: the devices holding a current edit grant on it (scorer/access/).

A table has no accounts. Its edit link is opened once on a device; from then on that device holds
an edit *grant* (``Grant``, on the access package's grant base) at the table's secret version:

- "Yeni düzenleme bağlantısı" (``game_link_rotate`` in scorer/tables/services/links.py) bumps the
  table's secret version: every other device's grant stops counting at once, the old link stops
  working, and the device is told why (:func:`revoked`);
- a device forgets a table once it has not used it for ``OKEYCALC_GRANT_MAX_IDLE_DAYS`` days.

Viewers get *watch* grants when they open a board, so "Masalarım" can list those tables too.
Devices that remembered raw secrets in their session before grants existed keep their rights:
the first request that asks converts them into grants and empties that session entry.
"""

from django.http import HttpRequest

from scorer import access
from scorer.models import Game, Grant
from scorer.tables.services import links

LEGACY_SESSION_KEY = "okeycalc_edit_secrets"
"""Where sessions used to keep raw edit secrets (public id → secret), before grants."""
LEGACY_DONE = "tables:session-secrets"


def grant_of(request: HttpRequest, game: Game) -> Grant | None:
    """This device's unexpired grant on ``game``, edit or watch (one query, cached for the request)."""
    _migrate_session_secrets(request)
    return access.grant_held(request, Grant, game)


def can_edit(request: HttpRequest, game: Game) -> bool:
    """Whether this device holds a current edit grant on ``game``."""
    grant = grant_of(request, game)
    return grant is not None and grant.counts(game)


def revoked(request: HttpRequest, game: Game) -> bool:
    """Whether this device could edit ``game`` until a new edit link was made (its edit grant is of
    an older secret version): it is told so, rather than only refused."""
    grant = grant_of(request, game)
    return grant is not None and grant.kind == Grant.EDIT and grant.secret_version != game.secret_version


def grant_edit(request: HttpRequest, game: Game) -> Grant:
    """Give this device edit rights on ``game`` at its current secret version."""
    grant = links.game_grant_edit(device=access.device_ensure(request), game=game)
    access.grant_remember(request, grant)
    return grant


def grant_watch(request: HttpRequest, game: Game) -> Grant:
    """Remember that this device watched ``game`` (for "Masalarım"); an edit grant stays as it is."""
    grant = grant_of(request, game)
    if grant is None:
        grant = links.game_grant_watch(device=access.device_ensure(request), game=game)
        access.grant_remember(request, grant)
    return grant


def link_replaced(game: Game, secret: str) -> bool:
    """Whether a refused edit link is, as far as can be told, one that "Yeni düzenleme bağlantısı"
    replaced: the table's link has been replaced (its version is past the first) and the refused
    one has a derived link's shape. Replaced links are not kept (nothing of them is stored), so a
    link of that shape altered by hand reads the same; a cut one does not."""
    return game.secret_version > 1 and access.well_formed(secret)


def _migrate_session_secrets(request: HttpRequest) -> None:
    """Turn raw secrets a session kept before grants existed into grants, and forget them."""
    state = access.request_device(request)
    if LEGACY_DONE in state.done:
        return
    state.done.add(LEGACY_DONE)
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
        device = access.device_ensure(request)
        for game in valid:
            links.game_grant_edit(device=device, game=game)
