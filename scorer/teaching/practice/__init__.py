"""Alıştırma (practice mode): a generated, valid hand per level; the learner's scores marked; the likely
mistake named ("you did not double the pairs opener").

A hand is dealt from ``(level, seed)`` alone (:mod:`.dealing`), so a permalink replays it exactly; it
is a hand in the public format, scored by the engine like any other, and marked against the engine's
totals (:mod:`.marking`). Pure Python on the engine: no Django.
"""

from .dealing import BY_SLUG, LEVELS, MAX_SEED, Level, deal, level_get, next_seed
from .marking import Answer, Marked, answers, likely_mistakes, mark

__all__ = [
    "BY_SLUG",
    "LEVELS",
    "MAX_SEED",
    "Answer",
    "Level",
    "Marked",
    "answers",
    "deal",
    "level_get",
    "likely_mistakes",
    "mark",
    "next_seed",
]
