"""Services of tables: the one place views and commands call to store (Django-Styleguide style).

Writes are atomic and validate through the engine first: nothing invalid is ever stored.
"""

from functools import cache

from django.db import IntegrityError, connections, router, transaction
from django.db.models import Count, Exists, F, JSONField, OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scorer.engine import HandResult, InvalidInput, get_ruleset, score_game, score_input
from scorer.engine.errors import FieldError
from scorer.engine.names import clean_name
from scorer.engine.parse import parse_hand
from scorer.houses.played import HouseCopy, house_fields
from scorer.models import Device, Game, Hand, HandChange, new_join_code
from scorer.tables import guards, push, selectors
from scorer.tables.outcome import hand_outcome, next_dealer

MSG_GAME_COMPLETE = gettext_noop("All planned hands have been played.")
MSG_RESTORE_FULL = gettext_noop("All planned hands have been played: the deleted hand cannot come back.")
MSG_NOT_OVER = gettext_noop("A rematch can start once every planned hand of this game has been played.")


def game_create(
    *,
    ruleset: str,
    options: dict,
    players: list[str],
    hands_planned: int,
    first_dealer: int = 0,
    rematch_of: Game | None = None,
    in_event: bool = False,
    house: HouseCopy | None = None,
) -> tuple[Game, str]:
    """Create a table; returns it and its edit link's secret (derived, never stored: scorer/tables/editlink.py).
    ``in_event``: a game of an event table (scorer/events), whose deletes, restores and number of
    hands the event guards (scorer/tables/guards.py). ``house``: the house rule set it plays (its
    base is then the table's ``ruleset``), kept as a frozen copy."""
    if house is not None:
        ruleset = house.document["base"]
    document = {
        "ruleset": ruleset if house is None else house.document,
        "options": options,
        "players": players,
        "hands_planned": hands_planned,
        "hands": [],
    }
    score_game(document)  # validates rule set, options, names and planned hands
    if not 0 <= first_dealer < len(players):
        raise InvalidInput([FieldError("first_dealer", _("Choose one of the players."))])
    fields = {
        "ruleset": ruleset,
        "options": get_ruleset(ruleset).normalize_options(options),
        "players": [clean_name(name) for name in players],
        "hands_planned": hands_planned,
        "first_dealer": first_dealer,
        "rematch_of": rematch_of,
        "in_event": in_event,
        **house_fields(house),
    }
    game = _create_with_code(fields)
    return game, game.link_secret


JOIN_CODE_TRIES = 8


def _create_with_code(fields: dict) -> Game:
    """Insert the table; should its random join code be taken already (about one chance in
    887 million per table there is), insert it again with another. Any other conflict (a rematch
    opened meanwhile) is raised."""
    for _attempt in range(JOIN_CODE_TRIES):
        code = new_join_code()
        try:
            with transaction.atomic():
                return Game.objects.create(code=code, **fields)
        except IntegrityError:
            if not Game.objects.filter(code=code).exists():
                raise
    raise IntegrityError("no free join code")


def rematch_dealer(game: Game) -> int:
    """Who deals first in the rematch: the player who would have dealt the next hand (the deal
    keeps rotating from one game to the next), after the last hand's stored dealer."""
    last = game.hands.live().order_by("-position").values_list("dealer", flat=True).first()
    return next_dealer(last, game.first_dealer, len(game.players))


def rematch_get(game: Game) -> Game | None:
    return Game.objects.filter(rematch_of=game).first()


