"""Reads of a club: its counted games in the game format, and its ratings recomputed from them."""

import math
from dataclasses import dataclass

from django.http import Http404
from django.utils.translation import get_language
from openskill.models import PlackettLuce

from scorer.engine import score_game
from scorer.engine.names import clean_name
from scorer.models import Hand
from scorer.platform import sharedpart
from scorer.platform.numbers import parse_count
from scorer.tables.selectors import game_document, game_numbers

from .charts import rating_chart
from .models import Club, ClubEvent, ClubGame, ClubRating, Member, Season
from .ratings import Match, PlayerRating, Ratings, RatingTable, rate_games
from .stats import PlayedGame, member_stats

TOLERANCE = 1e-9
"""How far a stored float may be from the recomputed one (the same operations, in the same order)."""


def counted_games(club: Club, *, start: int = 0) -> list[ClubGame]:
    """The club's counted games from position ``start`` on, in order of completion."""
    games = ClubGame.objects.filter(club=club, position__gte=start).select_related("game")
    return list(games.order_by("position"))


def club_events(club: Club) -> list:
    """The events opened in the club, newest first."""
    return [link.event for link in ClubEvent.objects.filter(club=club).select_related("event")]


CHUNK = 500
"""Games whose hands are read in one query."""


def live_hands(game_ids: list[int]) -> dict[int, list[Hand]]:
    """The live hands of these games in order, in one query (a replay reads thousands of games)."""
    hands: dict[int, list[Hand]] = {}
    for hand in Hand.objects.live().filter(game__in=game_ids).order_by("game_id", "position"):
        hands.setdefault(hand.game_id, []).append(hand)
    return hands


def club_document(club: Club) -> dict:
    """``{"games": [...]}`` as ``manage.py rate`` reads it (docs/club-format.md)."""
    links, games = counted_games(club), []
    for chunk in range(0, len(links), CHUNK):
        part = links[chunk : chunk + CHUNK]
        hands = live_hands([link.game_id for link in part])
        games.extend(game_document(link.game, hands.get(link.game_id, [])) for link in part)
    return {"games": games}


def club_recomputed(club: Club) -> RatingTable:
    """The ratings replayed from every counted game, ignoring what is stored."""
    return rate_games(club_document(club)["games"])


def club_rating_differences(club: Club) -> list[dict]:
    """Each player whose stored rating is not the recomputed one: ``{"player", "stored", "recomputed"}``."""
    stored = {r.player: (r.mu, r.sigma, r.games, r.wins) for r in ClubRating.objects.filter(club=club)}
    fresh = {r.player: (r.mu, r.sigma, r.games, r.wins) for r in club_recomputed(club).ratings}
    differences = []
    for player in sorted(set(stored) | set(fresh)):
        have, want = stored.get(player), fresh.get(player)
        if have is None or want is None or not _same(have, want):
            differences.append({"player": player, "stored": have, "recomputed": want})
    return differences


def _same(have: tuple, want: tuple) -> bool:
    floats = all(
        math.isclose(a, b, rel_tol=0, abs_tol=TOLERANCE) for a, b in zip(have[:2], want[:2], strict=True)
    )
    return floats and have[2:] == want[2:]


# --- the club's pages ---------------------------------------------------------------------------

PROVISIONAL_GAMES = 5
"""A member with fewer complete games is listed apart as provisional."""
CACHE_SECONDS = 24 * 3600
REVISION = 1
"""Bump when what a club's cached figures hold changes shape."""


@dataclass(frozen=True, slots=True)
class BoardRow:
    """A member's line of the leaderboard (``member_id``: their page)."""

    player: str
    member_id: int
    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int


@dataclass(frozen=True, slots=True)
class Leaderboard:
    rated: tuple[BoardRow, ...]
    provisional: tuple[BoardRow, ...]
    games: int


def club_get(public_id: str) -> Club:
    club = Club.objects.filter(public_id=public_id).first()
    if club is None:
        raise Http404
    return club


def club_members(club: Club, *, public: bool) -> list[Member]:
    members = club.members.all()
    return list(members.filter(hidden=False) if public else members)


def season_of(club: Club, value: object) -> Season | None:
    """The season ``?sezon=<id>`` names, or none (all time)."""
    pk = parse_count(str(value or ""))
    return club.seasons.filter(pk=pk).first() if pk else None


def _season_games(club: Club, season: Season | None):
    games = ClubGame.objects.filter(club=club, position__isnull=False)
    if season is not None:
        games = games.filter(completed_at__date__gte=season.starts, completed_at__date__lte=season.ends)
    return games.order_by("position")


