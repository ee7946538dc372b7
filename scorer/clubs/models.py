"""Clubs in the database: a club, its members, its counted games and its stored ratings.

A club's games are normal okeycalc tables (:class:`~scorer.models.Game`) linked by
:class:`ClubGame`; a game counts once complete, in order of completion (``position``), and keeps
the ratings of its players after it (``after``) and its teams and totals (``match``), so a
correction scores that game again and replays only OpenSkill from it on.
An event opened in the club is linked by :class:`ClubEvent`; its tables' games become club games.
:class:`ClubRating` holds each player's current rating; ``manage.py rate --check`` recomputes them
from the games (:mod:`scorer.clubs.ratings`). The admin link works like an event's organizer link.
"""

import secrets

from django.db import models
from django.utils import timezone

from scorer.access import links
from scorer.access.models import GrantBase
from scorer.engine.namecheck import MAX_NAME_CODE_POINTS
from scorer.houses.played import PlaysRuleSet

__all__ = ["Club", "ClubEvent", "ClubGame", "ClubGrant", "ClubRating", "Member", "Season"]

LINK_PREFIX = "club:"
"""Before the public id in the admin link's derivation: a table's, an event's and a club's links
never open each other."""


def new_club_id() -> str:
    """96 random bits, URL-safe, like a table's public id: club URLs cannot be guessed."""
    return secrets.token_urlsafe(12)


class Club(PlaysRuleSet, models.Model):
    public_id = models.CharField(max_length=32, unique=True, default=new_club_id, editable=False)
    name = models.CharField(max_length=80)
    ruleset = models.CharField(max_length=20, help_text="The default rule set of the club's tables.")
    options = models.JSONField(default=dict, help_text="The default options; partners: true is eşli.")
    secret_version = models.PositiveIntegerField(
        default=1, help_text="Bumped by a new admin link: grants of older versions no longer count."
    )
    link_key = models.CharField(max_length=32, default=links.new_link_key, editable=False)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    @property
    def link_secret(self) -> str:
        """The secret of the current admin link (derived, never stored)."""
        return links.link_secret(LINK_PREFIX + self.public_id, self.secret_version, self.link_key)

    def check_secret(self, secret: str | None) -> bool:
        return links.link_secret_matches(
            LINK_PREFIX + self.public_id, self.secret_version, self.link_key, secret or ""
        )


class ClubGrant(GrantBase):
    """A device's admin rights on a club, counted while ``secret_version`` is the club's."""

    TARGET = "club"

    device = models.ForeignKey("scorer.Device", on_delete=models.CASCADE, related_name="club_grants")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="grants")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["device", "club"], name="unique_device_club_grant")]

    def __str__(self) -> str:
        return f"admin grant of {self.device_id} on {self.club_id}"


class Member(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    # As long as a table's player name may be (the engine's check), so that every name fits.
    name = models.CharField(
        max_length=MAX_NAME_CODE_POINTS, help_text="As the engine cleans it: how games name the player."
    )
    hidden = models.BooleanField(default=False, help_text="Left out of the club's public pages.")

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="unique_club_member")]

    def __str__(self) -> str:
        return self.name


class ClubGame(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="club_games")
    game = models.OneToOneField("scorer.Game", on_delete=models.CASCADE, related_name="club_game")
    position = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="Order of completion among the club's counted games; none until complete.",
    )
    after = models.JSONField(
        default=dict, blank=True, help_text="Each player's [mu, sigma, games, wins] after this game."
    )
    completed_at = models.DateTimeField(
        null=True, blank=True, db_index=True, help_text="When it counted: the seasons' dates select by it."
    )
    match = models.JSONField(
        null=True,
        blank=True,
        help_text="The game as a match, {teams, totals}, while it counts: a replay rates it without scoring it again.",
    )

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["club", "position"], name="unique_club_game_position"),
        ]

    def __str__(self) -> str:
        return f"{self.club_id}#{self.position}"


class ClubEvent(models.Model):
    """An event opened in the club: every table game of its rounds counts toward the club (as a
    :class:`ClubGame`) from the moment its round is seated."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="club_events")
    event = models.OneToOneField("scorer.Event", on_delete=models.CASCADE, related_name="club_event")

    class Meta:
        ordering = ["-pk"]

    def __str__(self) -> str:
        return f"{self.event_id} in {self.club_id}"


class Season(models.Model):
    """Dates the admin sets: the leaderboard and the statistics can show only the games completed
    from ``starts`` to ``ends`` (both days included)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=60)
    starts = models.DateField()
    ends = models.DateField()

    class Meta:
        ordering = ["-starts", "pk"]

    def __str__(self) -> str:
        return self.name


class ClubRating(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="ratings")
    player = models.CharField(max_length=MAX_NAME_CODE_POINTS)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(db_index=True)
    games = models.PositiveIntegerField()
    wins = models.PositiveIntegerField()

    class Meta:
        ordering = ["-ordinal", "player"]
        constraints = [models.UniqueConstraint(fields=["club", "player"], name="unique_club_rating")]

    def __str__(self) -> str:
        return f"{self.player}: {self.ordinal:.2f}"
