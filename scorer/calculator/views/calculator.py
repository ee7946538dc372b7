"""Hesap makinesi: one hand, any rule set, scored live; "Paylaş" puts the whole hand in the URL.

The hand is entered with the tables' HandForm and template; a share link is a signed token of
the hand (no database write). Without JavaScript the form posts back and shows the same result.
"""

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods, require_safe

from scorer.calculator.forms import CalcSetupForm, setup_initial
from scorer.calculator.hand import calc_hand, calc_tiles, hand_tiles
from scorer.calculator.share import BadShareLink, share_load
from scorer.engine import InvalidInput, score_hand
from scorer.platform.http import HtmxHttpRequest
from scorer.platform.limits import limited
from scorer.shell.errors import bad_link
from scorer.tables.forms import HandForm

TEMPLATE = "scorer/calculator.html"


@require_http_methods(["GET", "HEAD", "POST"])
@limited("calculator", method="POST")
def calculator(request: HtmxHttpRequest) -> HttpResponse:
    if request.method != "POST":
        setup = CalcSetupForm()
        rs, options, names = setup.setup()
        return render(request, TEMPLATE, {"setup": setup, "form": HandForm(rs, options, names)})
    setup = CalcSetupForm(data=request.POST)
    rs, options, names = setup.setup()
    bound = HandForm(rs, options, names, data=request.POST)
    tiles = calc_tiles(request.POST, len(names))
    hand, result, errors = calc_hand(rs, options, bound, tiles) if setup.is_valid() else (None, None, ())
    context = {"setup": setup, "form": bound, "preview_form": bound, "hand": hand, "result": result}
    context |= {"engine_errors": errors, "tiles": hand_tiles(hand) if hand else tiles}
    refresh = "refresh" in request.POST or "refresh" in request.GET
    if refresh:  # new rule set, options or names: show the new fields with what was typed, no errors yet
        context["form"] = HandForm(rs, options, names, initial=request.POST.dict())
    context["bar_oob"] = request.htmx and not refresh
    if request.htmx:
        return render(request, f"{TEMPLATE}#{'body' if refresh else 'result'}", context)
    return render(request, TEMPLATE, context)


@require_safe
@limited("calculator")
def calculator_shared(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """A shared hand: the calculator filled in exactly as it was shared, with its result."""
    try:
        hand = share_load(token)
        setup = CalcSetupForm(initial=setup_initial(hand))
        rs, options, names = setup.setup()
        stored = {key: hand[key] for key in ("players", "indicator") if key in hand}
        form = HandForm.from_hand(rs, options, names, stored)
    except (BadShareLink, InvalidInput, LookupError, TypeError, ValueError, AttributeError):
        return bad_link(request)
    try:
        result, errors = score_hand(hand), ()
    except InvalidInput as exc:
        result, errors = None, exc.errors
    context = {"setup": setup, "form": form, "hand": hand if result else None, "result": result}
    context |= {"engine_errors": errors, "tiles": hand_tiles(hand), "shared": True}
    return render(request, TEMPLATE, context)
