"""The event document (EVENT_FORMAT.md), already decoded → a validated :class:`~.model.Event`.

Every problem is collected with its path (``rounds[0].tables[1].seats[2]``) and raised together
as :class:`~scorer.engine.InvalidInput`, like the engine does for hands. The checks that need
results (a round after an incomplete one, who advanced) are made by :mod:`.evaluate`.
"""

import datetime
from collections.abc import Mapping

from scorer.engine import GameResult, InvalidInput, score_game
from scorer.engine.errors import ErrorList
from scorer.engine.fields import is_int, unknown_fields
from scorer.engine.house import parse_ruleset
from scorer.engine.i18n import _
from scorer.engine.namecheck import check_text, name_problem
from scorer.engine.names import clean_name, name_key
from scorer.engine.text import nul_path

from .model import Entrant, Event, Format, Kind, Round, Table

EVENT_KEYS = frozenset(
    {
        "name",
        "date",
        "ruleset",
        "options",
        "hands_per_game",
        "entrants",
        "format",
        "seed",
        "rounds",
        "withdrawn",
    }
)
TEAM_KEYS = frozenset({"name", "players"})
FORMAT_KEYS = {
    Kind.POINTS: frozenset({"kind", "rounds", "placement_points"}),
    Kind.KNOCKOUT: frozenset({"kind", "advance", "games_per_match"}),
}
ROUND_KEYS = frozenset({"tables"})
TABLE_KEYS = frozenset({"seats", "games", "decided", "closed"})
GAME_KEYS = frozenset({"format", "ruleset", "options", "hands_planned", "players", "hands"})

MAX_EVENT_NAME = 80
MAX_ENTRANTS = 256
MAX_ROUNDS = 20
MAX_GAMES_PER_MATCH = 7
MAX_PLACEMENT_POINTS = 1000
MAX_SEED = 2**63 - 1
INDIVIDUAL_DEFAULTS = {"placement_points": (3, 2, 1, 0), "advance": 2}
TEAM_DEFAULTS = {"placement_points": (2, 0), "advance": 1}
TABLE_SIZES = {False: (3, 4), True: (2,)}
"""Entrants at a table: individuals 4, or 3 (every rule set plays with three); teams 2."""


def parse_event(data: object, *, known: Mapping[str, GameResult] | None = None) -> Event:
    """Validate the document's shape, entrants, format and every game; raises InvalidInput.

    ``known``: games already scored, by their path (``rounds[0].tables[2].games[0]``), whose hands
    are not scored again (the web app keeps each table's totals as its hands are saved)."""
    errors = ErrorList()
    check_text(data, errors)  # text no answer could hold (a lone surrogate), before anything else
    check_nul(data, errors)
    if not isinstance(data, Mapping):
        errors.add("", _("An event must be a JSON object."))
        errors.raise_if_any()
    if not EVENT_KEYS.issuperset(data):
        unknown_fields(data, EVENT_KEYS, "", errors)
    name = parse_event_name(data.get("name"), errors)
    date = parse_date(data.get("date"), errors)
    ruleset, options = parse_ruleset(data, errors)
    hands = parse_hands_per_game(data.get("hands_per_game"), ruleset, errors)
    partners = bool(options.get("partners"))
    entrants = parse_entrants(data.get("entrants"), partners, errors)
    event_format = parse_format(data.get("format"), partners, errors)
    seed = data.get("seed")
    if not is_int(seed, -MAX_SEED - 1, MAX_SEED):
        errors.add("seed", _("The seed must be a whole number (64 bits at most)."))
    keys = {name_key(entrant.name): index for index, entrant in enumerate(entrants)}
    withdrawn = parse_withdrawn(data.get("withdrawn", []), keys, errors)
    if errors:  # the rounds are read against a valid event only
        raise InvalidInput(errors)
    head = (name, date, ruleset.id, options, hands, entrants, event_format, seed)
    event = Event(*head, (), withdrawn, ruleset.house)
    rounds = parse_rounds(data.get("rounds", []), event, keys, errors, known or {})
    errors.raise_if_any()
    return Event(*head, rounds, withdrawn, ruleset.house)


def check_nul(data: object, errors: ErrorList) -> None:
    """U+0000 in any text: PostgreSQL cannot store it and the pages would print it raw."""
    path = nul_path(data)
    if path is not None:
        errors.add(path, _("Text cannot hold the NUL character (U+0000)."))
        errors.raise_if_any()


