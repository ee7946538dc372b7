"""The standings and the tables' progress the event's pages show, scored by the rules from the
event document; stored input the rules no longer accept is shown as errors, never a crash."""

import re
from dataclasses import dataclass, replace

from django.utils.translation import gettext as _

from scorer.engine import InvalidInput
from scorer.events.models import Entrant, Event, EventGame, EventTable, Round
from scorer.events.rules import EventResult, NoRound, Seating, score_event
from scorer.events.rules.output import number
from scorer.events.selectors.document import EventData, event_data, event_document, kept_games, lean_hands


@dataclass(frozen=True, slots=True)
class StandingRow:
    place: int
    name: str
    entrant: Entrant
    points: object
    """Points events: a number (whole, or .5 when shared); knockout: None."""
    total: int
    games: int
    wins: int
    round: int = 0
    position: int | None = None
    state: str = ""
    shared: bool = False
    """Shares its place with another entrant."""


@dataclass(frozen=True, slots=True)
class TableProgress:
    """One table of a round as the organizer's page and the venue display show it."""

    round_number: int
    number: int
    table: EventTable
    seats: tuple[str, ...]
    """Entrant names in turn order."""
    players: tuple[str, ...]
    """The game's players in turn order (eşli: partners opposite)."""
    games: tuple[EventGame, ...]
    hands: tuple[int, ...]
    """Hands played in each game so far."""
    hands_per_game: int
    games_per_match: int
    complete: bool
    closed: bool
    locked: bool
    totals: tuple[int, ...] = ()
    points: tuple = ()
    advancing: tuple[str, ...] = ()
    tie_at_cut: tuple[str, ...] = ()
    decided: tuple[str, ...] = ()
    repeats: tuple[tuple[str, str], ...] = ()
    final: bool = False
    """Knockout: the final's table (its decision is the champion)."""
    decision_stale: bool = False
    """Knockout: the organizer's decision at the cut no longer fits the numbers (a hand was
    corrected or deleted since): it counts as not made (decision E15)."""

    @property
    def seat_rows(self) -> list[tuple[str, int | None, object]]:
        """Per seat: its name, its total and points (None until the table is complete)."""
        done = self.complete and bool(self.totals)
        return [
            (
                name,
                self.totals[k] if done else None,
                self.points[k] if done and self.points else None,
            )
            for k, name in enumerate(self.seats)
        ]

    @property
    def current_game(self) -> EventGame | None:
        """The game being played (the last one), None before the first is open."""
        return self.games[-1] if self.games else None

    @property
    def game_number(self) -> int:
        return len(self.games)

    @property
    def hand_number(self) -> int:
        """Hands played in the current game."""
        return self.hands[-1] if self.hands else 0

    @property
    def waiting_decision(self) -> bool:
        return bool(self.tie_at_cut)

    @property
    def needs_next_game(self) -> bool:
        """A match game is complete and the next one is not open yet (knockout, best of N)."""
        return (
            not self.complete
            and not self.closed
            and bool(self.hands)
            and self.hands[-1] >= self.hands_per_game
            and len(self.games) < self.games_per_match
        )


@dataclass(frozen=True, slots=True)
class EventStandings:
    """What the event's pages show: standings, each round's tables, the next round if any."""

    event: Event
    data: EventData
    document: dict
    result: EventResult | None
    errors: tuple = ()
    standings: tuple[StandingRow, ...] = ()
    rounds: tuple[tuple[TableProgress, ...], ...] = ()
    byes: tuple[tuple[str, ...], ...] = ()
    """Per round, who sat out (points) or had a bye (knockout)."""
    next_round: Seating | None = None
    next_round_problem: str = ""
    """Why no next round can be seated (decision E14), when that is the reason."""
    stale_decisions: tuple = ()
    """The rules' errors about decisions at the cut that no longer fit the numbers (each counts
    as not made: decision E15)."""

    @property
    def problems(self) -> list[tuple[str, str]]:
        """The errors, each as (where in words, message): what the pages show."""
        return readable_errors(self.errors)

    @property
    def current(self) -> tuple[TableProgress, ...]:
        return self.rounds[-1] if self.rounds else ()

    @property
    def round_number(self) -> int:
        return len(self.rounds)

    @property
    def round_complete(self) -> bool:
        """The current round is complete (every table, every tie decided); True before round 1."""
        if self.result is None:
            return False
        return not self.result.rounds or self.result.rounds[-1].complete

    @property
    def complete(self) -> bool:
        return self.result is not None and self.result.complete

    @property
    def tables_done(self) -> int:
        return sum(1 for table in self.current if table.complete)

    def names(self, entrants) -> tuple[str, ...]:
        return tuple(self.result.event.entrants[e].name for e in entrants) if self.result else ()


