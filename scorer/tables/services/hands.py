"""A table's hands: scored and checked against the table, recorded at most once, corrected,
deleted and restored, each change with its row of the hand's history in the same transaction."""

from django.db import transaction
from django.db.models import Count, Exists, F, OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scorer.engine import HandResult, InvalidInput, get_ruleset, score_input
from scorer.engine.errors import FieldError
from scorer.engine.parse import parse_hand
from scorer.models import Device, Game, Hand, HandChange
from scorer.tables import guards, scores, selectors
from scorer.tables.freshness import Change, changed
from scorer.tables.outcome import next_dealer, stored_finish
from scorer.tables.storedtext import shown_hand

MSG_GAME_COMPLETE = gettext_noop("All planned hands have been played.")


MSG_RESTORE_FULL = gettext_noop("All planned hands have been played: the deleted hand cannot come back.")


def hand_score(*, game: Game, data: object) -> HandResult:
    """Validate and score one hand of this table (the live preview, a stored hand, a version in its
    history); raises InvalidInput. A player is their seat: a name the table no longer has there (a
    player renamed since) gives way to the table's (``storedtext.shown_hand``)."""
    ruleset = game.rules  # a house rule set's frozen copy, when the table plays one
    options = ruleset.normalize_options(game.options)
    seated = shown_hand(data, game.players)
    return score_input(parse_hand(seated, names=game.players, ruleset=ruleset, options=options))


def hand_validate(*, game: Game, data: object) -> dict:
    """Validate one hand of this table; returns the data to store, raises InvalidInput."""
    return _validated(game, data)[0]


def _validated(game: Game, data: object) -> tuple[dict, scores.HandTotals]:
    """The data to store and the hand's totals (kept on the table: scorer/tables/scores.py)."""
    result = hand_score(game=game, data=data)
    stored = {key: value for key, value in data.items() if key in ("players", "indicator")}
    return stored, scores.of_result(result)


def hand_fields(*, game: Game, data: object) -> dict:
    """Validate one hand; returns what its row stores: the input, and who finished and how
    (written in the same INSERT or UPDATE as the input, never recomputed)."""
    return _fields(game, data)[0]


def _fields(game: Game, data: object) -> tuple[dict, scores.HandTotals]:
    stored, numbers = _validated(game, data)
    finisher, finish = stored_finish(stored, get_ruleset(game.ruleset).finish_flags)
    return {"data": stored, "finisher": finisher, "finish": finish}, numbers


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


def _hand_stats(game: Game, request_id: str = "") -> Game:
    """What a new hand depends on (:func:`selectors.hand_tally`), read in one statement AFTER the
    lock: a statement that waited for the lock would see the hands as they were before it waited
    (PostgreSQL read committed)."""
    return selectors.hand_tally(game, request_id)


def _stored_data(pk: int) -> object:
    """A hand's data as stored (a double post's last hand, compared with what it posted)."""
    return Hand.objects.filter(pk=pk).values_list("data", flat=True).first()


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
    fields, numbers = _fields(game, data)
    stored = fields["data"]
    changed(Change.HAND_NEW, games=[game])  # the table's lock, taken first
    stats = _hand_stats(game, request_id)
    if stats.request_pk is not None:
        raise _already_saved(game, stats.request_pk)
    if follows is not None:
        _check_follows(game, *follows)
    live = stats.live_count
    if hands_before is not None and hands_before != live:
        if hands_before == live - 1 and _stored_data(stats.last_live_pk) == stored:
            raise _already_saved(game, stats.last_live_pk)
        raise HandsChanged(live)
    if live >= stats.hands_planned:  # as it is now: another phone may have changed it meanwhile
        raise InvalidInput([FieldError("", _(MSG_GAME_COMPLETE))])
    dealer = next_dealer(stats.last_live_dealer, game.first_dealer, len(game.players))
    hand = Hand.objects.create(
        game=game, position=stats.last_position + 1, dealer=dealer, request_id=request_id, **fields
    )
    _history(hand, HandChange.CREATE, device, after=stored, over=False)  # a full table takes no hand
    scores.entry_set(game, hand.position, hand.version, numbers)
    game.version, game.updated_at = stats.version, stats.updated_at  # current without a re-read
    return hand


def _check_follows(game: Game, position: int, version: int) -> None:
    """The hand at ``position`` is live and still at ``version`` (read under the table's lock)."""
    shown = game.hands.filter(position=position).first()
    if shown is None or shown.deleted_at is not None or shown.version != version:
        raise StaleHand(shown) if shown is not None else HandsChanged(game.hands.live().count())


def _ensure_room(game: Game) -> None:
    """Room for the hand just restored: with it, the table has no more live hands than planned."""
    if game.hands.live().count() > game.hands_planned:
        raise InvalidInput([FieldError("", _(MSG_RESTORE_FULL))])


@transaction.atomic
def hand_update(
    *, hand: Hand, data: object, version: int | None = None, device: Device | None = None
) -> Hand:
    """Correct a hand. With ``version`` (what the form was based on) a correction made meanwhile
    by somebody else is never overwritten: :class:`StaleHand` carries the stored hand.

    The history keeps what the hand held before: ``hand`` as loaded, when it is the version the
    correction is based on (the form's page loads it fresh); otherwise it is read again, locked."""
    fields, numbers = _fields(hand.game, data)
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
    changed(Change.HAND_CORRECT, games=[hand.game])
    _history(hand, HandChange.CORRECT, device, before=before, after=stored, at=now)
    scores.entry_set(hand.game, hand.position, hand.version, numbers)
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
    changed(Change.HAND_DELETE, games=[hand.game])
    scores.entry_remove(hand.game, hand.position)
    return hand


@transaction.atomic
def hand_restore(*, hand: Hand, device: Device | None = None) -> Hand:
    """Bring a deleted hand back, if the table has room for it and its guard allows (asked first:
    it locks the event before the table, in the order every event change takes them)."""
    guards.check(hand.game, guards.RESTORE, hand=hand)
    # The hand's row, then the table's: the order every write to a stored hand takes (a correction,
    # a delete, a change of who dealt first), so that no two of them wait for each other.
    hand.deleted_at = None
    hand.save(update_fields=["deleted_at"])
    Game.objects.select_for_update().filter(pk=hand.game_id).first()
    _ensure_room(hand.game)  # counted under the table's lock, this hand included
    changed(Change.HAND_RESTORE, games=[hand.game])
    _history(hand, HandChange.RESTORE, device, after=hand.data, over=False)  # only a table with room
    _keep_restored(hand)
    return hand


def _keep_restored(hand: Hand) -> None:
    """Keep a restored hand's totals; one the engine no longer accepts gets none (its readers
    score it and show why)."""
    try:
        numbers = scores.hand_numbers(hand.game, hand.data)
    except InvalidInput:
        return
    scores.entry_set(hand.game, hand.position, hand.version, numbers)


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
