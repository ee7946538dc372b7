"""Writes of a club: creating it, linking its tables, and keeping the stored ratings current.

A game that completes is applied to the stored ratings of its players alone (no replay); a change
to a counted game scores that game again and replays OpenSkill from it on, starting from the
ratings stored after the games before it (``ClubGame.after``) and rating each later game from its
stored teams and totals (``ClubGame.match``).
"""

from django.db import connection, transaction
from django.db.models import Max
from django.utils import timezone

from scorer import access
from scorer.engine import FieldError, GameResult, InvalidInput
from scorer.engine.i18n import _, gettext_noop
from scorer.engine.namecheck import MAX_NAME, name_problem
from scorer.engine.names import clean_name
from scorer.events.services.creation import event_create
from scorer.houses.played import HouseCopy, house_fields
from scorer.models import Device, Game, Hand
from scorer.tables.freshness import Change, changed
from scorer.tables.selectors import game_numbers
from scorer.tables.services.games import game_create

from .models import Club, ClubEvent, ClubGame, ClubGrant, ClubRating, Member, Season
from .ratings import Match, Ratings
from .selectors import CHUNK, live_hands

MSG_NOT_A_MEMBER = gettext_noop("%(name)s is not a member of this club.")
MSG_IN_A_CLUB = gettext_noop("This table already counts toward a club.")
MSG_NAME_EMPTY = gettext_noop("Write the member's name.")
MSG_SEASON_DATES = gettext_noop("A season ends on or after the day it starts.")
MSG_MEMBER_NAME = gettext_noop("“%(name)s”: %(problem)s")


@transaction.atomic
def club_create(
    *, name: str, ruleset: str, options: dict, members: list[str], house: HouseCopy | None = None
) -> Club:
    """A new club; its tables start from its rule set and options (``house``: a house rule set)."""
    names = member_names_checked(members, path="members")
    club = Club.objects.create(name=name, ruleset=ruleset, options=options, **house_fields(house))
    Member.objects.bulk_create(Member(club=club, name=member) for member in names)
    return club


def member_names_checked(names: list[str], *, path: str) -> list[str]:
    """The names as the engine cleans them, each once; InvalidInput naming each name it refuses
    (as a table's player name: at most 30 characters as people see them, no control character)."""
    errors = [
        FieldError(f"{path}[{k}]", _(MSG_MEMBER_NAME) % {"name": _shortened(name), "problem": problem})
        for k, name in enumerate(names)
        if (problem := name_problem(name)) is not None
    ]
    if errors:
        raise InvalidInput(errors)
    return list(dict.fromkeys(clean_name(name) for name in names))


def _shortened(name: str) -> str:
    return name if len(name) <= MAX_NAME else f"{name[:MAX_NAME]}…"


@transaction.atomic
def club_game_add(*, club: Club, game: Game) -> ClubGame:
    """Link a table to the club; it counts at once if it is already complete."""
    ClubGame.objects.create(club=club, game=game)
    return club_game_changed(game=game)


@transaction.atomic
def club_table_join(*, club: Club, game: Game) -> ClubGame:
    """A table opened outside the club, added afterwards (by its scorekeeper): every name at it
    must be a member's, and a table counts toward one club only."""
    if ClubGame.objects.filter(game=game).exists():
        raise InvalidInput([FieldError("", _(MSG_IN_A_CLUB))])
    members = set(club.members.values_list("name", flat=True))
    errors = [
        FieldError(f"players[{seat}]", _(MSG_NOT_A_MEMBER) % {"name": name})
        for seat, name in enumerate(game.players)
        if clean_name(name) not in members
    ]
    if errors:
        raise InvalidInput(errors)
    return club_game_add(club=club, game=game)


@transaction.atomic
def club_game_changed(*, game: Game) -> ClubGame | None:
    """After a hand of ``game`` was added, corrected, deleted or restored: count it when it
    completes, replay from it when a counted game changed, drop it when it is no longer complete."""
    link = ClubGame.objects.select_for_update().filter(game=game).select_related("club").first()
    if link is None:
        return None
    names, result = _game_result(game)
    if link.position is None:
        if result.complete:
            _append(link, Match.of(names, result))
        return link
    start = link.position
    if result.complete:
        link.match = Match.of(names, result).stored()
        link.save(update_fields=["match"])
    else:
        link.position, link.after, link.completed_at, link.match = None, {}, None, None
        link.save(update_fields=["position", "after", "completed_at", "match"])
    _replay_from(link.club, start)
    return link


@transaction.atomic
def club_game_remove(*, game: Game) -> None:
    """Before a club's table is deleted (or taken out of the club): replay without it."""
    link = ClubGame.objects.filter(game=game).select_related("club").first()
    if link is None:
        return
    start = link.position
    link.delete()
    if start is not None:
        _replay_from(link.club, start)


def _append(link: ClubGame, match: Match) -> None:
    """Apply a newly complete game to the stored ratings of its players only."""
    top = ClubGame.objects.filter(club=link.club).aggregate(top=Max("position"))["top"] or 0
    names = [name for team in match.teams for name in team]
    ratings = Ratings()
    for row in ClubRating.objects.filter(club=link.club, player__in=names):
        ratings.seed(row.player, row.mu, row.sigma, row.games, row.wins)
    ratings.apply(match)
    link.position, link.after, link.completed_at = top + 1, ratings.state(names), timezone.now()
    link.match = match.stored()
    link.save(update_fields=["position", "after", "completed_at", "match"])
    _store(link.club, ratings, names)


