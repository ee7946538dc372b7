"""OpenSkill ratings from complete games: pure Python on the engine, no database.

Each complete game is one match of ``PlackettLuce()`` with its default parameters, applied in
order. Each player is a team of one, or each eşli pair a team of two; the rank is the game total
(the team total with partners), lower first, and equal totals tie. ``games`` counts the complete
games a player played, ``wins`` those in which no one at the table (no team) had a lower total.

>>> hand = {"players": [{"opened": "sets", "finished": True}, {"opened": "sets", "remaining": {"points": 40}},
...                     {"opened": "sets", "remaining": {"points": 12}}, {}]}
>>> game = {"ruleset": "loca", "hands_planned": 1, "players": ["Ayşe", "Bora", "Cem", "Deniz"], "hands": [hand]}
>>> table = rate_document({"games": [game, {**game, "hands": []}]})
>>> [(r.player, r.games, r.wins) for r in table.ratings]
[('Ayşe', 1, 1), ('Cem', 1, 0), ('Bora', 1, 0), ('Deniz', 1, 0)]
>>> table.skipped[0].game
1
"""

import gc
import json
import multiprocessing
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from multiprocessing import connection

from openskill.models import PlackettLuce, PlackettLuceRating

from scorer.engine import GameResult, GameTotals, InvalidInput, game_totals, score_game
from scorer.engine.errors import ErrorList, FieldError
from scorer.engine.i18n import _, gettext_noop, numbers_only
from scorer.engine.names import clean_name

FORMAT = 1
DOCUMENT_KEYS = frozenset({"format", "games"})
MSG_NOT_OBJECT = gettext_noop('A ratings file must be a JSON object with a "games" list.')
MSG_GAMES_LIST = gettext_noop("Must be a list of games.")
MSG_PLANNED_REQUIRED = gettext_noop("A rated game must say how many hands it has (hands_planned).")
MSG_INCOMPLETE = gettext_noop("Fewer hands than planned: %(played)d of %(planned)d.")
MSG_UNKNOWN_FIELD = gettext_noop("Unknown field.")
MSG_FORMAT = gettext_noop("Only format 1 is known.")
MSG_NESTED = gettext_noop("Input is nested too deeply.")


@dataclass(frozen=True, slots=True)
class Match:
    """One complete game as a match: its teams (names) and each team's game total."""

    teams: tuple[tuple[str, ...], ...]
    totals: tuple[int, ...]

    @classmethod
    def of(cls, names: tuple[str, ...], game: GameResult | GameTotals) -> "Match":
        """Players alone, or with partners the pairs 1&3 and 2&4 with their team totals."""
        if game.team_totals:
            return cls(((names[0], names[2]), (names[1], names[3])), game.team_totals)
        return cls(tuple((name,) for name in names), game.totals)

    def stored(self) -> dict:
        """As a club keeps it beside the game (``ClubGame.match``): a replay rates it from this."""
        return {"teams": [list(team) for team in self.teams], "totals": list(self.totals)}

    @classmethod
    def from_stored(cls, data: Mapping) -> "Match":
        return cls(tuple(tuple(team) for team in data["teams"]), tuple(data["totals"]))

    @property
    def ranks(self) -> list[int]:
        """1 for the lowest total; equal totals share a rank."""
        order = sorted(set(self.totals))
        return [order.index(total) + 1 for total in self.totals]


@dataclass(frozen=True, slots=True)
class PlayerRating:
    player: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int

    def to_dict(self) -> dict:
        return {
            "player": self.player,
            "mu": self.mu,
            "sigma": self.sigma,
            "ordinal": self.ordinal,
            "games": self.games,
            "wins": self.wins,
        }


