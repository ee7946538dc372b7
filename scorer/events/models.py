"""Tournaments (Turnuva) in the database: an event, its entrants, rounds and tables.

Every table of a round is a normal okeycalc :class:`~scorer.models.Game` (entry, live board,
corrections, history, viewers as for any table), linked to its event table by
:class:`EventGame` (a knockout match of several games links one game per match game: the later
ones are the rematches, rövanş, of the earlier ones). The rules of standings and seating stay in
:mod:`scorer.events.rules`; :mod:`scorer.events.selectors.document` builds their event document from these
rows. The organizer's link works like a table's edit link (scorer/access/links.py), derived from
``event:<public id>`` so that a table's edit link and an event's never open each other, and its
devices hold :class:`EventGrant` rows.
"""

import secrets

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scorer.access import links
from scorer.access.models import GrantBase
from scorer.houses.played import PlaysRuleSet

__all__ = [
    "CardGrant",
    "Entrant",
    "Event",
    "EventGame",
    "EventGrant",
    "EventRecord",
    "EventTable",
    "Round",
    "TableCard",
    "TieBreak",
]


def new_event_id() -> str:
    """96 random bits, URL-safe, like a table's public id: event URLs cannot be guessed."""
    return secrets.token_urlsafe(12)


def new_seed() -> int:
    """A seed short enough to read out and type in (the draw is redone from it: decision E2)."""
    return secrets.randbelow(900_000) + 100_000


class Event(PlaysRuleSet, models.Model):
    POINTS = "points"
    KNOCKOUT = "knockout"
    KINDS = [(POINTS, "points"), (KNOCKOUT, "knockout")]

    SETUP = "setup"
    RUNNING = "running"
    FINISHED = "finished"
    STATUSES = [(SETUP, "setup"), (RUNNING, "running"), (FINISHED, "finished")]

    public_id = models.CharField(max_length=32, unique=True, default=new_event_id, editable=False)
    name = models.CharField(max_length=80)
    date = models.DateField(null=True, blank=True)
    ruleset = models.CharField(max_length=20)
    options = models.JSONField(default=dict, help_text="The rule set's options; partners: true is eşli.")
    hands_per_game = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=KINDS)
    rounds_planned = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Points: rounds.")
    placement_points = models.JSONField(default=list, blank=True, help_text="Points: 1st, 2nd, … place.")
    advance = models.PositiveSmallIntegerField(default=2, help_text="Knockout: how many of a table go on.")
    games_per_match = models.PositiveSmallIntegerField(default=1, help_text="Knockout: games of a match.")
    seed = models.BigIntegerField(default=new_seed)
    status = models.CharField(max_length=8, choices=STATUSES, default=SETUP)
    version = models.PositiveIntegerField(
        default=1, help_text="Bumped by every organizer change; a form based on an older one is refused."
    )
    secret_version = models.PositiveIntegerField(
        default=1, help_text="Bumped by a new organizer link: grants of older versions no longer count."
    )
    link_key = models.CharField(max_length=32, default=links.new_link_key, editable=False)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    finish_undo = models.JSONField(
        default=dict,
        blank=True,
        help_text="What finishing changed (tables and rounds it locked, and when), so that it can be undone.",
    )

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    @property
    def partners(self) -> bool:
        return bool(self.options.get("partners"))

    @property
    def knockout(self) -> bool:
        return self.kind == self.KNOCKOUT

    @property
    def finished(self) -> bool:
        return self.status == self.FINISHED

    @property
    def link_secret(self) -> str:
        """The secret of the current organizer link (derived, never stored)."""
        return links.link_secret(f"event:{self.public_id}", self.secret_version, self.link_key)

    def check_secret(self, secret: str | None) -> bool:
        return links.link_secret_matches(
            f"event:{self.public_id}", self.secret_version, self.link_key, secret or ""
        )

    def format_dict(self) -> dict:
        """The ``format`` of the event document."""
        if self.knockout:
            return {"kind": self.KNOCKOUT, "advance": self.advance, "games_per_match": self.games_per_match}
        return {
            "kind": self.POINTS,
            "rounds": self.rounds_planned,
            "placement_points": list(self.placement_points),
        }


