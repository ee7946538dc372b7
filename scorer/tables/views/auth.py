"""Who may change a table: the device holding a current edit grant (scorer/tables/rights.py), as
``grant_required`` (scorer/access/) checks it.

Creating a table, or opening its edit link once, gives the device an edit grant; every write
checks it. Viewers only ever have the public id.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from scorer.access import Right, grant_required
from scorer.models import Game, Grant
from scorer.shell.errors import forbidden
from scorer.tables.forms import HandForm
from scorer.tables.rights import LEGACY_SESSION_KEY, can_edit, revoked
from scorer.tables.selectors import game_get

__all__ = ["SESSION_KEY", "can_edit", "edit_required", "revoked_page"]

SESSION_KEY = LEGACY_SESSION_KEY
"""Sessions made before grants kept raw secrets here; they are turned into grants on first use."""


def typed_form(request: HttpRequest, game: Game) -> HandForm | None:
    """The hand form as this request posted it, when it posted one (a save or a preview)."""
    if request.method != "POST" or not any(k == "finisher" or k.startswith("p0-") for k in request.POST):
        return None
    form = HandForm(game.rules, game.options, game.players, data=request.POST)
    form.is_valid()  # the read-only copy shows what was typed, and the same errors the page would
    return form


def revoked_page(request: HttpRequest, game: Game) -> HttpResponse:
    """A phone whose edit grant a new edit link made stale is told why, in its language, and what
    it had typed comes back read only and as text to copy. An htmx request (the live
    preview) gets that in place of its answer, into its own target: never a blank."""
    form = typed_form(request, game)
    context = {"game": game, "form": form, "typed": form.typed_lines() if form else []}
    if getattr(request, "htmx", False):
        return render(request, "scorer/revoked.html#kept", context)
    return render(request, "scorer/revoked.html", context, status=403)


def _refused(request: HttpRequest, game: Game) -> HttpResponse:
    return revoked_page(request, game) if revoked(request, game) else forbidden(request)


EDIT = Right(grant=Grant, load=game_get, refused=_refused, check=can_edit)
"""A table's edit right: unknown table → 404; no current edit grant → 403, the page that says why
when a new edit link took this device's rights away (:func:`revoked_page`)."""

edit_required = grant_required(EDIT)
"""Load the table named by ``public_id`` and call ``view(request, game, ...)`` if this device may edit it."""
