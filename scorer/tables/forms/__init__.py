"""The forms of a table: a new table (GameForm), the entry of one hand (HandForm, which the
calculator uses too), an import (GameImportForm) and the answer to a new hand whose number
another phone took meanwhile (SavedMeanwhileChoiceForm), with the new hand's save guard
(SaveGuardForm), and the home page's table code (JoinCodeForm).

They validate and lay out; they never score. The engine checks the data they build and its
error paths (``players[1].remaining.points``) are mapped back onto the fields, so an error
shows next to what the user typed.
"""

from .choice import SavedMeanwhileChoiceForm
from .code import CodeForm, JoinCodeForm
from .game import GameForm
from .guard import SaveGuardForm
from .hand import DECK, HandForm
from .handfields import PlayerFields
from .imports import GameImportForm

__all__ = [
    "CodeForm",
    "DECK",
    "GameForm",
    "GameImportForm",
    "HandForm",
    "JoinCodeForm",
    "PlayerFields",
    "SaveGuardForm",
    "SavedMeanwhileChoiceForm",
]
