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
from scorer.platform.numbers import parse_count
from scorer.tables import selectors, services
from scorer.tables.views.auth import edit_required
from scorer.tables.views.board import LIVE_PARTIAL, board_page_context, live_etag
from scorer.tables.views.tables import board_url

MSG_CHANGED_MEANWHILE = gettext_noop(
    "The table changed meanwhile (perhaps a hand was saved on another phone): check the board and choose again."
)


def plan_problem(game: Game, post) -> tuple[str, int | None]:
    """Make the change; ``(problem, count)``: what went wrong ("" when the change is made)."""
    count = parse_count(post.get("hands_planned"), low=1)
    if count is None:
        return _(services.MSG_PLAN_COUNT), None
    try:
        services.game_plan(game=game, hands_planned=count, version=parse_count(post.get("version")))
    except services.TableChanged:
        return _(MSG_CHANGED_MEANWHILE), count
    except InvalidInput as exc:
        return " ".join(error.message for error in exc.errors), count
    return "", count


@require_POST
@edit_required
def game_plan(request: HtmxHttpRequest, game: Game) -> HttpResponse:
    """Without JavaScript: the change, then the board with a message. With htmx: the board's live
    part, the outcome said beside the form (a refusal keeps the form open with the reason)."""
    problem, count = plan_problem(game, request.POST)
    done = "" if problem else _("This game is now {n} hands.").format(n=count)
    if request.htmx:
        game = selectors.game_for_board(game.public_id)
        context = board_page_context(request, game, editor=True, etag=live_etag(request, game, True))
        return render(request, LIVE_PARTIAL, context | {"plan_error": problem, "plan_done": done})
    if problem:
        messages.error(request, problem)
    else:
        messages.success(request, done)
    return redirect(f"{board_url(game)}#board-live")
