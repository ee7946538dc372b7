"""The event's public pages: live standings for the phones in the room, and the venue display.

Read-only, for anybody with the event's public id. Both poll like a table's board
(scorer/tables/views/board.py): the page shows its ETag (the event's stamp and the language), the
poll sends it back as ``?v=`` and gets 204 while it is still current, the new part otherwise, and
286 once the event is over (htmx stops polling). What they show is rendered once per stamp and
shared through the cache (scorer/events/public.py); a hit costs two small queries.
"""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from scorer.events import public, selectors
from scorer.events.models import Event
from scorer.platform.http import HtmxHttpRequest

STANDINGS = "scorer/events/standings.html"
DISPLAY = "scorer/events/display.html"
UNCHANGED = 204
"""htmx swaps nothing on 204: the part on the page is current."""
STOP_POLLING = 286
"""htmx stops polling an element that gets a 286: the event is over."""


def _event(public_id: str) -> Event:
    event = selectors.event_find(public_id)
    if event is None:
        raise Http404("No such event")
    return event


def _etag(event: Event) -> str:
    return f"{selectors.event_stamp(event)}-{get_language()}"


def _view(event: Event) -> dict:
    return public.event_view(selectors.event_standings(event, next_round=False))


def _display_page(request: HttpRequest) -> int:
    try:
        return max(1, int(request.GET.get("sayfa", "1")))
    except ValueError:
        return 1


def _page_seconds(request: HttpRequest) -> int:
    try:
        seconds = int(request.GET.get("sn", public.DISPLAY_PAGE_SECONDS))
    except ValueError:
        seconds = public.DISPLAY_PAGE_SECONDS
    return min(60, max(3, seconds))


def standings_part(request: HttpRequest, event: Event, etag: str, part: str) -> tuple[public.Part, str]:
    """(part, key) of the standings' "page" or "live" part, shared by every viewer."""

    def render_part() -> public.Part:
        view = _view(event)
        html = render_to_string(f"{STANDINGS}#{part}", {"view": view, "etag": etag}, request)
        return public.Part(html, view["complete"])

    return public.shared_part(etag, get_language(), f"standings-{part}", render_part)


def display_part(request: HttpRequest, event: Event, etag: str, page: int) -> tuple[public.Part, str]:
    """(part, key) of the display's live part on server page ``page``."""

    def render_part() -> public.Part:
        view = _view(event)
        pages = public.display_pages(view, page)
        html = render_to_string(f"{DISPLAY}#live", {"view": view, "etag": etag} | pages, request)
        return public.Part(html, view["complete"], pages["next_page"])

    return public.shared_part(etag, get_language(), f"display-{page}", render_part)


def _live(shared: tuple[public.Part, str]) -> HttpResponse:
    part, key = shared
    response = HttpResponse(part.html, status=STOP_POLLING if part.complete else 200)
    response.compressed_cache_key = key  # compressed once per encoding (scorer/platform/compress.py)
    return response


@require_safe
def standings(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    event = _event(public_id)
    etag = _etag(event)
    if request.htmx:
        return _live(standings_part(request, event, etag, "live"))
    part, _key = standings_part(request, event, etag, "page")
    context = {"view": {"name": event.name, "complete": part.complete}, "page_html": mark_safe(part.html)}
    return render(request, STANDINGS, context)


@require_safe
@cache_control(no_cache=True)
def standings_live(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """The standings' polling target: 204 while ``?v=`` is still the event's ETag."""
    event = _event(public_id)
    etag = _etag(event)
    if request.GET.get("v") == etag:
        return HttpResponse(status=UNCHANGED)
    return _live(standings_part(request, event, etag, "live"))


@require_safe
def display(request: HttpRequest, public_id: str) -> HttpResponse:
    """The venue display (a TV at 1920 × 1080): the page around its shared live part. Without
    JavaScript a meta refresh turns to the next server page (``?sayfa=``)."""
    event = _event(public_id)
    part, _key = display_part(request, event, _etag(event), _display_page(request))
    seconds = _page_seconds(request)
    context = {
        "view": {"name": event.name, "complete": part.complete},
        "page_html": mark_safe(part.html),
        "page_seconds": seconds,
        "refresh_seconds": seconds,
        "next_page": part.next_page,
    }
    return render(request, DISPLAY, context)


@require_safe
@cache_control(no_cache=True)
def display_live(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """The display's polling target: 204 while ``?v=`` is still the event's ETag."""
    event = _event(public_id)
    etag = _etag(event)
    if request.GET.get("v") == etag:
        return HttpResponse(status=UNCHANGED)
    return _live(display_part(request, event, etag, _display_page(request)))