@transaction.atomic
def game_rematch(*, game: Game) -> tuple[Game, bool]:
    """Open the rematch (rövanş) of a finished table: same players, rule set, options and number
    of hands, the deal rotating on. Returns the rematch and whether this call created it.

    Idempotent: a table has at most one rematch (a unique link, also under concurrent requests);
    when it already exists it is returned.
    """
    _lock(game)  # one rematch decision at a time; the new version shows viewers the rematch link
    existing = rematch_get(game)
    if existing is not None:
        return existing, False
    if game.hands.live().count() < game.hands_planned:
        raise InvalidInput([FieldError("", _(MSG_NOT_OVER))])
    kwargs = {
        "ruleset": game.ruleset,
        "options": game.options,
        "players": game.players,
        "hands_planned": game.hands_planned,
        "first_dealer": rematch_dealer(game),
        "rematch_of": game,
        "house": game.house_copy,  # the copy the series plays, whatever the house became since
    }
    try:
        with transaction.atomic():
            rematch, _secret = game_create(**kwargs)
    except IntegrityError:  # another request opened it between our check and our insert
        return Game.objects.get(rematch_of=game), False
    return rematch, True


MSG_PLAN_COUNT = gettext_noop("Choose one of this rule set's numbers of hands.")
MSG_PLAN_BELOW = gettext_noop("{played} hands have been played already: choose at least {played}.")
MSG_PLAN_REMATCH = gettext_noop("The rematch is open already: this game's number of hands stays as it is.")


class TableChanged(Exception):
    """The table changed since the form was shown (a hand saved, another phone's change)."""


def plan_choices(game: Game, played: int) -> tuple[int, ...]:
    """The numbers of hands this table may change to: the rule set's, and not below those played."""
    return tuple(n for n in get_ruleset(game.ruleset).hand_counts if n >= max(played, 1))


@transaction.atomic
def game_plan(*, game: Game, hands_planned: int, version: int | None) -> Game:
    """Change how many hands the table plays, while it runs (or, finished, before its rematch).

    ``version`` is the table's version the form was shown at: the change is made only if nothing
    changed since (one UPDATE that also locks the row), so it can never cut a game below a hand
    another phone saved meanwhile; :class:`TableChanged` otherwise. The new count must be one of
    the rule set's and not below the hands played (read under that lock)."""
    if hands_planned not in get_ruleset(game.ruleset).hand_counts:
        raise InvalidInput([FieldError("hands_planned", _(MSG_PLAN_COUNT))])
    guards.check(game, guards.PLAN, hands_planned=hands_planned, path="hands_planned")
    now = timezone.now()
    rows = Game.objects.filter(pk=game.pk)
    if version is not None:
        rows = rows.filter(version=version)
    if not rows.update(hands_planned=hands_planned, version=F("version") + 1, updated_at=now):
        raise TableChanged()
    push.table_changed(game)
    played = game.hands.live().count()
    if hands_planned < played:
        raise InvalidInput([FieldError("hands_planned", _(MSG_PLAN_BELOW).format(played=played))])
    if Game.objects.filter(rematch_of=game).exists():
        raise InvalidInput([FieldError("hands_planned", _(MSG_PLAN_REMATCH))])
    game.refresh_from_db(fields=["hands_planned", "version", "updated_at"])
    return game


def hand_score(*, game: Game, data: object) -> HandResult:
    """Validate and score one hand of this table (the live preview); raises InvalidInput."""
    ruleset = game.rules
    options = ruleset.normalize_options(game.options)
    return score_input(parse_hand(data, names=game.players, ruleset=ruleset, options=options))


def hand_validate(*, game: Game, data: object) -> dict:
    """Validate one hand of this table; returns the data to store, raises InvalidInput."""
    hand_score(game=game, data=data)
    return {key: value for key, value in data.items() if key in ("players", "indicator")}


def hand_fields(*, game: Game, data: object) -> dict:
    """Validate one hand; returns what its row stores: the input, and who finished and how
    (written in the same INSERT or UPDATE as the input, never recomputed)."""
    stored = hand_validate(game=game, data=data)
    finisher, finish = hand_outcome(stored, get_ruleset(game.ruleset).finish_flags)
    return {"data": stored, "finisher": finisher, "finish": finish}


class HandsChanged(Exception):
    """The table's hands changed since the form was shown: another device saved a different hand."""

    def __init__(self, hands: int) -> None:
        super().__init__(hands)
        self.hands = hands
        """How many hands the table has now."""


