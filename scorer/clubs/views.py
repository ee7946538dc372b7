"""A club's pages (kulüp): open one, claim its admin link, the leaderboard, a member's page, a
table or an event opened in the club, the season table printed and on the venue display, the JSON export.

Public pages need only the club's id; the admin's forms (members, seasons, a new admin link, a
table or an event opened in the club) need this device's admin grant (scorer/clubs/rights.py,
checked by ``grant_required`` of scorer/access/). Every page works without JavaScript: plain forms
that post and redirect back.
"""

import logging

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from scorer import access
from scorer.engine import InvalidInput
from scorer.events import rights as event_rights
from scorer.models import Game
from scorer.platform import push
from scorer.platform.http import HtmxHttpRequest
from scorer.platform.limits import limited
from scorer.shell.errors import forbidden
from scorer.tables import rights as table_rights

from . import live, rights, selectors, services
from .forms import (
    MEMBERS_LIST_ID,
    ClubEventForm,
    ClubForm,
    ClubGameForm,
    MemberAddForm,
    MemberVisibilityForm,
    SeasonForm,
    TableJoinForm,
)
from .models import Club, ClubGrant, Member

logger = logging.getLogger(__name__)

CLUB_NEW = "scorer/clubs/club_new.html"
TABLE_NEW = "scorer/clubs/table_new.html"
EVENT_NEW = "scorer/clubs/event_new.html"
SEASON_PARAM = "sezon"


def club_url(club: Club, season=None) -> str:
    url = reverse("scorer:club", args=[club.public_id])
    return f"{url}?{SEASON_PARAM}={season.pk}" if season else url


ADMIN = access.Right(grant=ClubGrant, load=selectors.club_get)
"""A club's admin right: unknown club → 404, not its admin → 403."""

admin_required = access.grant_required(ADMIN)
"""Load the club named by ``public_id``; call ``view(request, club, ...)`` for its admins."""


def _errors(request: HttpRequest, errors) -> None:
    messages.error(request, " ".join(str(e) for e in errors))


# --- a new club, its admin link --------------------------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
@limited("table_create", method="POST")
def club_new(request: HttpRequest) -> HttpResponse:
    if request.method != "POST":
        return render(request, CLUB_NEW, {"form": ClubForm(initial=request.GET.dict())})
    if ClubForm.shown_again(request.POST):  # without JavaScript: the chosen rule set's options
        return render(request, CLUB_NEW, {"form": ClubForm(initial=request.POST.dict())})
    form = ClubForm(data=request.POST)
    if form.is_valid():
        try:
            club = services.club_create(**form.club_kwargs())
        except InvalidInput as exc:
            form.add_engine_errors(exc.errors)
        else:
            rights.grant_admin(request, club)
            messages.success(
                request, _("The club is open. This device is its admin: keep the admin link below.")
            )
            return redirect(f"{club_url(club)}#yonetim")
    return render(request, CLUB_NEW, {"form": form})


@require_safe
def club_new_options(request: HttpRequest) -> HttpResponse:
    form = ClubForm(initial=request.GET.dict())
    template = f"{CLUB_NEW}#options" if getattr(request, "htmx", False) else CLUB_NEW
    return render(request, template, {"form": form})


@never_cache
@require_safe
@limited("claim")
def club_claim(request: HttpRequest, public_id: str, secret: str) -> HttpResponse:
    """The admin link: admin rights for this device, then the club page without the secret."""
    club = Club.objects.filter(public_id=public_id).first()
    if club is None or not club.check_secret(secret):
        logger.info("Refused admin link for club %s", public_id)
        response = forbidden(request) if club else render(request, "404.html", status=404)
        response._has_been_logged = True
        return response
    rights.grant_admin(request, club)
    messages.success(request, _("This device can now run the club."))
    response = redirect(f"{club_url(club)}#yonetim")
    response["Referrer-Policy"] = "no-referrer"
    return response


