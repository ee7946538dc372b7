"""Tables (masa) and their hands. A hand stores its validated input JSON; results are always
recomputed by the engine, so a corrected rule or a fixed bug shows everywhere at once."""

import hashlib
import secrets

from django.db import models
from django.utils import timezone


def new_public_id() -> str:
    """Viewer id: 96 random bits, URL-safe; game URLs cannot be guessed or enumerated."""
    return secrets.token_urlsafe(12)


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


class Game(models.Model):
    public_id = models.CharField(max_length=32, unique=True, default=new_public_id, editable=False)
    edit_secret_hash = models.CharField(max_length=64, editable=False)
    ruleset = models.CharField(max_length=20)
    options = models.JSONField(default=dict)
    players = models.JSONField(help_text="Player names in turn order.")
    hands_planned = models.PositiveSmallIntegerField()
    first_dealer = models.PositiveSmallIntegerField(default=0)
    version = models.PositiveIntegerField(default=1, help_text="Bumped on every change; the viewers' ETag.")
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.ruleset} {', '.join(self.players)}"

    def check_secret(self, secret: str | None) -> bool:
        return bool(secret) and secrets.compare_digest(self.edit_secret_hash, hash_secret(secret))

    @property
    def partners(self) -> bool:
        return bool(self.options.get("partners"))


class HandQuerySet(models.QuerySet):
    def live(self) -> "HandQuerySet":
        return self.filter(deleted_at__isnull=True)


class Hand(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    position = models.PositiveIntegerField(help_text="Order of entry; a corrected hand keeps its place.")
    data = models.JSONField(help_text="The hand's input in HAND_FORMAT.md form (players, indicator).")
    deleted_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    version = models.PositiveIntegerField(
        default=1, help_text="Bumped on every correction; a correction based on an older one is refused."
    )

    objects = HandQuerySet.as_manager()

    class Meta:
        ordering = ["position"]
        constraints = [models.UniqueConstraint(fields=["game", "position"], name="unique_hand_position")]

    def __str__(self) -> str:
        return f"hand {self.position} of game {self.game_id}"
