"""Tables (masa) and their hands. A hand stores its validated input JSON; results are always
recomputed by the engine, so a corrected rule or a fixed bug shows everywhere at once."""

import secrets

from django.db import models
from django.utils import timezone

from scorer.access.links import MAX_SECRET_LENGTH, hash_secret, link_secret, link_secret_matches, new_link_key
from scorer.access.models import Device, GrantBase
from scorer.houses.played import PlaysRuleSet
from scorer.tables import storedtext

__all__ = [
    "PUBLIC_ID_PATTERN",
    "Device",
    "Game",
    "GameChange",
    "Grant",
    "Hand",
    "HandChange",
    "JOIN_CODE_ALPHABET",
    "RateCount",
    "hash_secret",
    "new_join_code",
    "new_public_id",
]


PUBLIC_ID_PATTERN = "[A-Za-z0-9_-]{16,32}"
"""What a table's public id looks like (16 characters when new; the URLs accept up to 32)."""


def new_public_id() -> str:
    """Viewer id: 96 random bits, URL-safe; game URLs cannot be guessed or enumerated."""
    return secrets.token_urlsafe(12)


JOIN_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
"""The join code's characters: digits and capitals without look-alikes (no 0/O, 1/I/L)."""
JOIN_CODE_LENGTH = 6


def new_join_code() -> str:
    """A table's join code: 6 characters of :data:`JOIN_CODE_ALPHABET` (31⁶, about 887 million).

    Typed on the home page it opens the viewers' board, never edit rights; guessing is slowed by
    the ``join_code`` rate limit."""
    return "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


class Game(PlaysRuleSet, models.Model):
    public_id = models.CharField(max_length=32, unique=True, default=new_public_id, editable=False)
    code = models.CharField(
        max_length=JOIN_CODE_LENGTH,
        unique=True,
        default=new_join_code,
        editable=False,
        help_text="Short join code (no look-alike characters): typed on the home page, it opens the board to watch.",
    )
    edit_secret_hash = models.CharField(
        max_length=64,
        editable=False,
        blank=True,
        help_text="SHA-256 of a pre-version-1 table's random secret.",
    )
    secret_version = models.PositiveIntegerField(
        default=1, help_text="Bumped by a new edit link: grants of older versions no longer edit."
    )
    link_key = models.CharField(
        max_length=32,
        default=new_link_key,
        editable=False,
        help_text="Per-table part of the edit link.",
    )
    ruleset = models.CharField(max_length=20)
    options = models.JSONField(default=dict)
    players = models.JSONField(help_text="Player names in turn order.")
    hands_planned = models.PositiveSmallIntegerField()
    first_dealer = models.PositiveSmallIntegerField(default=0)
    version = models.PositiveIntegerField(default=1, help_text="Bumped on every change; the viewers' ETag.")
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    rematch_of = models.OneToOneField(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="rematch",
        help_text="The finished table this one is the rematch (rövanş) of; one rematch per table.",
    )
    in_event = models.BooleanField(
        default=False,
        help_text="A game of an event table (turnuva): the event fixes its number of hands and checks "
        "deletes and restores against its rounds (scorer/tables/guards.py, scorer/events/guards.py).",
    )
    scores = models.JSONField(
        default=dict,
        blank=True,
        help_text="Each live hand's totals, kept by every write to its hands (scorer/tables/scores.py): "
        '{"<position>": [hand version, [player totals], [team totals], outcome]}. Derived: a full re-score must '
        "equal it (manage.py repair_tables --check).",
    )
    stake = models.JSONField(
        null=True,
        blank=True,
        help_text="What the game is played for, when recorded: the entry per player and the table's cut, "
        'in hundredths of the unit ({"entry": 5000, "cut": {"percent": 1000}, "unit": "₺"}; '
        "scorer/engine/settlement.py). Empty: not recorded.",
    )

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.ruleset} {', '.join(map(str, self.players))}"

    @classmethod
    def from_db(cls, db, field_names, values, **kwargs):
        """A table stored with a name no page can show is shown repaired (scorer/tables/storedtext.py)."""
        game = super().from_db(db, field_names, values, **kwargs)
        if "players" in game.__dict__:
            game.players = storedtext.shown_names(game.players)
        return game

    @property
    def link_secret(self) -> str:
        """The secret of the current edit link (derived, see scorer/access/links.py)."""
        return link_secret(self.public_id, self.secret_version, self.link_key)

    def check_secret(self, secret: str | None) -> bool:
        """Whether ``secret`` opens the current edit link (or a pre-version-1 table's original one)."""
        if not secret or len(secret) > MAX_SECRET_LENGTH:
            return False
        if link_secret_matches(self.public_id, self.secret_version, self.link_key, secret):
            return True
        legacy = self.secret_version == 0 and self.edit_secret_hash
        return bool(legacy) and secrets.compare_digest(self.edit_secret_hash, hash_secret(secret))

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
    request_id = models.CharField(
        max_length=64,
        blank=True,
        default="",
        help_text="Made by the device that saved the hand (the form's request_id): a replay stores it once.",
    )
    dealer = models.PositiveSmallIntegerField(
        default=0,
        help_text="Seat (0-based) of who dealt this hand, stored when it was saved: a deletion never changes it.",
    )
    finisher = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Seat (0-based) of who finished; empty for a deck-out or a draw."
    )
    finish = models.CharField(
        max_length=40,
        blank=True,
        default="",
        help_text="How the finisher went out, as the rule set scores it: pairs, okey_discard, elden, "
        "nine_pairs_run (comma-separated; empty for a plain finish).",
    )

    objects = HandQuerySet.as_manager()

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="unique_hand_position"),
            models.UniqueConstraint(
                fields=["game", "request_id"], condition=~models.Q(request_id=""), name="unique_hand_request"
            ),
        ]

    def __str__(self) -> str:
        return f"hand {self.position} of game {self.game_id}"

    @classmethod
    def from_db(cls, db, field_names, values, **kwargs):
        """A hand stored with such a name leaves it out: the table's (repaired) name applies."""
        hand = super().from_db(db, field_names, values, **kwargs)
        if "data" in hand.__dict__:
            hand.data = storedtext.shown_hand(hand.data)
        return hand


