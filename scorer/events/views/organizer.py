"""The organizer's pages: create an event, claim its organizer link, run it round by round.

Every page works without JavaScript (plain forms that post and redirect back); with htmx the
organizer page's forms are boosted and its tables' progress refreshes by itself. Every write needs
this device's organizer grant (scorer/events/rights.py) and goes through scorer/events/services.py,
which records what the organizer decided.
"""

import logging
from collections.abc import Callable
from functools import wraps

from django.contrib import messages
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorer.engine import InvalidInput, get_ruleset
from scorer.events import cards, clock, corrections, public, rights, selectors, services, tiebreak, timer
from scorer.events import push as event_push
from scorer.events.forms import (
    ActionForm,
    CloseForm,
    DecideForm,
    EventForm,
    LateForm,
    TieBreakForm,
    TimerForm,
    WithdrawForm,
    placement_text,
)
from scorer.events.models import Event
from scorer.events.rules.decisions import for_kind
from scorer.platform import push
from scorer.platform.limits import limited
from scorer.platform.qr import qr_svg
from scorer.shell.errors import forbidden
from scorer.tables import rights as table_rights

logger = logging.getLogger(__name__)

EVENT_NEW = "scorer/events/event_new.html"
LINK_FIRST = "yeni"
"""``?yeni=1``: the organizer page just after the event was made shows its link at the top, open."""
ORGANIZE = "scorer/events/organize.html"


def organize_url(event: Event) -> str:
    return reverse("scorer:event_organize", args=[event.public_id])


def organizer_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Load the event named by ``public_id``; call ``view(request, event, ...)`` if this device is
    its organizer. Unknown event → 404; not the organizer → 403."""

    @wraps(view)
    def wrapper(request: HttpRequest, public_id: str, *args, **kwargs) -> HttpResponse:
        event = selectors.event_get(public_id)
        if not rights.is_organizer(request, event):
            return forbidden(request)
        return view(request, event, *args, **kwargs)

    return wrapper


def _errors(request: HttpRequest, exc: InvalidInput) -> None:
    messages.error(request, " ".join(error.message for error in exc.errors))


# --- a new event -----------------------------------------------------------------------------------


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
        device = table_rights.device_ensure(request)
        try:
            event, _secret = services.event_create(device=device, **form.event_kwargs())
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
    event = selectors.event_find(public_id)
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


# --- the organizer page ----------------------------------------------------------------------------


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
    view = selectors.event_standings(event, next_round=True)
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
        "ruleset_name": _(get_ruleset(event.ruleset).name),
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
        "can_unfinish": selectors.finish_undoable(event),
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
    return f"{selectors.event_stamp(event)}-{get_language()}"


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


def _act(
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


@require_POST
@organizer_required
def event_start_round(request: HttpRequest, event: Event) -> HttpResponse:
    device = table_rights.device_of(request)
    return _act(
        request,
        event,
        lambda **fields: services.round_start(event=event, device=device, **fields),
        _("The round is seated: each table card now takes its phone to its table's new game."),
    )


@require_POST
@organizer_required
def event_reseat(request: HttpRequest, event: Event) -> HttpResponse:
    device = table_rights.device_of(request)
    view = selectors.event_standings(event, next_round=False)
    note = " ".join(shift.note for shift in corrections.seating_shifts(view) if shift.can_reseat)
    return _act(
        request,
        event,
        lambda **fields: services.round_reseat(event=event, device=device, note=note, **fields),
        _("The round is seated again."),
    )


@require_POST
@organizer_required
def event_keep_seating(request: HttpRequest, event: Event, round_number: int) -> HttpResponse:
    """Keep a round's seating after a correction moved the standings it was seated from."""
    device = table_rights.device_of(request)
    return _act(
        request,
        event,
        lambda **fields: services.seating_keep(
            event=event, round_number=round_number, device=device, **fields
        ),
        _("The seating stays as it is; written down."),
    )


def _table(request: HttpRequest, event: Event, round_number: int, number: int):
    view = selectors.event_standings(event, next_round=False)
    if not 1 <= round_number <= len(view.rounds):
        raise Http404("No such round")
    for table in view.rounds[round_number - 1]:
        if table.number == number:
            return view, table
    raise Http404("No such table")


