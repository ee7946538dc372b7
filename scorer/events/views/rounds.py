"""The organizer's actions on rounds and their tables: seat a round (again, or keep its seating),
its timer, open, close or decide a table, a tie-break game, a match's next game."""

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scorer import access
from scorer.engine import InvalidInput, get_ruleset
from scorer.events import corrections, rights, tiebreak, timer
from scorer.events.forms.actions import CloseForm, DecideForm, TieBreakForm, TimerForm
from scorer.events.models import Event
from scorer.events.selectors.standings import event_standings
from scorer.events.services.rounds import round_reseat, round_start, seating_keep
from scorer.events.services.tables import cut_decide, match_game_open, table_close
from scorer.events.views.organizer import act, organize_url, organizer_required
from scorer.tables import rights as table_rights


def _errors(request: HttpRequest, exc: InvalidInput) -> None:
    messages.error(request, " ".join(error.message for error in exc.errors))


@require_POST
@organizer_required
def event_start_round(request: HttpRequest, event: Event) -> HttpResponse:
    device = access.device_of(request)
    return act(
        request,
        event,
        lambda **fields: round_start(event=event, device=device, **fields),
        _("The round is seated: each table card now takes its phone to its table's new game."),
    )


@require_POST
@organizer_required
def event_reseat(request: HttpRequest, event: Event) -> HttpResponse:
    device = access.device_of(request)
    view = event_standings(event, next_round=False)
    note = " ".join(shift.note for shift in corrections.seating_shifts(view) if shift.can_reseat)
    return act(
        request,
        event,
        lambda **fields: round_reseat(event=event, device=device, note=note, **fields),
        _("The round is seated again."),
    )


@require_POST
@organizer_required
def event_keep_seating(request: HttpRequest, event: Event, round_number: int) -> HttpResponse:
    """Keep a round's seating after a correction moved the standings it was seated from."""
    device = access.device_of(request)
    return act(
        request,
        event,
        lambda **fields: seating_keep(event=event, round_number=round_number, device=device, **fields),
        _("The seating stays as it is; written down."),
    )


def _table(request: HttpRequest, event: Event, round_number: int, number: int):
    view = event_standings(event, next_round=False)
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
    device = access.device_of(request)
    return act(
        request,
        event,
        lambda **fields: table_close(event=event, table_id=table.table.pk, device=device, **fields),
        _("Table %(number)s is closed.") % {"number": number},
        CloseForm(request.POST, event=event, table=table),
    )


@require_POST
@organizer_required
def event_decide(request: HttpRequest, event: Event, round_number: int, number: int) -> HttpResponse:
    view, table = _table(request, event, round_number, number)
    device = access.device_of(request)
    return act(
        request,
        event,
        lambda **fields: cut_decide(event=event, table_id=table.table.pk, device=device, **fields),
        _("The champion is recorded.") if table.final else _("The decision is recorded."),
        DecideForm(request.POST, event=event, table=table, entrants=view.data.entrants),
    )


@require_POST
@organizer_required
def event_tiebreak(request: HttpRequest, event: Event, round_number: int, number: int) -> HttpResponse:
    """Seat the tied entrants of a table at a tie-break game; this device keeps its score."""
    _view, table = _table(request, event, round_number, number)
    device = access.device_ensure(request)
    form = TieBreakForm(
        request.POST, event=event, table=table, hand_counts=get_ruleset(event.ruleset).hand_counts
    )
    started = []

    def start(**fields):
        started.append(tiebreak.tiebreak_start(event=event, table_id=table.table.pk, device=device, **fields))

    response = act(request, event, start, _("The tie-break game is open: enter its hands here."), form)
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
    device = access.device_of(request)
    return act(
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
    device = access.device_of(request)
    return act(
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
        link = match_game_open(event=event, table_id=table.table.pk, device=access.device_of(request))
    except InvalidInput as exc:
        _errors(request, exc)
        return redirect(organize_url(event))
    rights.open_table(request, link)
    messages.success(request, _("The next game of the match is open."))
    return redirect(organize_url(event))
