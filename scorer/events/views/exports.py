"""An event's exports (public, read-only, like a table's): the EVENT_FORMAT.md document as JSON,
which ``manage.py score_event`` scores to the same standings; the standings and every game's
hands as CSV, their numbers written as the pages write them (a real minus, 1,5 in Turkish). And the import of such a document as a new event."""

import csv
import io
import json

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from scorer import access
from scorer.engine import InvalidInput, score_game
from scorer.events import rights
from scorer.events.forms.creation import EventImportForm
from scorer.events.selectors.document import event_data, event_get
from scorer.events.selectors.standings import event_standings
from scorer.events.services import creation as creation_services
from scorer.events.views.organizer import LINK_FIRST, organize_url
from scorer.platform.limits import limited
from scorer.platform.numbers import number_text
from scorer.tables.board import csv_cell

IMPORT = "scorer/events/event_import.html"


def _csv(rows: list[list[object]], filename: str) -> HttpResponse:
    buffer = io.StringIO()
    buffer.write("\ufeff")  # Excel shows Turkish letters
    csv.writer(buffer, quoting=csv.QUOTE_ALL).writerows(rows)
    response = HttpResponse(buffer.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_safe
def event_export_json(request: HttpRequest, public_id: str) -> HttpResponse:
    """The event as an EVENT_FORMAT.md document (turnuva.json): the one its pages score, so a
    decision at the cut that no longer fits the numbers is left out as they leave it (E15)."""
    document = event_standings(event_get(public_id), next_round=False).document
    response = HttpResponse(
        json.dumps(document, ensure_ascii=False, indent=2), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = 'attachment; filename="turnuva.json"'
    return response


@require_safe
def event_standings_csv(request: HttpRequest, public_id: str) -> HttpResponse:
    event = event_get(public_id)
    view = event_standings(event, next_round=False)
    if event.knockout:
        header = [_("Place"), _("Entrant"), _("Round reached"), _("Position"), _("Match total"), _("Wins")]
        rows = [
            [s.place, csv_cell(s.name), s.round, s.position or "", number_text(s.total), s.wins]
            for s in view.standings
        ]
    else:
        header = [_("Place"), _("Entrant"), _("Points"), _("Total"), _("Games"), _("Wins")]
        rows = [
            [s.place, csv_cell(s.name), number_text(s.points), number_text(s.total), s.games, s.wins]
            for s in view.standings
        ]
    return _csv([header, *rows], "siralama.csv")


@require_safe
def event_games_csv(request: HttpRequest, public_id: str) -> HttpResponse:
    """Every hand of every game: round, table, game, hand, then each seat's player and score."""
    event = event_get(public_id)
    data = event_data(event)
    header = [_("Round"), _("Table"), _("Game"), _("Hand"), _("Player"), _("Score")]
    rows: list[list[object]] = [header]
    for r, rnd in enumerate(data.rounds):
        for table in data.tables.get(rnd.pk, []):
            for link in data.games.get(table.pk, []):
                game = link.game
                hands = [hand.data for hand in data.hands.get(game.pk, [])]
                try:
                    result = score_game(
                        {
                            "ruleset": game.ruleset_document,
                            "options": game.options,
                            "hands_planned": game.hands_planned,
                            "players": game.players,
                            "hands": hands,
                        }
                    )
                except InvalidInput:
                    continue
                for h, hand in enumerate(result.hands):
                    for p, name in enumerate(game.players):
                        total = number_text(hand.totals[p])
                        rows.append([r + 1, table.number, link.number, h + 1, csv_cell(name), total])
    return _csv(rows, "oyunlar.csv")


@require_http_methods(["GET", "HEAD", "POST"])
@limited("table_create", method="POST")
def event_import(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return render(request, IMPORT, {"form": EventImportForm()})
    form = EventImportForm(request.POST, request.FILES)
    if form.is_valid():
        device = access.device_ensure(request)
        try:
            event, _secret = creation_services.event_import(data=form.cleaned_data["document"], device=device)
        except InvalidInput as exc:
            form.add_document_errors(exc.errors)
        else:
            rights.grant_organizer(request, event)
            messages.success(request, _("The event is imported. This device is its organizer."))
            return redirect(f"{organize_url(event)}?{LINK_FIRST}=1")
    return render(request, IMPORT, {"form": form})
