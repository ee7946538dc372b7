"""Who may change a table: the device whose session holds the table's edit secret.

A table has no accounts. Creating it (or opening its secret edit link) stores the secret in the
session; every write checks it against the stored hash. Viewers only ever have the public id.
"""

from collections.abc import Callable
from functools import wraps

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scorer.models import Game
from scorer.selectors import game_get

SESSION_KEY = "okeycalc_edit_secrets"
MAX_REMEMBERED = 30
"""The session is a signed cookie (about 4 kB): remember only the most recent tables."""


def _secrets(request: HttpRequest) -> dict[str, str]:
    stored = request.session.get(SESSION_KEY)
    return stored if isinstance(stored, dict) else {}


def can_edit(request: HttpRequest, game: Game) -> bool:
    """Whether this session holds the edit secret of ``game``."""
    return game.check_secret(_secrets(request).get(game.public_id))


def remember_secret(request: HttpRequest, game: Game, secret: str) -> None:
    """Remember on this device that it may edit ``game`` (most recent tables first)."""
    stored = {key: value for key, value in _secrets(request).items() if key != game.public_id}
    recent = [(game.public_id, secret), *list(stored.items())[: MAX_REMEMBERED - 1]]
    request.session[SESSION_KEY] = dict(recent)


def forbidden(request: HttpRequest) -> HttpResponse:
    """The friendly 403 page (also what an htmx request gets; htmx does not swap it in)."""
    return render(request, "403.html", status=403)


def edit_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Load the table named by ``public_id`` and call ``view(request, game, ...)`` if this session may edit it.

    Unknown table → 404; no edit secret in the session → 403.
    """

    @wraps(view)
    def wrapper(request: HttpRequest, public_id: str, *args, **kwargs) -> HttpResponse:
        game = game_get(public_id)
        if not can_edit(request, game):
            return forbidden(request)
        return view(request, game, *args, **kwargs)

    return wrapper
