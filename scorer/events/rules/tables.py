"""One table of a round: the games it counts, totals, placement points or the match order.

>>> from fractions import Fraction
>>> placement([-101, 40, 202, 18], (3, 2, 1, 0))
(Fraction(3, 1), Fraction(1, 1), Fraction(0, 1), Fraction(2, 1))
>>> [str(p) for p in placement([-40, -40, 10, 30], (3, 2, 1, 0))]
['5/2', '5/2', '1', '0']
"""

from dataclasses import dataclass
from fractions import Fraction

from scorer.engine import GameResult

from .model import Event, Table


@dataclass(frozen=True, slots=True)
class TableResult:
    """What a table gives, per seat (the order of ``seats``)."""

    seats: tuple[int, ...]
    complete: bool
    hands: tuple[int, ...]
    """Hands played in each game so far (progress, complete or not)."""
    counted: tuple[GameResult, ...]
    """The games that count: none until the table is complete."""
    totals: tuple[int, ...]
    wins: tuple[int, ...]
    points: tuple[Fraction, ...] = ()
    """Points events: the placement points of the counted game."""
    positions: tuple[int, ...] = ()
    """Knockout: each seat's place in the match order, once the table is complete."""
    advancing: tuple[int, ...] = ()
    """Knockout: the entrants who go on (in match order)."""
    tie_at_cut: tuple[int, ...] = ()
    """Knockout: the tied entrants the organizer must choose between (none advance until then)."""
    decided: tuple[int, ...] | None = None
    closed: bool = False

    @property
    def settled(self) -> bool:
        """Complete, and nothing left for the organizer to decide."""
        return self.complete and not self.tie_at_cut

    def seat_of(self, entrant: int) -> int:
        return self.seats.index(entrant)


def game_totals(game: GameResult, partners: bool) -> tuple[int, ...]:
    """Each seat's game total: its player's total, or with teams its team's total."""
    return game.team_totals if partners else game.totals


def placement(totals, points: tuple[int, ...]) -> tuple[Fraction, ...]:
    """Placement points by the table's order (lower total is better); tied places share the average."""
    ranked = sorted(totals)
    shares = []
    for total in totals:
        first = ranked.index(total)
        count = ranked.count(total)
        shares.append(Fraction(sum(points[first : first + count]), count))
    return tuple(shares)


def is_complete(table: Table, event: Event) -> bool:
    if table.closed:
        return True
    needed = event.format.games_per_match if event.knockout else 1
    return len(table.games) == needed and all(game.complete for game in table.games)


def counted_games(table: Table, event: Event) -> tuple[GameResult, ...]:
    """All games of a complete table; a closed table's games with at least one hand."""
    if not is_complete(table, event):
        return ()
    return tuple(game for game in table.games if game.hands_played) if table.closed else table.games


def table_result(table: Table, event: Event, *, cut: int) -> TableResult:
    """``cut``: how many advance (knockout; 1 at the final)."""
    complete = is_complete(table, event)
    counted = counted_games(table, event)
    per_game = [game_totals(game, event.partners) for game in counted]
    n = len(table.seats)
    totals = tuple(sum(game[i] for game in per_game) for i in range(n))
    wins = tuple(sum(1 for game in per_game if game[i] == min(game)) for i in range(n))
    base = {
        "seats": table.seats,
        "complete": complete,
        "hands": tuple(game.hands_played for game in table.games),
        "counted": counted,
        "totals": totals,
        "wins": wins,
        "decided": table.decided,
        "closed": table.closed,
    }
    if not event.knockout:
        shares = [placement(game, event.format.placement_points) for game in per_game]
        points = tuple(sum((game[i] for game in shares), Fraction(0)) for i in range(n))
        return TableResult(**base, points=points)
    if not complete:
        return TableResult(**base)
    return TableResult(**base, **match_order(table, totals, wins, cut))


def match_order(table: Table, totals, wins, cut: int) -> dict:
    """Positions by wins (more first), then match total (lower first); the first ``cut`` advance.

    A group of equal entrants straddling the cut advances only as the organizer decided.
    """
    keys = [(-w, t) for w, t in zip(wins, totals, strict=True)]
    positions = [1 + sum(1 for other in keys if other < key) for key in keys]
    order = sorted(range(len(keys)), key=lambda i: (keys[i], i))
    if cut >= len(order) or keys[order[cut - 1]] != keys[order[cut]]:
        return {"positions": tuple(positions), "advancing": tuple(table.seats[i] for i in order[:cut])}
    tied_key = keys[order[cut - 1]]
    ahead = [i for i in order if keys[i] < tied_key]
    group = [i for i in order if keys[i] == tied_key]
    spots = cut - len(ahead)
    decided = [table.seats.index(e) for e in table.decided or ()]
    if not decision_fits(decided, group, spots):
        return {
            "positions": tuple(positions),
            "advancing": tuple(table.seats[i] for i in ahead),
            "tie_at_cut": tuple(table.seats[i] for i in group),
        }
    for i in group:  # the decision orders the tied group: those sent on first
        positions[i] = len(ahead) + 1 if i in decided else len(ahead) + 1 + spots
    chosen = ahead + [i for i in group if i in decided]
    return {"positions": tuple(positions), "advancing": tuple(table.seats[i] for i in chosen)}


def decision_fits(decided: list[int], group: list[int], spots: int) -> bool:
    return bool(decided) and len(decided) == spots and set(decided) <= set(group)


def tie_group(table: Table, result: TableResult, cut: int) -> tuple[tuple[int, ...], int] | None:
    """The tied group at the cut and how many of it go on, ignoring any decision (to check one)."""
    undecided = Table(table.seats, table.games, None, table.closed)
    keys_only = match_order(undecided, result.totals, result.wins, cut)
    group = keys_only.get("tie_at_cut")
    if not group:
        return None
    return group, cut - len(keys_only["advancing"])
