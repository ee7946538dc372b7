"""Services: the one place views and commands call to score or store (Django-Styleguide style).

Writes are atomic and validate through the engine first: nothing invalid is ever stored.
"""

import secrets
from collections.abc import Mapping

from django.db import IntegrityError, transaction
from django.db.models import F, Max
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scorer.engine import HandResult, InvalidInput, get_ruleset, score_game, score_hand, score_input
from scorer.engine.errors import FieldError
from scorer.engine.parse import parse_hand
from scorer.models import Game, Hand, hash_secret

MSG_GAME_COMPLETE = gettext_noop("All planned hands have been played.")
MSG_NESTED = gettext_noop("Input is nested too deeply.")
MSG_NOT_OVER = gettext_noop("A rematch can start once every planned hand of this game has been played.")


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
    *,
    ruleset: str,
    options: dict,
    players: list[str],
    hands_planned: int,
    first_dealer: int = 0,
    rematch_of: Game | None = None,
) -> tuple[Game, str]:
    """Create a table; returns it and its edit secret (only its hash is stored)."""
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
    secret = secrets.token_urlsafe(24)
    game = Game.objects.create(
        ruleset=ruleset,
        options=get_ruleset(ruleset).normalize_options(options),
        players=[name.strip() for name in players],
        hands_planned=hands_planned,
        first_dealer=first_dealer,
        edit_secret_hash=hash_secret(secret),
        rematch_of=rematch_of,
    )
    return game, secret


def rematch_dealer(game: Game) -> int:
    """Who deals first in the rematch: the player who would have dealt the next hand (the deal
    keeps rotating from one game to the next)."""
    return (game.first_dealer + game.hands_planned) % len(game.players)


def rematch_get(game: Game) -> Game | None:
    return Game.objects.filter(rematch_of=game).first()


@transaction.atomic
def game_rematch(*, game: Game) -> tuple[Game, str | None]:
    """Open the rematch (rövanş) of a finished table: same players, rule set, options and number
    of hands, the deal rotating on. Returns the new table and its edit secret.

    Idempotent: a table has at most one rematch (a unique link, also under concurrent requests);
    when it already exists it is returned with ``None`` for the secret, which was shown only to
    the device that opened it.
    """
    Game.objects.select_for_update().filter(pk=game.pk).first()  # one rematch decision at a time
    existing = rematch_get(game)
    if existing is not None:
        return existing, None
    if game.hands.live().count() < game.hands_planned:
        raise InvalidInput([FieldError("", _(MSG_NOT_OVER))])
    kwargs = {
        "ruleset": game.ruleset,
        "options": game.options,
        "players": game.players,
        "hands_planned": game.hands_planned,
        "first_dealer": rematch_dealer(game),
        "rematch_of": game,
    }
    try:
        with transaction.atomic():
            rematch, secret = game_create(**kwargs)
    except IntegrityError:  # another request opened it between our check and our insert
        return Game.objects.get(rematch_of=game), None
    _touch(game)  # the finished board's viewers see the link to the rematch on their next poll
    return rematch, secret


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
