"""Read side: a table's scoreboard in a constant number of queries, whatever its length."""

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import groupby

from django.db import router
from django.db.models import Count, Exists, OuterRef, QuerySet, Subquery
from django.http import Http404

from scorer.engine import GameResult, HandResult, InvalidInput, score_game
from scorer.engine.game import winners_of
from scorer.models import Game, GameChange, Grant, Hand, HandChange
from scorer.platform.rows import UniqueRead
from scorer.tables.chains import SERIES_LONGEST, chain_ids, rematch_orders
from scorer.tables.outcome import next_dealer
from scorer.tables.scores import HandTotals, numbers_of, of_result
from scorer.tables.storedtext import shown_hand


@dataclass(frozen=True, slots=True)
class HandRow:
    hand: Hand
    number: int
    dealer: int
    """Who dealt it, as stored with the hand."""
    result: HandResult | None
    """Its itemised lines, when the board was read ``lines=True`` (one hand's breakdown)."""
    running: tuple[int, ...]
    """Running totals per player (per team for partners) after this hand."""
    numbers: HandTotals
    """What it added to each player (and team with partners): kept with the table or scored now."""

    @property
    def scores(self) -> tuple[int, ...]:
        """What it added to each ranked column: teams with partners, else players."""
        return self.numbers.teams or self.numbers.totals


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


_GAME_BY_PUBLIC_ID = UniqueRead(lambda public_id: Game.objects.filter(public_id=public_id), "public-id")


def game_find(public_id: str) -> Game | None:
    """The table with this public id, or None (every page and every viewer's poll starts here:
    its statement is compiled once)."""
    return _GAME_BY_PUBLIC_ID(public_id)


def live_hand_count(game: Game) -> int:
    """How many live (not deleted) hands the table has (the hand page and every live preview ask)."""
    return game.hands.live().count()


def hand_number(game: Game, position: int) -> int:
    """The number the board shows for the hand at ``position``: live hands are numbered 1, 2, … in
    position order. A deleted hand gets the number it had, and has again when it is restored (the
    live hands before it, plus one)."""
    return game.hands.live().filter(position__lt=position).count() + 1


def next_hand(game: Game) -> tuple[int, int]:
    """``(live hands, next dealer)``: how many hands the table has and who deals the next one
    (after the last hand's stored dealer), in one query (the hand page)."""
    tally = hand_tally(game)
    return tally.live_count, next_dealer(tally.last_live_dealer, game.first_dealer, len(game.players))


def _tally(pk: int, request_id: str | None = None) -> QuerySet[Game]:
    hands = Hand.objects.filter(game=OuterRef("pk"))
    live = hands.filter(deleted_at__isnull=True)
    last_live = live.order_by("-position")
    tally = {
        "live_count": Subquery(live.values("game").annotate(n=Count("pk")).values("n")),
        "last_position": Subquery(hands.order_by("-position").values("position")[:1]),
        "last_live_pk": Subquery(last_live.values("pk")[:1]),
        "last_live_dealer": Subquery(last_live.values("dealer")[:1]),
    }
    if request_id is not None:
        tally["request_pk"] = Subquery(hands.filter(request_id=request_id).values("pk")[:1])
    return Game.objects.only("pk", "version", "updated_at", "hands_planned").annotate(**tally).filter(pk=pk)


_TALLY = UniqueRead(_tally, -1)
_TALLY_OF_REQUEST = UniqueRead(_tally, -1, "request-id")


def hand_tally(game: Game, request_id: str = "") -> Game:
    """The table's version, ``updated_at`` and hands planned with its hands' tally, in one statement
    (compiled once): ``live_count``, ``last_position`` (of any hand, deleted or not: 0 without
    one), the last live hand's ``last_live_pk`` and ``last_live_dealer`` (None without one), and
    ``request_pk``: the hand stored with ``request_id``, deleted since or not (None without one)."""
    tally = _TALLY_OF_REQUEST(game.pk, request_id) if request_id else _TALLY(game.pk)
    if tally is None:
        raise Http404("No such table")
    tally.live_count = tally.live_count or 0  # no live hand: no row to count
    tally.last_position = tally.last_position or 0
    if not request_id:
        tally.request_pk = None
    return tally


