"""Who may run a club: the device that opened it and the devices that opened its admin link.

Like an event's organizer link (scorer/events/rights.py): the secret is derived from the club's
secret version and link key (never stored); opening the link once gives the device a
:class:`ClubGrant`, found through the same device cookie as the tables' grants. A new admin link
bumps the version: every other device's admin grant stops counting at once. Everyone else reads
the club's public pages.
"""

from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone

from scorer.clubs.models import Club, ClubGrant
from scorer.models import Device
from scorer.tables import editlink
from scorer.tables import rights as table_rights

CACHE_ATTR = "_okeycalc_club_grants"


def _cache(request: HttpRequest) -> dict:
    cache = getattr(request, CACHE_ATTR, None)
    if cache is None:
        cache = {}
        setattr(request, CACHE_ATTR, cache)
    return cache


def admin_grant(request: HttpRequest, club: Club) -> ClubGrant | None:
    """This device's unexpired admin grant on ``club`` (one query, cached for the request)."""
    cache = _cache(request)
    if club.pk not in cache:
        token = table_rights._token_from_cookie(request)
        grant = None
        if token:
            grant = ClubGrant.objects.filter(
                device__token_hash=editlink.hash_secret(token),
                club=club,
                last_used_at__gte=table_rights.grant_cutoff(),
            ).first()
        if grant is not None and grant.last_used_at < timezone.now() - table_rights.TOUCH_EVERY:
            ClubGrant.objects.filter(pk=grant.pk).update(last_used_at=timezone.now())
            Device.objects.filter(pk=grant.device_id).update(last_seen_at=timezone.now())
        cache[club.pk] = grant
    return cache[club.pk]


def is_admin(request: HttpRequest, club: Club) -> bool:
    grant = admin_grant(request, club)
    return grant is not None and grant.secret_version == club.secret_version


def grant_admin(request: HttpRequest, club: Club) -> ClubGrant:
    """Give this device admin rights on ``club`` at its current admin link."""
    device = table_rights.device_ensure(request)
    grant, _created = ClubGrant.objects.update_or_create(
        device=device,
        club=club,
        defaults={"secret_version": club.secret_version, "last_used_at": timezone.now()},
    )
    _cache(request)[club.pk] = grant
    return grant


@transaction.atomic
def admin_link_rotate(*, club: Club, device: Device) -> Club:
    """A new admin link: the old one stops working and every other device loses its admin rights;
    ``device`` (the admin replacing it) keeps them."""
    locked = Club.objects.select_for_update().get(pk=club.pk)
    locked.secret_version += 1
    locked.link_key = editlink.new_link_key()
    locked.save(update_fields=["secret_version", "link_key"])
    ClubGrant.objects.filter(club=locked).exclude(device=device).delete()
    ClubGrant.objects.update_or_create(
        device=device,
        club=locked,
        defaults={"secret_version": locked.secret_version, "last_used_at": timezone.now()},
    )
    club.secret_version, club.link_key = locked.secret_version, locked.link_key
    return club