class Entrant(models.Model):
    """An individual, or an eşli team of two players (``players`` in seat order)."""

    ACTIVE = "active"
    LATE = "late"
    WITHDRAWN = "withdrawn"
    NO_SHOW = "no_show"
    STATUSES = [
        (ACTIVE, _("active")),
        (LATE, _("late arrival")),
        (WITHDRAWN, _("withdrew")),
        (NO_SHOW, _("no-show")),
    ]
    OUT = (WITHDRAWN, NO_SHOW)

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    position = models.PositiveIntegerField(help_text="Order in the event's entrants (late arrivals last).")
    name = models.CharField(max_length=120)
    players = models.JSONField(help_text="A team's two players; an individual's own name.")
    status = models.CharField(max_length=9, choices=STATUSES, default=ACTIVE)
    status_round = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="Late: the first round it plays. Withdrawn: rounds done when it left.",
    )
    note = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        ordering = ["position"]
        constraints = [models.UniqueConstraint(fields=["event", "position"], name="unique_entrant_position")]

    def __str__(self) -> str:
        return self.name

    @property
    def out(self) -> bool:
        return self.status in self.OUT


class Round(models.Model):
    PLAYING = "playing"
    DONE = "done"
    LOCKED = "locked"
    STATUSES = [(PLAYING, "playing"), (DONE, "done"), (LOCKED, "locked")]

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(
        max_length=7,
        choices=STATUSES,
        default=PLAYING,
        help_text="Locked: no table of it can change any more (decision E12).",
    )
    byes = models.JSONField(default=list, help_text="Entrant ids who sat out or had a bye, as seated.")
    repeats = models.JSONField(default=list, help_text="Per table, opponents who had met (decision E3).")
    method = models.CharField(max_length=9, default="draw", help_text="draw or standings.")
    seated_from = models.JSONField(
        default=list,
        blank=True,
        help_text="Seated by the standings: [entrant id, place] as they stood, or as the organizer kept them.",
    )
    timer_seconds = models.PositiveIntegerField(
        null=True, blank=True, help_text="The round timer's length as last set (scorer/events/timer.py)."
    )
    timer_ends_at = models.DateTimeField(
        null=True, blank=True, help_text="While the timer runs: when it ends."
    )
    timer_left = models.PositiveIntegerField(
        null=True, blank=True, help_text="While it is paused: seconds left."
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="unique_event_round")]

    def __str__(self) -> str:
        return f"round {self.number} of {self.event_id}"


class EventTable(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    seats = models.JSONField(help_text="Entrant ids in turn order (eşli: two teams, partners opposite).")
    decided = models.JSONField(
        null=True, blank=True, help_text="Knockout: entrant ids the organizer sent on from a tie at the cut."
    )
    closed = models.BooleanField(
        default=False, help_text="Closed by the organizer before it was complete (E8)."
    )
    locked = models.BooleanField(default=False, help_text="Nobody can change its games any more (E8, E12).")

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="unique_round_table")]

    def __str__(self) -> str:
        return f"table {self.number} of {self.round}"


class EventGame(models.Model):
    """One game of an event table: the normal okeycalc table its scorekeeper enters hands at."""

    table = models.ForeignKey(EventTable, on_delete=models.CASCADE, related_name="games")
    number = models.PositiveSmallIntegerField(help_text="1 for the first game of the match, …")
    game = models.OneToOneField("scorer.Game", on_delete=models.CASCADE, related_name="event_game")

    class Meta:
        ordering = ["table", "number"]
        constraints = [models.UniqueConstraint(fields=["table", "number"], name="unique_table_game")]

    def __str__(self) -> str:
        return f"game {self.number} of {self.table}"


class EventGrant(GrantBase):
    """A device's organizer rights on an event, counted while ``secret_version`` is the event's."""

    TARGET = "event"

    device = models.ForeignKey("scorer.Device", on_delete=models.CASCADE, related_name="event_grants")
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="grants")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["device", "event"], name="unique_device_event_grant")]

    def __str__(self) -> str:
        return f"organizer grant of {self.device_id} on {self.event_id}"


