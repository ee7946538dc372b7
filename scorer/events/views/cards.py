"""A table card's pages: its link, its code typed in, and the table of its number in the current
round (scorer/events/cards.py says how the rights follow the table)."""

import logging

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe

from scorer.events import cards, selectors
from scorer.events.forms import CardCodeForm
from scorer.events.models import TableCard
from scorer.platform.limits import limited
from scorer.shell.errors import forbidden

logger = logging.getLogger(__name__)

CARD_CODE = "scorer/events/card_code.html"


def _take(request: HttpRequest, card: TableCard, *, claimed: bool) -> HttpResponse:
    """To the board of the card's table in the current round (with edit rights if it holds the
    card); a card of no table yet: its event's standings."""
    link = cards.table_take(request, card)
    if link is None:
        return redirect("scorer:event_standings", card.event.public_id)
    if claimed:
        messages.success(
            request,
            _("This phone keeps the score of table %(number)s, in every round of the event.")
            % {"number": card.number},
        )
    return redirect("scorer:game_board", link.game.public_id)


@never_cache
@require_safe
@limited("claim")
def card_claim(request: HttpRequest, public_id: str, number: int, secret: str) -> HttpResponse:
    """The card's link (its QR code): the card for this device, then its table's board (the
    redirect takes the secret out of the address bar)."""
    event = selectors.event_find(public_id)
    card = cards.card_find(event, number) if event else None
    if card is None or not card.check_secret(secret):
        logger.info("Refused table card link for event %s", public_id)
        response = forbidden(request) if card else render(request, "404.html", status=404)
        response._has_been_logged = True
        return response
    cards.card_claim(request, card)
    response = _take(request, card, claimed=True)
    response["Referrer-Policy"] = "no-referrer"
    return response


@never_cache
@require_safe
def card_table(request: HttpRequest, public_id: str, number: int) -> HttpResponse:
    """Table ``number`` now: the board of its current game, for anyone; the card's holder gets
    edit rights on it. A table's board links here once a later round has started."""
    event = selectors.event_get(public_id)
    card = cards.card_find(event, number)
    if card is None:
        raise Http404("No such table")
    return _take(request, card, claimed=False)


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
@limited("join_code", method="POST")
def card_code(request: HttpRequest) -> HttpResponse:
    """The card's code typed in (posted, so that it stays out of addresses and logs): the same as
    scanning the card. Rate limited, so that codes cannot be tried one by one."""
    if request.method != "POST":
        return render(request, CARD_CODE, {"form": CardCodeForm()})
    form = CardCodeForm(request.POST)
    if form.is_valid():
        card = cards.card_by_code(form.cleaned_data["kod"])
        if card is not None:
            cards.card_claim(request, card)
            return _take(request, card, claimed=True)
        form.not_found()
    return render(request, CARD_CODE, {"form": form})
