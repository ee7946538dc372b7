"""The hand entry page's two saves, one call each: a new hand (:func:`hand_submit`) and a
correction (:func:`hand_correct`).

Each takes the posted hand form, checks it (the form's own checks, then the engine's, so that
every error shows at once), stores it through :func:`scorer.tables.services.hands.hand_record` or
:func:`~scorer.tables.services.hands.hand_update`, and answers what happened: :class:`Saved`,
:class:`Unconfirmed` (values typed for a player who never opened, not yet shown as not
counting), :class:`Conflict` (another phone saved meanwhile), :class:`Kept` (the scorekeeper kept
the other phone's hand), :class:`HandDeleted` (the corrected hand was deleted meanwhile) or
:class:`Invalid`. The view renders the answer; it never decides.

A new hand's form says how many hands the board had when it was shown (``hands_before``): a save
without a readable count is :class:`Invalid`, the field named (:func:`guard_error`), never stored
unchecked. A post already stored (a double tap, a replayed ``request_id``) is :class:`Saved` again,
naming the stored hand itself and where the values posted now differ from it.

A new hand whose number another phone took stays that number's form (its ``hands_before``
unchanged), so saving it again is answered the same way: only one of the page's three posted
choices (:class:`~scorer.tables.forms.SavedMeanwhileChoiceForm`) keeps theirs, replaces theirs
with it, or adds it as the next hand, each checked against what the page showed.
"""

import re
from collections.abc import Mapping
from dataclasses import dataclass

from scorer.engine import HandResult, InvalidInput
from scorer.models import Device, Game, Hand
from scorer.platform.numbers import parse_count
from scorer.tables import history, selectors
from scorer.tables.forms import HandForm, SavedMeanwhileChoiceForm, SaveGuardForm
from scorer.tables.forms.choice import ADD, KEEP
from scorer.tables.services.hands import (
    HandAlreadySaved,
    HandsChanged,
    StaleHand,
    hand_record,
    hand_score,
    hand_update,
)

REQUEST_ID = re.compile(r"[A-Za-z0-9-]{16,64}")
"""A request id as static/js/offline.js makes it (a UUID); anything else is ignored."""


@dataclass(frozen=True, slots=True)
class Saved:
    """The hand is stored; ``again``: it already was (a double tap, a replay), nothing new is."""

    hand: Hand
    number: int
    again: bool = False
    corrected: bool = False
    """An existing hand was corrected (the other phone's, replaced with the values typed here)."""
    differs: tuple[history.FieldChange, ...] = ()
    """``again``: where the values posted now differ from the stored hand's (they were not stored)."""

    @property
    def deleted(self) -> bool:
        """``again``: the hand saved then has been deleted since (the board can restore it)."""
        return self.hand.deleted_at is not None


@dataclass(frozen=True, slots=True)
class Unconfirmed:
    """Valid, but the page has not shown that some typed values do not count: shown, saved on
    the next tap."""

    form: HandForm
    number: int
    result: HandResult
    version: int | str | None = None


@dataclass(frozen=True, slots=True)
class Conflict:
    """Another phone saved this hand's number (a new hand) or corrected the hand (a correction)
    meanwhile. ``stored``: that phone's hand as stored now (None when no live hand holds the
    number any more); ``submitted``: the hand data typed here, never stored; ``form``: the form
    to show again, for ``number``."""

    form: HandForm
    number: int
    stored: Hand | None
    submitted: dict
    result: HandResult | None = None
    live_hands: int | None = None
    version: int | str | None = None


@dataclass(frozen=True, slots=True)
class Kept:
    """The other phone's hand ``number`` was the same hand and is kept: nothing is stored."""

    number: int


@dataclass(frozen=True, slots=True)
class HandDeleted:
    """The hand being corrected was deleted meanwhile on another device."""

    number: int


@dataclass(frozen=True, slots=True)
class Invalid:
    """Not stored: the bound form carries every error."""

    form: HandForm
    number: int
    version: int | str | None = None


Answer = Saved | Unconfirmed | Conflict | Kept | HandDeleted | Invalid


def hand_form(game: Game, dealer: int, data=None, hand: Hand | None = None) -> HandForm:
    """The hand form; ``dealer``: the stored dealer of a hand being corrected, else the next one."""
    kwargs = {"dealer": dealer}
    if hand is not None and data is None:
        return HandForm.from_hand(game.rules, game.options, game.players, hand.data, **kwargs)
    return HandForm(game.rules, game.options, game.players, data=data, **kwargs)


