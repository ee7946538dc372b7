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


def game_by_code(code: str) -> Game | None:
    """The table with this join code (already normalised: :func:`scorer.tables.joincode.normalized`)."""
    return Game.objects.filter(code=code).only("pk", "public_id").first() if code else None


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


SERIES_LONGEST = 200
"""How far back a rematch chain is followed (a guard: a chain is one table after another)."""


@dataclass(frozen=True, slots=True)
class Series:
    """A rematch (rövanş) chain up to this table: its games' boards, oldest first, this one last."""

    boards: tuple[Board, ...]

    @property
    def games(self) -> int:
        return len(self.boards)

    @property
    def finished(self) -> int:
        return sum(1 for board in self.boards if board.complete and board.result)

    @property
    def wins(self) -> tuple[int, ...]:
        """Games won per player (per team with partners); a tie at the lowest total is a win for
        each tied player, a game everyone ended level is nobody's; a game still running is nobody's yet."""
        game = self.boards[-1].game
        counts = [0] * (2 if game.partners else len(game.players))
        for board in self.boards:
            if board.complete and board.result:
                for winner in board.result.winners:
                    counts[winner] += 1
        return tuple(counts)

    @property
    def totals(self) -> tuple[int, ...]:
        """Points across the chain per player (per team with partners), this game's so far included."""
        size = len(self.wins)
        sums = [0] * size
        for board in self.boards:
            for k, total in enumerate(board.totals[:size]):  # () when a table's hands no longer score
                sums[k] += total
        return tuple(sums)


@cache
def _chain_query(using: str) -> str:
    """The table and the tables it is a rematch of, back to the first (``depth`` 0 is this one),
    each with its live hands in order, and whether each hand was corrected after its game ended
    (as :func:`board_hands` asks): one statement, however long the chain."""
    n = rowfetch.names(using)
    q, game, hand = n.quote, n.table(Game), n.table(Hand)
    chain_id, depth = f"{q('chain')}.{q('id')}", f"{q('chain')}.{q('depth')}"
    return (
        f"WITH RECURSIVE {q('chain')} ({q('id')}, {q('depth')}) AS ("
        f"SELECT {n.column(Game, 'id')}, 0 FROM {game} WHERE {n.column(Game, 'id')} = %s"
        f" UNION ALL SELECT {n.column(Game, 'rematch_of', 'g')}, {depth} + 1"
        f" FROM {game} {q('g')} JOIN {q('chain')} ON {n.column(Game, 'id', 'g')} = {chain_id}"
        f" WHERE {n.column(Game, 'rematch_of', 'g')} IS NOT NULL AND {depth} < {SERIES_LONGEST})"
        f" SELECT {n.columns(Game, 'g')}, {n.columns(Hand, 'h')}, {depth},"
        f" EXISTS (SELECT 1 FROM {n.table(HandChange)} {q('c')} WHERE {n.column(HandChange, 'hand', 'c')}"
        f" = {n.column(Hand, 'id', 'h')} AND {n.column(HandChange, 'kind', 'c')} = %s"
        f" AND {n.column(HandChange, 'after_game_end', 'c')} = %s)"
        f" FROM {q('chain')}"
        f" JOIN {game} {q('g')} ON {n.column(Game, 'id', 'g')} = {chain_id}"
        f" LEFT JOIN {hand} {q('h')} ON {n.column(Hand, 'game', 'h')} = {chain_id}"
        f" AND {n.column(Hand, 'deleted_at', 'h')} IS NULL"
        f" ORDER BY {depth}, {n.column(Hand, 'position', 'h')}"
    )


def _same_series(game: Game, other: Game) -> bool:
    """Whether an earlier table continues into this one: the same players, rule set and play."""
    return (other.players, other.ruleset, other.partners) == (game.players, game.ruleset, game.partners)


