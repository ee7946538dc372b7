"""Who may change a table: the device holding a current edit grant (scorer/tables/rights.py).

Creating a table, or opening its edit link once, gives the device an edit grant; every write
checks it. Viewers only ever have the public id.
"""

from collections.abc import Callable
from functools import wraps

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scorer.tables.rights import LEGACY_SESSION_KEY, can_edit
from scorer.tables.selectors import game_get

__all__ = ["SESSION_KEY", "can_edit", "edit_required", "forbidden"]

SESSION_KEY = LEGACY_SESSION_KEY
"""Sessions made before grants kept raw secrets here; they are turned into grants on first use."""


def forbidden(request: HttpRequest) -> HttpResponse:
    """The friendly 403 page (also what an htmx request gets; htmx does not swap it in)."""
    return render(request, "403.html", status=403)


def edit_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Load the table named by ``public_id`` and call ``view(request, game, ...)`` if this device may edit it.

    Unknown table → 404; no current edit grant → 403.
    """

    @wraps(view)
    def wrapper(request: HttpRequest, public_id: str, *args, **kwargs) -> HttpResponse:
        game = game_get(public_id)
        if not can_edit(request, game):
            return forbidden(request)
        return view(request, game, *args, **kwargs)

    return wrapper
