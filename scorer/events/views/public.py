"""The event's public pages: live standings for the phones in the room, and the venue display.

Read-only, for anybody with the event's public id. Both poll like a table's board
(scorer/tables/views/board.py): the page shows its ETag (the event's stamp and the language), the
poll sends it back as ``?v=`` and gets 204 while it is still current, the new part otherwise, and
286 once the event is over (htmx stops polling). What they show is rendered once per stamp and
shared through the cache (scorer/events/public.py); a hit costs two small queries.
"""

from functools import wraps

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from scorer.events import public
from scorer.events import push as event_push
from scorer.events.forms.public import SeatSearchForm
from scorer.events.models import Event
from scorer.events.rules.decisions import DECISIONS
from scorer.events.selectors.document import event_get, event_stamp, finish_undoable
from scorer.events.selectors.standings import event_standings
from scorer.platform import push
from scorer.platform.http import HtmxHttpRequest

STANDINGS = "scorer/events/standings.html"
DISPLAY = "scorer/events/display.html"
UNCHANGED = 204
"""htmx swaps nothing on 204: the part on the page is current."""
STOP_POLLING = 286
"""htmx stops polling an element that gets a 286: the event is over."""
MAX_PAGE = 64
PODIUM_PAGES = 2
"""At the end, the podium shows for this many of the display's page turns before the standings."""
DISPLAY_LANGUAGES = ("tr", "en")
"""What the display's ``?dil=`` may choose: a TV has nobody to set a cookie or a browser language."""


def display_language(view):
    """Show the display in the language of ``?dil=`` (tr or en) when it names one; otherwise the
    browser's or the language cookie's, like every page."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        language = request.GET.get("dil", "")
        if language not in DISPLAY_LANGUAGES:
            return view(request, *args, **kwargs)
        with translation.override(language):
            request.LANGUAGE_CODE = language
            return view(request, *args, **kwargs)

    return wrapper


def _etag(event: Event) -> str:
    return f"{event_stamp(event)}-{get_language()}"


def _page_data(event: Event) -> dict:
    return public.page_data(event_standings(event, next_round=False, lean=True))


def _display_page(request: HttpRequest) -> int:
    """The server page asked for (``?sayfa=``), within what any event has: each is a cache key."""
    try:
        return min(MAX_PAGE, max(1, int(request.GET.get("sayfa", "1"))))
    except ValueError:
        return 1


def _page_seconds(request: HttpRequest) -> int:
    try:
        seconds = int(request.GET.get("sn", public.DISPLAY_PAGE_SECONDS))
    except ValueError:
        seconds = public.DISPLAY_PAGE_SECONDS
    return min(60, max(3, seconds))


def standings_part(
    request: HttpRequest, event: Event, etag: str, *, topic: str = ""
) -> tuple[public.Part, str]:
    """(part, key) of the standings' live part (the page's and the polls'), shared by every viewer."""

    def render_part() -> public.Part:
        view = _page_data(event)
        html = render_to_string(f"{STANDINGS}#live", {"view": view, "etag": etag}, request)
        return public.Part(html, view["complete"], etag=etag)

    return public.public_part(etag, get_language(), "standings", render_part, topic=topic)


def display_part(
    request: HttpRequest, event: Event, etag: str, page: int, *, topic: str = ""
) -> tuple[public.Part, str]:
    """(part, key) of the display's live part on server page ``page``."""

    def render_part() -> public.Part:
        view = _page_data(event)
        pages = public.display_pages(view, page)
        html = render_to_string(f"{DISPLAY}#live", {"view": view, "etag": etag} | pages, request)
        return public.Part(html, view["complete"], pages["next_page"], etag)

    return public.public_part(etag, get_language(), f"display-{page}", render_part, topic=topic)


def _live(request: HttpRequest, shared: tuple[public.Part, str]) -> HttpResponse:
    """The part for a poll: 204 when the poll already shows it (the latest part, given while the
    new stamp is being rendered, can be the one it has)."""
    part, key = shared
    if part.etag and request.GET.get("v") == part.etag:
        return HttpResponse(status=UNCHANGED)
    response = HttpResponse(part.html, status=STOP_POLLING if part.complete else 200)
    return response


