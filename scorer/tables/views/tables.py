"""Tables (masa): start one, claim its edit link, and enter, preview, correct, delete and restore hands.

Every page works without JavaScript; htmx only swaps in the rule set's options and the live
preview. Writes need this device's edit grant (:func:`edit_required`, scorer/tables/rights.py).
"""

import logging
from urllib.parse import urlencode

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import add_never_cache_headers, patch_cache_control, patch_vary_headers
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorer import access
from scorer.engine import HandResult, InvalidInput
from scorer.houses.services import house_use
from scorer.models import Game, Hand
from scorer.platform.http import HtmxHttpRequest, sent_by_htmx
from scorer.platform.limits import limited
from scorer.platform.numbers import parse_count
from scorer.platform.qr import qr_svg
from scorer.tables import addresses, entry, guards, history, renumbering, rights, selectors
from scorer.tables.forms import GameForm, HandForm
from scorer.tables.services import hands as hands_services
from scorer.tables.services import links as links_services
from scorer.tables.services.games import game_create
from scorer.tables.services.hands import hand_score
from scorer.tables.views.auth import edit_required
from scorer.tables.views.board import OFFLINE_COPY, OFFLINE_COPY_HEADER

logger = logging.getLogger(__name__)

GAME_NEW = "scorer/game_new.html"
SHARE_PANEL_ID = "paylas"
SHOW_EDIT_LINK = "baglanti"
"""Query flag that opens the board's share panel with the edit link shown (after a new link)."""
HAND_PAGE = "scorer/hand_entry.html"


def board_url(game: Game) -> str:
    return addresses.table_url("game_board", game.public_id)


# --- a new table -------------------------------------------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
@limited("table_create", method="POST")
def game_new(request: HtmxHttpRequest) -> HttpResponse:
    if request.method != "POST":
        return render(request, GAME_NEW, {"form": GameForm(initial=request.GET)})
    changed = GameForm.ruleset_changed(request.POST)
    if GameForm.shown_again(request.POST):  # without JavaScript: show the chosen rule set's options
        return render(request, GAME_NEW, {"form": GameForm(initial=request.POST), "options_changed": changed})
    form = GameForm(data=request.POST)
    if form.is_valid():
        try:
            game, secret = game_create(**form.game_kwargs())
        except InvalidInput as exc:
            form.add_engine_errors(exc.errors)
        else:
            rights.grant_edit(request, game)
            if form.house_version is not None:  # among this device's recent house rule sets
                house_use(device=access.device_ensure(request), house=form.house_version.house)
            messages.success(request, _("The table is open. This device can enter hands."))
            return redirect(board_url(game))
    return render(request, GAME_NEW, {"form": form})


@require_safe
def game_new_options(request: HtmxHttpRequest) -> HttpResponse:
    """The options, hand counts and player fields of the chosen rule set (htmx swaps them in)."""
    form = GameForm(initial=request.GET)
    template = f"{GAME_NEW}#options" if request.htmx else GAME_NEW
    return render(request, template, {"form": form})


@never_cache
@require_safe
@limited("claim")
def game_claim(request: HtmxHttpRequest, public_id: str, secret: str) -> HttpResponse:
    """The secret edit link: give this device edit rights, then show the board.

    The redirect takes the secret out of the address bar (and the history). A wrong or unknown
    link is answered without Django's "Forbidden: <path>" / "Not Found: <path>" warning, which
    would carry the secret into the log (the log filter, scorer/platform/logredact.py, redacts it too).
    """
    game = Game.objects.filter(public_id=public_id).first()
    if game is None or not game.check_secret(secret):
        logger.info("Refused edit link for table %s", public_id)
        response = refused_link(request, game, secret)
        response._has_been_logged = True  # django.utils.log.log_response: already logged, above
        return response
    rights.grant_edit(request, game)
    messages.success(request, _("This device can now enter hands at this table."))
    response = redirect(board_url(game))
    response["Referrer-Policy"] = "no-referrer"
    return response


def refused_link(request: HtmxHttpRequest, game: Game | None, secret: str) -> HttpResponse:
    """A link that opens nothing: an unknown table (404), a link a new edit link replaced (403 that
    says so, and that the board can still be watched) or any other wrong link (the plain 403).
    The language switch goes back to a page without the secret (``next_path``), never this one."""
    if game is None:
        return render(request, "404.html", {"next_path": reverse("scorer:home")}, status=404)
    template = "scorer/link_replaced.html" if rights.link_replaced(game, secret) else "403.html"
    return render(request, template, {"game": game, "next_path": board_url(game)}, status=403)


CONFIRM = "scorer/confirm.html"