@dataclass(frozen=True, slots=True)
class Skipped:
    """A game left out of the ratings (0-based index in the document) and why."""

    game: int
    reason: str

    def to_dict(self) -> dict:
        return {"game": self.game, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class RatingTable:
    ratings: tuple[PlayerRating, ...]
    skipped: tuple[Skipped, ...] = ()

    def to_dict(self) -> dict:
        return {
            "format": FORMAT,
            "ratings": [r.to_dict() for r in self.ratings],
            "skipped": [s.to_dict() for s in self.skipped],
        }


@dataclass(slots=True)
class Ratings:
    """Ratings applied one match at a time, so a club can add a game without replaying the rest."""

    model: PlackettLuce = field(default_factory=PlackettLuce)
    ratings: dict[str, PlackettLuceRating] = field(default_factory=dict)
    games: dict[str, int] = field(default_factory=dict)
    wins: dict[str, int] = field(default_factory=dict)

    def rating(self, name: str) -> PlackettLuceRating:
        if name not in self.ratings:
            self.ratings[name] = self.model.rating(name=name)
            self.games[name] = self.wins[name] = 0
        return self.ratings[name]

    def seed(self, name: str, mu: float, sigma: float, games: int, wins: int) -> None:
        """Start ``name`` from a stored rating (the state after an earlier game)."""
        self.ratings[name] = self.model.rating(mu=mu, sigma=sigma, name=name)
        self.games[name], self.wins[name] = games, wins

    def state(self, names: Iterable[str]) -> dict[str, list]:
        """``{name: [mu, sigma, games, wins]}``: what :meth:`seed` starts from again."""
        return {n: [self.ratings[n].mu, self.ratings[n].sigma, self.games[n], self.wins[n]] for n in names}

    def apply(self, match: Match) -> None:
        teams = [[self.rating(name) for name in team] for team in match.teams]
        rated = self.model.rate(teams, ranks=match.ranks)
        low = min(match.totals)
        for team, new, total in zip(match.teams, rated, match.totals, strict=True):
            for name, rating in zip(team, new, strict=True):
                self.ratings[name] = rating
                self.games[name] += 1
                self.wins[name] += total == low

    def table(self, skipped: Iterable[Skipped] = ()) -> RatingTable:
        """Every player by ordinal, higher first (then by name, so the order is stable)."""
        rows = [
            PlayerRating(name, r.mu, r.sigma, r.ordinal(), self.games[name], self.wins[name])
            for name, r in self.ratings.items()
        ]
        rows.sort(key=lambda row: (-row.ordinal, row.player))
        return RatingTable(tuple(rows), tuple(skipped))


def rate_document(data: object, *, processes: int = 1, text_checked: bool = False) -> RatingTable:
    """Rate ``{"games": [game, ...]}`` in order; raises :class:`InvalidInput` naming paths.

    ``text_checked``: the document holds no lone surrogate (``manage.py rate`` knows it from the
    file's text, :func:`scorer.engine.text.escapes_surrogate`), so no game is written out to look.
    """
    return rate_games(parse_document(data), processes=processes, text_checked=text_checked)


def rate_text(text: str, *, processes: int = 1, text_checked: bool = False) -> RatingTable | None:
    """Rate the JSON text of ``{"games": [...]}`` while it is decoded: the forked processes score
    the first games while this one decodes the rest (the decoding of 20,000 games took as long as
    scoring 4,000). ``None`` when the text is not JSON of that plain form (another key, an escape in
    ``"games"``, an error anywhere): the caller decodes it whole and reports what is wrong."""
    games = _decoded_games(text)
    if games is None:
        return None
    gc.disable()  # while the games are built: the collector would walk them again and again
    try:
        return rate_games(_frozen_when_done(games), processes=processes, text_checked=text_checked)
    except _NotPlain:
        return None
    finally:
        gc.enable()
        gc.unfreeze()


def _frozen_when_done(games: Iterator) -> Iterator:
    yield from games
    gc.freeze()  # every game decoded: later collections skip them
    gc.enable()


_WS = "[ \t\n\r]*"
"""JSON's whitespace, as ``json.loads`` skips it."""
_HEAD = re.compile(_WS + "\\{" + _WS + '"games"' + _WS + ":" + _WS + "\\[" + _WS)
_NEXT = re.compile(_WS + "([,\\]])" + _WS)
_TAIL = re.compile(_WS + "\\}" + _WS + "\\Z")
_decode = json.JSONDecoder().raw_decode


def _decoded_games(text: str) -> Iterator | None:
    """The games of ``{"games": [...]}`` one at a time, each the value ``json.loads`` gives it;
    ``None`` when the text does not start so. Raises :class:`_NotPlain` where the text stops being
    JSON of that form."""
    head = _HEAD.match(text)
    if head is None:
        return None

    def games() -> Iterator:
        at = head.end()
        if text.startswith("]", at):
            at += 1
        else:
            while True:
                try:
                    game, at = _decode(text, at)
                except (ValueError, RecursionError) as exc:
                    raise _NotPlain from exc
                yield game
                after = _NEXT.match(text, at)
                if after is None:
                    raise _NotPlain
                at = after.end()
                if after[1] == "]":
                    break
        if _TAIL.match(text, at) is None:
            raise _NotPlain

    return games()


class _NotPlain(Exception):
    """The text is not valid JSON of the form ``{"games": [...]}`` after all."""


Outcome = tuple["Match | Skipped | None", list[FieldError]]
"""A game's match (or why it is skipped), or ``None`` with its errors."""

PARALLEL_FROM = 2_000
"""From this many games, and with ``processes`` above 1, the scoring is shared among forked
processes that keep the active language, each given a slice of the games as they arrive; this
process rates each slice's matches, in order, as it comes back. Only a command asks for it
(``manage.py rate``): a server's worker never forks."""
CHUNK = 500
"""The smallest slice a process is given (the last ones, so that the processes end together)."""
ARRIVING_SLICE = 2_500
"""The largest slice given while the games are still being decoded."""

_shared: list = []
"""The games the forked processes score: they inherit the list and are told only where a slice
of it starts and stops. Sending the games themselves (pickled, 80 MB for 20,000 games) cost the
parent most of what the second core saved (bench/club.py)."""


def rate_games(raw_games: Iterable, *, processes: int = 1, text_checked: bool = False) -> RatingTable:
    """Rate games in order (see :func:`rate_document`), as ``raw_games`` yields them: a list, or
    the games of a file while it is decoded (:func:`rate_text`)."""
    tally = _Tally()
    if processes < 2 or "fork" not in multiprocessing.get_all_start_methods():
        for i, raw in enumerate(raw_games):
            tally.add(*_outcome(i, raw, text_checked))
        return tally.table()
    global _shared
    _shared = arrived = []
    forks = _Forks(processes, text_checked, tally)
    try:
        for raw in raw_games:
            arrived.append(raw)
            if len(arrived) >= PARALLEL_FROM and len(arrived) % CHUNK == 0:
                forks.share(len(arrived), arriving=True)
        if len(arrived) < PARALLEL_FROM:  # too few to share
            for i, raw in enumerate(arrived):
                tally.add(*_outcome(i, raw, text_checked))
        else:
            forks.finish(len(arrived))
    finally:
        forks.close()
        _shared = []
    return tally.table()


@dataclass(slots=True)
class _Tally:
    """The ratings of the outcomes added in order, and every game's errors."""

    errors: ErrorList = field(default_factory=ErrorList)
    ratings: Ratings = field(default_factory=Ratings)
    skipped: list[Skipped] = field(default_factory=list)

    def add(self, outcome: "Match | Skipped | None", game_errors: list[FieldError]) -> None:
        # Each game is kept only as its match, rated as it comes: never its itemised result.
        if game_errors:
            self.errors.extend(game_errors)
        elif self.errors:
            return  # the document is refused: only its other errors matter now
        elif isinstance(outcome, Match):
            self.ratings.apply(outcome)
        else:
            self.skipped.append(outcome)

    def table(self) -> RatingTable:
        self.errors.raise_if_any()
        return self.ratings.table(self.skipped)


class _Forks:
    """Slices of ``_shared`` scored by forked processes, at most ``processes`` at a time (one less
    while the games are still arriving: this process decodes them), their outcomes added to the
    tally in order as they come back."""

    def __init__(self, processes: int, text_checked: bool, tally: _Tally) -> None:
        self.processes, self.text_checked, self.tally = processes, text_checked, tally
        self.context = multiprocessing.get_context("fork")
        self.running: dict[object, tuple[int, multiprocessing.Process]] = {}  # connection: (start, process)
        self.done: dict[int, list[Outcome]] = {}
        self.assigned = self.added = 0
        # Frozen, the games are never walked by a child's garbage collector, which would copy every
        # page it touched. A caller that froze them already (manage.py rate) keeps them frozen.
        self.thaw = gc.get_freeze_count() == 0

    def share(self, count: int, *, arriving: bool) -> None:
        """Collect what has come back, then give the games up to ``count`` to free processes."""
        self.collect(block=False)
        slots = self.processes - 1 if arriving else self.processes
        while len(self.running) < slots and self.assigned < count:
            left = count - self.assigned
            if arriving:
                size = min(left, ARRIVING_SLICE)
            else:  # smaller and smaller, so that the last processes end together
                size = min(left, max(CHUNK, left // (2 * self.processes)))
            self.fork(self.assigned + size)

    def finish(self, count: int) -> None:
        while self.assigned < count or self.running:
            self.share(count, arriving=False)
            self.collect(block=True)

    def fork(self, stop: int) -> None:
        receive, send = self.context.Pipe(duplex=False)
        bounds = (self.assigned, stop, self.text_checked)
        process = self.context.Process(target=_send_slice, args=(bounds, send), daemon=True)
        gc.freeze()
        process.start()
        send.close()
        self.running[receive] = (self.assigned, process)
        self.assigned = stop

    def collect(self, *, block: bool) -> None:
        if not self.running:
            return
        for receive in connection.wait(list(self.running), timeout=None if block else 0):
            start, process = self.running.pop(receive)
            self.done[start] = receive.recv()
            receive.close()
            process.join()
        while self.added in self.done:
            outcomes = self.done.pop(self.added)
            for outcome in outcomes:
                self.tally.add(*outcome)
            self.added += len(outcomes)

    def close(self) -> None:
        """End what still runs (only when this process failed while they did)."""
        for receive, (_start, process) in self.running.items():
            process.terminate()
            process.join()
            receive.close()
        self.running.clear()
        if self.thaw:
            gc.unfreeze()


def _send_slice(bounds: tuple[int, int, bool], send) -> None:
    send.send(_slice_outcomes(bounds))
    send.close()


def available_cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _slice_outcomes(bounds: tuple[int, int, bool]) -> list[Outcome]:
    """In a forked process: the outcomes of the inherited games from ``start`` to ``stop``."""
    start, stop, text_checked = bounds
    return [_outcome(i, _shared[i], text_checked) for i in range(start, stop)]


def _outcome(i: int, raw: object, text_checked: bool) -> Outcome:
    errors = ErrorList()
    scored = score_one(raw, f"games[{i}]", errors, text_checked=text_checked)
    if scored is None:
        return None, list(errors)
    names, game = scored
    if game.complete:
        return Match.of(names, game), []
    reason = _(MSG_INCOMPLETE) % {"played": game.hands_played, "planned": game.hands_planned}
    return Skipped(i, reason), []


def parse_document(data: object) -> list:
    errors = ErrorList()
    if not isinstance(data, Mapping) or "games" not in data:
        errors.add("", _(MSG_NOT_OBJECT))
        errors.raise_if_any()
    for key in data:
        if key not in DOCUMENT_KEYS:
            errors.add(str(key), _(MSG_UNKNOWN_FIELD))
    if data.get("format", FORMAT) != FORMAT:
        errors.add("format", _(MSG_FORMAT))
    if not isinstance(data["games"], list):
        errors.add("games", _(MSG_GAMES_LIST))
    errors.raise_if_any()
    return data["games"]


def score_one(
    raw: object, path: str, errors: ErrorList, *, text_checked: bool = False
) -> tuple[tuple[str, ...], GameTotals] | None:
    """The game's names and result, or ``None`` with its errors added under ``path``."""
    if isinstance(raw, Mapping) and raw.get("hands_planned") is None:
        errors.add(f"{path}.hands_planned", _(MSG_PLANNED_REQUIRED))
        return None
    try:
        game = score_totals(raw, text_checked=text_checked)
    except InvalidInput:
        try:
            score_game(raw)  # once more, for the errors in the active language
        except InvalidInput as exc:
            errors.extend(FieldError(f"{path}.{e.path}" if e.path else path, e.message) for e in exc.errors)
        return None
    except RecursionError:
        errors.add(path, _(MSG_NESTED))
        return None
    return game.names, game


def score_totals(raw: object, *, text_checked: bool = False) -> GameTotals:
    """The game validated and scored for its numbers: ratings read totals only, so no line is
    itemised and no label translated (:func:`scorer.engine.game_totals`)."""
    with numbers_only():
        return game_totals(raw, text_checked=text_checked)


def game_names(raw: Mapping) -> tuple[str, ...]:
    """The names as the engine keeps them (cleaned, as the engine compares them)."""
    return tuple(clean_name(name) for name in raw["players"])
