"""The engine on a JSON document: what ``POST /api/v1/score``, ``manage.py score`` and
``manage.py score_event`` answer (HAND_FORMAT.md, EVENT_FORMAT.md).

Nothing here stores or reads the database: a document in, ``(True, result)`` or
``(False, {"errors": [...]})`` out, the errors naming their paths. The engine itself may not
import Django; this module is the thin layer that turns its exceptions into those answers in the
request's language.
"""

from collections.abc import Mapping

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scorer.engine import InvalidInput, score_game, score_hand
from scorer.engine.errors import FieldError
from scorer.events.rules import NoRound, score_event

MSG_NESTED = gettext_noop("Input is nested too deeply.")


def is_game(data: object) -> bool:
    """A game document has a ``hands`` list; a hand document has player states."""
    return isinstance(data, Mapping) and "hands" in data


def score_document(data: object) -> tuple[bool, dict]:
    """Score a hand or a game document: ``(True, result)`` or ``(False, {"errors": [...]})``.

    The engine refuses text no answer could hold (lone surrogates) first, naming its path."""
    try:
        result = score_game(data) if is_game(data) else score_hand(data)
    except InvalidInput as exc:
        return False, exc.to_dict()
    except RecursionError:
        return False, InvalidInput([FieldError("", _(MSG_NESTED))]).to_dict()
    return True, result.to_dict()


def event_score_document(data: object, *, next_round: bool = False) -> tuple[bool, dict]:
    """Score an event document: ``(True, result)`` or ``(False, {"errors": [...]})``.

    The rules refuse text no answer could hold (lone surrogates) first, naming its path."""
    try:
        result = score_event(data, next_round=next_round)
    except InvalidInput as exc:
        return False, exc.to_dict()
    except RecursionError:
        return False, InvalidInput([FieldError("", _(MSG_NESTED))]).to_dict()
    if isinstance(result.next_round, NoRound):
        return False, InvalidInput([FieldError("rounds", result.next_round.message)]).to_dict()
    return True, result.to_dict()