@require_POST
@admin_required
def club_link_rotate(request: HttpRequest, club: Club) -> HttpResponse:
    services.admin_link_rotate(club=club, device=access.device_of(request))
    messages.success(
        request, _("New admin link made. The old link no longer works and no other device runs the club.")
    )
    return redirect(f"{club_url(club)}#yonetim")


# --- the public pages ------------------------------------------------------------------------------
# The club page, a member's page and the venue display follow the club's changes: each change is
# pushed into their live part (scorer/clubs/live.py); while no stream is open the part polls, with
# its ETag (``?v=``): 204 while the club is unchanged, the part otherwise.

UNCHANGED = 204
"""htmx swaps nothing on 204: the part on the page is current."""


def _season_id(request: HttpRequest, club: Club) -> str:
    """The season ``?sezon=`` names, as a stream's variant holds it ("": all time, or no such season)."""
    season = selectors.season_of(club, request.GET.get(SEASON_PARAM))
    return str(season.pk) if season else ""


def _poll(request: HtmxHttpRequest, etag: str) -> bool:
    """Whether this is a live part's poll that already shows ``etag``."""
    return bool(request.htmx) and request.GET.get("v") == etag


@require_safe
@vary_on_headers("HX-Request")
def club_page(request: HtmxHttpRequest, public_id: str) -> HttpResponse:
    """The club page; its live part alone for a poll (htmx)."""
    club = selectors.club_get(public_id)
    admin = rights.is_admin(request, club)
    if _poll(request, live.live_etag(club, admin=admin)):
        return HttpResponse(status=UNCHANGED)
    context = live.club_context(club, admin=admin, season_id=request.GET.get(SEASON_PARAM))
    if request.htmx:
        return render(request, f"{live.CLUB_PAGE}#live", context)
    if admin:
        context.update(
            admin_link=request.build_absolute_uri(
                reverse("scorer:club_claim", args=[club.public_id, club.link_secret])
            ),
            member_form=MemberAddForm(),
            season_form=SeasonForm(),
        )
    context["join_form"] = TableJoinForm()
    return render(request, live.CLUB_PAGE, context)


@require_safe
def club_stream(request: HttpRequest, public_id: str) -> HttpResponse:
    """The club page's live part as server-sent events (scorer/clubs/live.py)."""
    club = selectors.club_get(public_id)
    season_id = _season_id(request, club)

    def part_of(found: Club, admin: bool) -> tuple[dict, str]:
        return live.club_context(found, admin=admin, season_id=season_id), f"{live.CLUB_PAGE}#live"

    return live.stream(request, club, page=f"club:{season_id}", swap="club", part_of=part_of)


@require_safe
def club_print(request: HttpRequest, public_id: str) -> HttpResponse:
    club = selectors.club_get(public_id)
    admin = rights.is_admin(request, club)
    context = live.board_context(club, admin=admin, season_id=request.GET.get(SEASON_PARAM))
    return render(request, "scorer/clubs/print.html", context)


@require_safe
def club_display(request: HttpRequest, public_id: str) -> HttpResponse:
    """The season table on the venue display (1920 × 1080), in its large type; public rows only.
    Each change of the club is pushed to it (:func:`club_display_stream`)."""
    club = selectors.club_get(public_id)
    return render(request, live.DISPLAY, live.display_context(club, request.GET.get(SEASON_PARAM)))


@require_safe
def club_display_stream(request: HttpRequest, public_id: str) -> HttpResponse:
    """The venue display's live part as server-sent events, rendered once per change, language
    and season for every display of this process (scorer/platform/push/)."""
    club = selectors.club_get(public_id)
    season_id = _season_id(request, club)

    def part_of(found: Club, _admin: bool) -> tuple[dict, str]:
        return live.display_context(found, season_id), f"{live.DISPLAY}#live"

    page = f"display:{season_id}"
    return live.stream(request, club, page=page, swap="club", part_of=part_of, public=True)


