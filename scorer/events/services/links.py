"""An event's rights: its organizer grants and its organizer link replaced (built on scorer/access/)."""

from django.db import transaction

from scorer import access
from scorer.events.models import Event, EventGame, EventGrant
from scorer.events.services import cards as card_services
from scorer.models import Device, Game
from scorer.tables.services import links as table_links


def event_grant_organizer(*, device: Device, event: Event) -> EventGrant:
    """``device`` runs ``event`` at its current organizer link."""
    grant, _created = access.grant_give(EventGrant, device=device, target=event)
    return grant


@transaction.atomic
def organizer_link_rotate(*, event: Event, device: Device) -> Event:
    """A new organizer link, and a new edit link for every open table of the event (the cards show
    the new ones): the old links stop working; other organizer devices lose their rights on the
    event and every edit grant they held on its tables. A scorekeeper who opened a table's own link
    keeps that table at its new link (unless the same device was an organizer too), and so does
    ``device``."""
    locked = Event.objects.select_for_update().get(pk=event.pk)
    access.link_renew(locked)
    locked.save(update_fields=["secret_version", "link_key"])
    devices = access.grants_take_back(EventGrant, target=locked, keep=device)
    games = EventGame.objects.filter(table__round__event=locked).values("game_id")
    table_links.grants_revoke(games=games, devices=devices)
    # The cards showed every open table's edit link to whoever held the organizer link: those
    # links are replaced too, so a revoked organizer cannot claim a table with what it read.
    open_games = Game.objects.select_for_update(of=("self",)).filter(
        event_game__table__round__event=locked, event_game__table__locked=False
    )
    table_links.game_links_replace(games=list(open_games.order_by("pk")), revoke=devices)
    card_services.cards_replace(event=locked, revoke=devices)
    event_grant_organizer(device=device, event=locked)
    event.secret_version, event.link_key = locked.secret_version, locked.link_key
    return event
