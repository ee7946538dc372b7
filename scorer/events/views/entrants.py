"""The organizer's actions on entrants: a late arrival, a withdrawal or a no-show."""

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scorer import access
from scorer.events.forms.actions import LateForm, WithdrawForm
from scorer.events.models import Event
from scorer.events.selectors.document import event_data
from scorer.events.services.entrants import entrant_add, entrant_withdraw
from scorer.events.views.organizer import act, organizer_required


@require_POST
@organizer_required
def event_late(request: HttpRequest, event: Event) -> HttpResponse:
    device = access.device_of(request)
    return act(
        request,
        event,
        lambda **fields: entrant_add(event=event, device=device, **fields),
        lambda fields: _("%(name)s is added: they play from the next round.") % {"name": fields["name"]},
        LateForm(request.POST, event=event),
    )


@require_POST
@organizer_required
def event_withdraw(request: HttpRequest, event: Event) -> HttpResponse:
    device = access.device_of(request)
    active = [entrant for entrant in event_data(event).entrants if not entrant.out]
    return act(
        request,
        event,
        lambda **fields: entrant_withdraw(event=event, device=device, **fields),
        _("Written down."),
        WithdrawForm(request.POST, event=event, active=active),
    )
