"""Finishing an event (a page that asks first, showing the podium it gives) and undoing it."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from scorer import access
from scorer.events import public
from scorer.events.models import Event
from scorer.events.selectors.standings import event_standings
from scorer.events.services import finish as finish_services
from scorer.events.views.organizer import act, organize_url, organizer_required

FINISH_CONFIRM = "scorer/events/finish_confirm.html"


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
@organizer_required
def event_finish(request: HttpRequest, event: Event) -> HttpResponse:
    """Finishing asks first: the page says what it does and shows the podium it gives; its form
    finishes. It can be undone while no table changes (event_unfinish)."""
    if request.method != "POST":
        if event.finished:
            return redirect(organize_url(event))
        view = event_standings(event, next_round=False)
        rows = public.page_data(view)["standings"]
        context = {"event": event, "view": view, "podium": public.podium(rows)}
        return render(request, FINISH_CONFIRM, context)
    device = access.device_of(request)
    return act(
        request,
        event,
        lambda **fields: finish_services.event_finish(event=event, device=device, **fields),
        _("The event is finished: every table is closed and the standings stand."),
    )


@require_POST
@organizer_required
def event_unfinish(request: HttpRequest, event: Event) -> HttpResponse:
    device = access.device_of(request)
    return act(
        request,
        event,
        lambda **fields: finish_services.event_unfinish(event=event, device=device, **fields),
        _("Finishing is undone: the tables are open again as they were."),
    )
