"""Services: the one place views and commands call to score or store (Django-Styleguide style).

Writes are atomic and validate through the engine first: nothing invalid is ever stored.
"""

from collections.abc import Mapping

from django.db import transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scorer.engine import HandResult, InvalidInput, get_ruleset, score_game, score_hand, score_input
from scorer.engine.errors import FieldError
from scorer.engine.parse import parse_hand
from scorer.models import Game, Hand

MSG_GAME_COMPLETE = gettext_noop("All planned hands have been played.")
MSG_NESTED = gettext_noop("Input is nested too deeply.")


def is_game(data: object) -> bool:
    """A game document has a ``hands`` list; a hand document has player states."""
    return isinstance(data, Mapping) and "hands" in data


def score_document(data: object) -> tuple[bool, dict]:
    """Score a hand or a game document: ``(True, result)`` or ``(False, {"errors": [...]})``."""
    try:
        result = score_game(data) if is_game(data) else score_hand(data)
    except InvalidInput as exc:
        return False, exc.to_dict()
    except RecursionError:
        return False, InvalidInput([FieldError("", _(MSG_NESTED))]).to_dict()
    return True, result.to_dict()


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


def game_create(
    *, ruleset: str, options: dict, players: list[str], hands_planned: int, first_dealer: int = 0
) -> tuple[Game, str]:
    """Create a table; returns it and its edit link's secret (derived, never stored: scorer/editlink.py)."""
    document = {
        "ruleset": ruleset,
        "options": options,
        "players": players,
        "hands_planned": hands_planned,
        "hands": [],
    }
    score_game(document)  # validates rule set, options, names and planned hands
    if not 0 <= first_dealer < len(players):
        raise InvalidInput([FieldError("first_dealer", _("Choose one of the players."))])
    game = Game.objects.create(
        ruleset=ruleset,
        options=get_ruleset(ruleset).normalize_options(options),
        players=[name.strip() for name in players],
        hands_planned=hands_planned,
        first_dealer=first_dealer,
    )
    return game, game.link_secret


def hand_score(*, game: Game, data: object) -> HandResult:
    """Validate and score one hand of this table (the live preview); raises InvalidInput."""
    ruleset = get_ruleset(game.ruleset)
    options = ruleset.normalize_options(game.options)
    return score_input(parse_hand(data, names=game.players, ruleset=ruleset, options=options))


def hand_validate(*, game: Game, data: object) -> dict:
    """Validate one hand of this table; returns the data to store, raises InvalidInput."""
    hand_score(game=game, data=data)
    return {key: value for key, value in data.items() if key in ("players", "indicator")}


def _touch(game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1, updated_at=timezone.now())
    game.refresh_from_db(fields=["version", "updated_at"])


def _ensure_room(game: Game) -> None:
    if game.hands.live().count() >= game.hands_planned:
        raise InvalidInput([FieldError("", _(MSG_GAME_COMPLETE))])


@transaction.atomic
def hand_record(*, game: Game, data: object) -> Hand:
    Game.objects.select_for_update().filter(pk=game.pk).first()  # one writer per table at a time
    stored = hand_validate(game=game, data=data)
    _ensure_room(game)
    last = game.hands.aggregate(last=Max("position"))["last"] or 0
    hand = Hand.objects.create(game=game, position=last + 1, data=stored)
    _touch(game)
    return hand


@transaction.atomic
def hand_update(*, hand: Hand, data: object) -> Hand:
    stored = hand_validate(game=hand.game, data=data)
    hand.data = stored
    hand.updated_at = timezone.now()
    hand.save(update_fields=["data", "updated_at"])
    _touch(hand.game)
    return hand


@transaction.atomic
def hand_delete(*, hand: Hand) -> Hand:
    hand.deleted_at = timezone.now()
    hand.save(update_fields=["deleted_at"])
    _touch(hand.game)
    return hand


@transaction.atomic
def hand_restore(*, hand: Hand) -> Hand:
    Game.objects.select_for_update().filter(pk=hand.game_id).first()
    _ensure_room(hand.game)
    hand.deleted_at = None
    hand.save(update_fields=["deleted_at"])
    _touch(hand.game)
    return hand
