"""The live parts of a club's pages: what the club page, a member's page and the venue display
show that moves with the club's changes, rendered from the same template partial for the page's
first load, its poll and its stream (scorer/platform/push/; scorer/clubs/push.py publishes the
club's topic on every change).

A part is rendered for a role: the admins' shows the hidden members and the members' forms (their
CSRF token a stand-in that static/js/live.js replaces), the public one neither. A device's stream
gets the admins' part only while its admin grant counts: a new admin link turns it public.
"""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import get_language

from scorer.platform import push

from . import push as club_push
from . import rights, selectors
from .models import Club, Member

CLUB_PAGE = "scorer/clubs/club.html"
MEMBER_PAGE = "scorer/clubs/member.html"
DISPLAY = "scorer/clubs/display.html"


def live_etag(club: Club, *, admin: bool) -> str:
    """The ETag of a club page's or member page's live part: the club's stamp, the language, the role."""
    return f"{club_push.stamp(club)}-{get_language()}-{'admin' if admin else 'public'}"


def board_context(club: Club, *, admin: bool, season_id: str | None) -> dict:
    """The leaderboard of the season ``?sezon=`` names (or of all time), and the seasons."""
    season = selectors.season_of(club, season_id)
    return {
        "club": club,
        "admin": admin,
        "season": season,
        "seasons": list(club.seasons.all()),
        "board": selectors.leaderboard(club, season=season, public=not admin),
    }


def club_context(club: Club, *, admin: bool, season_id: str | None) -> dict:
    """The club page's live part: the season's links, the leaderboard, the events and, for its
    admins, the members."""
    context = board_context(club, admin=admin, season_id=season_id)
    context["events"] = selectors.club_events(club)
    context["members"] = selectors.club_members(club, public=False) if admin else []
    context["etag"] = live_etag(club, admin=admin)
    return context


def member_context(club: Club, member: Member, *, admin: bool, season_id: str | None) -> dict:
    """A member page's live part; a member hidden since the page was shown (for the public): a
    note that they are no longer shown."""
    context = {"club": club, "member": member, "etag": live_etag(club, admin=admin)}
    if member.hidden and not admin:
        return context | {"withheld": True}
    season = selectors.season_of(club, season_id)
    page = selectors.member_page(club, member, season=season, public=not admin)
    members = {m.name: m.pk for m in selectors.club_members(club, public=not admin)}
    rivals = [(name, members.get(name), rival) for name, rival in page["rivals"]]
    return context | {"season": season, "seasons": list(club.seasons.all()), **page, "rivals": rivals}


def display_context(club: Club, season_id: str | None) -> dict:
    """The venue display's live part: the season's table, public rows only."""
    season = selectors.season_of(club, season_id)
    board = selectors.leaderboard(club, season=season, public=True)
    return {"club": club, "season": season, "board": board, "etag": club_push.stamp(club)}


PartOf = Callable[[Club, bool], tuple[dict, str]]
"""``part_of(club, admin)``: the live part's context and its template partial, for the club as
it is now (raises :class:`push.Gone` when what the page shows no longer exists)."""


def stream(
    request: HttpRequest, club: Club, *, page: str, swap: str, part_of: PartOf, public: bool = False
) -> HttpResponse:
    """A club page's live part as server-sent events on the club's topic, rendered once per change
    for every stream of this process showing the same ``page`` (with its season, member…), language
    and role (``public``: the page has only the public part). The admins' part is sent to a device
    only while its admin grant counts."""
    admin_of = not public and rights.is_admin(request, club)
    grant = rights.admin_grant(request, club) if admin_of else None
    language = get_language()
    admin = [grant is not None]

    def render(variant: str) -> push.Part:
        with translation.override(language):
            found = Club.objects.filter(pk=club.pk).first()
            if found is None:
                raise push.Gone()
            as_admin = variant.endswith(":admin")
            context, template = part_of(found, as_admin)
            if as_admin:  # the same bytes for every admin's device
                context = context | {"csrf_token": push.PUSHED_CSRF_TOKEN}
            rights_at = found.secret_version if as_admin else None
            return push.Part(context["etag"], swap, render_to_string(template, context), rights=rights_at)

    def allowed(part: push.Part) -> bool:
        if part.rights is None or part.rights == grant.secret_version:
            return True
        admin[0] = False  # a new admin link took this device's rights: from now on the public part
        return False

    feed = push.Feed(lambda: f"{language}:{page}:{'admin' if admin[0] else 'public'}", render, allowed)
    return push.stream_response(request, kind=club_push.KIND, key=club.pk, feed=feed)
