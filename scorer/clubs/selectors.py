"""Reads of a club: its counted games in the game format, and its ratings recomputed from them."""

import math

from scorer.tables.selectors import game_document

from .models import Club, ClubGame, ClubRating
from .ratings import RatingTable, rate_games

TOLERANCE = 1e-9
"""How far a stored float may be from the recomputed one (the same operations, in the same order)."""


def counted_games(club: Club, *, start: int = 0) -> list[ClubGame]:
    """The club's counted games from position ``start`` on, in order of completion."""
    games = ClubGame.objects.filter(club=club, position__gte=start).select_related("game")
    return list(games.order_by("position"))


def club_document(club: Club) -> dict:
    """``{"games": [...]}`` as ``manage.py rate`` reads it (docs/club-format.md)."""
    return {"games": [game_document(link.game) for link in counted_games(club)]}


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