def game_by_code(code: str) -> Game | None:
    """The table with this join code (already normalised: :func:`scorer.tables.joincode.normalized`)."""
    return Game.objects.filter(code=code).only("pk", "public_id").first() if code else None


def game_get(public_id: str) -> Game:
    game = game_find(public_id)
    if game is None:
        raise Http404("No such table")
    return game


def _for_board(public_id: str) -> QuerySet[Game]:
    change = GameChange.objects.filter(game=OuterRef("pk")).order_by().values("pk")[:1]
    rematch = Game.objects.filter(rematch_of=OuterRef("pk")).order_by()
    previous = Game.objects.filter(pk=OuterRef("rematch_of_id")).order_by()
    return Game.objects.annotate(
        first_change_pk=Subquery(change),
        rematch_pk=Subquery(rematch.values("pk")[:1]),
        rematch_public_id=Subquery(rematch.values("public_id")[:1]),
        previous_public_id=Subquery(previous.values("public_id")[:1]),
    ).filter(public_id=public_id)


_GAME_FOR_BOARD = UniqueRead(_for_board, "public-id")


def game_for_board(public_id: str) -> Game:
    """A table with the public ids of the tables a rematch (rövanş) links it to (one-to-one both
    ways; their other fields are read when asked) and whether its own facts ever changed
    (``has_fact_changes``: the board reads their history only then): one statement, compiled
    once, as a board is rendered at every version in each language."""
    game = _GAME_FOR_BOARD(public_id)
    if game is None:
        raise Http404("No such table")
    game.has_fact_changes = game.first_change_pk is not None
    db = router.db_for_read(Game)
    for link, pk, linked_id in (
        (Game.rematch.related, game.rematch_pk, game.rematch_public_id),
        (Game.rematch_of.field, game.rematch_of_id, game.previous_public_id),
    ):
        linked = None if pk is None else Game.from_db(db, ["id", "public_id"], [pk, linked_id])
        link.set_cached_value(game, linked)
    return game


def game_document(game: Game, hands: list[Hand] | None = None) -> dict:
    """The game in HAND_FORMAT.md game form: what the JSON export holds and the engine scores."""
    if hands is None:
        hands = list(game.hands.live())
    return {
        "ruleset": game.ruleset_document,  # a house rule set's frozen copy, when it plays one
        "options": game.options,
        "hands_planned": game.hands_planned,
        "players": game.players,
        # a player is their seat: a hand saved before a rename reads with the table's names
        "hands": [shown_hand(hand.data, game.players) for hand in hands],
    }


def _late_corrections() -> QuerySet[HandChange]:
    """A hand's corrections made after its game ended (for ``Exists``)."""
    return HandChange.objects.filter(hand=OuterRef("pk"), kind=HandChange.CORRECT, after_game_end=True)


def board_hands(game: Game) -> QuerySet[Hand]:
    """The live hands in order, each knowing whether it was corrected after the game ended
    (``late_correction``): asked in the same query, so the board reads its hands in one."""
    return game.hands.live().annotate(late_correction=Exists(_late_corrections()))


def hand_changes(hand: Hand) -> list[HandChange]:
    """A hand's history, oldest first."""
    return list(HandChange.objects.filter(hand=hand).order_by("at", "pk"))


def game_board(game: Game, hands: list[Hand] | None = None, *, lines: bool = False) -> Board:
    """The scoreboard; ``hands`` (the live hands in order) when already fetched with others.

    Each hand's totals are the ones the table keeps (scorer/tables/scores.py), a hand without
    them scored for its totals alone; ``lines``: every hand scored with its itemised lines (one
    hand's breakdown), as the whole game is validated."""
    hands = list(board_hands(game)) if hands is None else hands
    try:
        if lines:
            full = score_game(game_document(game, hands))
            numbers, itemised = [of_result(hand) for hand in full.hands], full.hands
        else:
            numbers, itemised = numbers_of(game, hands), (None,) * len(hands)
    except InvalidInput as exc:  # stored input the engine no longer accepts: show, never crash
        return Board(game, (), None, _stale_errors(game, hands, exc))
    rows, running = [], [0] * (2 if game.partners else len(game.players))
    for index, (hand, hand_numbers, hand_result) in enumerate(zip(hands, numbers, itemised, strict=True)):
        scores = hand_numbers.teams or hand_numbers.totals
        running = [a + b for a, b in zip(running, scores, strict=True)]
        rows.append(HandRow(hand, index + 1, hand.dealer, hand_result, tuple(running), hand_numbers))
    return Board(game, tuple(rows), game_result(game, numbers, itemised if lines else None))


