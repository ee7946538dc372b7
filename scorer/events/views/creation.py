"""A new event, its organizer link claimed, and a new organizer link."""

import logging

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorer import access
from scorer.engine import InvalidInput
from scorer.events import rights
from scorer.events.forms.creation import EventForm
from scorer.events.models import Event
from scorer.events.selectors.document import event_find
from scorer.events.services.base import link_rotation_record
from scorer.events.services.creation import event_create
from scorer.events.services.links import organizer_link_rotate
from scorer.events.views.organizer import LINK_FIRST, organize_url, organizer_required
from scorer.platform.limits import limited
from scorer.shell.errors import forbidden

logger = logging.getLogger(__name__)


EVENT_NEW = "scorer/events/event_new.html"


@require_http_methods(["GET", "HEAD", "POST"])
@limited("table_create", method="POST")
def event_new(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return render(request, EVENT_NEW, {"form": EventForm(initial=request.GET.dict())})
    changed = EventForm.ruleset_changed(request.POST)
    if EventForm.shown_again(request.POST):  # without JavaScript: the chosen rule set's options
        form = EventForm(initial=request.POST.dict())
        return render(request, EVENT_NEW, {"form": form, "options_changed": changed})
    form = EventForm(data=request.POST)
    if form.is_valid():
        device = access.device_ensure(request)
        try:
            event, _secret = event_create(device=device, **form.event_kwargs())
        except InvalidInput as exc:
            form.add_engine_errors(exc.errors)
        else:
            rights.grant_organizer(request, event)
            messages.success(
                request,
                _("The event is created. This device is its organizer: keep the organizer link below."),
            )
            return redirect(f"{organize_url(event)}?{LINK_FIRST}=1")
    return render(request, EVENT_NEW, {"form": form})


@require_safe
def event_new_options(request: HttpRequest) -> HttpResponse:
    """The rule set's options, hand counts and the entrants field (htmx swaps them in)."""
    form = EventForm(initial=request.GET.dict())
    template = f"{EVENT_NEW}#options" if getattr(request, "htmx", False) else EVENT_NEW
    return render(request, template, {"form": form})


@never_cache
@require_safe
@limited("claim")
def event_claim(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    """The organizer link: organizer rights for this device, then the organizer page (the
    redirect takes the secret out of the address bar)."""
    event = event_find(public_id)
    if event is None or not event.check_secret(secret):
        logger.info("Refused organizer link for event %s", public_id)
        response = forbidden(request) if event else render(request, "404.html", status=404)
        response._has_been_logged = True
        return response
    rights.grant_organizer(request, event)
    messages.success(request, _("This device can now run the event."))
    response = redirect(organize_url(event))
    response["Referrer-Policy"] = "no-referrer"
    return response


@require_POST
@organizer_required
def event_link_rotate(request: HttpRequest, event: Event) -> HttpResponse:
    device = access.device_ensure(request)
    organizer_link_rotate(event=event, device=device)
    link_rotation_record(event=event, device=device)
    messages.success(
        request,
        _(
            "New organizer link made. The old link no longer works on any device, and every open table has a new scorekeeper link."
        ),
    )
    return redirect(f"{organize_url(event)}#baglanti")