@require_safe
@vary_on_headers("HX-Request")
def member_page(request: HtmxHttpRequest, public_id: str, member_id: int) -> HttpResponse:
    """A member's page; its live part alone for a poll (htmx), which for a member hidden since
    says they are no longer shown (a load of the page: 404)."""
    club = selectors.club_get(public_id)
    member = get_object_or_404(Member, club=club, pk=member_id)
    admin = rights.is_admin(request, club)
    if member.hidden and not admin and not request.htmx:
        raise Http404
    if _poll(request, live.live_etag(club, admin=admin)):
        return HttpResponse(status=UNCHANGED)
    context = live.member_context(club, member, admin=admin, season_id=request.GET.get(SEASON_PARAM))
    template = f"{live.MEMBER_PAGE}#live" if request.htmx else live.MEMBER_PAGE
    return render(request, template, context)


@require_safe
def member_stream(request: HttpRequest, public_id: str, member_id: int) -> HttpResponse:
    """A member page's live part as server-sent events (scorer/clubs/live.py)."""
    club = selectors.club_get(public_id)
    member = get_object_or_404(Member, club=club, pk=member_id)
    if member.hidden and not rights.is_admin(request, club):
        raise Http404
    season_id = _season_id(request, club)

    def part_of(found: Club, admin: bool) -> tuple[dict, str]:
        now = Member.objects.filter(club=found, pk=member.pk).first()
        if now is None:
            raise push.Gone()
        return live.member_context(found, now, admin=admin, season_id=season_id), f"{live.MEMBER_PAGE}#live"

    page = f"member:{member.pk}:{season_id}"
    return live.stream(request, club, page=page, swap="member", part_of=part_of)


