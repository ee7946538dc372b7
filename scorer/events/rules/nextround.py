"""The seating of the next round, from the rounds played so far."""

from dataclasses import dataclass

from scorer.engine.i18n import _

from .evaluate import RoundResult
from .model import Event
from .seating import Seating, pick_byes, plan, seat_by_standings, seat_draw
from .standings import Standing

MOST_AT_A_TABLE = {False: 4, True: 2}
LEAST_AT_A_TABLE = {False: 3, True: 2}


@dataclass(frozen=True, slots=True)
class NoRound:
    """Why the next round cannot be seated."""

    message: str


def next_round(event: Event, results: tuple[RoundResult, ...], standings: tuple[Standing, ...]):
    """The next round's :class:`Seating`, None when there is none to seat (the last round is not
    complete, or the event is), or :class:`NoRound` when too few entrants are left for a table."""
    if results and not results[-1].complete:
        return None
    if results and (results[-1].final or len(results) == event.format.rounds):
        return None
    number = len(results) + 1
    still_in = in_next_round(event, results)
    least = LEAST_AT_A_TABLE[event.partners]
    if len(still_in) < least:
        return NoRound(
            _("Only {n} entrants are still in: a table needs at least {least}.").format(
                n=len(still_in), least=least
            )
        )
    if event.knockout and len(still_in) <= MOST_AT_A_TABLE[event.partners]:
        return seat_draw(still_in, seed=event.seed, round_number=number, sizes=(len(still_in),), byes=0)
    allow_three = not event.knockout or event.format.advance < 3
    sizes, byes = plan(len(still_in), teams=event.partners, allow_three=allow_three)
    if event.knockout or number == 1:
        return seat_draw(still_in, seed=event.seed, round_number=number, sizes=sizes, byes=byes)
    rank = {s.entrant: k for k, s in enumerate(standings)}
    order = sorted(still_in, key=lambda e: rank.get(e, len(rank)))
    sat_out = sat_out_counts(event)
    out = pick_byes(order, byes, lambda e: sat_out[e])
    seating = seat_by_standings([e for e in order if e not in out], sizes, met_before(event))
    return Seating(seating.tables, out, seating.repeats, seating.method)


def in_next_round(event: Event, results: tuple[RoundResult, ...]) -> list[int]:
    """Who is seated next, in entrants order: every entrant (points, or the first knockout round)
    or who advanced; never a withdrawn entrant."""
    pool = results[-1].advancing if event.knockout and results else range(len(event.entrants))
    return [e for e in pool if e not in event.withdrawn]


def sat_out_counts(event: Event) -> dict[int, int]:
    return {e: sum(1 for rnd in event.rounds if e not in rnd.seated) for e in range(len(event.entrants))}


def met_before(event: Event):
    """Whether two entrants shared a table in an earlier round."""
    pairs = set()
    for rnd in event.rounds:
        for table in rnd.tables:
            for i, a in enumerate(table.seats):
                for b in table.seats[i + 1 :]:
                    pairs.add((a, b))
                    pairs.add((b, a))
    return lambda a, b: (a, b) in pairs


def knockout_tables(count: int, *, teams: bool, advance: int) -> tuple[tuple[int, ...], bool]:
    """How many tables each round of a knockout of ``count`` entrants seats (byes go on: the plan
    the rounds are seated by), and whether it ends at a final table (else too few are left)."""
    tables: list[int] = []
    while count >= LEAST_AT_A_TABLE[teams]:
        if count <= MOST_AT_A_TABLE[teams]:
            return (*tables, 1), True
        sizes, byes = plan(count, teams=teams, allow_three=advance < 3)
        going_on = advance * len(sizes) + byes
        if going_on >= count:  # a cut that sends everyone on never ends
            break
        tables.append(len(sizes))
        count = going_on
    return tuple(tables), False


def points_tables(count: int, *, teams: bool) -> int:
    """How many tables each round of a points event of ``count`` entrants seats."""
    return len(plan(count, teams=teams, allow_three=True)[0])