def _club_version(club: Club, season: Season | None) -> str:
    """What a club's cached figures depend on: the club's ``updated_at`` (a counted game, a replay,
    a member added or hidden, a season added) and the season's dates."""
    stamp = f"{club.updated_at.timestamp():.6f}"
    return f"{club.pk}:{stamp}:{season.pk}:{season.starts}:{season.ends}" if season else f"{club.pk}:{stamp}"


def _role(public: bool) -> str:
    return "public" if public else "admin"


def leaderboard(club: Club, *, season: Season | None = None, public: bool = True) -> Leaderboard:
    """The members by ordinal, higher first; fewer than 5 games: provisional. A season's table is
    replayed from that season's games alone. Cached until the club changes (``updated_at``), in
    the one shared-part cache (scorer/platform/sharedpart.py)."""
    board, _key = sharedpart.shared_part(
        "club", _club_version(club, season), "-", _role(public), "leaderboard",
        lambda: _leaderboard(club, season, public), revision=REVISION, seconds=CACHE_SECONDS,
    )  # fmt: skip
    return board


def _leaderboard(club: Club, season: Season | None, public: bool) -> Leaderboard:
    names = {m.name: m.pk for m in club_members(club, public=public)}
    if season is None:
        rows = [
            PlayerRating(r.player, r.mu, r.sigma, r.ordinal, r.games, r.wins)
            for r in ClubRating.objects.filter(club=club)
        ]
        count = ClubGame.objects.filter(club=club, position__isnull=False).count()
    else:
        links = list(_season_games(club, season).select_related("game"))
        hands = live_hands([link.game_id for link in links])
        rows = list(
            rate_games([game_document(link.game, hands.get(link.game_id, [])) for link in links]).ratings
        )
        count = len(links)
    rows = sorted(
        (
            BoardRow(r.player, names[r.player], r.mu, r.sigma, r.ordinal, r.games, r.wins)
            for r in rows
            if r.player in names
        ),
        key=lambda r: (-r.ordinal, r.player),
    )
    return Leaderboard(
        rated=tuple(r for r in rows if r.games >= PROVISIONAL_GAMES),
        provisional=tuple(r for r in rows if r.games < PROVISIONAL_GAMES),
        games=count,
    )


def played_games(club: Club, name: str, *, season: Season | None = None) -> list[PlayedGame]:
    """The counted games ``name`` played, scored, with their hands' stored positions."""
    links = list(_season_games(club, season).filter(after__has_key=name).select_related("game"))
    hands = live_hands([link.game_id for link in links])
    played = []
    for link in links:
        game_hands = hands.get(link.game_id, [])
        played.append(
            PlayedGame(
                public_id=link.game.public_id,
                names=tuple(clean_name(n) for n in link.game.players),
                hands=tuple(hand.data for hand in game_hands),
                positions=tuple(hand.position for hand in game_hands),
                result=score_game(game_document(link.game, game_hands)),
            )
        )
    return played


def rating_history(club: Club, name: str, season: Season | None = None) -> list[float]:
    """The member's ordinal after each of their counted games, in order; in a season, replayed
    from that season's games alone (as its table is)."""
    if season is not None:
        return _season_history(club, name, season)
    model = PlackettLuce()
    afters = ClubGame.objects.filter(club=club, position__isnull=False, after__has_key=name)
    return [
        model.rating(mu=after[name][0], sigma=after[name][1]).ordinal()
        for after in afters.order_by("position").values_list("after", flat=True)
    ]


def _season_history(club: Club, name: str, season: Season) -> list[float]:
    links = list(_season_games(club, season).select_related("game"))
    hands = live_hands([link.game_id for link in links])
    ratings, history = Ratings(), []
    for link in links:
        names = tuple(clean_name(player) for player in link.game.players)
        ratings.apply(Match.of(names, game_numbers(link.game, hands.get(link.game_id, []))))
        if name in names:
            history.append(ratings.rating(name).ordinal())
    return history


def member_page(club: Club, member: Member, *, season: Season | None = None, public: bool = True) -> dict:
    """Everything the member page shows, cached until the club changes (the penalties' labels are
    the engine's, in the active language)."""

    def figures() -> dict:
        members = {m.name for m in club_members(club, public=public)}
        stats = member_stats(member.name, played_games(club, member.name, season=season), members)
        history = rating_history(club, member.name, season)
        rating = ClubRating.objects.filter(club=club, player=member.name).first()
        return {
            "stats": stats,
            "rating": rating,
            "chart": rating_chart(history) if len(history) > 1 else None,
            "rivals": sorted(stats.rivals.items(), key=lambda item: (-item[1].games, item[0])),
        }

    page, _key = sharedpart.shared_part(
        "club", _club_version(club, season), get_language(), _role(public), f"member-{member.pk}", figures,
        revision=REVISION, seconds=CACHE_SECONDS,
    )  # fmt: skip
    return page
