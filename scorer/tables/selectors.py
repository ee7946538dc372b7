"""Read side: a table's scoreboard in a constant number of queries, whatever its length."""

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from itertools import groupby

from django.db import connections, router
from django.db.models import Exists, OuterRef, QuerySet
from django.http import Http404

from scorer.engine import GameResult, HandResult, InvalidInput, score_game
from scorer.models import Game, Grant, Hand, HandChange
from scorer.platform import rowfetch
from scorer.tables.outcome import next_dealer


@dataclass(frozen=True, slots=True)
class HandRow:
    hand: Hand
    number: int
    dealer: int
    """Who dealt it, as stored with the hand."""
    result: HandResult
    running: tuple[int, ...]
    """Running totals per player (per team for partners) after this hand."""


@dataclass(frozen=True, slots=True)
class Board:
    game: Game
    rows: tuple[HandRow, ...]
    result: GameResult | None
    errors: tuple = ()

    @property
    def hands_played(self) -> int:
        return len(self.rows)

    @property
    def complete(self) -> bool:
        return self.hands_played >= self.game.hands_planned

    @property
    def next_dealer(self) -> int:
        """The seat after the last hand's stored dealer (a deleted hand changes nobody's deal)."""
        last = self.rows[-1].dealer if self.rows else None
        return next_dealer(last, self.game.first_dealer, len(self.game.players))

    @property
    def totals(self) -> tuple[int, ...]:
        """Player totals, or team totals with partners."""
        if self.result is None:
            return ()
        return self.result.team_totals or self.result.totals

    @property
    def leaders(self) -> tuple[int, ...]:
        totals = self.totals
        if not self.rows or len(set(totals)) <= 1:
            return ()
        return tuple(i for i, t in enumerate(totals) if t == min(totals))


@cache
def _find_query(using: str) -> str:
    n = rowfetch.names(using)
    return f"SELECT {n.columns(Game)} FROM {n.table(Game)} WHERE {n.column(Game, 'public_id')} = %s"


def game_find(public_id: str) -> Game | None:
    """The table with this public id, or None.

    One plain SELECT: every page and every viewer's poll starts here, and building the ORM's
    query (filter, ordering, LIMIT) costs several times more than running it.
    """
    using = router.db_for_read(Game)
    found = rowfetch.fetch_one(Game, using, _find_query(using), [public_id])
    return None if found is None else found[0]


@cache
def _live_count_query(using: str) -> str:
    n = rowfetch.names(using)
    return (
        f"SELECT COUNT(*) FROM {n.table(Hand)}"
        f" WHERE {n.column(Hand, 'game')} = %s AND {n.column(Hand, 'deleted_at')} IS NULL"
    )


def live_hand_count(game: Game) -> int:
    """How many live (not deleted) hands the table has: ``game.hands.live().count()`` in one
    plain SELECT (the hand page and every live preview ask; the ORM's count query costs more to
    build than to run)."""
    using = router.db_for_read(Hand)
    with connections[using].cursor() as cursor:
        cursor.execute(_live_count_query(using), [game.pk])
        return cursor.fetchone()[0]


@cache
def _next_hand_query(using: str) -> str:
    n = rowfetch.names(using)
    hand, game, live = n.table(Hand), n.column(Hand, "game"), n.column(Hand, "deleted_at")
    return (
        f"SELECT COUNT(*), (SELECT {n.column(Hand, 'dealer')} FROM {hand} WHERE {game} = %s AND {live} IS NULL"
        f" ORDER BY {n.column(Hand, 'position')} DESC LIMIT 1)"
        f" FROM {hand} WHERE {game} = %s AND {live} IS NULL"
    )


def next_hand(game: Game) -> tuple[int, int]:
    """``(live hands, next dealer)``: how many hands the table has and who deals the next one
    (after the last hand's stored dealer), in one plain SELECT (the hand page and its previews)."""
    using = router.db_for_read(Hand)
    with connections[using].cursor() as cursor:
        cursor.execute(_next_hand_query(using), [game.pk, game.pk])
        count, last_dealer = cursor.fetchone()
    return count, next_dealer(last_dealer, game.first_dealer, len(game.players))


def game_get(public_id: str) -> Game:
    game = game_find(public_id)
    if game is None:
        raise Http404("No such table")
    return game


@cache
def _board_query(using: str) -> str:
    """The table (``g``), the table it is a rematch of (``previous``) and its rematch (``rematch``)."""
    n = rowfetch.names(using)
    game = n.table(Game)
    return (
        f"SELECT {n.columns(Game, 'g')}, {n.column(Game, 'public_id', 'previous')},"
        f" {n.column(Game, 'id', 'rematch')}, {n.column(Game, 'public_id', 'rematch')}"
        f" FROM {game} {n.quote('g')}"
        f" LEFT JOIN {game} {n.quote('previous')}"
        f" ON {n.column(Game, 'id', 'previous')} = {n.column(Game, 'rematch_of', 'g')}"
        f" LEFT JOIN {game} {n.quote('rematch')}"
        f" ON {n.column(Game, 'rematch_of', 'rematch')} = {n.column(Game, 'id', 'g')}"
        f" WHERE {n.column(Game, 'public_id', 'g')} = %s"
    )


