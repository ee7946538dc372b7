"""A table's kept totals: each live hand's totals, stored on the table by every write to its hands.

``Game.scores`` maps a live hand's position to ``[its version, [player totals], [team totals],
its outcome]`` (no team totals without partners). A save already scores its hand to validate it, so keeping the
entry costs one small UPDATE in the save's transaction (:func:`entry_set`, :func:`entry_remove`:
the database changes one key of the JSON, nothing is read back). The board, the event's
standings and the club's ratings read these numbers instead of scoring every hand again on each
render; a hand whose entry is missing or names another version (a hand written by other means,
a table stored before the totals were kept) is scored on the spot, so a reader is never wrong
for want of an entry.

What can still drift is an entry whose numbers a re-score no longer gives: a scoring fix
deployed since the hand was saved. ``manage.py repair_tables --check`` finds such tables and
``manage.py repair_tables`` stores their totals again (:func:`drifted`, :func:`scores_store`);
``tests/tables/test_scores.py`` checks the kept totals against a full re-score after every kind of
change, in random order.
"""

import json
from collections.abc import Iterable
from typing import NamedTuple

from django.db import connections, router
from django.db.models import F, Func, JSONField, Value

from scorer.engine import HandResult, InvalidInput
from scorer.engine.parse import parse_hand
from scorer.engine.totals import hand_figures
from scorer.models import Game, Hand
from scorer.tables.storedtext import shown_hand


class HandTotals(NamedTuple):
    """One hand's numbers: its players' totals and, with partners, its two teams' (else ``()``),
    and its outcome (``HandResult.outcome``: a draw refunds the table's stake)."""

    totals: tuple[int, ...]
    teams: tuple[int, ...]
    outcome: str


def of_result(result: HandResult) -> HandTotals:
    """The numbers of a hand the engine itemised (a save scores its hand to validate it)."""
    return HandTotals(result.totals, tuple(team.total for team in result.teams), str(result.outcome))


def entry(version: int, numbers: HandTotals) -> list:
    """What ``Game.scores`` keeps for a hand at ``version``."""
    return [version, list(numbers.totals), list(numbers.teams), numbers.outcome]


def hand_numbers(game: Game, data: object) -> HandTotals:
    """Score one stored hand of this table for its totals only (no lines); raises InvalidInput."""
    ruleset = game.rules
    options = ruleset.normalize_options(game.options)
    seated = shown_hand(data, game.players)
    hand = parse_hand(seated, names=game.players, ruleset=ruleset, options=options)
    totals, teams, outcome = hand_figures(hand)
    return HandTotals(totals, teams, str(outcome))


def kept(game: Game, hand: Hand) -> HandTotals | None:
    """The totals kept for this hand, when they are for its version."""
    found = (game.scores or {}).get(str(hand.position)) if isinstance(game.scores, dict) else None
    if not isinstance(found, list) or len(found) != 4 or found[0] != hand.version:
        return None
    return HandTotals(tuple(found[1]), tuple(found[2]), found[3])


def numbers_of(game: Game, hands: Iterable[Hand]) -> list[HandTotals]:
    """The live ``hands``' totals in their order: kept ones as kept, any other scored now (raises
    InvalidInput for stored input the engine no longer accepts)."""
    found = []
    for hand in hands:
        numbers = kept(game, hand)
        found.append(numbers if numbers is not None else hand_numbers(game, hand.data))
    return found


# --- the writes: one key of the JSON, in the caller's transaction -----------------------------------


class _JsonSet(Func):
    """``scores`` with one key set to a JSON value, in the database (no read, no rewrite)."""

    output_field = JSONField()

    def as_sqlite(self, compiler, connection, **extra):
        return self.as_sql(compiler, connection, template="json_set(%(expressions)s)", **extra)

    def as_postgresql(self, compiler, connection, **extra):
        return self.as_sql(compiler, connection, template="jsonb_set(%(expressions)s, true)", **extra)


def _path(connection, position: int) -> str:
    return f'$."{position}"' if connection.vendor == "sqlite" else f"{{{position}}}"


def _set_expression(connection, position: int, value: list):
    text = json.dumps(value)
    if connection.vendor == "sqlite":
        return _JsonSet(F("scores"), Value(_path(connection, position)), Func(Value(text), function="json"))
    return _JsonSet(
        F("scores"),
        Func(Value(_path(connection, position)), template="%(expressions)s::text[]"),
        Func(Value(text), template="%(expressions)s::jsonb"),
    )


def _remove_expression(connection, position: int):
    if connection.vendor == "sqlite":
        return Func(
            F("scores"), Value(_path(connection, position)), function="json_remove", output_field=JSONField()
        )
    return Func(
        F("scores"),
        Value(str(position)),
        template="%(expressions)s",
        arg_joiner=" - ",
        output_field=JSONField(),
    )


def entry_set(game: Game, position: int, version: int, numbers: HandTotals) -> None:
    """Keep the totals of the live hand at ``position`` (one UPDATE of the table's row)."""
    value = entry(version, numbers)
    connection = connections[router.db_for_write(Game)]
    if connection.vendor in ("sqlite", "postgresql"):
        Game.objects.filter(pk=game.pk).update(scores=_set_expression(connection, position, value))
        if isinstance(game.__dict__.get("scores"), dict):  # never loads a deferred field
            game.scores[str(position)] = value
        return
    scores = dict(Game.objects.values_list("scores", flat=True).get(pk=game.pk) or {})
    scores[str(position)] = value
    Game.objects.filter(pk=game.pk).update(scores=scores)
    game.scores = scores


def entry_remove(game: Game, position: int) -> None:
    """Forget the totals of the hand at ``position``, deleted (one UPDATE)."""
    connection = connections[router.db_for_write(Game)]
    if connection.vendor in ("sqlite", "postgresql"):
        Game.objects.filter(pk=game.pk).update(scores=_remove_expression(connection, position))
    else:
        scores = dict(Game.objects.values_list("scores", flat=True).get(pk=game.pk) or {})
        scores.pop(str(position), None)
        Game.objects.filter(pk=game.pk).update(scores=scores)
    if isinstance(game.__dict__.get("scores"), dict):
        game.scores.pop(str(position), None)


# --- a full re-score, and the drift it finds -------------------------------------------------------


def rescored(game: Game, hands: Iterable[Hand]) -> dict:
    """What ``scores`` must hold: every live hand of ``hands`` scored again (none is trusted). A hand
    the engine no longer accepts has no entry: its readers score it and show the error."""
    scores = {}
    for hand in hands:
        try:
            numbers = hand_numbers(game, hand.data)
        except InvalidInput:
            continue
        scores[str(hand.position)] = entry(hand.version, numbers)
    return scores


def drifted(game: Game, hands: Iterable[Hand]) -> dict | None:
    """The totals ``game`` should keep when they differ from what it keeps, else None."""
    wanted = rescored(game, hands)
    return wanted if wanted != (game.scores or {}) else None


def scores_store(game: Game, scores: dict) -> None:
    """Store a table's totals as a full re-score gave them (its version is left: nothing shown changes)."""
    Game.objects.filter(pk=game.pk).update(scores=scores)
    game.scores = scores


def scores_refresh(game: Game) -> None:
    """Keep the totals of a table whose hands were written all at once (an import, a restore)."""
    hands = Hand.objects.filter(game=game, deleted_at__isnull=True).only("position", "version", "data")
    scores_store(game, rescored(game, hands))
