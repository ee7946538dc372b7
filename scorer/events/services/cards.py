"""Table cards' writes: the cards an event's rounds need, a card's grant, a new card and every card
anew (scorer/events/cards.py says what a card is)."""

from collections.abc import Collection

from django.db import IntegrityError, transaction

from scorer import access
from scorer.events.models import CardGrant, Event, EventGame, TableCard
from scorer.models import Device, Game, new_join_code
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


def card_grant_give(*, device: Device, card: TableCard) -> CardGrant:
    """``device`` holds ``card`` at its current version: it keeps that table, round after round."""
    grant, _created = access.grant_give(CardGrant, device=device, target=card)
    return grant


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
