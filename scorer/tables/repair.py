"""Find and repair tables stored with names no page can show (``manage.py repair_tables``).

A database may hold such names from imports the engine did not check: a lone surrogate or a NUL
on SQLite, other control characters on both databases. The pages already show such
tables repaired (scorer/tables/storedtext.py); this stores the same repair: the table's names,
and its hands' copies of them (left out, as a hand inside a game may: the table's names apply).
Each table is repaired in one transaction that bumps its version, so no viewer keeps a stale
board.
"""

from dataclasses import dataclass, field

from django.db import transaction

from scorer.models import Game, Hand
from scorer.tables.freshness import Change, changed
from scorer.tables.storedtext import repaired_names, shown_hand


@dataclass(slots=True)
class TableRepair:
    """What a repair changes in one table."""

    pk: int
    public_id: str
    players_before: list
    players_after: list
    hands: dict[int, object] = field(default_factory=dict)
    """Repaired data of each hand that changes, by the hand's primary key."""

    @property
    def renamed(self) -> list[tuple[int, object, object]]:
        """(seat, stored name, repaired name) of each name that changes."""
        pairs = zip(self.players_before, self.players_after, strict=True)
        return [(k, before, after) for k, (before, after) in enumerate(pairs) if before != after]


def tables_to_repair() -> list[TableRepair]:
    """Every table whose stored names, or whose hands' names, need repair (read as stored:
    ``values_list`` does not go through ``Game.from_db``)."""
    repairs: dict[int, TableRepair] = {}
    names: dict[int, list] = {}
    for pk, public_id, players in Game.objects.values_list("pk", "public_id", "players").iterator():
        if not isinstance(players, list):
            continue
        names[pk] = after = repaired_names(players)
        if after != players:
            repairs[pk] = TableRepair(pk, public_id, players, after)
    hands = Hand.objects.values_list("pk", "game_id", "data").iterator()
    for pk, game_id, data in hands:
        fixed = shown_hand(data, names.get(game_id))
        if fixed != data:
            if game_id not in repairs:
                players = names[game_id]
                public_id = Game.objects.values_list("public_id", flat=True).get(pk=game_id)
                repairs[game_id] = TableRepair(game_id, public_id, players, players)
            repairs[game_id].hands[pk] = fixed
    return sorted(repairs.values(), key=lambda repair: repair.pk)


def table_repair(*, repair: TableRepair) -> None:
    """Store one table's repair, bumping its version (the viewers' ETag and cache key)."""
    with transaction.atomic():
        Game.objects.filter(pk=repair.pk).update(players=repair.players_after)
        changed(Change.FACTS, games=[repair.pk])
        for pk, data in repair.hands.items():
            Hand.objects.filter(pk=pk).update(data=data)
