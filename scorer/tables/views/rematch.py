"""Rövanş: at the end of a game, a new table with the same players, rule set and options."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scorer.engine import InvalidInput
from scorer.models import Game
from scorer.tables import rights
from scorer.tables.services import games as games_services
from scorer.tables.views.auth import edit_required
from scorer.tables.views.tables import board_url

FIRST_SECRET_VERSION = Game._meta.get_field("secret_version").default


def may_join(rematch: Game) -> bool:
    """Whether an editor of the finished table may also edit its existing rematch: yes, unless
    the rematch's scorekeeper made a new edit link since (which revokes every other device)."""
    return rematch.secret_version == FIRST_SECRET_VERSION


@require_POST
@edit_required
def game_rematch(request: HttpRequest, game: Game) -> HttpResponse:
    """Open the rematch, or after a double tap or from a second phone, go to the one already open.

    The device gets edit rights on the rematch the way game creation gives them: whoever may edit
    the finished table may open (or join) its rematch.
    """
    try:
        rematch, created = games_services.game_rematch(game=game)
    except InvalidInput as exc:
        messages.error(request, " ".join(error.message for error in exc.errors))
        return redirect(board_url(game))
    if created or may_join(rematch):
        rights.grant_edit(request, rematch)
        if created:
            messages.success(request, _("The rematch table is open. This device can enter hands."))
    elif not rights.can_edit(request, rematch):
        messages.info(
            request,
            _(
                "The rematch was already opened on another device. To enter hands here, ask its "
                "scorekeeper for the edit link or to show its QR code."
            ),
        )
    return redirect(board_url(rematch))