class EventRecord(models.Model):
    """What the organizer decided, written down: shown on the event's page, in order."""

    CREATED = "created"
    IMPORTED = "imported"
    ROUND = "round"
    RESEAT = "reseat"
    BYE = "bye"
    CUT = "cut"
    CLOSE = "close"
    LATE = "late"
    WITHDRAW = "withdraw"
    NO_SHOW = "no_show"
    FINISH = "finish"
    UNFINISH = "unfinish"
    LINK = "link"
    CARD = "card"
    KEEP = "keep"
    TIE_BREAK = "tiebreak"
    TIMER = "timer"
    KINDS = [
        (CREATED, _("created")),
        (IMPORTED, _("imported")),
        (ROUND, _("round started")),
        (RESEAT, _("round seated again")),
        (BYE, _("bye")),
        (CUT, _("tie at the cut decided")),
        (CLOSE, _("table closed")),
        (LATE, _("late arrival")),
        (WITHDRAW, _("withdrawal")),
        (NO_SHOW, _("no-show")),
        (FINISH, _("finished")),
        (UNFINISH, _("finishing undone")),
        (LINK, _("new organizer link")),
        (CARD, _("new table card")),
        (KEEP, _("seating kept after a correction")),
        (TIE_BREAK, _("tie-break game started")),
        (TIMER, _("round timer")),
    ]

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="records")
    kind = models.CharField(max_length=9, choices=KINDS)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    table_number = models.PositiveSmallIntegerField(null=True, blank=True)
    entrants = models.JSONField(default=list, help_text="Names of the entrants concerned, as they were.")
    note = models.CharField(max_length=200, blank=True, default="")
    device = models.ForeignKey(
        "scorer.Device", null=True, blank=True, on_delete=models.SET_NULL, help_text="Who decided."
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.kind} on {self.event_id}"


class TableCard(models.Model):
    """The card of a physical table, for the whole event: its link (``/turnuva/<id>/kart/<number>/
    anahtar/<secret>/``, the secret derived like a table's edit link, never stored) and its short
    ``code`` give the table of that number in whichever round is running (scorer/events/cards.py)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="cards")
    number = models.PositiveSmallIntegerField()
    secret_version = models.PositiveIntegerField(
        default=1, help_text="Bumped by a new card: grants of older versions no longer count."
    )
    link_key = models.CharField(max_length=32, default=links.new_link_key, editable=False)
    code = models.CharField(max_length=6, unique=True, help_text="Typed instead of scanning.")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="unique_event_card")]

    def __str__(self) -> str:
        return f"card of table {self.number} of {self.event_id}"

    @property
    def subject(self) -> str:
        return f"card:{self.event.public_id}:{self.number}"

    @property
    def link_secret(self) -> str:
        return links.link_secret(self.subject, self.secret_version, self.link_key)

    def check_secret(self, secret: str | None) -> bool:
        return links.link_secret_matches(self.subject, self.secret_version, self.link_key, secret or "")


class CardGrant(GrantBase):
    """A device that opened a table card: it keeps that table, round after round, while
    ``secret_version`` is the card's."""

    TARGET = "card"

    device = models.ForeignKey("scorer.Device", on_delete=models.CASCADE, related_name="card_grants")
    card = models.ForeignKey(TableCard, on_delete=models.CASCADE, related_name="grants")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["device", "card"], name="unique_device_card_grant")]

    def __str__(self) -> str:
        return f"card grant of {self.device_id} on {self.card_id}"


class TieBreak(models.Model):
    """A tie-break game at the cut: a normal okeycalc table of only the tied entrants. It is no
    game of the event (EVENT_FORMAT.md has no place for it): its result is recorded as the table's
    decision at the cut (``EventTable.decided``), which the event document does hold."""

    table = models.ForeignKey(EventTable, on_delete=models.CASCADE, related_name="tie_breaks")
    game = models.OneToOneField("scorer.Game", on_delete=models.CASCADE, related_name="tie_break")
    entrants = models.JSONField(help_text="Entrant ids of the tied, in the game's seat order.")
    places = models.PositiveSmallIntegerField(help_text="How many of them go on.")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["table", "created_at", "pk"]

    def __str__(self) -> str:
        return f"tie-break of {self.table}"