def _linked(db: str, pk: int, public_id: str) -> Game:
    """A linked table as the board uses it: its id and public id (other fields load if read)."""
    return Game.from_db(db, ["id", "public_id"], [pk, public_id])


def game_for_board(public_id: str) -> Game:
    """A table with the games it is linked to by a rematch (rövanş), in the same query.

    One plain SELECT with two joins (``rematch_of`` is one-to-one both ways): building the ORM's
    ``select_related`` query costs several times more than running it, on every board request.
    """
    db = router.db_for_read(Game)
    found = rowfetch.fetch_one(Game, db, _board_query(db), [public_id])
    if found is None:
        raise Http404("No such table")
    game, (previous_public_id, rematch_id, rematch_public_id) = found
    if game.rematch_of_id is not None:
        game.rematch_of = _linked(db, game.rematch_of_id, previous_public_id)
    rematch = _linked(db, rematch_id, rematch_public_id) if rematch_id else None
    Game.rematch.related.set_cached_value(game, rematch)  # None: "no rematch", without a query
    return game


def game_document(game: Game, hands: list[Hand] | None = None) -> dict:
    """The game in HAND_FORMAT.md game form: what the JSON export holds and the engine scores."""
    if hands is None:
        hands = list(game.hands.live())
    return {
        "ruleset": game.ruleset,
        "options": game.options,
        "hands_planned": game.hands_planned,
        "players": game.players,
        "hands": [hand.data for hand in hands],
    }


def board_hands(game: Game) -> QuerySet[Hand]:
    """The live hands in order, each knowing whether it was corrected after the game ended
    (``late_correction``): asked in the same query, so the board reads its hands in one."""
    late = HandChange.objects.filter(hand=OuterRef("pk"), kind=HandChange.CORRECT, after_game_end=True)
    return game.hands.live().annotate(late_correction=Exists(late))


def hand_changes(hand: Hand) -> list[HandChange]:
    """A hand's history, oldest first."""
    return list(HandChange.objects.filter(hand=hand).order_by("at", "pk"))


def game_board(game: Game, hands: list[Hand] | None = None) -> Board:
    """The scoreboard; ``hands`` (the live hands in order) when already fetched with others."""
    hands = list(board_hands(game)) if hands is None else hands
    try:
        result = score_game(game_document(game, hands))
    except InvalidInput as exc:  # stored input the engine no longer accepts: show, never crash
        return Board(game, (), None, exc.errors)
    rows, running = [], [0] * (2 if game.partners else len(game.players))
    for index, (hand, hand_result) in enumerate(zip(hands, result.hands, strict=True)):
        scores = [t.total for t in hand_result.teams] if game.partners else hand_result.totals
        running = [a + b for a, b in zip(running, scores, strict=True)]
        rows.append(HandRow(hand, index + 1, hand.dealer, hand_result, tuple(running)))
    return Board(game, tuple(rows), result)


def deleted_hands(game: Game) -> list[Hand]:
    return list(game.hands.filter(deleted_at__isnull=False).order_by("-deleted_at")[:5])


@dataclass(frozen=True, slots=True)
class MyTable:
    """A row of "Masalarım": a table this device can edit or has watched."""

    grant: Grant
    board: Board

    @property
    def game(self) -> Game:
        return self.board.game

    @property
    def editable(self) -> bool:
        return self.grant.can_edit

    @property
    def leader_names(self) -> list[str]:
        """The winners of a finished game, else the leaders (teams with partners)."""
        board, players = self.board, self.board.game.players
        names = (
            [f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"]
            if board.game.partners
            else players
        )
        picked = board.result.winners if board.complete and board.result else board.leaders
        return [names[i] for i in picked]


def device_grants(device_id: int | None, *, cutoff) -> QuerySet[Grant]:
    """This device's unexpired grants with their tables, newest first."""
    if device_id is None:
        return Grant.objects.none()
    return (
        Grant.objects.filter(device_id=device_id, last_used_at__gte=cutoff)
        .select_related("game")
        .order_by("-created_at", "-pk")
    )


def tables_of(grants: Iterable[Grant]) -> list[MyTable]:
    """Score the grants' tables for "Masalarım": one query for all their hands, however many."""
    grants = list(grants)
    hands = Hand.objects.live().filter(game__in=[g.game_id for g in grants]).order_by("game_id", "position")
    by_game = {game_id: list(rows) for game_id, rows in groupby(hands, key=lambda hand: hand.game_id)}
    return [MyTable(grant, game_board(grant.game, by_game.get(grant.game_id, []))) for grant in grants]
