"""Running-totals chart geometry: totals in, SVG coordinates out (no chart library, no Django).

The template draws the SVG from a :class:`Chart`, so every name it shows goes through Django's
autoescaping. Lines differ by colour (a CSS class per series) *and* by dash pattern, so the chart
still reads in greyscale and for colour-blind players.

>>> chart = running_chart(["A", "B"], [(-101, 202)], width=100, height=100, pad=0)
>>> chart.series[0].points, chart.series[1].points
(((0.0, 66.7), (100.0, 100.0)), ((0.0, 66.7), (100.0, 0.0)))
>>> chart.zero_y
66.7
"""

from collections.abc import Sequence
from dataclasses import dataclass

DASHES = ("", "8 4", "2 4", "10 4 2 4")
"""One dash pattern per series (empty = solid); with the CSS colours they tell the lines apart."""
MAX_X_LABELS = 10
MIN_LABEL_GAP = 12
"""Vertical distance (SVG units) between two axis labels, so they never overlap."""


@dataclass(frozen=True, slots=True)
class Series:
    index: int
    name: str
    dash: str
    points: tuple[tuple[float, float], ...]
    last: int
    """The series' total after the last hand."""
    offset: float = 0.0
    """Drawn this far below its true place, so players on the same totals stay visible side by side."""

    @property
    def path(self) -> str:
        """SVG path data through every point: ``M x0 y0 L x1 y1 ...``."""
        return " ".join(
            f"{'L' if i else 'M'}{x:g} {round(y + self.offset, 1):g}" for i, (x, y) in enumerate(self.points)
        )


@dataclass(frozen=True, slots=True)
class Tick:
    position: float
    value: int


@dataclass(frozen=True, slots=True)
class Chart:
    width: int
    height: int
    left: float
    right: float
    zero_y: float
    series: tuple[Series, ...]
    y_ticks: tuple[Tick, ...]
    x_ticks: tuple[Tick, ...]


def _scale(low: int, high: int, top: float, bottom: float):
    span = (high - low) or 1

    def y(value: int) -> float:
        return round(top + (high - value) * (bottom - top) / span, 1)

    return y


def _y_ticks(low: int, high: int, y) -> tuple[Tick, ...]:
    """0 always; the highest and lowest totals when their labels do not overlap another one."""
    ticks = [Tick(y(0), 0)]
    for value in (high, low):
        if all(abs(y(value) - tick.position) >= MIN_LABEL_GAP for tick in ticks):
            ticks.append(Tick(y(value), value))
    return tuple(sorted(ticks, key=lambda tick: tick.position))


def running_chart(
    names: Sequence[str],
    running: Sequence[Sequence[int]],
    *,
    width: int = 340,
    height: int = 200,
    pad: int = 24,
    separation: float = 2.5,
) -> Chart:
    """Geometry of one line per series through its running totals, starting at 0 before hand 1.

    ``running[k][i]`` is series ``i``'s total after hand ``k + 1``. The vertical range always
    includes 0, drawn as the axis; lower (better) totals are lower on the chart. Lines are
    drawn ``separation`` units apart so equal totals do not hide one another (points stay exact).
    """
    rows = [tuple(0 for _ in names), *(tuple(row) for row in running)]
    values = [v for row in rows for v in row]
    low, high = min(values), max(values)
    left, right, top, bottom = float(pad * 2), float(width - pad), float(pad / 2), float(height - pad)
    y = _scale(low, high, top, bottom)
    step = (right - left) / max(len(rows) - 1, 1)
    xs = [round(left + k * step, 1) for k in range(len(rows))]
    series = tuple(
        Series(
            index=i,
            name=name,
            dash=DASHES[i % len(DASHES)],
            points=tuple((xs[k], y(row[i])) for k, row in enumerate(rows)),
            last=rows[-1][i],
            offset=round((i - (len(names) - 1) / 2) * separation, 2),
        )
        for i, name in enumerate(names)
    )
    y_ticks = _y_ticks(low, high, y)
    every = -(-(len(rows) - 1) // MAX_X_LABELS)  # label at most MAX_X_LABELS hands on a phone
    x_ticks = tuple(Tick(xs[k], k) for k in range(1, len(rows)) if k % every == 0 or k == 1)
    return Chart(width, height, left, right, y(0), series, y_ticks, x_ticks)
