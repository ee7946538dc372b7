"""Services: the one place views and commands call to score or store (Django-Styleguide style)."""

from collections.abc import Mapping

from scorer.engine import InvalidInput, score_game, score_hand
from scorer.engine.errors import FieldError


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
        return False, InvalidInput([FieldError("", "Input is nested too deeply.")]).to_dict()
    return True, result.to_dict()