def board_with_series(game: Game) -> tuple[Board, Series | None]:
    """The board and, when this table is a rematch, the series of its chain up to it.

    One statement reads this table's hands and every earlier table of the chain with theirs (the
    same number of queries as the board alone, however long the chain: a rematch copies the
    players, so the chain stops where an earlier table does not match)."""
    db = router.db_for_read(Hand)
    rows = rowfetch.fetch_rows((Game, Hand), db, _chain_query(db), [game.pk, HandChange.CORRECT, True])
    chain: list[tuple[Game, list[Hand]]] = []
    for _depth, group in groupby(rows, key=lambda row: row[1][0]):
        items = list(group)
        for (_game, hand), (_d, late) in items:
            if hand is not None:
                hand.late_correction = bool(late)
        chain.append((items[0][0][0], [hand for (_game, hand), _extra in items if hand is not None]))
    hands = chain[0][1] if chain else []
    board = game_board(game, hands)
    boards, seen = [board], {game.pk}
    for earlier, earlier_hands in chain[1:]:
        if earlier.pk in seen or not _same_series(game, earlier):
            break
        seen.add(earlier.pk)
        boards.append(game_board(earlier, earlier_hands))
    return board, (Series(tuple(reversed(boards))) if len(boards) > 1 else None)


def deleted_hands(game: Game) -> list[Hand]:
    return list(game.hands.filter(deleted_at__isnull=False).order_by("-deleted_at")[:5])


@dataclass(frozen=True, slots=True)
class MyTable:
    """A row of "Masalarım": a table this device can edit or has watched."""

    grant: Grant
    board: Board
    rematch_order: int = 0
    """0 for a first game, 1 for its rematch (rövanş), 2 for the rematch of that, …"""

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


def _rematch_orders_query(using: str, count: int) -> str:
    n = rowfetch.names(using)
    q, game = n.quote, n.table(Game)
    up = q("up")
    places = ", ".join(["%s"] * count)
    return (
        f"WITH RECURSIVE {up} ({q('start')}, {q('id')}, {q('depth')}) AS ("
        f"SELECT {n.column(Game, 'id')}, {n.column(Game, 'rematch_of')}, 1 FROM {game}"
        f" WHERE {n.column(Game, 'id')} IN ({places}) AND {n.column(Game, 'rematch_of')} IS NOT NULL"
        f" UNION ALL SELECT {up}.{q('start')}, {n.column(Game, 'rematch_of', 'g')}, {up}.{q('depth')} + 1"
        f" FROM {game} {q('g')} JOIN {up} ON {n.column(Game, 'id', 'g')} = {up}.{q('id')}"
        f" WHERE {n.column(Game, 'rematch_of', 'g')} IS NOT NULL AND {up}.{q('depth')} < {SERIES_LONGEST})"
        f" SELECT {up}.{q('start')}, MAX({up}.{q('depth')}) FROM {up} GROUP BY {up}.{q('start')}"
    )


def rematch_orders(game_ids: list[int]) -> dict[int, int]:
    """How many rematches back each of these tables goes (absent: a first game), in one query."""
    if not game_ids:
        return {}
    using = router.db_for_read(Game)
    with connections[using].cursor() as cursor:
        cursor.execute(_rematch_orders_query(using, len(game_ids)), game_ids)
        return dict(cursor.fetchall())


def tables_of(grants: Iterable[Grant]) -> list[MyTable]:
    """Score the grants' tables for "Masalarım": one query for all their hands and one for their
    places in rematch chains, however many."""
    grants = list(grants)
    ids = [g.game_id for g in grants]
    hands = Hand.objects.live().filter(game__in=ids).order_by("game_id", "position")
    by_game = {game_id: list(rows) for game_id, rows in groupby(hands, key=lambda hand: hand.game_id)}
    orders = rematch_orders(ids)
    return [
        MyTable(grant, game_board(grant.game, by_game.get(grant.game_id, [])), orders.get(grant.game_id, 0))
        for grant in grants
    ]
