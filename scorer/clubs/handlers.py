"""A club's stored ratings follow its tables (and the tables of its events, linked as each round is
seated: an ``EventGame`` or a ``TieBreak`` saved for an event opened in the club): every change to a hand of a club's table is written
to the hand's history (``HandChange``), so that row's save is the one place to listen; a rename of
a table's players is written to the table's history (``GameChange``), the one place for that.

The update runs once the change is committed: a delete writes its history before it marks the
hand deleted, and the ratings must read the hands as they end up.
"""

from functools import partial

from django.db import transaction
from django.db.models.signals import post_save, pre_delete

from scorer.clubs import push, services
from scorer.models import ClubEvent, EventGame, Game, GameChange, HandChange, TieBreak


def hand_changed(sender, instance: HandChange, created: bool, raw: bool = False, **kwargs) -> None:
    if not created or raw:
        return
    # Asked after the commit: a hand's save keeps its own few statements (tests/tables/test_hand_writes.py).
    transaction.on_commit(partial(_recount, instance.hand.game_id))


def _recount(game_id: int) -> None:
    game = Game.objects.filter(pk=game_id, club_game__isnull=False).first()
    if game is not None:
        services.club_game_changed(game=game)


def players_renamed(sender, instance: GameChange, created: bool, raw: bool = False, **kwargs) -> None:
    """A club's table whose players were renamed counts under the new names: its game is scored
    again and the ratings replayed from it (a member's name joins that member; any other, a guest)."""
    if created and not raw and instance.kind == GameChange.PLAYERS:
        transaction.on_commit(partial(_recount, instance.game_id))


def event_game_saved(
    sender, instance: EventGame | TieBreak, created: bool, raw: bool = False, **kwargs
) -> None:
    """A game of an event in the club counts toward it: each table's games, and a tie-break game
    at the cut (a table of only the tied)."""
    if not created or raw:
        return
    link = ClubEvent.objects.filter(event__rounds__tables=instance.table_id).select_related("club").first()
    if link is not None:
        services.club_game_add(club=link.club, game=instance.game)


def game_deleted(sender, instance: Game, **kwargs) -> None:
    services.club_game_remove(game=instance)


def connect() -> None:
    push.connect()
    post_save.connect(hand_changed, sender=HandChange, dispatch_uid="okeycalc.clubs.hand_changed")
    post_save.connect(players_renamed, sender=GameChange, dispatch_uid="okeycalc.clubs.players_renamed")
    post_save.connect(event_game_saved, sender=EventGame, dispatch_uid="okeycalc.clubs.event_game_saved")
    post_save.connect(event_game_saved, sender=TieBreak, dispatch_uid="okeycalc.clubs.tie_break_saved")
    pre_delete.connect(game_deleted, sender=Game, dispatch_uid="okeycalc.clubs.game_deleted")
