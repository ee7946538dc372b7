"""The scoreboard every phone at the table watches, one hand's breakdown, and the table's exports.

All of these only read; what they show is worked out in ``scorer/tables/board.py``. Edit controls
appear when this device holds the table's edit grant; the writes themselves live in the hand views
and answer 403 to everybody else.
"""

import json
from collections.abc import Callable
from typing import NamedTuple
from urllib.parse import urlencode

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.cache import cache_control
from django.views.decorators.http import condition, require_safe
from django.views.decorators.vary import vary_on_headers

from scorer.access import device_of
from scorer.models import Game
from scorer.platform import push, sharedpart
from scorer.platform.http import HtmxHttpRequest, attachment
from scorer.platform.qr import qr_svg
from scorer.tables import addresses, selectors
from scorer.tables import push as table_push
from scorer.tables.board import board_context, csv_text, detail_context, viewer_url
from scorer.tables.filenames import export_names
from scorer.tables.outlook import board_outlook
from scorer.tables.rights import grant_of, grant_watch, revoked
from scorer.tables.views.auth import can_edit

BOARD = "scorer/board.html"
LIVE_PARTIAL = "scorer/board.html#live"
UNCHANGED = 204
"""htmx swaps nothing on 204: the poll's board is the one on the page."""
OFFLINE_COPY = "cevrimdisi"
"""The query of the scorekeeper's board as a device may keep it offline: without the edit link."""
OFFLINE_COPY_HEADER = "X-Okeycalc-Offline-Version"
"""Names that copy on the scorekeeper's board, which carries the edit link and is never stored
(scorer/platform/middleware.py): the service worker keeps the copy in its place."""


def live_etag(request: HttpRequest, game: Game, editor: bool | None = None) -> str:
    """What the live board depends on: the table's version, the language, and edit or view mode."""
    if editor is None:
        editor = can_edit(request, game)
    return f"{game.version}-{get_language()}-{'edit' if editor else 'view'}"


def _etag_of(request: HttpRequest, public_id: str) -> str | None:
    game = selectors.game_find(public_id)
    if game is None:
        return None  # no ETag: the view answers 404
    request.okeycalc_game = game  # the view uses this copy: the table is read once per poll
    return live_etag(request, game)


OUTLOOK_PARTIAL = "scorer/board.html#outlook"
BOARD_REVISION = 4
"""Bump when what the viewers' board shows changes other than through its template (the corrected
marks come from the board's view model)."""
_BOARD_KEY = {"templates": (BOARD,), "revision": BOARD_REVISION}


class ViewerPart(NamedTuple):
    """A rendered part of the viewers' board, and whether that board is final (nothing more to poll)."""

    html: str
    final: bool


def viewer_key(game: Game, language: str, part: str) -> str:
    """The shared cache's key of a viewer's ``part`` ("page", "live" or "outlook") of this board."""
    return sharedpart.part_key("board", _board_version(game), language, "viewer", part, **_BOARD_KEY)


def _board_version(game: Game) -> str:
    """What a viewer's board depends on: its version, moved by every write, and ``updated_at``."""
    stamp = game.updated_at.timestamp() if game.updated_at else 0
    return f"{game.public_id}:{game.version}:{stamp}"


def viewer_shared(
    game: Game, part: str, render: Callable[[], ViewerPart], *, topic: str = ""
) -> tuple[ViewerPart, str]:
    """(part, key): a viewer's ``part`` of the board, the same for every viewer and the editors'
    "outlook", through the one shared-part cache (scorer/platform/sharedpart.py). Editors' boards
    carry CSRF tokens and edit controls and are always rendered afresh."""
    version = _board_version(game)
    return sharedpart.shared_part(
        "board", version, get_language(), "viewer", part, render, topic=topic, **_BOARD_KEY
    )


def with_outlook(game: Game, context: dict) -> dict:
    """The board's "what it takes to win", the same for every phone: rendered once per table
    version and language into the shared cache (part ``outlook``) for viewers and scorekeepers."""

    def render_outlook() -> ViewerPart:
        shown = board_outlook(context["board"])
        return ViewerPart(render_to_string(OUTLOOK_PARTIAL, shown) if shown else "", False)

    (html, _final), _key = viewer_shared(game, "outlook", render_outlook)
    return context | {"outlook_html": mark_safe(html)}