class StaleHand(Exception):
    """A correction based on an older version of the hand: somebody else corrected it meanwhile."""

    def __init__(self, current: Hand) -> None:
        super().__init__(current.version)
        self.current = current
        """The hand as it is stored now (the other change)."""


class HandAlreadySaved(Exception):
    """The same hand was already saved (a double tap, a repeated post, a replayed request id):
    nothing new is stored. ``hand``: the stored hand (looked up, perhaps deleted since), whose
    values may differ from the ones posted now."""

    def __init__(self, hand: Hand, number: int) -> None:
        super().__init__(number)
        self.hand = hand
        self.number = number
        """Its number on the board (live hands count 1, 2, …; a deleted one: the number it had)."""


@cache
def _touch_query(alias: str) -> str:
    """Bump a table's version and those of its rematches after it (their boards show its points
    in the series tally), returning each new version: one statement."""
    quote = connections[alias].ops.quote_name
    game, pk, link = quote(Game._meta.db_table), quote("id"), quote(Game._meta.get_field("rematch_of").column)
    down, depth, version = quote("down"), quote("depth"), quote("version")
    updated = quote(Game._meta.get_field("updated_at").column)
    return (
        f"WITH RECURSIVE {down} ({pk}, {depth}) AS (SELECT {pk}, 0 FROM {game} WHERE {pk} = %s"
        f" UNION ALL SELECT {quote('g')}.{pk}, {down}.{depth} + 1 FROM {game} {quote('g')}"
        f" JOIN {down} ON {quote('g')}.{link} = {down}.{pk} WHERE {down}.{depth} < {CHAIN_LONGEST})"
        f" UPDATE {game} SET {version} = {version} + 1, {updated} = %s"
        f" WHERE {pk} IN (SELECT {pk} FROM {down}) RETURNING {pk}, {version}"
    )


CHAIN_LONGEST = 200


def _touch(game: Game) -> None:
    """Bump the table's version (the viewers' ETag) and its later rematches' (their series tally
    shows this table's points): one UPDATE … RETURNING, no re-read."""
    alias = router.db_for_write(Game)
    connection = connections[alias]
    now = timezone.now()
    with connection.cursor() as cursor:
        sql = _touch_query(alias)
        cursor.execute(sql, [game.pk, connection.ops.adapt_datetimefield_value(now)])
        versions = dict(cursor.fetchall())
    game.version, game.updated_at = versions.get(game.pk, game.version), now
    push.table_changed(game, also=versions)


def _lock(game: Game) -> None:
    """Bump the table's version, which locks its row until the transaction ends.

    PostgreSQL: other writers of this table wait at this UPDATE. SQLite: the IMMEDIATE
    transaction already holds the database's write lock. Rolled back with everything else if
    the hand is not stored after all.
    """
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1, updated_at=timezone.now())
    push.table_changed(game)  # sent only if the transaction commits


def _hand_stats(game: Game, request_id: str = "") -> Game:
    """What a new hand depends on, read in one statement AFTER the lock: a statement that waited
    for the lock would see the hands as they were before it waited (PostgreSQL read committed).
    ``request_pk``: the hand already stored with this request id, deleted since or not."""
    hands = Hand.objects.filter(game=OuterRef("pk"))
    live = hands.filter(deleted_at__isnull=True)
    same_request = hands.filter(request_id=request_id) if request_id else hands.none()
    return (
        Game.objects.only("pk", "version", "updated_at", "hands_planned")
        .annotate(
            live_count=Coalesce(Subquery(live.values("game").annotate(n=Count("pk")).values("n")), 0),
            last_position=Coalesce(Subquery(hands.order_by("-position").values("position")[:1]), 0),
            last_live_pk=Subquery(live.order_by("-position").values("pk")[:1]),
            last_live_data=Subquery(live.order_by("-position").values("data")[:1], output_field=JSONField()),
            last_live_dealer=Subquery(live.order_by("-position").values("dealer")[:1]),
            request_pk=Subquery(same_request.values("pk")[:1]),
        )
        .get(pk=game.pk)
    )


