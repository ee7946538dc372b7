"""The organizer page: the event as it runs, its tables' progress (polled, or pushed while its
stream is open), and what every organizer action shares: only this device's organizer grant
(scorer/events/rights.py, checked by ``grant_required`` of scorer/access/) opens it, and an
action's form is shown again on the page when refused.

Every page works without JavaScript (plain forms that post and redirect back); with htmx the
organizer page's forms are boosted and its tables' progress refreshes by itself. Every write goes
through scorer/events/services/, which records what the organizer decided.
"""

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import get_language
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from scorer import access
from scorer.engine import InvalidInput, get_ruleset
from scorer.events import clock, corrections, public, rights, tiebreak
from scorer.events import push as event_push
from scorer.events.forms.actions import (
    ActionForm,
    CloseForm,
    DecideForm,
    LateForm,
    TieBreakForm,
    TimerForm,
    WithdrawForm,
)
from scorer.events.forms.creation import placement_text
from scorer.events.models import Event, EventGrant
from scorer.events.rules.decisions import for_kind
from scorer.events.selectors.document import event_get, event_stamp, finish_undoable
from scorer.events.selectors.standings import event_standings
from scorer.platform import push

LINK_FIRST = "yeni"
"""``?yeni=1``: the organizer page just after the event was made shows its link at the top, open."""


ORGANIZE = "scorer/events/organize.html"


def organize_url(event: Event) -> str:
    return reverse("scorer:event_organize", args=[event.public_id])


ORGANIZER = access.Right(grant=EventGrant, load=event_get)
"""An event's organizer right: unknown event → 404, not its organizer → 403."""

organizer_required = access.grant_required(ORGANIZER)
"""Load the event named by ``public_id``; call ``view(request, event, ...)`` if this device is its organizer."""


def table_forms(event: Event, view, bound: ActionForm | None = None) -> list[tuple]:
    """The current round's tables, each with its action forms (the one just posted, bound)."""
    hand_counts = get_ruleset(event.ruleset).hand_counts
    rows = []
    for table in view.current:
        forms = {
            "decide": DecideForm(event=event, table=table, entrants=view.data.entrants),
            "tiebreak": TieBreakForm(event=event, table=table, hand_counts=hand_counts),
            "close": CloseForm(event=event, table=table),
        }
        latest = tiebreak.tiebreak_latest(table.table) if table.waiting_decision else None
        forms["tiebreak_outcome"] = tiebreak.tiebreak_outcome(latest) if latest else None
        for name, form in list(forms.items()):
            if bound is not None and type(bound) is type(form) and bound.table.number == table.number:
                forms[name] = bound
        rows.append((table, forms))
    return rows