def board_page_context(request: HttpRequest, game: Game, *, editor: bool, etag: str) -> dict:
    return with_outlook(game, board_context(request, game, editor=editor, etag=etag))


def viewer_part(
    request: HttpRequest, game: Game, etag: str, part: str, *, topic: str = ""
) -> tuple[ViewerPart, str]:
    """(part, cache key) of the viewers' "live" partial or "page" body, shared by all of them
    (for a stream, ``topic``: rendered by one process of all)."""

    def render_part() -> ViewerPart:
        # Only a miss reads what nothing but the board itself shows (the rematch links, the history).
        board_game = selectors.game_for_board(game.public_id)
        context = board_page_context(request, board_game, editor=False, etag=etag)
        html = render_to_string(f"{BOARD}#{part}", context, request)
        return ViewerPart(html, context["final"])

    return viewer_shared(game, part, render_part, topic=topic)


def viewer_live(request: HttpRequest, game: Game, etag: str) -> HttpResponse:
    """The viewers' live partial from the shared cache."""
    (html, _final), _key = viewer_part(request, game, etag, "live")
    return HttpResponse(html)


def editor_live(request: HttpRequest, game: Game, etag: str) -> HttpResponse:
    """The scorekeeper's live partial (edit controls, CSRF tokens): always rendered afresh."""
    context = board_page_context(request, game, editor=True, etag=etag)
    return render(request, LIVE_PARTIAL, context)


def viewer_page(request: HttpRequest, game: Game, etag: str) -> HttpResponse:
    """The viewer's whole board: the shared part from the cache inside this request's page; a
    phone a new edit link took the rights from is told why above it (never in the shared part).
    The layout around it is kept with it (``page_part``, templates/base.html): only this request's
    own (its CSRF token, its path, messages, the round timer's clock) is rendered each time."""
    (html, _final), key = viewer_part(request, game, etag, "page")
    context = {
        "game": game,
        "editor": False,
        "page_html": mark_safe(html),
        "page_part": key,
        "revoked": revoked(request, game),
    }
    return render(request, BOARD, context)


def with_revoked_notice(request: HttpRequest, game: Game, response: HttpResponse) -> HttpResponse:
    """The live partial of a phone that lost its edit rights since its page was shown, with the
    notice that says why (out of band: the page's #rights-notice); the shared bytes stay shared."""
    if not revoked(request, game):
        return response
    notice = render_to_string("scorer/_revoked_notice.html", {"game": game, "oob": True}, request)
    return HttpResponse(response.content + notice.encode(), status=response.status_code)