def _already_saved(game: Game, pk: int) -> HandAlreadySaved:
    """The stored hand ``pk`` and its own number, deleted since or not (never a count of the hands
    the post saw: a hand deleted before it, or it being deleted, would make that another hand's)."""
    hand = Hand.objects.get(pk=pk)
    return HandAlreadySaved(hand, selectors.hand_number(game, hand.position))


@transaction.atomic
def hand_record(
    *,
    game: Game,
    data: object,
    hands_before: int | None = None,
    request_id: str = "",
    device: Device | None = None,
    follows: tuple[int, int] | None = None,
) -> Hand:
    """Store a new hand, at most once: ``hands_before`` is how many hands the form saw.

    The check runs under the table's lock, so of N identical simultaneous posts one stores the
    hand and the others raise :class:`HandAlreadySaved`; a different hand saved meanwhile raises
    :class:`HandsChanged` instead of being doubled or silently following it. ``request_id``,
    made by the device for this form, is stored with the hand: a post with the id of a stored
    hand raises :class:`HandAlreadySaved` whatever happened since (a phone that never got the
    answer sends the hand again, maybe after other hands were saved). ``device``, the device
    saving it, is kept in the hand's history (``HandChange``), written in the same transaction.
    ``follows``: the ``(position, version)`` of the other phone's hand that the scorekeeper was
    shown and judged a different hand (the hand page's "add it as the next hand"); corrected or
    deleted since, it raises :class:`StaleHand` (what they judged is no longer what is stored).
    """
    fields = hand_fields(game=game, data=data)
    stored = fields["data"]
    _lock(game)
    stats = _hand_stats(game, request_id)
    if stats.request_pk is not None:
        raise _already_saved(game, stats.request_pk)
    if follows is not None:
        _check_follows(game, *follows)
    live = stats.live_count
    if hands_before is not None and hands_before != live:
        if hands_before == live - 1 and stats.last_live_data == stored:
            raise _already_saved(game, stats.last_live_pk)
        raise HandsChanged(live)
    if live >= stats.hands_planned:  # as it is now: another phone may have changed it meanwhile
        raise InvalidInput([FieldError("", _(MSG_GAME_COMPLETE))])
    dealer = next_dealer(stats.last_live_dealer, game.first_dealer, len(game.players))
    hand = Hand.objects.create(
        game=game, position=stats.last_position + 1, dealer=dealer, request_id=request_id, **fields
    )
    _history(hand, HandChange.CREATE, device, after=stored, over=False)  # a full table takes no hand
    game.version, game.updated_at = stats.version, stats.updated_at  # current without a re-read
    return hand


def _check_follows(game: Game, position: int, version: int) -> None:
    """The hand at ``position`` is live and still at ``version`` (read under the table's lock)."""
    shown = game.hands.filter(position=position).first()
    if shown is None or shown.deleted_at is not None or shown.version != version:
        raise StaleHand(shown) if shown is not None else HandsChanged(game.hands.live().count())


def _ensure_room(game: Game) -> None:
    """Room for a restored hand: the table has fewer live hands than planned."""
    if game.hands.live().count() >= game.hands_planned:
        raise InvalidInput([FieldError("", _(MSG_RESTORE_FULL))])


