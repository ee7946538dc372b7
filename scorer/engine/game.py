"""A game: validated hands in a row, totals (team totals with partners) and winners (SCORING_SPEC §8)."""

from collections.abc import Mapping
from typing import NamedTuple

from .errors import ErrorList
from .fields import unknown_fields
from .house import parse_ruleset
from .i18n import _
from .inputs import HandInput
from .namecheck import check_name, check_text, check_unique_names
from .names import clean_name
from .parse import _parse_hand, check_player_count
from .results import GameResult
from .rulesets import RuleSet
from .scoring import score_input

GAME_KEYS = frozenset({"format", "ruleset", "options", "hands_planned", "players", "hands"})


def winners_of(totals: tuple[int, ...]) -> tuple[int, ...]:
    """Lowest total wins; all tied at the lowest win together; everyone equal: nobody wins (D14)."""
    if not totals or len(set(totals)) == 1:
        return ()
    low = min(totals)
    return tuple(i for i, total in enumerate(totals) if total == low)


class ParsedGame(NamedTuple):
    """A game validated: its cleaned names, full options, planned hand count and validated hands."""

    names: list[str]
    options: dict
    hands_planned: int | None
    hands: list[HandInput]
    ruleset: RuleSet | None = None
    """Its rule set (a house's, or a published one)."""


def parse_game(data: object, *, text_checked: bool = False) -> ParsedGame:
    """Validate a whole game given as decoded JSON; raises :class:`InvalidInput` naming every bad field.

    ``text_checked``: the caller knows the game holds no lone surrogate (:func:`text.escapes_surrogate`
    found no escape of one in the JSON text it was decoded from), so it is not written out to look.
    """
    errors = ErrorList()
    if not isinstance(data, Mapping):
        errors.add("", _("A game must be a JSON object."))
        errors.raise_if_any()
    if not text_checked:
        check_text(data, errors)
    if not GAME_KEYS.issuperset(data):
        unknown_fields(data, GAME_KEYS, "", errors)
    ruleset, options = parse_ruleset(data, errors)
    names = parse_names(data.get("players"), bool(options.get("partners")), errors)
    planned = parse_planned(data.get("hands_planned"), ruleset, errors)
    raw_hands = data.get("hands", [])
    if not isinstance(raw_hands, list):
        errors.add("hands", _("Must be a list of hands."))
    elif planned is not None and len(raw_hands) > planned:
        errors.add("hands", _("The game has more hands than planned."))
    errors.raise_if_any()
    hands = []
    for k, raw in enumerate(raw_hands):
        hands.append(
            _parse_hand(raw, errors, names=names, ruleset=ruleset, options=options, prefix=f"hands[{k}].")
        )
    errors.raise_if_any()
    return ParsedGame(names, options, planned, hands, ruleset)


def score_game_data(data: object) -> GameResult:
    game = parse_game(data)
    count = len(game.names)
    results = tuple(score_input(hand) for hand in game.hands)
    totals = tuple(sum(r.players[i].total for r in results) for i in range(count))
    team_totals = (
        tuple(sum(r.teams[t].total for r in results) for t in (0, 1)) if game.options.get("partners") else ()
    )
    planned = game.hands_planned
    ruleset, house = game.ruleset.id, game.ruleset.house
    result = GameResult(results, totals, team_totals, (), planned, ruleset, house)
    if result.complete:
        winners = winners_of(team_totals or totals)
        result = GameResult(results, totals, team_totals, winners, planned, ruleset, house)
    return result


def parse_names(raw: object, partners: bool, errors: ErrorList) -> list[str]:
    if not check_player_count(raw, partners, "players", errors):
        return []
    paths = [f"players[{i}]" for i in range(len(raw))]
    valid = [check_name(name, path, errors) for name, path in zip(raw, paths, strict=True)]
    if not all(valid):
        return []
    names = [clean_name(name) for name in raw]
    check_unique_names(names, paths, errors)
    return names


def parse_planned(raw: object, ruleset, errors: ErrorList) -> int | None:
    if raw is None or ruleset is None:
        return None
    if type(raw) is not int or raw not in ruleset.hand_counts:
        counts = ", ".join(str(n) for n in ruleset.hand_counts)
        errors.add("hands_planned", _("This rule set plays games of {counts} hands.").format(counts=counts))
        return None
    return raw
