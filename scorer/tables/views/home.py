"""The tables of this device: the landing page (its latest tables, the table-code field) and "Masalarım"."""

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_safe

from scorer import access
from scorer.engine import clauses
from scorer.platform.limits import limited
from scorer.tables import selectors
from scorer.tables.forms import JoinCodeForm

HOME_TABLES = 5
"""How many of this device's tables the home page lists; "Masalarım" lists them all."""
MY_TABLES_PER_PAGE = 20


def _device_grants(request: HttpRequest):
    device = access.device_of(request)
    return selectors.device_grants(device.pk if device else None, cutoff=access.grant_cutoff())


def home_context(request: HttpRequest) -> dict:
    tables = selectors.tables_of(_device_grants(request)[: HOME_TABLES + 1])
    return {
        "rulesets": list(clauses.RULESETS.values()),
        "my_tables": tables[:HOME_TABLES],
        "more_tables": len(tables) > HOME_TABLES,
        "grant_days": access.max_idle().days,
        "join_form": JoinCodeForm(),
    }


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "scorer/home.html", home_context(request))


@require_safe
@limited("join_code")
def join_by_code(request: HttpRequest) -> HttpResponse:
    """The home page's "table code" field: the code's board, to watch (never edit rights: the
    board grants a device only what any viewer has). A wrong code: the home page again, with the
    field's error and what was typed. Rate limited, so that codes cannot be tried one by one."""
    form = JoinCodeForm(request.GET)
    if form.is_valid():
        game = selectors.game_by_code(form.cleaned_data["kod"])
        if game is not None:
            return redirect("scorer:game_board", game.public_id)
        form.not_found()
    return render(request, "scorer/home.html", home_context(request) | {"join_form": form})


@require_safe
def my_tables(request: HttpRequest) -> HttpResponse:
    """The "Masalarım" page: every table this device can edit or has watched, newest first, a page at a time."""
    page = Paginator(_device_grants(request), MY_TABLES_PER_PAGE).get_page(request.GET.get("sayfa"))
    context = {
        "my_tables": selectors.tables_of(page.object_list),
        "page": page,
        "grant_days": access.max_idle().days,
    }
    return render(request, "scorer/my_tables.html", context)