def score_form(game: Game, form: HandForm) -> HandResult | None:
    """The hand's result, or None with every problem put on the form.

    The engine also checks what passed the form's own checks, so that all errors show at once.
    """
    valid = form.is_valid()
    try:
        result = hand_score(game=game, data=form.hand_data())
    except InvalidInput as exc:
        form.add_engine_errors(exc.errors)
        return None
    return result if valid else None


def dropped_unseen(data: Mapping, form: HandForm) -> bool:
    """Values typed for a never-opened player (they do not count) that the page did not show as such.

    The page says which warnings it showed in ``dropped_seen``; without JavaScript a hand saved
    straight away is shown once more with the warnings and saved on the next tap.
    """
    dropped = form.dropped_signature()
    return bool(dropped) and data.get("dropped_seen") != dropped


def request_id_of(data: Mapping) -> str:
    """The id the device made for this hand form (the hidden ``request_id``), or "" without one.

    Filled in by the page's script: without JavaScript a form has none and the save works as
    before (``hands_before`` alone). A hand kept on the device offline is sent with it, so that
    a replay whose first answer was lost stores the hand once.
    """
    value = data.get("request_id") or ""
    return value if REQUEST_ID.fullmatch(value) else ""


def seen_hands(data: Mapping) -> int | None:
    """How many hands the table had when the form was shown (None when not sent or not a number)."""
    return parse_count(data.get("hands_before"))


def guard_error(data: Mapping) -> str:
    """The field error of a missing or unreadable ``hands_before`` ("" when it reads as a count):
    a new hand is never saved without that check."""
    guard = SaveGuardForm(data={"hands_before": data.get("hands_before", "")})
    return "" if guard.is_valid() else guard.message()


def seen_version(data: Mapping) -> int | None:
    """The version of the hand a correction is based on: the form's ``version``, or the version
    the "replace it with mine" button carries, which the changed-meanwhile notice showed."""
    return parse_count(data.get("overwrite")) or parse_count(data.get("version"))


def _taken(game: Game, seen: int | None) -> Hand | None:
    """The live hand that now holds the number the form was for (the hand after ``seen``)."""
    if seen is None:
        return None
    return game.hands.live().order_by("position")[seen : seen + 1].first()


def new_hand_slot(game: Game, data: Mapping) -> tuple[int, int, Hand | None, int]:
    """``(number, dealer, theirs, live hands)`` of a posted new hand: the number its form was
    shown for, while another phone's hand (``theirs``) holds it, else the next one."""
    live, dealer = selectors.next_hand(game)
    seen = seen_hands(data)
    theirs = _taken(game, seen) if seen is not None and seen < live else None
    if theirs is None:
        return live + 1, dealer, None, live
    return seen + 1, theirs.dealer, theirs, live


def hand_submit(*, game: Game, data: Mapping, device: Device | None = None) -> Answer:
    """Check and store the posted new hand of ``game`` (``data``: the hand form's fields, with its
    ``hands_before`` and ``request_id``, which make a save happen at most once, and the choice
    made when another phone had saved that number meanwhile)."""
    choice = SavedMeanwhileChoiceForm.posted(data)
    kept = _kept(game, choice) if choice is not None and choice.cleaned_data["choice"] == KEEP else None
    if kept is not None:
        return kept
    number, dealer, _theirs, _live = new_hand_slot(game, data)
    form = hand_form(game, dealer, data=data)
    result = score_form(game, form)
    guard = guard_error(data)
    if guard:  # shown with the hand's own errors; the page shown again carries the count
        form.add_error(None, guard)
    if result is None or guard:
        return Invalid(form, number)
    if dropped_unseen(data, form):
        return Unconfirmed(form, number, result)
    if choice is not None:
        return _chosen(game, data, form, result, choice, device)
    seen = seen_hands(data)
    try:
        hand = hand_record(
            game=game, data=form.hand_data(), hands_before=seen, request_id=request_id_of(data), device=device
        )
    except HandAlreadySaved as exc:  # a repeated tap on save, or the same post twice
        return _again(game, exc, form)
    except HandsChanged:  # another device saved a different hand meanwhile
        return _saved_meanwhile(game, data, form, result, seen)
    except InvalidInput as exc:
        form.add_engine_errors(exc.errors)
        return Invalid(form, number)
    return Saved(hand, number)


def _kept(game: Game, choice: SavedMeanwhileChoiceForm) -> Kept | None:
    """Their hand, the one the page showed, is kept, named by its own number now; None when it
    was deleted meanwhile (the form is shown again as the table is now, nothing typed is lost)."""
    position, _version = choice.follows
    if not game.hands.live().filter(position=position).exists():
        return None
    return Kept(selectors.hand_number(game, position))