def confirm_page(request: HtmxHttpRequest, **context) -> HttpResponse:
    """The question before an action that destroys or locks out: without JavaScript a page of its
    own (its form POSTs the action), with htmx the same question as a dialog fragment."""
    template = f"{CONFIRM}#dialog" if request.htmx else CONFIRM
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response


@require_http_methods(["GET", "HEAD", "POST"])
@edit_required
def game_link_rotate(request: HtmxHttpRequest, game: Game) -> HttpResponse:
    """The "Yeni düzenleme bağlantısı" button: the old link and every other device stop editing.
    A GET asks first (the question's form POSTs here)."""
    if request.method != "POST":
        return confirm_page(
            request,
            game=game,
            danger="rotate",
            heading=_("Make a new edit link?"),
            lines=[
                _(
                    "The old link stops working, and every other phone that enters hands at this table can only watch from then on."
                ),
                _("This phone keeps its rights. Give the new link only to the person who keeps the score."),
            ],
            action_url=reverse("scorer:game_link_rotate", args=[game.public_id]),
            confirm_label=_("Yes, make a new edit link"),
            cancel_url=f"{board_url(game)}#{SHARE_PANEL_ID}",
        )
    links_services.game_link_rotate(game=game, device=access.device_of(request))
    messages.success(
        request, _("New edit link made. The old link no longer works and no other device can enter hands.")
    )
    return redirect(f"{board_url(game)}?{SHOW_EDIT_LINK}=1#{SHARE_PANEL_ID}")


@never_cache
@require_safe
@edit_required
def edit_qr(request: HtmxHttpRequest, game: Game) -> HttpResponse:
    """A QR code of the EDIT link, to hand the table over to another phone (scorekeepers only)."""
    link = request.build_absolute_uri(reverse("scorer:game_claim", args=[game.public_id, game.link_secret]))
    response = HttpResponse(qr_svg(link), content_type="image/svg+xml")
    response["Cache-Control"] = "no-store, private"
    return response


# --- hands ----------------------------------------------------------------------------------------------


def stored_result(game: Game, hand: Hand) -> HandResult | None:
    """The result of a stored hand, shown in the preview before anything is changed."""
    try:
        return hand_score(game=game, data=hand.data)
    except InvalidInput:  # stored before a rule changed: the form shows what to fix on preview
        return None


def hand_page(
    request: HtmxHttpRequest,
    game: Game,
    form: HandForm,
    number: int,
    hand: Hand | None = None,
    *,
    live_hands: int | None = None,
    empty_dealer: int | None = None,
    **extra,
):
    """The hand entry page; ``live_hands``: the table's hand count when the view has just counted.
    ``empty_dealer``: a new hand's empty form, with this dealer, which the page shows from the
    shared-part cache (``form`` then is built only when the cache misses it)."""
    if hand is None and live_hands is None:
        live_hands = selectors.live_hand_count(game)
    dealer = empty_dealer if empty_dealer is not None else form.dealer
    context = {
        "game": game,
        "form": form,
        "pristine": empty_dealer is not None or form.pristine,
        "number": number,
        "hand": hand,
        "request_id": entry.request_id_of(request.POST) if request.method == "POST" else "",
        "dealer": game.players[dealer] if dealer is not None else "",
        "next_dealer": dealer,
        "board_url": board_url(game),
        "complete": hand is None and live_hands >= game.hands_planned,
        # why this hand cannot be deleted (an event's finished round): said instead of the button
        "delete_refused": guards.refusal(game, guards.DELETE, hand=hand) if hand is not None else "",
        **extra,
    }
    response = render(request, HAND_PAGE, context)
    hand_page_caching(request, game, hand, response)
    return response


def hand_page_caching(
    request: HtmxHttpRequest, game: Game, hand: Hand | None, response: HttpResponse
) -> None:
    """Who may keep a hand page. Shown by a GET (a new hand's form, a correction's): no cache
    (no-store, private): only a device with the edit right may see it, and a copy from the back
    button would offer a form of a board that moved on. The new hand's form names the copy the
    service worker keeps in its place for entering hands offline, the same fresh form (its request
    id is made on the device) at ``?cevrimdisi=<version>``, which is private. The answer to a POST
    (a hand to fix, one saved meanwhile) is private: no HTTP cache keeps a POST's answer, and the
    service worker keeps it for a hand it sent that waits for the scorekeeper."""
    if request.method == "POST" or OFFLINE_COPY in request.GET:
        patch_cache_control(response, private=True)
        return
    add_never_cache_headers(response)
    if hand is None:
        response[OFFLINE_COPY_HEADER] = f"{request.path}?{urlencode({OFFLINE_COPY: game.version})}"


