"""A table card's pages: its link, its code typed in, and the table of its number in the current
round (scorer/events/cards.py says how the rights follow the table); and the organizer's: every
card of the event to print, a card's QR code, a new card for one table."""

import logging

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorer import access
from scorer.events import cards
from scorer.events.forms.public import CardCodeForm
from scorer.events.models import Event, TableCard
from scorer.events.selectors.document import event_find, event_get
from scorer.events.selectors.standings import event_standings
from scorer.events.services import cards as card_services
from scorer.events.services.base import card_replace_record
from scorer.events.views.organizer import organizer_required
from scorer.platform.limits import limited
from scorer.platform.qr import qr_svg
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
    event = event_find(public_id)
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
    event = event_get(public_id)
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


# --- the organizer's side: every card of the event, a card's QR code, a new card --------------------


@never_cache
@require_safe
@organizer_required
def event_cards(request: HttpRequest, event: Event) -> HttpResponse:
    """Print view: one card per table for the whole event (its number, QR code, code and how to
    use it), with the current round's seats beside it on screen only."""
    view = event_standings(event, next_round=False)
    if not view.rounds:
        raise Http404("No round")
    tables = view.current
    shown = card_services.cards_ensure(event, max(len(tables), cards.cards_count(event)))
    by_number = {table.number: table for table in tables}
    return render(
        request,
        "scorer/events/cards.html",
        {
            "event": event,
            "view": view,
            "cards": [(card, by_number.get(card.number), _card_url(request, card)) for card in shown],
            "round_number": view.round_number,
            "code_url": request.build_absolute_uri(reverse("scorer:card_code")),
        },
    )


def _card_url(request: HttpRequest, card) -> str:
    return request.build_absolute_uri(
        reverse("scorer:card_claim", args=[card.event.public_id, card.number, card.link_secret])
    )


@never_cache
@require_safe
@organizer_required
def event_table_qr(request: HttpRequest, event: Event, round_number: int, number: int) -> HttpResponse:
    """The QR code of table ``number``'s card (its link holds for every round: the round in the
    address is the one the cards page was shown at, and a card outlives a round with fewer tables)."""
    card = cards.card_find(event, number)
    if card is None:
        raise Http404("No card")
    response = HttpResponse(qr_svg(_card_url(request, card)), content_type="image/svg+xml")
    response["Cache-Control"] = "no-store, private"
    return response


@require_POST
@organizer_required
def event_card_replace(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """A new card for one table (the old one was lost or taken): the old link and code stop working."""
    if cards.card_find(event, number) is None:
        raise Http404("No card")
    device = access.device_ensure(request)
    card_services.card_replace(event=event, number=number, device=device)
    card_replace_record(event=event, number=number, device=device)
    messages.success(
        request,
        _("Table %(number)s has a new card: print it. The old card no longer opens the table.")
        % {"number": number},
    )
    return redirect(reverse("scorer:event_cards", args=[event.public_id]) + f"#kart-{number}")