def _again(game: Game, exc: HandAlreadySaved, form: HandForm) -> Saved:
    """Already saved: the stored hand, with where the values posted now differ from it."""
    return Saved(
        exc.hand, exc.number, again=True, differs=history.differences(game, exc.hand.data, form.hand_data())
    )


def _saved_meanwhile(game: Game, data: Mapping, form: HandForm, result: HandResult, seen: int) -> Conflict:
    """The form shown again for the number ``seen`` + 1 beside the hand now holding it (or, when no
    hand does, a hand was deleted meanwhile, for the next number)."""
    live, dealer = selectors.next_hand(game)
    theirs = _taken(game, seen)
    number, dealer = (seen + 1, theirs.dealer) if theirs is not None else (live + 1, dealer)
    again = hand_form(game, dealer, data=data)
    again.is_valid()
    return Conflict(again, number, theirs, form.hand_data(), result=result, live_hands=live)


def _chosen(
    game: Game, data: Mapping, form: HandForm, result: HandResult, choice: SavedMeanwhileChoiceForm, device
) -> Answer:
    """Replace the other phone's hand with this one, or add this one after the hands shown: only
    if the table is still as the page showed it, else the page shows it again as it is now
    (``hands_before`` has been read: :func:`guard_error`)."""
    seen, shown_hands = seen_hands(data), choice.cleaned_data["shown_hands"]
    if choice.cleaned_data["choice"] != ADD:
        return _replace(game, data, form, result, choice, device)
    try:
        hand = hand_record(
            game=game, data=form.hand_data(), hands_before=shown_hands, request_id=request_id_of(data),
            device=device, follows=choice.follows,
        )  # fmt: skip
    except HandAlreadySaved as exc:  # the same choice posted twice
        return _again(game, exc, form)
    except StaleHand:  # theirs was corrected meanwhile: compare again
        return _saved_meanwhile(game, data, form, result, seen)
    except HandsChanged:  # a third hand was saved meanwhile: compare with it
        return _saved_meanwhile(game, data, form, result, shown_hands)
    except InvalidInput as exc:  # e.g. the table's planned hands are all played now
        form.add_engine_errors(exc.errors)
        return Invalid(form, shown_hands + 1)
    return Saved(hand, selectors.hand_number(game, hand.position))


def _replace(
    game: Game, data: Mapping, form: HandForm, result: HandResult, choice: SavedMeanwhileChoiceForm, device
) -> Answer:
    """The other phone's hand, at the version shown, corrected with the values typed here."""
    position, version = choice.follows
    seen = seen_hands(data)
    theirs = game.hands.live().filter(position=position).first()
    if theirs is None:  # deleted meanwhile (also when "keep theirs" was chosen: there is no theirs)
        return _saved_meanwhile(game, data, form, result, seen)
    try:
        hand = hand_update(hand=theirs, data=form.hand_data(), version=version, device=device)
    except StaleHand:  # corrected again meanwhile on yet another phone: show it
        return _saved_meanwhile(game, data, form, result, seen)
    except InvalidInput as exc:
        form.add_engine_errors(exc.errors)
        return Invalid(form, seen + 1)
    return Saved(hand, selectors.hand_number(game, position), corrected=True)


def hand_correct(*, hand: Hand, number: int, data: Mapping, device: Device | None = None) -> Answer:
    """Check and store the posted correction of ``hand`` (number ``number`` on the board). The
    form's ``version`` (or ``overwrite``) is the version it was based on: a correction made
    meanwhile elsewhere is never overwritten unknowingly."""
    game = hand.game
    form = hand_form(game, hand.dealer, data=data)
    result = score_form(game, form)
    based_on = seen_version(data)
    if result is None:
        return Invalid(form, number, version=data.get("version"))
    if dropped_unseen(data, form):
        return Unconfirmed(form, number, result, version=based_on)
    try:
        hand = hand_update(hand=hand, data=form.hand_data(), version=based_on, device=device)
    except StaleHand as exc:  # changed meanwhile on another device: show theirs, keep ours
        if exc.current.deleted_at is not None:
            return HandDeleted(number)
        return Conflict(
            form, number, exc.current, form.hand_data(), result=result, version=data.get("version")
        )
    except InvalidInput as exc:
        form.add_engine_errors(exc.errors)
        return Invalid(form, number, version=data.get("version"))
    return Saved(hand, number)