def parse_event_name(raw: object, errors: ErrorList) -> str:
    name = clean_name(raw) if isinstance(raw, str) else ""
    if not name:
        errors.add("name", _("The event needs a name."))
    elif len(name) > MAX_EVENT_NAME:
        errors.add("name", _("An event name can be at most 80 characters."))
    return name


def parse_date(raw: object, errors: ErrorList) -> str | None:
    if raw is None:
        return None
    if isinstance(raw, str) and len(raw) == 10 and _is_date(raw):
        return raw
    errors.add("date", _("The date must be written YYYY-MM-DD."))
    return None


def _is_date(text: str) -> bool:
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def parse_hands_per_game(raw: object, ruleset, errors: ErrorList) -> int:
    if ruleset is None:
        return 0
    if type(raw) is not int or raw not in ruleset.hand_counts:
        counts = ", ".join(str(n) for n in ruleset.hand_counts)
        errors.add("hands_per_game", _("This rule set plays games of {counts} hands.").format(counts=counts))
        return 0
    return raw


def parse_entrants(raw: object, partners: bool, errors: ErrorList) -> tuple[Entrant, ...]:
    least = 2 if partners else 3
    if not isinstance(raw, list) or not least <= len(raw) <= MAX_ENTRANTS:
        message = (
            _("An eşli event needs 2 to 256 teams.") if partners else _("An event needs 3 to 256 entrants.")
        )
        errors.add("entrants", message)
        return ()
    before = len(errors)
    entrants = [
        parse_team(item, f"entrants[{i}]", errors)
        if partners
        else parse_individual(item, f"entrants[{i}]", errors)
        for i, item in enumerate(raw)
    ]
    if len(errors) > before:
        return ()
    check_unique(
        [
            (entrant.name, f"entrants[{i}]" + (".name" if partners else ""))
            for i, entrant in enumerate(entrants)
        ],
        _("Two entrants cannot have the same name."),
        errors,
    )
    if partners:
        players = [
            (p, f"entrants[{i}].players[{j}]")
            for i, e in enumerate(entrants)
            for j, p in enumerate(e.players)
        ]
        check_unique(players, _("A player can play in one team only."), errors)
    return tuple(entrants)


def check_unique(named: list[tuple[str, str]], message: str, errors: ErrorList) -> None:
    seen: set[str] = set()
    for name, path in named:
        key = name_key(name)
        if key in seen:
            errors.add(path, message)
        seen.add(key)


def checked_name(raw: object, path: str, errors: ErrorList) -> str:
    problem = name_problem(raw)
    if problem is not None:
        errors.add(path, problem)
        return ""
    return clean_name(raw)


def parse_individual(raw: object, path: str, errors: ErrorList) -> Entrant:
    name = checked_name(raw, path, errors)
    return Entrant(name, (name,))


def parse_team(raw: object, path: str, errors: ErrorList) -> Entrant:
    if not isinstance(raw, Mapping):
        errors.add(path, _('A team is an object: {"name": …, "players": [two names]}.'))
        return Entrant("", ())
    if not TEAM_KEYS.issuperset(raw):
        unknown_fields(raw, TEAM_KEYS, path, errors)
    name = checked_name(raw.get("name"), f"{path}.name", errors)
    players = raw.get("players")
    if not isinstance(players, list) or len(players) != 2:
        errors.add(f"{path}.players", _("A team has exactly 2 players."))
        return Entrant(name, ())
    names = tuple(checked_name(p, f"{path}.players[{j}]", errors) for j, p in enumerate(players))
    return Entrant(name, names)


def parse_format(raw: object, partners: bool, errors: ErrorList) -> Format:
    defaults = TEAM_DEFAULTS if partners else INDIVIDUAL_DEFAULTS
    fallback = Format(Kind.POINTS, 1, defaults["placement_points"], defaults["advance"], 1)
    kind = raw.get("kind") if isinstance(raw, Mapping) else None
    if kind not in (Kind.POINTS, Kind.KNOCKOUT):
        errors.add(
            "format.kind" if isinstance(raw, Mapping) else "format",
            _("The format kind is points or knockout."),
        )
        return fallback
    kind = Kind(kind)
    if not FORMAT_KEYS[kind].issuperset(raw):
        unknown_fields(raw, FORMAT_KEYS[kind], "format", errors)
    if kind is Kind.POINTS:
        rounds = raw.get("rounds")
        if not is_int(rounds, 1, MAX_ROUNDS):
            errors.add("format.rounds", _("A points event plays 1 to 20 rounds."))
        points = parse_placement_points(
            raw.get("placement_points", list(defaults["placement_points"])), errors
        )
        return Format(kind, rounds if is_int(rounds, 1, MAX_ROUNDS) else 1, points, 0, 1)
    advance = raw.get("advance", defaults["advance"])
    most = 1 if partners else 3
    if not is_int(advance, 1, most):
        message = (
            _("At a table of two teams 1 team advances.")
            if partners
            else _("1 to 3 players of a table advance.")
        )
        errors.add("format.advance", message)
        advance = defaults["advance"]
    games = raw.get("games_per_match", 1)
    if not is_int(games, 1, MAX_GAMES_PER_MATCH):
        errors.add("format.games_per_match", _("A match is 1 to 7 games."))
        games = 1
    return Format(kind, None, (), advance, games)