@require_POST
@organizer_required
def event_table_open(request: HttpRequest, event: Event, round_number: int, number: int) -> HttpResponse:
    """The organizer opens a table to see or correct it: edit rights on its current game."""
    _view, table = _table(request, event, round_number, number)
    game = table.current_game
    if game is None:
        raise Http404("No game")
    if table.locked:
        messages.info(request, _("This table is closed: it can be seen, no longer changed."))
    else:
        rights.open_table(request, game)
        messages.success(request, _("This device can now enter and correct hands at this table."))
    return redirect(reverse("scorer:game_board", args=[game.game.public_id]))


@require_POST
@organizer_required
def event_table_close(request: HttpRequest, event: Event, round_number: int, number: int) -> HttpResponse:
    _view, table = _table(request, event, round_number, number)
    device = table_rights.device_of(request)
    return _act(
        request,
        event,
        lambda **fields: services.table_close(event=event, table_id=table.table.pk, device=device, **fields),
        _("Table %(number)s is closed.") % {"number": number},
        CloseForm(request.POST, event=event, table=table),
    )


@require_POST
@organizer_required
def event_decide(request: HttpRequest, event: Event, round_number: int, number: int) -> HttpResponse:
    view, table = _table(request, event, round_number, number)
    device = table_rights.device_of(request)
    return _act(
        request,
        event,
        lambda **fields: services.cut_decide(event=event, table_id=table.table.pk, device=device, **fields),
        _("The champion is recorded.") if table.final else _("The decision is recorded."),
        DecideForm(request.POST, event=event, table=table, entrants=view.data.entrants),
    )


@require_POST
@organizer_required
def event_tiebreak(request: HttpRequest, event: Event, round_number: int, number: int) -> HttpResponse:
    """Seat the tied entrants of a table at a tie-break game; this device keeps its score."""
    _view, table = _table(request, event, round_number, number)
    device = table_rights.device_ensure(request)
    form = TieBreakForm(
        request.POST, event=event, table=table, hand_counts=get_ruleset(event.ruleset).hand_counts
    )
    started = []

    def start(**fields):
        started.append(tiebreak.tiebreak_start(event=event, table_id=table.table.pk, device=device, **fields))

    response = _act(request, event, start, _("The tie-break game is open: enter its hands here."), form)
    if started:
        game = started[0].game
        table_rights.grant_edit(request, game)
        return redirect(reverse("scorer:game_board", args=[game.public_id]))
    return response


@require_POST
@organizer_required
def event_tiebreak_record(request: HttpRequest, event: Event, round_number: int, number: int) -> HttpResponse:
    """Record the tie-break game's result as the table's decision at the cut."""
    _view, table = _table(request, event, round_number, number)
    device = table_rights.device_of(request)
    return _act(
        request,
        event,
        lambda **fields: tiebreak.tiebreak_record(
            event=event, table_id=table.table.pk, device=device, **fields
        ),
        _("The tie-break game's result is recorded as the decision."),
    )


@require_POST
@organizer_required
def event_timer(request: HttpRequest, event: Event) -> HttpResponse:
    """Start, pause, resume or add time to the current round's timer."""
    device = table_rights.device_of(request)
    return _act(
        request,
        event,
        lambda **fields: timer.timer_change(event=event, device=device, **fields),
        _("The round timer is set."),
        TimerForm(request.POST, event=event),
    )


@require_POST
@organizer_required
def event_next_game(request: HttpRequest, event: Event, round_number: int, number: int) -> HttpResponse:
    """Open a match's next game (its scorekeeper's device gets it from the board's rematch too)."""
    _view, table = _table(request, event, round_number, number)
    try:
        link = services.match_game_open(
            event=event, table_id=table.table.pk, device=table_rights.device_of(request)
        )
    except InvalidInput as exc:
        _errors(request, exc)
        return redirect(organize_url(event))
    rights.open_table(request, link)
    messages.success(request, _("The next game of the match is open."))
    return redirect(organize_url(event))


