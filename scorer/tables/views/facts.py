"""A table's details after it was opened (its scorekeepers only): the players' names, who dealt
first and what the game is played for, with the table's own history. Saved, the change is pushed
to every open board like a hand (scorer/tables/services/facts.py)."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_http_methods

from scorer import access
from scorer.engine import InvalidInput
from scorer.models import Game
from scorer.platform.http import HtmxHttpRequest
from scorer.tables import selectors, tablelog
from scorer.tables.forms.facts import FactsForm
from scorer.tables.services import facts as facts_services
from scorer.tables.services.facts import MSG_EVENT_TABLE, FactsChanged
from scorer.tables.views.auth import edit_required
from scorer.tables.views.tables import board_url

FACTS_PAGE = "scorer/table_facts.html"
MSG_CHANGED = gettext_noop(
    "Another phone changed this table's details meanwhile (see its history below): nothing was saved. "
    "Check the fields and save again."
)


def facts_page(
    request: HtmxHttpRequest, game: Game, form: FactsForm | None, *, status: int = 200
) -> HttpResponse:
    changes = selectors.fact_changes(game)
    device = access.device_of(request)
    context = {
        "game": game,
        "form": form,
        "event_refusal": _(MSG_EVENT_TABLE) if game.in_event else "",
        "history": list(reversed(tablelog.fact_entries(game, changes, device.pk if device else None))),
        "board_url": board_url(game),
    }
    return render(request, FACTS_PAGE, context, status=status)


@require_http_methods(["GET", "HEAD", "POST"])
@edit_required
def game_facts(request: HtmxHttpRequest, game: Game) -> HttpResponse:
    seen = len(selectors.fact_changes(game))
    if game.in_event:
        return facts_page(request, game, None)
    if request.method != "POST":
        return facts_page(request, game, FactsForm(game=game, seen=seen))
    form = FactsForm(request.POST, game=game, seen=seen)
    if form.is_valid():
        data = form.cleaned_data
        try:
            made = facts_services.game_facts_set(
                game=game, names=data["names"], first_dealer=data["first_dealer"], stake=data["stake"],
                seen_changes=data["seen"], device=access.device_of(request),
            )  # fmt: skip
        except FactsChanged:
            now = Game.objects.get(pk=game.pk)
            form = FactsForm.refused(
                request.POST, game=now, seen=len(selectors.fact_changes(now)), problem=_(MSG_CHANGED)
            )
        except InvalidInput as exc:
            form.add_engine_errors(exc.errors)
        else:
            messages.success(
                request, _("The table's details are saved.") if made else _("Nothing was changed.")
            )
            return redirect(board_url(game))
    return facts_page(request, game, form)