@require_safe
def standings(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    event = event_get(public_id)
    etag = _etag(event)
    if request.htmx:
        return _live(request, standings_part(request, event, etag))
    part, _key = standings_part(request, event, etag)
    search_form = SeatSearchForm(request.GET)
    query = search_form.query()
    seat_view = _page_data(event) if query else {}  # a search (without JavaScript): not shared
    context = {
        "event": event,
        "has_seating": event.status == Event.RUNNING,
        "query": query,
        "search_form": search_form,
        "seat_view": seat_view,
        "matches": public.seating_matches(seat_view.get("seating", []), query) if query else [],
        "complete": part.complete,
        # Finished standings still listen while finishing can be undone.
        "listening": not part.complete or finish_undoable(event),
        "live_html": mark_safe(part.html),
        "etag": part.etag,
    }
    return render(request, STANDINGS, context)


@require_safe
@cache_control(no_cache=True)
def standings_live(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """The standings' polling target: 204 while ``?v=`` is still the event's ETag."""
    event = event_get(public_id)
    etag = _etag(event)
    if request.GET.get("v") == etag:
        return HttpResponse(status=UNCHANGED)
    return _live(request, standings_part(request, event, etag))


@display_language
@require_safe
def display(request: HttpRequest, public_id: str) -> HttpResponse:
    """The venue display (a TV at 1920 × 1080): the page around its shared live part. Without
    JavaScript a meta refresh turns to the next server page (``?sayfa=``)."""
    event = event_get(public_id)
    page = _display_page(request)
    part, _key = display_part(request, event, _etag(event), page)
    seconds = _page_seconds(request)
    podium = part.complete and page == 1  # the podium page: it stays longer
    context = {
        "view": {"name": event.name, "complete": part.complete, "public_id": event.public_id},
        # A finished event's display still listens while finishing can be undone.
        "listening": not part.complete or finish_undoable(event),
        "etag": part.etag,
        "page_html": mark_safe(part.html),
        "page_seconds": seconds,
        "refresh_seconds": seconds * PODIUM_PAGES if podium else seconds,
        "podium_seconds": seconds * PODIUM_PAGES,
        "next_page": part.next_page,
    }
    return render(request, DISPLAY, context)


@display_language
@require_safe
@cache_control(no_cache=True)
def display_live(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """The display's polling target: 204 while ``?v=`` is still the event's ETag."""
    event = event_get(public_id)
    etag = _etag(event)
    if request.GET.get("v") == etag:
        return HttpResponse(status=UNCHANGED)
    return _live(request, display_part(request, event, etag, _display_page(request)))


def _event_stream(request: HttpRequest, public_id: str, name: str, part_of) -> HttpResponse:
    """An event's public part ``name`` as server-sent events (scorer/platform/push/), rendered
    once per change and language for every stream of this process (and through the shared cache,
    once for all the app servers)."""
    event = event_get(public_id)
    language = get_language()

    def render(_variant: str) -> push.Part:
        with translation.override(language):
            found = Event.objects.filter(pk=event.pk).first()
            if found is None:
                raise push.Gone()
            etag = _etag(found)
            try:
                part, _key = part_of(request, found, etag, topic=push.topic_name(event_push.KIND, event.pk))
            except push.Elsewhere as elsewhere:  # another process renders it: its value makes the part
                elsewhere.finish = lambda value: push.Part(etag, name, value[0])
                raise
            return push.Part(etag, name, part.html)

    feed = push.Feed(lambda: f"{language}:{name}", render)
    return push.stream_response(request, kind=event_push.KIND, key=event.pk, feed=feed)


@require_safe
def standings_stream(request: HttpRequest, public_id: str) -> HttpResponse:
    return _event_stream(request, public_id, "standings", standings_part)


@display_language
@require_safe
def display_stream(request: HttpRequest, public_id: str) -> HttpResponse:
    """The display's changes: its first server page, which the display's script pages itself."""
    return _event_stream(
        request, public_id, "display", lambda r, e, etag, topic: display_part(r, e, etag, 1, topic=topic)
    )


@require_safe
def decisions(request: HttpRequest) -> HttpResponse:
    """Every event decision under its code (E1…): what "decision E11" on the event pages links to."""
    return render(request, "scorer/events/decisions.html", {"decisions": DECISIONS})


@require_safe
def entrant(request: HttpRequest, public_id: str, position: int) -> HttpResponse:
    """One entrant's rounds: tables, opponents, totals, points and places, with links to each
    table's board (what a name on the standings links to)."""
    event = event_get(public_id)
    data = public.entrant_data(event_standings(event, next_round=False), position)
    if data is None:
        raise Http404("No such entrant")
    return render(request, "scorer/events/entrant.html", {"event": event, "entrant": data})
