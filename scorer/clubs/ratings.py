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
import multiprocessing
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

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


PARALLEL_FROM = 2_000
"""From this many games, and with ``processes`` above 1, the scoring is shared among forked
processes that keep the active language; this process rates each slice's matches, in order, as
it comes back, while they score the next ones. Only a command asks for it (``manage.py rate``):
a server's worker never forks."""
CHUNK = 500

_shared: list = []
"""The games the forked processes score: they inherit the list and are sent only where a slice
of it starts and stops. Sending the games themselves (pickled, 80 MB for 20,000 games) cost the
parent most of what the second core saved (bench/club.py)."""


def rate_games(raw_games: list, *, processes: int = 1, text_checked: bool = False) -> RatingTable:
    """Rate a list of games in order (see :func:`rate_document`)."""
    errors = ErrorList()
    ratings = Ratings()
    skipped: list[Skipped] = []
    # Each game is kept only as its match, rated as it comes: never its itemised result.
    for outcome, game_errors in _scored(raw_games, processes, text_checked):
        if game_errors:
            errors.extend(game_errors)
        elif errors:
            continue  # the document is refused: only its other errors matter now
        elif isinstance(outcome, Match):
            ratings.apply(outcome)
        else:
            skipped.append(outcome)
    errors.raise_if_any()
    return ratings.table(skipped)


def available_cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


Outcome = tuple["Match | Skipped | None", list[FieldError]]


def _scored(raw_games: list, processes: int, text_checked: bool) -> Iterator[Outcome]:
    """Each game's outcome and errors, in order."""
    if (
        len(raw_games) < PARALLEL_FROM
        or processes < 2
        or "fork" not in multiprocessing.get_all_start_methods()
    ):
        yield from (_outcome(i, raw, text_checked) for i, raw in enumerate(raw_games))
        return
    global _shared
    _shared = raw_games
    count = len(raw_games)
    slices = [(start, min(start + CHUNK, count), text_checked) for start in range(0, count, CHUNK)]
    # Frozen, the games are never walked by a child's garbage collector, which would copy every
    # page it touched. A caller that froze them already (manage.py rate) keeps them frozen.
    thaw = gc.get_freeze_count() == 0
    gc.freeze()
    try:
        with multiprocessing.get_context("fork").Pool(processes) as pool:
            for part in pool.imap(_slice_outcomes, slices, chunksize=1):
                yield from part
    finally:
        _shared = []
        if thaw:
            gc.unfreeze()


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