@require_http_methods(["GET", "HEAD", "POST"])
@edit_required
def hand_new(request: HtmxHttpRequest, game: Game) -> HttpResponse:
    if request.method != "POST":
        live, dealer = selectors.next_hand(game)
        form = SimpleLazyObject(lambda: entry.hand_form(game, dealer))
        return hand_page(request, game, form, live + 1, live_hands=live, empty_dealer=dealer)
    answer = entry.hand_submit(game=game, data=request.POST, device=access.device_of(request))
    match answer:
        case entry.Saved(again=True):
            messages.info(request, already_saved_message(request, game, answer))
            return redirect(board_url(game))
        case entry.Saved(corrected=True):
            messages.success(request, _("Hand {n} corrected.").format(n=answer.number))
            return redirect(board_url(game))
        case entry.Saved():
            messages.success(request, _("Hand {n} saved.").format(n=answer.number))
            return redirect(board_url(game))
        case entry.Kept():
            messages.info(request, _("Hand {n} is kept as the other phone saved it.").format(n=answer.number))
            return redirect(board_url(game))
        case entry.Unconfirmed():
            return hand_page(
                request, game, answer.form, answer.number, result=answer.result, dropped_confirm=True
            )
        case entry.Conflict():
            return hand_page(
                request, game, answer.form, answer.number, live_hands=answer.live_hands, result=answer.result,
                **saved_meanwhile(game, answer.stored, answer.submitted, answer.live_hands),
            )  # fmt: skip
    return hand_page(request, game, answer.form, answer.number)


def already_saved_message(request: HtmxHttpRequest, game: Game, answer: entry.Saved) -> str:
    """ "Hand N was already saved", naming the stored hand itself: deleted since (with the undo),
    and where the values sent now differ (they were not stored; its correction is a tap away)."""
    context = {"game": game, "hand": answer.hand, "number": answer.number, "deleted": answer.deleted}
    return render_to_string(
        "scorer/_already_saved_message.html", context | {"differs": answer.differs}, request
    )


def saved_meanwhile(game: Game, theirs: Hand | None, submitted: dict, live_hands: int) -> dict:
    """What the page shows when another phone saved this hand's number meanwhile: both hands side
    by side, and the three choices, which carry the hand shown (its position and version) and the
    hand count (templates/scorer/_saved_meanwhile.html). No hand holding it (one was deleted
    meanwhile): the form is for the next number."""
    if theirs is None:
        return {"saved_meanwhile": True}
    players = history.side_by_side(game, theirs.data, submitted)
    return {
        "saved_meanwhile": True,
        "theirs": theirs,
        "side_by_side": players,
        "differing": [(player.name, field) for player in players for field in player.fields if field.differs],
        "add_number": live_hands + 1,
        "can_add": live_hands < game.hands_planned,
        "shown_hands": live_hands,
        "complete": False,  # theirs may be the last planned hand: keeping or replacing it still works
    }


@require_http_methods(["GET", "HEAD", "POST"])
@edit_required
def hand_edit(request: HtmxHttpRequest, game: Game, number: int) -> HttpResponse:
    named = addresses.named_hand(request, game, number, "hand_edit")
    if isinstance(named, HttpResponse):
        return named
    hand, number = named
    if request.method != "POST":
        form = entry.hand_form(game, hand.dealer, hand=hand)
        return hand_page(request, game, form, number, hand, result=stored_result(game, hand))
    answer = entry.hand_correct(hand=hand, number=number, data=request.POST, device=access.device_of(request))
    match answer:
        case entry.Saved():
            messages.success(request, _("Hand {n} corrected.").format(n=number))
            return redirect(board_url(game))
        case entry.HandDeleted():
            messages.error(request, _("Hand {n} was deleted meanwhile on another device.").format(n=number))
            return redirect(board_url(game))
        case entry.Unconfirmed():
            return hand_page(
                request, game, answer.form, number, hand, result=answer.result, dropped_confirm=True,
                version=answer.version,
            )  # fmt: skip
        case entry.Conflict():
            return hand_page(
                request, game, answer.form, number, answer.stored, result=answer.result,
                version=answer.version, **other_change(game, answer.stored, answer.submitted),
            )  # fmt: skip
    return hand_page(request, game, answer.form, number, hand, version=answer.version)


def other_change(game: Game, current: Hand, submitted: dict) -> dict:
    """What the stale-correction notice shows: the other phone's stored values beside the ones
    typed here, field by field, and its result. The form keeps the version it was based on, so
    saving again is refused again; replacing the other correction is its own button
    (``overwrite``), carrying the version shown here."""
    return {
        "changed_meanwhile": True,
        "other_result": stored_result(game, current),
        "other_fields": history.differences(game, current.data, submitted),
        "seen_version": current.version,
    }


