"""The rating-over-time chart's geometry: ordinals in, SVG coordinates out (no Django).

Like the board's chart (scorer/tables/charts.py), the template draws the SVG, so every text it
shows goes through Django's autoescaping. Higher ratings are higher on the chart.

>>> chart = rating_chart([0.0, 10.0, 5.0], width=100, height=100, pad=0)
>>> chart.path
'M0 100 L50 0 L100 50'
>>> [tick.value for tick in chart.y_ticks]
[10.0, 0.0]
"""

from collections.abc import Sequence
from dataclasses import dataclass

MIN_LABEL_GAP = 12


@dataclass(frozen=True, slots=True)
class Tick:
    position: float
    value: float


@dataclass(frozen=True, slots=True)
class RatingChart:
    width: int
    height: int
    left: float
    right: float
    path: str
    last: float
    y_ticks: tuple[Tick, ...]
    games: int


def rating_chart(
    values: Sequence[float], *, width: int = 340, height: int = 160, pad: int = 24
) -> RatingChart:
    """One line through the ordinal after each game (``values[k]`` after game ``k + 1``)."""
    low, high = min(values), max(values)
    span = (high - low) or 1.0
    left, right = float(pad * 2), float(width - pad / 2)
    top, bottom = float(pad / 2), float(height - pad)

    def y(value: float) -> float:
        return round(top + (high - value) * (bottom - top) / span, 1)

    step = (right - left) / max(len(values) - 1, 1)
    path = " ".join(
        f"{'L' if k else 'M'}{round(left + k * step, 1):g} {y(v):g}" for k, v in enumerate(values)
    )
    ticks = [Tick(y(high), round(high, 1))]
    if abs(y(low) - y(high)) >= MIN_LABEL_GAP:
        ticks.append(Tick(y(low), round(low, 1)))
    return RatingChart(width, height, left, right, path, round(values[-1], 1), tuple(ticks), len(values))