@require_safe
@vary_on_headers("HX-Request")
def game_board(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """The board: for a viewer the shared part, from the cache, inside this request's page. A board
    from the cache needs only the table's own row (and this device's grant); the rematch links and
    the table's history are read when the board is rendered."""
    game = selectors.game_get(public_id)
    if request.method == "GET" and not request.htmx:
        grant_watch(request, game)  # "Masalarım" lists the tables this device watched
    editor = can_edit(request, game)
    etag = live_etag(request, game, editor)
    if request.htmx:
        return editor_live(request, game, etag) if editor else viewer_live(request, game, etag)
    if not editor:
        return viewer_page(request, game, etag)
    copy = OFFLINE_COPY in request.GET
    game = selectors.game_for_board(public_id)
    context = board_page_context(request, game, editor=True, etag=etag) | {"offline_copy": copy}
    response = render(request, BOARD, context)
    if not copy:
        response[OFFLINE_COPY_HEADER] = f"{request.path}?{urlencode({OFFLINE_COPY: etag})}"
    return response


@require_safe
@cache_control(no_cache=True)
@condition(etag_func=_etag_of)
def board_live(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """The live board's polling target. The page polls with the ETag it shows (``?v=``): 204 while
    that is still the table's, else the new partial; a finished board too, whose hands can still be
    corrected. A plain conditional GET gets 304 while nothing changed."""
    game = getattr(request, "okeycalc_game", None) or selectors.game_get(public_id)
    editor = can_edit(request, game)
    etag = live_etag(request, game, editor)
    if request.GET.get("v") == etag:
        return HttpResponse(status=UNCHANGED)
    if editor:
        return editor_live(request, game, etag)
    return with_revoked_notice(request, game, viewer_live(request, game, etag))


def editor_html(request: HttpRequest, game: Game, etag: str) -> str:
    """The scorekeeper's live partial as every phone holding the edit link gets it pushed: the same
    bytes for all of them, with a stand-in for the CSRF token (static/js/live.js sets the page's)."""
    context = board_page_context(request, game, editor=True, etag=etag) | {
        "csrf_token": push.PUSHED_CSRF_TOKEN
    }
    return render_to_string(LIVE_PARTIAL, context, request)


def _board_part(request: HttpRequest, public_id: str, editor: bool) -> push.Part:
    """The table's live partial now (for viewers from the shared cache); the scorekeeper's holds
    the edit link's version it was rendered at."""
    game = selectors.game_find(public_id)
    if game is None:
        raise push.Gone()
    etag = live_etag(request, game, editor)
    if not editor:
        try:
            (html, _final), _key = viewer_part(request, game, etag, "live", topic=table_push.topic(game.pk))
        except push.Elsewhere as elsewhere:  # another process renders it: its value makes the part
            elsewhere.finish = lambda value: push.Part(etag, "board", value[0])
            raise
        return push.Part(etag, "board", html)
    return push.Part(etag, "board", editor_html(request, game, etag), rights=game.secret_version)


@require_safe
def board_stream(request: HttpRequest, public_id: str) -> HttpResponse:
    """The board's changes as server-sent events (scorer/platform/push/): the viewers' or, on a
    phone holding the edit link, the scorekeeper's live partial, rendered once per change for all
    the phones of this process. A phone whose edit link was replaced gets the viewers' part."""
    game = selectors.game_get(public_id)
    grant = grant_of(request, game)
    language = get_language()
    editor = [grant is not None and grant.can_edit]

    def render(variant: str) -> push.Part:
        with translation.override(language):
            return _board_part(request, public_id, variant.endswith(":edit"))

    def allowed(part: push.Part) -> bool:
        if part.rights is None or part.rights == grant.secret_version:
            return True
        editor[0] = False  # the edit link was replaced: from now on the viewers' part
        return False

    feed = push.Feed(lambda: f"{language}:{'edit' if editor[0] else 'view'}", render, allowed)
    return push.stream_response(request, kind=table_push.KIND, key=game.pk, feed=feed)


@require_safe
def hand_detail(request: HtmxHttpRequest, public_id: str, number: int) -> HttpResponse:
    """One hand's breakdown, by the number the board shows (scorer/tables/addresses.py)."""
    game = selectors.game_get(public_id)
    named = addresses.named_hand(request, game, number, "hand_detail")
    if isinstance(named, HttpResponse):
        return named
    editor = can_edit(request, game)
    device = device_of(request)
    position = named[0].position
    context = detail_context(request, game, position, editor=editor, device_id=device.pk if device else None)
    if context is None:
        raise Http404("No such hand")
    return render(request, "scorer/hand_detail.html", context)


@require_safe
def game_print(request: HttpRequest, public_id: str) -> HttpResponse:
    game = selectors.game_for_board(public_id)
    context = board_context(request, game, editor=False, etag="", sheet=True) | {"printed_at": timezone.now()}
    return render(request, "scorer/print.html", context)


@require_safe
def export_csv(request: HttpRequest, public_id: str) -> HttpResponse:
    game = selectors.game_get(public_id)
    response = HttpResponse(csv_text(selectors.game_board(game)), content_type="text/csv; charset=utf-8")
    return attachment(response, *export_names(game, "csv"))


@require_safe
def export_json(request: HttpRequest, public_id: str) -> HttpResponse:
    """The table as a HAND_FORMAT.md game document: ``manage.py score oyun.json`` rescores it."""
    game = selectors.game_get(public_id)
    body = json.dumps(selectors.game_document(game), ensure_ascii=False, indent=2)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    return attachment(response, *export_names(game, "json"))


@require_safe
def viewer_qr(request: HttpRequest, public_id: str) -> HttpResponse:
    """A QR code of the read-only board link, for the other players to scan."""
    url = viewer_url(request, selectors.game_get(public_id))
    return HttpResponse(qr_svg(url), content_type="image/svg+xml")