class Change(models.Model):
    """When a history row's change was made, and by which device: kept only to say "this phone" or
    "another phone" to whoever looks (a hand's history, a table's)."""

    at = models.DateTimeField(default=timezone.now)
    device = models.ForeignKey(
        "Device",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="The device that made the change (forgotten when its grants expire).",
    )

    class Meta:
        abstract = True
        ordering = ["at", "pk"]


class HandChange(Change):
    """One entry of a hand's history: its creation, a correction, its deletion or its restore.

    Written in the same transaction as the change it records (scorer/tables/services/hands.py). It keeps
    the hand's input before and after (the hand format, like ``Hand.data``), never a score: the
    totals it shows are worked out by the engine when it is shown. The device is kept only to say
    "this phone" or "another phone" to whoever looks; nothing of its token is ever shown.
    """

    CREATE = "create"
    CORRECT = "correct"
    DELETE = "delete"
    RESTORE = "restore"
    KINDS = [(CREATE, "create"), (CORRECT, "correct"), (DELETE, "delete"), (RESTORE, "restore")]

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="changes")
    kind = models.CharField(max_length=8, choices=KINDS)
    before = models.JSONField(null=True, blank=True, help_text="The hand's input before the change.")
    after = models.JSONField(null=True, blank=True, help_text="The hand's input after the change.")
    after_game_end = models.BooleanField(
        default=False, help_text="Made when every planned hand had been played."
    )

    def __str__(self) -> str:
        return f"{self.kind} of {self.hand_id} at {self.at:%Y-%m-%d %H:%M}"


class GameChange(Change):
    """One change of a table's own facts after it was opened: a player's name, who dealt first,
    what the game is played for.

    Written in the same transaction as the change (scorer/tables/services/facts.py), with the
    values before and after; the device is kept only to say "this phone" or "another phone" to
    whoever looks, as a hand's history does.
    """

    PLAYERS = "players"
    FIRST_DEALER = "first_dealer"
    STAKE = "stake"
    KINDS = [(PLAYERS, "players"), (FIRST_DEALER, "first dealer"), (STAKE, "stake")]

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="fact_changes")
    kind = models.CharField(max_length=12, choices=KINDS)
    before = models.JSONField(null=True, blank=True, help_text="The value before: names, a seat, a stake.")
    after = models.JSONField(null=True, blank=True, help_text="The value after.")

    def __str__(self) -> str:
        return f"{self.kind} of {self.game_id} at {self.at:%Y-%m-%d %H:%M}"


class Grant(GrantBase):
    """One device's right to one table: edit (claimed with the edit link) or watch (opened the board).

    An edit grant counts only while its ``secret_version`` is the table's: a new edit link revokes
    every other device. Grants unused for ``OKEYCALC_GRANT_MAX_IDLE_DAYS`` expire.
    """

    EDIT = "edit"
    WATCH = "watch"
    KINDS = [(EDIT, "edit"), (WATCH, "watch")]

    TARGET = "game"

    device = models.ForeignKey(Device, on_delete=models.CASCADE, related_name="grants")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="grants")
    kind = models.CharField(max_length=5, choices=KINDS)
    secret_version = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["device", "game"], name="unique_device_grant")]
        indexes = [models.Index(fields=["device", "-created_at"], name="grant_device_newest")]

    def __str__(self) -> str:
        return f"{self.kind} grant of {self.device_id} on {self.game_id}"

    @property
    def can_edit(self) -> bool:
        return self.counts(self.game)

    def counts(self, target: "Game") -> bool:
        """An edit grant at the table's current edit link; a watch grant gives no right."""
        return self.kind == self.EDIT and self.secret_version == target.secret_version


class RateCount(models.Model):
    """A rate limit's count in one window, when there is no Redis (scorer/platform/counters.py
    reads and writes it in plain SQL, shared by every worker)."""

    name = models.CharField(max_length=250, primary_key=True, help_text="The window's cache key.")
    count = models.BigIntegerField(default=0)
    expires = models.FloatField(db_index=True, help_text="Unix time after which the count is forgotten.")

    class Meta:
        db_table = "okeycalc_rate_count"

    def __str__(self) -> str:
        return f"{self.name}: {self.count}"


# Tournaments (scorer/events/models.py): one Django app, so their models are registered here too.
from scorer.events import models as event_models  # noqa: E402
from scorer.events.models import *  # noqa: E402, F403 (the names of its __all__)

__all__ += event_models.__all__

# Clubs (scorer/clubs/models.py), registered here for the same reason.
from scorer.clubs.models import Club, ClubEvent, ClubGame, ClubGrant, ClubRating, Member, Season  # noqa: E402

__all__ += ["Club", "ClubEvent", "ClubGame", "ClubGrant", "ClubRating", "Member", "Season"]

# House rule sets (scorer/houses/models.py), registered here for the same reason.
from scorer.houses.models import House, HouseUse, HouseVersion  # noqa: E402

__all__ += ["House", "HouseUse", "HouseVersion"]
