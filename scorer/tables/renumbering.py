"""What a delete or a restore does to the later hands' numbers, in words for the messages.

The board numbers live hands 1, 2, … in position order, so deleting hand 1 makes hand 2 the new
hand 1: the delete's question, its message (with the undo) and the restore's message say so
rather than letting the numbers move silently.
"""

from django.utils.translation import gettext as _

from scorer.models import Game

LISTED = 3
"""Up to this many moves are all listed; more are shown as the first, "…" and the last."""


def later_hands(game: Game, position: int) -> int:
    """How many live hands come after ``position`` (those a delete or restore renumbers)."""
    return game.hands.live().filter(position__gt=position).count()


def moves(*, first_old: int, first_new: int, count: int) -> str:
    """ "Hand 2 → Hand 1, Hand 3 → Hand 2" for ``count`` hands numbered on from ``first_old``."""
    shift = first_new - first_old
    pairs = [(old, old + shift) for old in range(first_old, first_old + count)]
    if count > LISTED:
        pairs = [pairs[0], pairs[-1]]
    words = [_("Hand {old} → Hand {new}").format(old=old, new=new) for old, new in pairs]
    return " … ".join(words) if count > LISTED else ", ".join(words)


def deleted_text(*, number: int, later: int) -> str:
    """The message after hand ``number`` was deleted, ``later`` live hands after it."""
    if not later:
        return _("Hand {n} deleted.").format(n=number)
    return _("Hand {n} deleted; the later hands were renumbered: {moves}.").format(
        n=number, moves=moves(first_old=number + 1, first_new=number, count=later)
    )


def restored_text(*, number: int, later: int) -> str:
    """The message after hand ``number`` came back, ``later`` live hands after it."""
    if not later:
        return _("Hand {n} restored.").format(n=number)
    return _("Hand {n} restored; the later hands were renumbered: {moves}.").format(
        n=number, moves=moves(first_old=number, first_new=number + 1, count=later)
    )


def delete_question_line(*, number: int, later: int) -> str | None:
    """The delete question's warning that the later hands move up, if there are any."""
    if not later:
        return None
    return _("The later hands will be renumbered: {moves}.").format(
        moves=moves(first_old=number + 1, first_new=number, count=later)
    )
