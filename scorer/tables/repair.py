"""Find and repair tables stored with names no page can show, or whose kept totals a full re-score
no longer gives (``manage.py repair_tables``).

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
from scorer.tables import scores
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
        if repair.hands:  # the hands' input changed: their totals are kept again with it
            scores.scores_refresh(Game.objects.get(pk=repair.pk))


# --- kept totals that a re-score no longer gives (scorer/tables/scores.py) --------------------------


@dataclass(slots=True)
class TotalsRepair:
    """A table whose kept totals differ from a full re-score of its live hands."""

    pk: int
    public_id: str
    scores: dict
    """What a full re-score gives."""
    positions: list[str]
    """The hands (by position) whose kept totals differ, are missing or are kept for no live hand."""


def totals_to_repair() -> list[TotalsRepair]:
    """Every table whose kept totals a full re-score does not give (a scoring fix deployed since
    its hands were saved, or rows written by other means), reading the hands of one table at a time."""
    repairs = []
    for game in Game.objects.order_by("pk").iterator(chunk_size=200):
        hands = Hand.objects.filter(game=game, deleted_at__isnull=True).only("position", "version", "data")
        wanted = scores.drifted(game, hands)
        if wanted is None:
            continue
        kept = game.scores if isinstance(game.scores, dict) else {}
        positions = sorted(
            (key for key in kept.keys() | wanted.keys() if kept.get(key) != wanted.get(key)), key=int
        )
        repairs.append(TotalsRepair(game.pk, game.public_id, wanted, positions))
    return repairs


def totals_repair(*, repair: TotalsRepair) -> None:
    """Store a table's totals as re-scored, bumping its version: a viewer's cached board showed the
    old ones."""
    with transaction.atomic():
        game = Game.objects.get(pk=repair.pk)
        scores.scores_store(game, repair.scores)
        changed(Change.FACTS, games=[game])