@transaction.atomic
def hand_update(
    *, hand: Hand, data: object, version: int | None = None, device: Device | None = None
) -> Hand:
    """Correct a hand. With ``version`` (what the form was based on) a correction made meanwhile
    by somebody else is never overwritten: :class:`StaleHand` carries the stored hand.

    The history keeps what the hand held before: ``hand`` as loaded, when it is the version the
    correction is based on (the form's page loads it fresh); otherwise it is read again, locked."""
    fields = hand_fields(game=hand.game, data=data)
    stored = fields["data"]
    before = hand.data
    if version is None or version != hand.version:
        current = Hand.objects.select_for_update().filter(pk=hand.pk).first()
        before = current.data if current is not None else before
    rows = Hand.objects.live().filter(pk=hand.pk)
    if version is not None:
        rows = rows.filter(version=version)
    now = timezone.now()
    if not rows.update(**fields, updated_at=now, version=F("version") + 1):  # the dealer stays
        raise StaleHand(Hand.objects.get(pk=hand.pk))
    hand.data, hand.finisher, hand.finish, hand.updated_at = (
        fields["data"],
        fields["finisher"],
        fields["finish"],
        now,
    )
    hand.version = (version if version is not None else hand.version) + 1
    _touch(hand.game)
    _history(hand, HandChange.CORRECT, device, before=before, after=stored, at=now)
    return hand


@transaction.atomic
def hand_delete(*, hand: Hand, device: Device | None = None) -> Hand:
    """Delete a live hand (the board can undo it), unless the table's guard refuses (an event's
    finished round: scorer/tables/guards.py); raises InvalidInput with the reason then."""
    guards.check(hand.game, guards.DELETE, hand=hand)
    # Recorded first: whether the game was over is asked of the hands as they were before.
    _history(hand, HandChange.DELETE, device, before=hand.data)
    hand.deleted_at = timezone.now()
    hand.save(update_fields=["deleted_at"])
    _touch(hand.game)
    return hand


@transaction.atomic
def hand_restore(*, hand: Hand, device: Device | None = None) -> Hand:
    """Bring a deleted hand back, if the table has room for it and its guard allows (asked first:
    it locks the event before the table, in the order every event change takes them)."""
    guards.check(hand.game, guards.RESTORE, hand=hand)
    Game.objects.select_for_update().filter(pk=hand.game_id).first()
    _ensure_room(hand.game)
    hand.deleted_at = None
    hand.save(update_fields=["deleted_at"])
    _touch(hand.game)
    _history(hand, HandChange.RESTORE, device, after=hand.data, over=False)  # only a table with room
    return hand


def _game_over(game_id: int) -> Exists:
    """Whether every planned hand of the table has been played, as an expression the history's
    INSERT evaluates: knowing it costs no statement of its own."""
    live = (
        Hand.objects.filter(game=OuterRef("pk"), deleted_at__isnull=True)
        .values("game")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Exists(Game.objects.filter(pk=game_id, hands_planned__lte=Coalesce(Subquery(live), 0)))


def _history(
    hand: Hand,
    kind: str,
    device: Device | None,
    *,
    before: dict | None = None,
    after: dict | None = None,
    over: bool | None = None,
    at=None,
) -> HandChange:
    """One row of the hand's history, in the caller's transaction (one INSERT). ``over``: whether
    the game was over, when the caller knows it; else the INSERT asks the database."""
    return HandChange.objects.create(
        hand=hand,
        kind=kind,
        at=at or timezone.now(),
        device=device if device is not None and device.pk else None,
        before=before,
        after=after,
        after_game_end=_game_over(hand.game_id) if over is None else over,
    )


@transaction.atomic
def tables_purge(*, changed_before, deleted_before, dry_run: bool = False) -> dict[str, int]:
    """Retention: tables unchanged since ``changed_before`` go with their hands; hands deleted
    before ``deleted_before`` go for good. A tournament's tables stay: they are its record, and
    its standings and exports read them. Returns the counts (nothing deleted with ``dry_run``)."""
    tables = Game.objects.filter(updated_at__lt=changed_before, in_event=False)
    hands = Hand.objects.filter(deleted_at__lt=deleted_before).exclude(game__in=tables)
    counts = {
        "tables": tables.count(),
        "hands": Hand.objects.filter(game__in=tables).count(),
        "deleted": hands.count(),
    }
    if not dry_run:
        hands.delete()
        tables.delete()
    return counts