def event_standings(
    event: Event, *, next_round: bool = True, data: EventData | None = None, lean: bool = False
) -> EventStandings:
    """Score the event (its document through the rules): standings, every table's progress and,
    with ``next_round``, the seating the next round would get. Stored input the rules no longer
    accept is shown as errors, never a crash.

    ``lean`` (the public pages, which show no hand): the hands' input is read only for the games
    whose totals are not all kept, and the document holds the others' hands as placeholders."""
    data = data or event_data(event, hand_data=not lean)
    known = kept_games(data)
    if lean:
        lean_hands(data, known)
    document = event_document(event, data, known=frozenset(known) if lean else frozenset())
    stale: tuple = ()
    try:
        result = score_event(document, next_round=next_round, known=known)
    except InvalidInput as exc:
        stale = tuple(error for error in exc.errors if DECISION_PATH.match(error.path))
        try:
            if not stale:
                raise
            trimmed = without_decisions(document, stale)
            result = score_event(trimmed, next_round=next_round, known=known)
        except InvalidInput as still:
            rounds, byes = _unscored_rounds(event, data)
            return EventStandings(
                event, data, document, None, tuple(still.errors), (), rounds, byes, stale_decisions=stale
            )
        document = trimmed
    stale_tables = {DECISION_PATH.match(error.path).group(1) for error in stale}
    by_position = data.entrants
    standings = tuple(_standing_row(s, by_position, result) for s in result.standings)
    rounds, byes = [], []
    for r, (rnd, rnd_result) in enumerate(zip(data.rounds, result.rounds, strict=True)):
        rows = []
        for k, (table, table_result) in enumerate(
            zip(data.tables.get(rnd.pk, []), rnd_result.tables, strict=True)
        ):
            row = _progress(event, data, rnd, table, table_result, result, k)
            if f"rounds[{r}].tables[{k}]" in stale_tables:
                row = replace(row, decision_stale=True)
            rows.append(row)
        rounds.append(tuple(rows))
        byes.append(tuple(result.event.entrants[e].name for e in rnd_result.byes))
    seating, problem = None, ""
    if isinstance(result.next_round, Seating):
        seating = result.next_round
    elif isinstance(result.next_round, NoRound):
        problem = result.next_round.message
    return EventStandings(
        event, data, document, result, (), standings, tuple(rounds), tuple(byes), seating, problem, stale
    )


DECISION_PATH = re.compile(r"^(rounds\[(\d+)\]\.tables\[(\d+)\])\.decided(?:\[\d+\])?$")
"""An error about a table's decision at the cut: ``rounds[r].tables[t].decided`` (or one name)."""


def without_decisions(document: dict, errors) -> dict:
    """The document with the decisions these errors are about left out (decision E15: a decision
    that no longer fits the numbers counts as not made); the other tables are shared, not copied."""
    drop = {(int(m.group(2)), int(m.group(3))) for m in (DECISION_PATH.match(e.path) for e in errors) if m}
    rounds = []
    for r, rnd in enumerate(document.get("rounds", [])):
        tables = [
            {key: value for key, value in table.items() if key != "decided"} if (r, t) in drop else table
            for t, table in enumerate(rnd["tables"])
        ]
        rounds.append({**rnd, "tables": tables})
    return {**document, "rounds": rounds}


