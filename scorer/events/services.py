"""Services of tournaments: score an event document, and (below) the writes of the web app."""

from django.utils.translation import gettext as _

from scorer.engine import InvalidInput
from scorer.engine.errors import FieldError
from scorer.events.rules import NoRound, score_event
from scorer.tables.services import MSG_NESTED


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
