"""A hand's address: ``/masa/<id>/el/<n>/`` names it by the number the board shows (live hands
count 1, 2, …), and every link okeycalc makes adds the hand's stored position (``?s=``), which
never changes. A delete renumbers the hands after it, so a link made before names its hand by
that position: opened later it still shows the hand it was made for, at its new number (a
redirect), or says it was deleted, never another hand. A number typed without ``?s=`` is the
hand the board shows at that number now. A deleted hand is brought back by its position (two
deleted hands may have had the same number)."""

from collections.abc import Callable
from functools import lru_cache

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import get_script_prefix, get_urlconf, reverse

from scorer.models import Game, Hand
from scorer.platform.numbers import parse_count
from scorer.tables.selectors import hand_number

STORED = "s"
"""The query parameter of a hand's stored position."""


def table_url(name: str, public_id: str) -> str:
    """The address of one of a table's pages (``scorer:<name>``), reversed once per table, URLconf
    and script prefix in a process (the hand page and its save name three)."""
    return _table_url(name, public_id, get_urlconf() or settings.ROOT_URLCONF, get_script_prefix())


@lru_cache(maxsize=1024)
def _table_url(name: str, public_id: str, urlconf: str, prefix: str) -> str:
    return reverse(f"scorer:{name}", args=[public_id], urlconf=urlconf)


def hand_url(name: str, public_id: str, number: int, position: int) -> str:
    """The address of one of a hand's pages (``scorer:<name>``)."""
    return f"{reverse(f'scorer:{name}', args=[public_id, number])}?{STORED}={position}"


def hand_link(game: Game, name: str) -> Callable[[int, int], str]:
    """``link(number, position)``: a hand's address, from one ``reverse`` per board rather than one
    per cell."""
    head, _slot, tail = reverse(f"scorer:{name}", args=[game.public_id, 0]).rpartition("/0/")
    return lambda number, position: f"{head}/{number}/{tail}?{STORED}={position}"


def stored_of(request: HttpRequest) -> int | None:
    """The stored position the address names (``?s=``), or None (none given, or not a position)."""
    return parse_count(request.GET.get(STORED), low=1)


def live_hand(game: Game, number: int, stored: int | None) -> Hand | None:
    """The live hand an address names: the one at position ``stored`` when given (wherever it is
    numbered now), else the one the board shows as ``number``."""
    live = game.hands.live()
    if stored is not None:
        return live.filter(position=stored).first()
    if not 1 <= number <= game.hands_planned:  # a table has no more live hands (and no huge OFFSET)
        return None
    return live.order_by("position")[number - 1 : number].first()


def deleted_hand(game: Game, number: int, stored: int | None) -> Hand | None:
    """The deleted hand an undo names: the one at position ``stored`` when given, else the one
    deleted last of those that had ``number``."""
    deleted = game.hands.filter(deleted_at__isnull=False)
    if stored is not None:
        return deleted.filter(position=stored).first()
    for hand in deleted.order_by("-deleted_at", "-position"):
        if hand_number(game, hand.position) == number:
            return hand
    return None


def named_hand(request: HttpRequest, game: Game, number: int, name: str) -> tuple[Hand, int] | HttpResponse:
    """The live hand ``request``'s address names, and its number now; 404 when there is none (a
    link to a hand deleted since). A page asked for at a number the hand no longer has (a hand
    before it was deleted) is sent to its address now; a POST acts on the hand it was made for."""
    hand = live_hand(game, number, stored_of(request))
    if hand is None:
        raise Http404("No such hand")
    shown = hand_number(game, hand.position)
    if shown != number and request.method in ("GET", "HEAD"):
        return redirect(hand_url(name, game.public_id, shown, hand.position))
    return hand, shown