def parse_placement_points(raw: object, errors: ErrorList) -> tuple[int, ...]:
    path = "format.placement_points"
    if not isinstance(raw, list) or not raw or not all(is_int(p, 0, MAX_PLACEMENT_POINTS) for p in raw):
        errors.add(path, _("Placement points are a list of whole numbers from 0 to 1000, first place first."))
        return ()
    if any(later > earlier for earlier, later in zip(raw, raw[1:], strict=False)):
        errors.add(path, _("A place cannot give more points than the place before it."))
    return tuple(raw)


def parse_withdrawn(raw: object, keys: dict[str, int], errors: ErrorList) -> frozenset[int]:
    if not isinstance(raw, list):
        errors.add("withdrawn", _("Must be a list of entrant names."))
        return frozenset()
    found: set[int] = set()
    for i, name in enumerate(raw):
        index = keys.get(name_key(name)) if isinstance(name, str) else None
        if index is None:
            errors.add(f"withdrawn[{i}]", _("Not an entrant of this event."))
        elif index in found:
            errors.add(f"withdrawn[{i}]", _("This entrant is already listed."))
        else:
            found.add(index)
    return frozenset(found)


# --- rounds, tables, games ------------------------------------------------------------------


def parse_rounds(
    raw: object, event: Event, keys: dict[str, int], errors: ErrorList, known: Mapping[str, GameResult]
) -> tuple[Round, ...]:
    if not isinstance(raw, list):
        errors.add("rounds", _("Must be a list of rounds."))
        return ()
    planned = event.format.rounds
    if planned is not None and len(raw) > planned:
        errors.add(f"rounds[{planned}]", _("The event plays {n} rounds.").format(n=planned))
    return tuple(parse_round(item, f"rounds[{r}]", event, keys, errors, known) for r, item in enumerate(raw))


def parse_round(
    raw: object, path: str, event: Event, keys: dict[str, int], errors: ErrorList, known: Mapping
) -> Round:
    if not isinstance(raw, Mapping):
        errors.add(path, _("A round is an object with its tables."))
        return Round(())
    if not ROUND_KEYS.issuperset(raw):
        unknown_fields(raw, ROUND_KEYS, path, errors)
    tables = raw.get("tables")
    if not isinstance(tables, list) or not tables:
        errors.add(f"{path}.tables", _("A round has at least one table."))
        return Round(())
    seen: set[int] = set()
    return Round(
        tuple(
            parse_table(item, f"{path}.tables[{t}]", event, keys, seen, errors, known)
            for t, item in enumerate(tables)
        )
    )


def parse_table(
    raw, path: str, event: Event, keys: dict[str, int], seen: set[int], errors: ErrorList, known: Mapping
) -> Table:
    if not isinstance(raw, Mapping):
        errors.add(path, _("A table is an object with its seats and games."))
        return Table((), ())
    if not TABLE_KEYS.issuperset(raw):
        unknown_fields(raw, TABLE_KEYS, path, errors)
    seats = parse_seats(raw.get("seats"), f"{path}.seats", event, keys, seen, errors)
    closed = raw.get("closed", False)
    if not isinstance(closed, bool):
        errors.add(f"{path}.closed", _("Must be true or false."))
    decided = parse_decided(raw.get("decided"), f"{path}.decided", seats, keys, errors)
    given = raw.get("seats")
    if not seats or not isinstance(given, list) or len(seats) != len(given):
        return Table((), (), decided, closed is True)
    games = parse_games(raw.get("games", []), f"{path}.games", event, seats, errors, known)
    return Table(seats, games, decided, closed is True)


