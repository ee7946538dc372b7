"""The next game of a knockout match is the rematch (rövanş) of the one before it.

When a scorekeeper (or the organizer) opens the rematch of an event table's game, and the match
has games left, the new table becomes that event table's next game: its scorekeeper already has
edit rights on it (the rematch gives them), and the event reads it with the rest.
"""

from django.db.models.signals import post_save

from scorer.events import guards, push
from scorer.events.models import EventGame
from scorer.models import Game


def link_rematch(sender, instance: Game, created: bool, raw: bool = False, **kwargs) -> None:
    if not created or raw or instance.rematch_of_id is None:
        return
    previous = (
        EventGame.objects.filter(game_id=instance.rematch_of_id).select_related("table__round__event").first()
    )
    if previous is None:
        return
    table = previous.table
    event = table.round.event
    if not event.knockout or table.closed or table.locked or previous.number >= event.games_per_match:
        return
    _link, created = EventGame.objects.get_or_create(
        table=table, number=previous.number + 1, defaults={"game": instance}
    )
    if created:  # the match's next game: the event fixes its hands and guards its deletes (E15)
        Game.objects.filter(pk=instance.pk).update(in_event=True)
        instance.in_event = True


def connect() -> None:
    post_save.connect(link_rematch, sender=Game, dispatch_uid="okeycalc.events.link_rematch")
    guards.connect()
    push.connect()