def _replay_from(club: Club, start: int) -> None:
    """The ratings again from position ``start`` on, from the ratings stored after the games
    before it. Each game is rated from its stored match (only OpenSkill runs: scoring 20,000 games
    again took most of the replay, bench/club.py); a game without one is scored, and keeps it."""
    ratings = Ratings()
    earlier = ClubGame.objects.filter(club=club, position__lt=start).order_by("position")
    for after in earlier.values_list("after", flat=True):
        for name, (mu, sigma, games, wins) in after.items():
            ratings.seed(name, mu, sigma, games, wins)
    later = list(
        ClubGame.objects.filter(club=club, position__gte=start).order_by("position").only("game_id", "match")
    )
    for chunk in range(0, len(later), CHUNK):
        links = later[chunk : chunk + CHUNK]
        _score_unmatched([link for link in links if link.match is None])
        for link in links:
            match = Match.from_stored(link.match)
            ratings.apply(match)
            link.after = ratings.state(name for team in match.teams for name in team)
        _write_after(links)
    ClubRating.objects.filter(club=club).delete()
    _store(club, ratings, list(ratings.ratings))


def _score_unmatched(links: list[ClubGame]) -> None:
    """Score the games that have no stored match yet (counted before matches were kept) and keep it."""
    if not links:
        return
    games = Game.objects.in_bulk([link.game_id for link in links])
    hands = live_hands(list(games))
    for link in links:
        link.match = _match(games[link.game_id], hands.get(link.game_id, [])).stored()
    ClubGame.objects.bulk_update(links, ["match"])


def _write_after(links: list[ClubGame]) -> None:
    """Each link's ``after``, one UPDATE per row in a single ``executemany``. Django's
    ``bulk_update`` builds a CASE expression of every row, which took three quarters of a
    20,000-game replay (bench/club.py)."""
    field = ClubGame._meta.get_field("after")
    quote = connection.ops.quote_name
    sql = f"UPDATE {quote(ClubGame._meta.db_table)} SET {quote(field.column)} = %s WHERE {quote('id')} = %s"
    with connection.cursor() as cursor:
        cursor.executemany(sql, [(field.get_db_prep_save(link.after, connection), link.pk) for link in links])


def _game_result(game: Game, hands: list[Hand] | None = None) -> tuple[tuple[str, ...], GameResult]:
    """The game's players and totals, as its table keeps them (scorer/tables/scores.py)."""
    return tuple(clean_name(name) for name in game.players), game_numbers(game, hands)


def _match(game: Game, hands: list[Hand] | None = None) -> Match:
    return Match.of(*_game_result(game, hands))


def _store(club: Club, ratings: Ratings, names) -> None:
    changed(Change.CLUB, club=club)
    rows = [
        ClubRating(
            club=club,
            player=name,
            mu=ratings.ratings[name].mu,
            sigma=ratings.ratings[name].sigma,
            ordinal=ratings.ratings[name].ordinal(),
            games=ratings.games[name],
            wins=ratings.wins[name],
        )
        for name in names
    ]
    ClubRating.objects.bulk_create(
        rows,
        update_conflicts=True,
        unique_fields=["club", "player"],
        update_fields=["mu", "sigma", "ordinal", "games", "wins"],
    )


@transaction.atomic
def club_table_create(*, club: Club, **game_kwargs) -> tuple[Game, str]:
    """A table opened in the club (``game_create``'s arguments): it counts once complete."""
    game, secret = game_create(**game_kwargs)
    club_game_add(club=club, game=game)
    return game, secret


@transaction.atomic
def club_event_create(*, club: Club, **event_kwargs):
    """An event opened in the club (``event_create``'s arguments): the games of its tables count
    toward the club once complete (scorer/clubs/handlers.py links them as rounds are seated)."""
    event, secret = event_create(**event_kwargs)
    ClubEvent.objects.create(club=club, event=event)
    changed(Change.CLUB, club=club)
    return event, secret


@transaction.atomic
def member_add(*, club: Club, name: str) -> Member:
    if not clean_name(name):
        raise InvalidInput([FieldError("name", _(MSG_NAME_EMPTY))])
    if (problem := name_problem(name)) is not None:
        raise InvalidInput([FieldError("name", problem)])
    member, _created = Member.objects.get_or_create(club=club, name=clean_name(name))
    changed(Change.CLUB, club=club)
    return member


@transaction.atomic
def member_visibility_set(*, member: Member, hidden: bool) -> Member:
    """Hide a member from the club's public pages, or show them again."""
    member.hidden = hidden
    member.save(update_fields=["hidden"])
    changed(Change.CLUB, club=member.club)
    return member


@transaction.atomic
def season_create(*, club: Club, name: str, starts, ends) -> Season:
    if ends < starts:
        raise InvalidInput([FieldError("ends", _(MSG_SEASON_DATES))])
    season = Season.objects.create(club=club, name=name, starts=starts, ends=ends)
    changed(Change.CLUB, club=club)
    return season


# --- its admins ---------------------------------------------------------------------------------


def club_grant_admin(*, device: Device, club: Club) -> ClubGrant:
    """``device`` runs ``club`` at its current admin link."""
    grant, _created = access.grant_give(ClubGrant, device=device, target=club)
    return grant


@transaction.atomic
def admin_link_rotate(*, club: Club, device: Device) -> Club:
    """A new admin link: the old one stops working and every other device loses its admin rights;
    ``device`` (the admin replacing it) keeps them."""
    locked = Club.objects.select_for_update().get(pk=club.pk)
    access.link_renew(locked)
    locked.save(update_fields=["secret_version", "link_key"])
    access.grants_take_back(ClubGrant, target=locked, keep=device)
    club_grant_admin(device=device, club=locked)
    club.secret_version, club.link_key = locked.secret_version, locked.link_key
    return club