def parse_seats(raw, path: str, event: Event, keys: dict[str, int], seen: set[int], errors: ErrorList):
    sizes = TABLE_SIZES[event.partners]
    if not isinstance(raw, list) or len(raw) not in sizes:
        message = _("A table seats 2 teams.") if event.partners else _("A table seats 4 players, or 3.")
        errors.add(path, message)
        return ()
    seats = []
    for k, name in enumerate(raw):
        index = keys.get(name_key(name)) if isinstance(name, str) else None
        if index is None:
            errors.add(f"{path}[{k}]", _("Not an entrant of this event."))
        elif index in seen:
            errors.add(f"{path}[{k}]", _("This entrant is already seated in this round."))
        else:
            seen.add(index)
            seats.append(index)
    return tuple(seats)


def parse_decided(raw, path: str, seats: tuple[int, ...], keys: dict[str, int], errors: ErrorList):
    if raw is None:
        return None
    if not isinstance(raw, list) or not raw:
        errors.add(path, _("Must be a list of the entrants sent on."))
        return None
    decided = []
    for k, name in enumerate(raw):
        index = keys.get(name_key(name)) if isinstance(name, str) else None
        if index is None or index not in seats:
            errors.add(f"{path}[{k}]", _("Not seated at this table."))
        elif index in decided:
            errors.add(f"{path}[{k}]", _("This entrant is already listed."))
        else:
            decided.append(index)
    return tuple(decided)


def parse_games(raw, path: str, event: Event, seats: tuple[int, ...], errors: ErrorList, known: Mapping):
    most = event.format.games_per_match
    if not isinstance(raw, list):
        errors.add(path, _("Must be a list of games."))
        return ()
    if len(raw) > most:
        errors.add(
            path,
            _("A table plays {n} games in a round.").format(n=most)
            if most > 1
            else _("A table plays 1 game in a round."),
        )
        return ()
    games = []
    for g, item in enumerate(raw):
        game = parse_game(item, f"{path}[{g}]", event, seats, errors, known.get(f"{path}[{g}]"))
        if game is None:
            continue
        if games and not games[-1].complete:
            errors.add(f"{path}[{g}]", _("A game starts only after the one before it is complete."))
        games.append(game)
    return tuple(games)


def parse_game(
    raw, path: str, event: Event, seats: tuple[int, ...], errors: ErrorList, known: GameResult | None = None
) -> GameResult | None:
    """Score one game of a table with the event's rule set, options, hands and the seats' players
    (``known``: its result, already scored)."""
    if not isinstance(raw, Mapping):
        errors.add(path, _("A game must be a JSON object."))
        return None
    if not GAME_KEYS.issuperset(raw):
        unknown_fields(raw, GAME_KEYS, path, errors)
        return None
    players = event.game_players(seats)
    if not matches_event(raw, path, event, players, errors):
        return None
    hands = raw.get("hands", [])
    if isinstance(hands, list) and len(hands) > event.hands_per_game:
        errors.add(f"{path}.hands", _("A game has {n} hands in this event.").format(n=event.hands_per_game))
        return None
    if known is not None and isinstance(hands, list) and known.hands_played == len(hands):
        return known
    document = {
        "ruleset": event.ruleset_document,
        "options": dict(event.options),
        "hands_planned": event.hands_per_game,
        "players": players,
        "hands": hands,
    }
    try:
        return score_game(document)
    except InvalidInput as exc:
        for error in exc.errors:
            errors.add(f"{path}.{error.path}" if error.path else path, error.message)
        return None


def matches_event(raw: Mapping, path: str, event: Event, players: list[str], errors: ErrorList) -> bool:
    """A game may repeat its event's rule set, options, hands and players; if it does, they agree."""
    before = len(errors)
    if "ruleset" in raw and raw["ruleset"] != event.ruleset_document:
        errors.add(f"{path}.ruleset", _("Every table plays the event's rule set."))
    if "options" in raw:
        scratch = ErrorList()
        document = {"ruleset": event.ruleset_document, "options": raw["options"]}
        _ruleset, options = parse_ruleset(document, scratch)
        if scratch or options != dict(event.options):
            errors.add(f"{path}.options", _("Every table plays with the event's options."))
    if "hands_planned" in raw and raw["hands_planned"] != event.hands_per_game:
        errors.add(
            f"{path}.hands_planned", _("A game has {n} hands in this event.").format(n=event.hands_per_game)
        )
    given = raw.get("players")
    if given is not None and (
        not isinstance(given, list)
        or len(given) != len(players)
        or any(
            not isinstance(a, str) or name_key(a) != name_key(b) for a, b in zip(given, players, strict=False)
        )
    ):
        errors.add(f"{path}.players", _("The players are the table's seats, in turn order."))
    return len(errors) == before