@require_safe
def club_export_json(request: HttpRequest, public_id: str) -> HttpResponse:
    """The club's counted games as ``manage.py rate`` reads them (docs/club-format.md)."""
    club = selectors.club_get(public_id)
    response = JsonResponse(selectors.club_document(club), json_dumps_params={"ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="kulup-{club.public_id}.json"'
    return response


# --- the admin's forms -----------------------------------------------------------------------------


@require_POST
@admin_required
def member_add(request: HttpRequest, club: Club) -> HttpResponse:
    form = MemberAddForm(request.POST)
    if not form.is_valid():
        _errors(request, [f"{form[name].label}: {' '.join(errs)}" for name, errs in form.errors.items()])
    else:
        try:
            services.member_add(club=club, name=form.cleaned_data["name"])
        except InvalidInput as exc:
            _errors(request, [f"{form['name'].label}: {e.message}" for e in exc.errors])
    return redirect(f"{club_url(club)}#uyeler")


@require_POST
@admin_required
def member_visibility(request: HttpRequest, club: Club, member_id: int) -> HttpResponse:
    member = get_object_or_404(Member, club=club, pk=member_id)
    form = MemberVisibilityForm(request.POST)
    if form.is_valid():
        services.member_visibility_set(member=member, hidden=form.cleaned_data["hidden"])
    else:
        _errors(request, form.errors["hidden"])
    return redirect(f"{club_url(club)}#uyeler")


@require_POST
@admin_required
def season_add(request: HttpRequest, club: Club) -> HttpResponse:
    form = SeasonForm(request.POST)
    if not form.is_valid():
        _errors(request, [f"{form[name].label}: {' '.join(errs)}" for name, errs in form.errors.items()])
        return redirect(f"{club_url(club)}#sezonlar")
    season = services.season_create(club=club, **form.cleaned_data)
    return redirect(club_url(club, season))


# --- tables in the club ----------------------------------------------------------------------------


@require_http_methods(["GET", "HEAD", "POST"])
@limited("table_create", method="POST")
@admin_required
def club_table_new(request: HttpRequest, club: Club) -> HttpResponse:
    context = {
        "club": club,
        "members": selectors.club_members(club, public=False),
        "list_id": MEMBERS_LIST_ID,
    }
    if request.method != "POST":
        return render(
            request, TABLE_NEW, {**context, "form": ClubGameForm(initial=request.GET.dict(), club=club)}
        )
    if ClubGameForm.shown_again(request.POST):
        return render(
            request, TABLE_NEW, {**context, "form": ClubGameForm(initial=request.POST.dict(), club=club)}
        )
    form = ClubGameForm(data=request.POST, club=club)
    if form.is_valid():
        try:
            game, _secret = services.club_table_create(club=club, **form.game_kwargs())
        except InvalidInput as exc:
            form.add_engine_errors(exc.errors)
        else:
            table_rights.grant_edit(request, game)
            messages.success(request, _("The table is open in the club. This device can enter hands."))
            return redirect(reverse("scorer:game_board", args=[game.public_id]))
    return render(request, TABLE_NEW, {**context, "form": form})


@require_safe
@admin_required
def club_table_options(request: HttpRequest, club: Club) -> HttpResponse:
    form = ClubGameForm(initial=request.GET.dict(), club=club)
    template = f"{TABLE_NEW}#options" if getattr(request, "htmx", False) else TABLE_NEW
    return render(
        request,
        template,
        {
            "club": club,
            "form": form,
            "members": selectors.club_members(club, public=False),
            "list_id": MEMBERS_LIST_ID,
        },
    )


@require_POST
def club_table_join(request: HttpRequest, public_id: str) -> HttpResponse:
    """A table opened outside the club, added by its scorekeeper (this device's edit grant)."""
    club = selectors.club_get(public_id)
    form = TableJoinForm(request.POST)
    if not form.is_valid():
        _errors(request, [f"{form[name].label}: {' '.join(errs)}" for name, errs in form.errors.items()])
        return redirect(f"{club_url(club)}#masa-ekle")
    game = Game.objects.filter(public_id=form.cleaned_data["table"]).first()
    if game is None or not table_rights.can_edit(request, game):
        messages.error(request, _("Table: only the scorekeeper of a table can add it to a club."))
        return redirect(f"{club_url(club)}#masa-ekle")
    try:
        services.club_table_join(club=club, game=game)
    except InvalidInput as exc:
        _errors(request, [e.message for e in exc.errors])
        return redirect(f"{club_url(club)}#masa-ekle")
    messages.success(request, _("The table now counts toward the club."))
    return redirect(club_url(club))


# --- events in the club ----------------------------------------------------------------------------


def _event_context(club: Club, form: ClubEventForm) -> dict:
    members = selectors.club_members(club, public=False)
    return {"club": club, "form": form, "members": members, "list_id": MEMBERS_LIST_ID}


@require_http_methods(["GET", "HEAD", "POST"])
@limited("table_create", method="POST")
@admin_required
def club_event_new(request: HttpRequest, club: Club) -> HttpResponse:
    if request.method != "POST":
        return render(
            request, EVENT_NEW, _event_context(club, ClubEventForm(initial=request.GET.dict(), club=club))
        )
    if ClubEventForm.shown_again(request.POST):  # without JavaScript: the options, or more entrant lines
        form = ClubEventForm(initial=request.POST.dict(), club=club)
        return render(request, EVENT_NEW, _event_context(club, form))
    form = ClubEventForm(data=request.POST, club=club)
    if form.is_valid():
        device = access.device_ensure(request)
        try:
            event, _secret = services.club_event_create(club=club, device=device, **form.event_kwargs())
        except InvalidInput as exc:
            form.add_engine_errors(exc.errors)
        else:
            event_rights.grant_organizer(request, event)
            messages.success(
                request,
                _(
                    "The event is open in the club. This device is its organizer: keep the organizer link below."
                ),
            )
            return redirect(reverse("scorer:event_organize", args=[event.public_id]) + "#baglanti")
    return render(request, EVENT_NEW, _event_context(club, form))


@require_safe
@admin_required
def club_event_options(request: HttpRequest, club: Club) -> HttpResponse:
    form = ClubEventForm(initial=request.GET.dict(), club=club)
    template = f"{EVENT_NEW}#options" if getattr(request, "htmx", False) else EVENT_NEW
    return render(request, template, _event_context(club, form))
