"""Table cards: one card per physical table for the whole event, its rights following the table.

A card (:class:`TableCard`) is made for each table number the first time a round seats that
many tables. Its link ``/turnuva/<id>/kart/<number>/anahtar/<secret>/`` (the secret derived like
an edit link's, never stored) or its short code, typed on ``/turnuva/kart/``, gives the device a
:class:`CardGrant`. Whenever that device opens the table's page ``/turnuva/<id>/kart/<number>/``
(the card's link ends there, and a table's board links there once a later round has started) it
is given a normal edit grant on the current game of that table number and sent to its board:
the table's rights are a table's rights as ever (scorer/tables/rights.py), handed out one round
at a time, so no table page needs to know about cards.

A new card (``card_replace``; the cards' writes are in scorer/events/services/cards.py) bumps the
card's version and changes its code: devices that held the old one lose their edit rights on that
table's open games. A new organizer link replaces every card (``cards_replace``) as it replaces
every table's edit link: whoever read the cards with the old organizer link cannot claim a table
with them; a scorekeeper keeps its card.
"""

from django.http import HttpRequest

from scorer import access
from scorer.events.models import CardGrant, Event, EventGame, TableCard
from scorer.events.services import cards as card_services
from scorer.tables import rights as table_rights


def cards_count(event: Event) -> int:
    return TableCard.objects.filter(event=event).count()


def card_find(event: Event, number: int) -> TableCard | None:
    card = TableCard.objects.filter(event=event, number=number).first()
    if card is not None:
        card.event = event
    return card


def card_by_code(code: str) -> TableCard | None:
    """The card with this code (already normalised: scorer.tables.joincode.normalized)."""
    return TableCard.objects.select_related("event").filter(code=code).first()


def current_game(event: Event, number: int) -> EventGame | None:
    """The game table ``number`` plays now: in the latest round that has such a table, its last
    game (a knockout match's rematch once open)."""
    return (
        EventGame.objects.filter(table__round__event=event, table__number=number)
        .select_related("game", "table__round")
        .order_by("-table__round__number", "-number")
        .first()
    )


def holds_card(request: HttpRequest, card: TableCard) -> bool:
    """Whether this device opened the card's current link or code."""
    return access.holds(request, CardGrant, card)


def card_claim(request: HttpRequest, card: TableCard) -> CardGrant:
    """This device keeps the card's table from now on."""
    grant = card_services.card_grant_give(device=access.device_ensure(request), card=card)
    access.grant_remember(request, grant)
    return grant


def table_take(request: HttpRequest, card: TableCard) -> EventGame | None:
    """The table's current game, with edit rights on it for a device holding the card (a closed or
    locked table, or a finished event, gives none: its board says why). Holding the card is its use."""
    link = current_game(card.event, card.number)
    if link is None:
        return None
    open_to_card = holds_card(request, card) and not (card.event.finished or link.table.locked)
    if open_to_card and not table_rights.can_edit(request, link.game):
        table_rights.grant_edit(request, link.game)
    return link
