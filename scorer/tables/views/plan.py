"""How many hands the table plays: the scorekeeper changes it on the board while the game runs."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_POST

from scorer.engine import InvalidInput
from scorer.models import Game
from scorer.platform.http import HtmxHttpRequest
from scorer.tables import selectors
from scorer.tables.forms.plan import PlanForm
from scorer.tables.services import games as games_services
from scorer.tables.services.games import TableChanged
from scorer.tables.views.auth import edit_required
from scorer.tables.views.board import LIVE_PARTIAL, board_page_context, live_etag
from scorer.tables.views.tables import board_url

MSG_CHANGED_MEANWHILE = gettext_noop(
    "The table changed meanwhile (perhaps a hand was saved on another phone): check the board and choose again."
)


def plan_problem(game: Game, form: PlanForm) -> str:
    """Make the change the form asks for; what went wrong ("" when the change is made)."""
    if not form.is_valid():
        return " ".join(message for messages in form.errors.values() for message in messages)
    try:
        games_services.game_plan(
            game=game, hands_planned=form.cleaned_data["hands_planned"], version=form.cleaned_data["version"]
        )
    except TableChanged:
        return _(MSG_CHANGED_MEANWHILE)
    except InvalidInput as exc:
        return " ".join(error.message for error in exc.errors)
    return ""


@require_POST
@edit_required
def game_plan(request: HtmxHttpRequest, game: Game) -> HttpResponse:
    """Without JavaScript: the change, then the board with a message. With htmx: the board's live
    part, the outcome said beside the form (a refusal keeps the form open with the reason)."""
    form = PlanForm(request.POST, game=game)
    problem = plan_problem(game, form)
    done = "" if problem else _("This game is now {n} hands.").format(n=form.cleaned_data["hands_planned"])
    if request.htmx:
        game = selectors.game_for_board(game.public_id)
        context = board_page_context(request, game, editor=True, etag=live_etag(request, game, True))
        if problem and context["plan_form"] is not None:
            context["plan_form"] = PlanForm.refused(
                game=game, choices=context["plan_choices"], problem=problem
            )
        return render(request, LIVE_PARTIAL, context | {"plan_error": problem, "plan_done": done})
    if problem:
        messages.error(request, problem)
    else:
        messages.success(request, done)
    return redirect(f"{board_url(game)}#board-live")
