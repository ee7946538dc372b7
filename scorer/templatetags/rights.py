"""Links of a table's share panel (templates/scorer/_share_panel.html)."""

from django import template
from django.urls import reverse

from scorer.access import max_idle
from scorer.models import Game
from scorer.tables.rights import can_edit

register = template.Library()


@register.simple_tag(takes_context=True)
def viewer_link(context, game: Game) -> str:
    """The read-only board's address, absolute (for copying, sharing and the QR code)."""
    return context["request"].build_absolute_uri(reverse("scorer:game_board", args=[game.public_id]))


@register.simple_tag(takes_context=True)
def edit_link(context, game: Game) -> str:
    """The table's current edit link, or "" unless this device may edit the table."""
    request = context["request"]
    if not can_edit(request, game):
        return ""
    return request.build_absolute_uri(reverse("scorer:game_claim", args=[game.public_id, game.link_secret]))


@register.simple_tag
def grant_days() -> int:
    """How many days unused a device keeps its rights to a table."""
    return max_idle().days
