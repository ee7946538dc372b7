"""Rövanş: at the end of a game, a new table with the same players, rule set and options."""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scorer import services
from scorer.engine import InvalidInput
from scorer.models import Game
from scorer.views.auth import can_edit, edit_required, remember_secret
from scorer.views.tables import board_url, created_message


@require_POST
@edit_required
def game_rematch(request: HttpRequest, game: Game) -> HttpResponse:
    """Open the rematch (or, after a double tap or from a second phone, go to the one already open)."""
    try:
        rematch, secret = services.game_rematch(game=game)
    except InvalidInput as exc:
        messages.error(request, " ".join(error.message for error in exc.errors))
        return redirect(board_url(game))
    if secret is not None:
        remember_secret(request, rematch, secret)  # the same rights game creation gives
        link = request.build_absolute_uri(reverse("scorer:game_claim", args=[rematch.public_id, secret]))
        messages.success(request, created_message(link))
    elif not can_edit(request, rematch):
        messages.info(
            request,
            _(
                "The rematch was already opened on another device. To enter hands here, ask its "
                "scorekeeper for the edit link or to show its QR code."
            ),
        )
    return redirect(board_url(rematch))