def game_numbers(game: Game, hands: list[Hand] | None = None) -> GameResult:
    """The game's totals and winners from the totals its hands keep (any hand without them scored
    for its totals alone); raises InvalidInput for stored input the engine no longer accepts."""
    hands = list(game.hands.live().only("position", "version", "data")) if hands is None else hands
    return game_result(game, numbers_of(game, hands))


def _stale_errors(game: Game, hands: list[Hand], exc: InvalidInput) -> tuple:
    """The errors of the whole game, each naming its hand (``hands[k]``), as the engine gives them."""
    try:
        score_game(game_document(game, hands))
    except InvalidInput as whole:
        return tuple(whole.errors)
    return tuple(exc.errors)


def game_result(game: Game, numbers: list[HandTotals], itemised: tuple | None = None) -> GameResult:
    """The game's totals and winners from its hands' numbers (SCORING_SPEC §8, as score_game);
    its ``hands`` are the numbers, or the itemised results when given."""
    count = len(game.players)
    totals = tuple(sum(n.totals[i] for n in numbers) for i in range(count))
    teams = tuple(sum(n.teams[t] for n in numbers) for t in (0, 1)) if game.partners else ()
    planned = game.hands_planned
    complete = len(numbers) >= planned
    winners = winners_of(teams or totals) if complete else ()
    hands = itemised if itemised is not None else tuple(numbers)
    return GameResult(hands, totals, teams, winners, planned, game.ruleset, game.house)


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


def _same_series(game: Game, other: Game) -> bool:
    """Whether an earlier table continues into this one: the same seats (a rematch copies the
    players; a player renamed at one table since keeps their seat), rule set and play."""
    return (len(other.players), other.ruleset_document, other.partners) == (
        len(game.players),
        game.ruleset_document,
        game.partners,
    )


def board_with_series(game: Game) -> tuple[Board, Series | None]:
    """The board and, when this table is a rematch, the series of its chain up to it.

    One query reads this table's hands and every earlier table of the chain with theirs (the
    same number of queries as the board alone, however long the chain: a rematch copies the
    table, so the chain stops where an earlier table does not match). An earlier table none of
    whose hands is left is read on its own. A table that is no rematch reads its hands alone, and
    not their input (``data``: the totals are kept, any other hand's input is read to score it)."""
    if game.rematch_of_id is None:
        return game_board(game, list(board_hands(game).defer("data"))), None
    db = router.db_for_read(Hand)
    hands = Hand.objects.live().filter(game__in=chain_ids(db, game.pk)).select_related("game")
    hands = hands.annotate(late_correction=Exists(_late_corrections())).order_by("game_id", "position")
    by_game: dict[int, list[Hand]] = {game.pk: []}
    games = {game.pk: game}
    for hand in hands:
        by_game.setdefault(hand.game_id, []).append(hand)
        games.setdefault(hand.game_id, hand.game)
    board = game_board(game, by_game[game.pk])
    boards, seen, earlier_id = [board], {game.pk}, game.rematch_of_id
    while earlier_id is not None and earlier_id not in seen and len(boards) <= SERIES_LONGEST:
        earlier = games.get(earlier_id) or Game.objects.filter(pk=earlier_id).first()
        if earlier is None or not _same_series(game, earlier):
            break
        seen.add(earlier_id)
        boards.append(game_board(earlier, by_game.get(earlier_id, [])))
        earlier_id = earlier.rematch_of_id
    return board, (Series(tuple(reversed(boards))) if len(boards) > 1 else None)


def fact_changes(game: Game) -> list[GameChange]:
    """The table's own history (its players' names, first dealer, stake), oldest first; none
    asked for a table read by :func:`game_for_board` that has none (it knows already)."""
    if getattr(game, "has_fact_changes", True) is False:
        return []
    return list(GameChange.objects.filter(game=game).order_by("at", "pk"))


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