def _unscored_rounds(event: Event, data: EventData):
    """Every round's tables as the rows hold them, without the rules' results: what the pages
    show (and the organizer's table buttons work on) while the document is not valid."""
    by_id = data.by_id
    games_per_match = event.games_per_match if event.knockout else 1
    rounds, byes = [], []
    for rnd in data.rounds:
        rows = []
        for k, table in enumerate(data.tables.get(rnd.pk, [])):
            seated = [by_id[pk] for pk in table.seats if pk in by_id]
            if event.partners and len(seated) == 2:
                first, second = (entrant.players for entrant in seated)
                players = (first[0], second[0], first[1], second[1])
            else:
                players = tuple(entrant.name for entrant in seated)
            links = tuple(data.games.get(table.pk, []))
            hands = tuple(len(data.hands.get(link.game_id, [])) for link in links)
            played = len(links) == games_per_match and all(n >= event.hands_per_game for n in hands)
            repeats = ()
            if rnd.repeats and k < len(rnd.repeats):
                repeats = tuple(tuple(pair) for pair in rnd.repeats[k])
            rows.append(
                TableProgress(
                    round_number=rnd.number,
                    number=table.number,
                    table=table,
                    seats=tuple(entrant.name for entrant in seated),
                    players=players,
                    games=links,
                    hands=hands,
                    hands_per_game=event.hands_per_game,
                    games_per_match=games_per_match,
                    complete=table.closed or played,
                    closed=table.closed,
                    locked=table.locked,
                    repeats=repeats,
                )
            )
        rounds.append(tuple(rows))
        byes.append(tuple(by_id[pk].name for pk in rnd.byes if pk in by_id))
    return tuple(rounds), tuple(byes)


PATH_PART = re.compile(r"(rounds|tables|games|hands|entrants)\[(\d+)\]")


def readable_errors(errors) -> list[tuple[str, str]]:
    """Each error as (where, message): the place in words ("Round 2 · Table 1 · Game 1 · Hand 3"),
    in the current language, instead of the document's path; "" where the path names no table."""
    words = {
        "rounds": lambda n: _("Round %(round)s") % {"round": n},
        "tables": lambda n: _("Table %(number)s") % {"number": n},
        "games": lambda n: _("Game %(game)s") % {"game": n},
        "hands": lambda n: _("Hand %(n)s") % {"n": n},
        "entrants": lambda n: _("Entrant %(number)s") % {"number": n},
    }
    shown = []
    for error in errors:
        parts = [words[m.group(1)](int(m.group(2)) + 1) for m in PATH_PART.finditer(error.path)]
        shown.append((" · ".join(parts), error.message))
    return shown


def _standing_row(standing, entrants: list[Entrant], result: EventResult) -> StandingRow:
    shared = sum(1 for s in result.standings if s.place == standing.place) > 1
    knockout = result.event.knockout
    return StandingRow(
        place=standing.place,
        name=result.event.entrants[standing.entrant].name,
        entrant=entrants[standing.entrant],
        points=None if knockout else number(standing.points),
        total=standing.total,
        games=standing.games,
        wins=standing.wins,
        round=standing.round,
        position=standing.position,
        state=standing.state,
        shared=shared,
    )


def _progress(event: Event, data: EventData, rnd: Round, table: EventTable, table_result, result, k: int):
    rnd_result = result.rounds[rnd.number - 1] if rnd.number <= len(result.rounds) else None
    names = result.event.entrants
    seats = tuple(names[e].name for e in table_result.seats)
    players = tuple(result.event.game_players(table_result.seats))
    repeats = ()
    if rnd.repeats and k < len(rnd.repeats):
        repeats = tuple(tuple(pair) for pair in rnd.repeats[k])
    return TableProgress(
        round_number=rnd.number,
        number=table.number,
        table=table,
        seats=seats,
        players=players,
        games=tuple(data.games.get(table.pk, [])),
        hands=table_result.hands,
        hands_per_game=event.hands_per_game,
        games_per_match=event.games_per_match if event.knockout else 1,
        complete=table_result.complete,
        closed=table_result.closed,
        locked=table.locked,
        totals=table_result.totals,
        points=tuple(number(p) for p in table_result.points),
        advancing=tuple(names[e].name for e in table_result.advancing),
        tie_at_cut=tuple(names[e].name for e in table_result.tie_at_cut),
        decided=tuple(names[e].name for e in table_result.decided or ()),
        repeats=repeats,
        final=bool(rnd_result and rnd_result.final),
    )
