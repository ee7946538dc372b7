"""Table cards: one card per physical table for the whole event, its rights following the table.

A card (:class:`TableCard`) is made for each table number the first time a round seats that
many tables. Its link ``/turnuva/<id>/kart/<number>/anahtar/<secret>/`` (the secret derived like
an edit link's, never stored) or its short code, typed on ``/turnuva/kart/``, gives the device a
:class:`CardGrant`. Whenever that device opens the table's page ``/turnuva/<id>/kart/<number>/``
(the card's link ends there, and a table's board links there once a later round has started) it
is given a normal edit grant on the current game of that table number and sent to its board:
the table's rights are a table's rights as ever (scorer/tables/rights.py), handed out one round
at a time, so no table page needs to know about cards.

A new card (:func:`card_replace`) bumps the card's version and changes its code: devices that held
the old one lose their edit rights on that table's open games. A new organizer link replaces
every card (:func:`cards_replace`) as it replaces every table's edit link: whoever read the cards
with the old organizer link cannot claim a table with them; a scorekeeper keeps its card.
"""

from collections.abc import Collection

from django.db import IntegrityError, transaction
from django.http import HttpRequest

from scorer import access
from scorer.events.models import CardGrant, Event, EventGame, TableCard
from scorer.models import Device, Game, new_join_code
from scorer.tables import rights as table_rights
from scorer.tables.services import links as table_links


def _new_code() -> str:
    """A card's code, like a table's join code, and never one a table has (the same field of the
    home page could be asked for either)."""
    while True:
        code = new_join_code()
        if not TableCard.objects.filter(code=code).exists() and not Game.objects.filter(code=code).exists():
            return code


def cards_ensure(event: Event, count: int) -> list[TableCard]:
    """The event's cards for tables 1 … ``count`` (those missing are made): each table number keeps
    its card from one round to the next."""
    have = {card.number: card for card in TableCard.objects.filter(event=event)}
    for number in range(1, count + 1):
        if number not in have:
            try:
                with transaction.atomic():
                    have[number] = TableCard.objects.create(event=event, number=number, code=_new_code())
            except IntegrityError:  # another request made it meanwhile
                have[number] = TableCard.objects.get(event=event, number=number)
    for card in have.values():
        card.event = event
    return [have[number] for number in sorted(have) if number <= count]


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
    grant, _created = access.grant_give(CardGrant, device=access.device_ensure(request), target=card)
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


def _renew(card: TableCard) -> int:
    """A new link and code for ``card``; returns the version it had."""
    old = access.link_renew(card)
    card.code = _new_code()
    card.save(update_fields=["secret_version", "link_key", "code"])
    return old


@transaction.atomic
def card_replace(*, event: Event, number: int, device: Device | None = None) -> TableCard:
    """A new card for table ``number``: the old link and code stop working, and every device that
    held the old card (but ``device``, the organizer's) loses its edit rights on that table's open
    games, in this round and the next."""
    card = TableCard.objects.select_for_update().get(event=event, number=number)
    card.event = event
    _renew(card)
    devices = access.grants_take_back(CardGrant, target=card, keep=device)
    games = EventGame.objects.filter(table__round__event=event, table__number=number, table__locked=False)
    table_links.grants_revoke(games=games.values("game_id"), devices=devices)
    return card


def cards_replace(*, event: Event, revoke: Collection[int]) -> None:
    """Every card of ``event`` anew (the organizer link was replaced): the devices in ``revoke``
    lose their cards, every other holder keeps its card at the new version."""
    for card in TableCard.objects.select_for_update().filter(event=event).order_by("pk"):
        old = _renew(card)
        CardGrant.objects.filter(card=card, device_id__in=revoke).delete()
        CardGrant.objects.filter(card=card, secret_version=old).update(secret_version=card.secret_version)
