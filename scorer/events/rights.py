"""Who may run an event: the devices that opened its organizer link (scorer/access/).

Like a table's edit link: the organizer link is ``/turnuva/<public id>/anahtar/<secret>/``, its
secret derived from ``event:<public id>``, the event's secret version and link key (never stored);
opening it once gives the device an :class:`EventGrant`. A new organizer link
(``organizer_link_rotate`` in scorer/events/services/links.py) bumps the version: every other
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

from django.http import HttpRequest

from scorer import access
from scorer.events.models import Event, EventGame, EventGrant
from scorer.events.services.links import event_grant_organizer
from scorer.models import Grant
from scorer.tables import rights as table_rights


def organizer_grant(request: HttpRequest, event: Event) -> EventGrant | None:
    """This device's unexpired organizer grant on ``event``, counting or not (cached for the request)."""
    return access.grant_held(request, EventGrant, event)


def is_organizer(request: HttpRequest, event: Event) -> bool:
    return access.holds(request, EventGrant, event)


def grant_organizer(request: HttpRequest, event: Event) -> EventGrant:
    """Give this device organizer rights on ``event`` at its current organizer link."""
    grant = event_grant_organizer(device=access.device_ensure(request), event=event)
    access.grant_remember(request, grant)
    return grant


def open_table(request: HttpRequest, link: EventGame) -> Grant:
    """The organizer opens one of the event's tables: a normal edit grant on that game."""
    return table_rights.grant_edit(request, link.game)
