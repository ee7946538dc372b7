"""Who may run an event: the devices that opened its organizer link.

Like a table's edit link (scorer/tables/rights.py, editlink.py): the organizer link is
``/turnuva/<public id>/anahtar/<secret>/``, its secret derived from the event's secret version and
link key (never stored); opening it once gives the device an :class:`EventGrant`, found through
the same device cookie as the tables' grants. A new organizer link bumps the version: every other
device's organizer grant stops counting at once, the edit rights those devices held on the
event's tables are taken back, and every open table gets a new edit link, since the table cards
showed the old ones to whoever held the organizer link.

The organizer's rights over the tables are given table by table when the organizer opens one
(:func:`open_table`): the device then holds a normal edit grant on that game and uses the normal
table pages. A table's scorekeeper holds its table card (scorer/events/cards.py): the table of
that number in every round, each round's game through a normal edit grant. A game's own edit link
still gives that game only. A new organizer link replaces every card too.
Viewers hold nothing and read everything.
"""

from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone

from scorer.events import cards
from scorer.events.models import Event, EventGame, EventGrant
from scorer.models import Device, Game, Grant
from scorer.tables import editlink
from scorer.tables import rights as table_rights

CACHE_ATTR = "_okeycalc_event_grants"


def _cache(request: HttpRequest) -> dict:
    cache = getattr(request, CACHE_ATTR, None)
    if cache is None:
        cache = {}
        setattr(request, CACHE_ATTR, cache)
    return cache


def organizer_grant(request: HttpRequest, event: Event) -> EventGrant | None:
    """This device's unexpired organizer grant on ``event`` (one query, cached for the request)."""
    cache = _cache(request)
    if event.pk not in cache:
        token = table_rights._token_from_cookie(request)
        grant = None
        if token:
            grant = (
                EventGrant.objects.filter(
                    device__token_hash=editlink.hash_secret(token),
                    event=event,
                    last_used_at__gte=table_rights.grant_cutoff(),
                )
                .select_related("device")
                .first()
            )
        if grant is not None and grant.last_used_at < timezone.now() - table_rights.TOUCH_EVERY:
            EventGrant.objects.filter(pk=grant.pk).update(last_used_at=timezone.now())
            Device.objects.filter(pk=grant.device_id).update(last_seen_at=timezone.now())
        cache[event.pk] = grant
    return cache[event.pk]


def is_organizer(request: HttpRequest, event: Event) -> bool:
    grant = organizer_grant(request, event)
    return grant is not None and grant.secret_version == event.secret_version


def grant_organizer(request: HttpRequest, event: Event) -> EventGrant:
    """Give this device organizer rights on ``event`` at its current organizer link."""
    device = table_rights.device_ensure(request)
    now = timezone.now()
    grant, _created = EventGrant.objects.update_or_create(
        device=device,
        event=event,
        defaults={"secret_version": event.secret_version, "last_used_at": now},
    )
    _cache(request)[event.pk] = grant
    return grant


def open_table(request: HttpRequest, link: EventGame) -> Grant:
    """The organizer opens one of the event's tables: a normal edit grant on that game."""
    return table_rights.grant_edit(request, link.game)


@transaction.atomic
def organizer_link_rotate(*, event: Event, device: Device) -> Event:
    """A new organizer link, and a new edit link for every open table of the event (the cards show
    the new ones): the old links stop working; other organizer devices lose their rights on the
    event and every edit grant they held on its tables. A scorekeeper who opened a table's own link
    keeps that table at its new link (unless the same device was an organizer too), and so does
    ``device``."""
    locked = Event.objects.select_for_update().get(pk=event.pk)
    locked.secret_version += 1
    locked.link_key = editlink.new_link_key()
    locked.save(update_fields=["secret_version", "link_key"])
    others = EventGrant.objects.filter(event=locked).exclude(device=device)
    devices = list(others.values_list("device_id", flat=True))
    others.delete()
    games = EventGame.objects.filter(table__round__event=locked).values("game_id")
    Grant.objects.filter(device_id__in=devices, game_id__in=games, kind=Grant.EDIT).update(kind=Grant.WATCH)
    # The cards showed every open table's edit link to whoever held the organizer link: those
    # links are replaced too, so a revoked organizer cannot claim a table with what it read.
    open_games = Game.objects.select_for_update(of=("self",)).filter(
        event_game__table__round__event=locked, event_game__table__locked=False
    )
    table_rights.game_links_replace(games=list(open_games.order_by("pk")), revoke=devices)
    cards.cards_replace(event=locked, revoke=devices)
    EventGrant.objects.update_or_create(
        device=device,
        event=locked,
        defaults={"secret_version": locked.secret_version, "last_used_at": timezone.now()},
    )
    event.secret_version, event.link_key = locked.secret_version, locked.link_key
    return event