@require_POST
@organizer_required
def event_late(request: HttpRequest, event: Event) -> HttpResponse:
    device = table_rights.device_of(request)
    return _act(
        request,
        event,
        lambda **fields: services.entrant_add(event=event, device=device, **fields),
        lambda fields: _("%(name)s is added: they play from the next round.") % {"name": fields["name"]},
        LateForm(request.POST, event=event),
    )


@require_POST
@organizer_required
def event_withdraw(request: HttpRequest, event: Event) -> HttpResponse:
    device = table_rights.device_of(request)
    active = [entrant for entrant in selectors.event_data(event).entrants if not entrant.out]
    return _act(
        request,
        event,
        lambda **fields: services.entrant_withdraw(event=event, device=device, **fields),
        _("Written down."),
        WithdrawForm(request.POST, event=event, active=active),
    )


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
        view = selectors.event_standings(event, next_round=False)
        rows = public.page_data(view)["standings"]
        context = {"event": event, "view": view, "podium": public.podium(rows)}
        return render(request, FINISH_CONFIRM, context)
    device = table_rights.device_of(request)
    return _act(
        request,
        event,
        lambda **fields: services.event_finish(event=event, device=device, **fields),
        _("The event is finished: every table is closed and the standings stand."),
    )


@require_POST
@organizer_required
def event_unfinish(request: HttpRequest, event: Event) -> HttpResponse:
    device = table_rights.device_of(request)
    return _act(
        request,
        event,
        lambda **fields: services.event_unfinish(event=event, device=device, **fields),
        _("Finishing is undone: the tables are open again as they were."),
    )


@require_POST
@organizer_required
def event_link_rotate(request: HttpRequest, event: Event) -> HttpResponse:
    device = table_rights.device_ensure(request)
    rights.organizer_link_rotate(event=event, device=device)
    services.link_rotation_record(event=event, device=device)
    messages.success(
        request,
        _(
            "New organizer link made. The old link no longer works on any device, and every open table has a new scorekeeper link."
        ),
    )
    return redirect(f"{organize_url(event)}#baglanti")


# --- table cards -------------------------------------------------------------------------------------


@never_cache
@require_safe
@organizer_required
def event_cards(request: HttpRequest, event: Event) -> HttpResponse:
    """Print view: one card per table for the whole event (its number, QR code, code and how to
    use it), with the current round's seats beside it on screen only."""
    view = selectors.event_standings(event, next_round=False)
    if not view.rounds:
        raise Http404("No round")
    tables = view.current
    shown = cards.cards_ensure(event, max(len(tables), cards.cards_count(event)))
    by_number = {table.number: table for table in tables}
    return render(
        request,
        "scorer/events/cards.html",
        {
            "event": event,
            "view": view,
            "cards": [(card, by_number.get(card.number), _card_url(request, card)) for card in shown],
            "round_number": view.round_number,
            "code_url": request.build_absolute_uri(reverse("scorer:card_code")),
        },
    )


def _card_url(request: HttpRequest, card) -> str:
    return request.build_absolute_uri(
        reverse("scorer:card_claim", args=[card.event.public_id, card.number, card.link_secret])
    )


@never_cache
@require_safe
@organizer_required
def event_table_qr(request: HttpRequest, event: Event, round_number: int, number: int) -> HttpResponse:
    """The QR code of table ``number``'s card (its link holds for every round: the round in the
    address is the one the cards page was shown at, and a card outlives a round with fewer tables)."""
    card = cards.card_find(event, number)
    if card is None:
        raise Http404("No card")
    response = HttpResponse(qr_svg(_card_url(request, card)), content_type="image/svg+xml")
    response["Cache-Control"] = "no-store, private"
    return response


@require_POST
@organizer_required
def event_card_replace(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    """A new card for one table (the old one was lost or taken): the old link and code stop working."""
    if cards.card_find(event, number) is None:
        raise Http404("No card")
    device = table_rights.device_ensure(request)
    cards.card_replace(event=event, number=number, device=device)
    services.card_replace_record(event=event, number=number, device=device)
    messages.success(
        request,
        _("Table %(number)s has a new card: print it. The old card no longer opens the table.")
        % {"number": number},
    )
    return redirect(reverse("scorer:event_cards", args=[event.public_id]) + f"#kart-{number}")