def organize_context(request: HttpRequest, event: Event, bound: ActionForm | None = None) -> dict:
    # The stamp before what it stands for: a change committed in between then shows under a newer
    # stamp at the next push, never the older content under the newer stamp (a stream sends a
    # part only when its id changed).
    stream_etag = progress_etag(event)
    view = event_standings(event, next_round=True)
    entrants = view.data.entrants
    active = [e for e in entrants if not e.out]
    link = request.build_absolute_uri(
        reverse("scorer:event_claim", args=[event.public_id, event.link_secret])
    )
    seated = {pk for tables in view.data.tables.values() for table in tables for pk in table.seats}
    records = corrections.records_with_changes(event)
    round_timer = clock.timer_of(view.data.rounds[-1]) if view.data.rounds else None
    return {
        "event": event,
        "view": view,
        "entrants": entrants,
        "active": active,
        "tables": table_forms(event, view, bound),
        "late_form": bound if isinstance(bound, LateForm) else LateForm(event=event),
        "withdraw_form": bound
        if isinstance(bound, WithdrawForm)
        else WithdrawForm(event=event, active=active),
        "never_seated": [e for e in entrants if not e.out and e.pk not in seated],
        "records": records,
        "organizer_url": link,
        "decisions": for_kind(event.kind),
        "ruleset_name": event.rules.title,  # a house rule set's own name
        "placement": placement_text(event.placement_points),
        "can_add_late": not event.finished
        and (not view.data.rounds if event.knockout else len(view.data.rounds) < (event.rounds_planned or 0)),
        "can_reseat": _can_reseat(view),
        "shifts": corrections.seating_shifts(view),
        "next_names": _next_names(view),
        "next_final": event.knockout
        and view.next_round is not None
        and len(view.next_round.tables) == 1
        and not view.next_round.byes,
        "stream_etag": stream_etag,
        "can_unfinish": finish_undoable(event),
        "standing_rows": public.page_data(view)["standings"],
        "link_first": request.GET.get(LINK_FIRST) == "1",
        "timer": round_timer,
        "timer_form": bound
        if isinstance(bound, TimerForm)
        else TimerForm(event=event, minutes=(round_timer.seconds // 60 if round_timer else 45) or 45),
    }


def _can_reseat(view) -> bool:
    if view.event.finished or not view.current:
        return False
    return all(sum(table.hands) == 0 for table in view.current)


def _next_names(view) -> list[list[str]]:
    if view.next_round is None or view.result is None:
        return []
    names = view.result.event.entrants
    return [[names[e].name for e in table] for table in view.next_round.tables]


@never_cache
@require_safe
@organizer_required
def event_organize(request: HttpRequest, event: Event) -> HttpResponse:
    return render(request, ORGANIZE, organize_context(request, event))


@never_cache
@require_safe
@organizer_required
def event_progress(request: HttpRequest, event: Event) -> HttpResponse:
    """The tables' progress alone (htmx polls it while a round is played)."""
    return render(request, f"{ORGANIZE}#progress", organize_context(request, event))


def progress_etag(event: Event) -> str:
    return f"{event_stamp(event)}-{get_language()}"


def _progress_part(request: HttpRequest, event_pk: int) -> push.Part:
    """The organizer page's progress now, with a stand-in for the CSRF token (the same bytes for
    every organizer's device), rendered at the event's organizer link version."""
    event = Event.objects.filter(pk=event_pk).first()
    if event is None:
        raise push.Gone()
    context = organize_context(request, event) | {"csrf_token": push.PUSHED_CSRF_TOKEN}
    html = render_to_string(f"{ORGANIZE}#progress", context, request)
    return push.Part(context["stream_etag"], "progress", html, rights=event.secret_version)


@require_safe
@organizer_required
def event_progress_stream(request: HttpRequest, event: Event) -> HttpResponse:
    """The progress as server-sent events (scorer/platform/push/), while this device stays the
    organizer: a replaced organizer link ends the stream."""
    grant = rights.organizer_grant(request, event)
    language = get_language()

    revoked = [False]

    def render(_variant: str) -> push.Part:
        with translation.override(language):
            return _progress_part(request, event.pk)

    def allowed(part: push.Part) -> bool:
        revoked[0] = part.rights != grant.secret_version
        return not revoked[0]

    feed = push.Feed(lambda: None if revoked[0] else f"{language}:progress", render, allowed)
    return push.stream_response(request, kind=event_push.KIND, key=event.pk, feed=feed)


def act(
    request: HttpRequest,
    event: Event,
    action: Callable[..., object],
    done: str | Callable[[dict], str],
    form: ActionForm | None = None,
) -> HttpResponse:
    """Run ``action`` with the posted form's fields. What was refused on a field shows on it (the
    page again, the form bound); a refusal of the whole action (a stale version, a finished
    event) is said on top of the page."""
    form = form or ActionForm(request.POST, event=event)
    if form.is_valid():
        try:
            action(**form.kwargs())
        except InvalidInput as exc:
            form.add_engine_errors(exc.errors)
        else:
            messages.success(request, done(form.kwargs()) if callable(done) else done)
            return redirect(organize_url(event))
    if set(form.errors) <= {NON_FIELD_ERRORS, "version"}:
        messages.error(request, " ".join(error for errors in form.errors.values() for error in errors))
        return redirect(organize_url(event))
    event.refresh_from_db()
    form.data = form.data.copy()
    form.data["version"] = event.version  # shown again at the event as it is now
    return render(request, ORGANIZE, organize_context(request, event, bound=form))
