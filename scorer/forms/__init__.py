"""Forms: a new table (GameForm) and the entry of one hand (HandForm).

They validate and lay out; they never score. The engine checks the data they build and its
error paths (``players[1].remaining.points``) are mapped back onto the fields, so an error
shows next to what the user typed.
"""

from .common import CHOICE_LABELS, EngineErrorsMixin, style_widgets
from .game import GameForm
from .hand import DECK, HandForm, PlayerFields

__all__ = [
    "CHOICE_LABELS",
    "DECK",
    "EngineErrorsMixin",
    "GameForm",
    "HandForm",
    "PlayerFields",
    "style_widgets",
]