@require_POST
@edit_required
def hand_preview(request: HtmxHttpRequest, game: Game) -> HttpResponse:
    """The live itemised preview (htmx), or without JavaScript the whole entry page with it."""
    if sent_by_htmx(request):  # sent on every keystroke: the result only (okeycalc.js copies its totals into
        # the sticky bar), never the form, its number or its dealer, so nothing but the table is read
        form = entry.hand_form(game, None, data=request.POST)
        result = entry.score_form(game, form)
        # A result comes of a valid form only: its itemised result, which _preview.html would
        # include, rendered straight away; else what to fix. A fragment that reads nothing of the
        # request: no context processors (a tenth of its render).
        template = "scorer/_hand_result.html" if result else "scorer/_preview.html"
        return HttpResponse(render_to_string(template, {"form": form, "result": result, "game": game}))
    hand = editing_hand(game, request.POST.get("editing"))
    theirs = live = None
    if hand is not None:
        number, dealer = selectors.hand_number(game, hand.position), hand.dealer
    else:  # the number the form was shown for, kept while another phone's hand holds it
        number, dealer, theirs, live = entry.new_hand_slot(game, request.POST)
    form = entry.hand_form(game, dealer, data=request.POST)
    result = entry.score_form(game, form)
    guard = {"version": request.POST.get("version")} if hand else {}
    if theirs is not None:
        guard = {"live_hands": live, **saved_meanwhile(game, theirs, form.hand_data(), live)}
    return hand_page(request, game, form, number, hand, result=result, previewed=True, **guard)


def editing_hand(game: Game, value: str | None) -> Hand | None:
    """The hand being corrected, named by the form's hidden ``editing`` position (ignored if bad)."""
    position = parse_count(value, low=1)
    return None if position is None else game.hands.live().filter(position=position).first()


@require_http_methods(["GET", "HEAD", "POST"])
@edit_required
def hand_delete(request: HtmxHttpRequest, game: Game, number: int) -> HttpResponse:
    """Delete a hand (undone from the board); a GET asks first (the question's form POSTs here)."""
    named = addresses.named_hand(request, game, number, "hand_delete")
    if isinstance(named, HttpResponse):
        return named
    hand, number = named
    position = hand.position
    back = addresses.hand_url("hand_edit", game.public_id, number, position)
    if request.method != "POST":
        refused = guards.refusal(game, guards.DELETE, hand=hand)
        if refused:  # the question becomes the answer: why not, and back to the hand (nothing lost)
            return confirm_page(
                request,
                game=game,
                danger="delete",
                refused=True,
                heading=_("Hand {n} cannot be deleted").format(n=number),
                lines=[refused],
                cancel_url=back,
            )
        moved = renumbering.delete_question_line(number=number, later=renumbering.later_hands(game, position))
        return confirm_page(
            request,
            game=game,
            danger="delete",
            heading=_("Delete hand {n}?").format(n=number),
            lines=[
                _("Its points come off the scoreboard, and every total after it changes."),
                *([moved] if moved else []),
                _("You can undo this from the scoreboard; the deletion stays in the hand’s history."),
            ],
            action_url=addresses.hand_url("hand_delete", game.public_id, number, position),
            confirm_label=_("Yes, delete hand {n}").format(n=number),
            cancel_url=back,
        )
    try:
        hands_services.hand_delete(hand=hand, device=access.device_of(request))
    except InvalidInput as exc:  # e.g. the event's next round started since the page was shown
        messages.error(request, " ".join(error.message for error in exc.errors))
        return redirect(back)
    messages.success(request, deleted_message(request, game, hand, number))
    return redirect(board_url(game))


def deleted_message(request: HtmxHttpRequest, game: Game, hand: Hand, number: int) -> str:
    """ "Hand N deleted" (and how the later hands were renumbered) with a one-tap undo (a small POST
    form; the message shows on the board)."""
    text = renumbering.deleted_text(number=number, later=renumbering.later_hands(game, hand.position))
    context = {"text": text, "game": game, "hand": hand, "number": number}
    return render_to_string("scorer/_undo_message.html", context, request)


@require_POST
@edit_required
def hand_restore(request: HtmxHttpRequest, game: Game, number: int) -> HttpResponse:
    hand = addresses.deleted_hand(game, number, addresses.stored_of(request))
    if hand is None:
        raise Http404("No such deleted hand")
    position = hand.position
    try:
        hands_services.hand_restore(hand=hand, device=access.device_of(request))
    except InvalidInput as exc:
        for error in exc.errors:
            messages.error(request, error.message)
    else:
        later = renumbering.later_hands(game, position)
        messages.success(
            request, renumbering.restored_text(number=selectors.hand_number(game, position), later=later)
        )
    return redirect(board_url(game))
