"""Who may run a club: the device that opened it and the devices that opened its admin link
(scorer/access/).

Like an event's organizer link: the secret is derived from ``club:<public id>``, the club's
secret version and link key (never stored); opening the link once gives the device a
:class:`ClubGrant`. A new admin link (``admin_link_rotate`` in scorer/clubs/services.py) bumps the
version and deletes every other device's admin grant. Everyone else reads the club's public pages.
"""

from django.http import HttpRequest

from scorer import access
from scorer.clubs import services
from scorer.clubs.models import Club, ClubGrant


def admin_grant(request: HttpRequest, club: Club) -> ClubGrant | None:
    """This device's unexpired admin grant on ``club``, counting or not (cached for the request)."""
    return access.grant_held(request, ClubGrant, club)


def is_admin(request: HttpRequest, club: Club) -> bool:
    return access.holds(request, ClubGrant, club)


def grant_admin(request: HttpRequest, club: Club) -> ClubGrant:
    """Give this device admin rights on ``club`` at its current admin link."""
    grant = services.club_grant_admin(device=access.device_ensure(request), club=club)
    access.grant_remember(request, grant)
    return grant
