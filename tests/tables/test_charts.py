"""The running-totals chart geometry: pure numbers, no Django, no database."""

import pytest

from scorer.tables.charts import DASHES, MIN_LABEL_GAP, running_chart


def test_every_line_starts_at_zero_before_the_first_hand_on_the_axis():
    chart = running_chart(["A", "B", "C"], [(-101, 40, 202), (-202, 80, 303)])

    for series in chart.series:
        assert series.points[0] == (chart.left, chart.zero_y)


def test_points_are_spread_evenly_from_left_to_right_one_per_hand():
    chart = running_chart(["A", "B"], [(1, 2), (3, 4), (5, 6)], width=340, pad=20)

    xs = [x for x, _ in chart.series[0].points]
    assert xs == [40.0, 133.3, 226.7, 320.0]
    assert xs[-1] == chart.right == 340 - 20


def test_lower_totals_are_drawn_lower_and_the_extremes_touch_the_plot_edges():
    chart = running_chart(["A", "B"], [(-101, 202)], width=100, height=100, pad=0)

    a, b = chart.series
    assert a.points[-1] == (100.0, 100.0)  # the lowest total: the bottom edge
    assert b.points[-1] == (100.0, 0.0)  # the highest: the top edge
    assert chart.zero_y == pytest.approx(100 * 202 / 303, abs=0.05)


def test_the_axis_at_zero_is_inside_the_range_even_when_everybody_is_positive():
    chart = running_chart(["A", "B"], [(50, 100)], width=100, height=100, pad=0)

    assert chart.zero_y == 100.0  # 0 is the minimum: the bottom edge
    assert chart.series[1].points[-1][1] == 0.0


def test_all_zero_totals_do_not_divide_by_zero():
    chart = running_chart(["A", "B"], [(0, 0), (0, 0)])

    assert {y for s in chart.series for _, y in s.points} == {chart.zero_y}


def test_path_goes_through_every_point_in_order():
    chart = running_chart(["A"], [(10,), (-20,)], width=100, height=100, pad=0)

    assert chart.series[0].path == "M0 33.3 L50 0 L100 100"


def test_lines_of_equal_totals_are_drawn_side_by_side_but_their_points_stay_exact():
    chart = running_chart(["A", "B", "C", "D"], [(202, 202, 202, 202)], separation=2)

    assert len({s.points for s in chart.series}) == 1
    assert [s.offset for s in chart.series] == [-3, -1, 1, 3]
    assert len({s.path for s in chart.series}) == 4


def test_each_series_has_its_own_dash_pattern_name_and_final_total():
    chart = running_chart(["A", "B", "C", "D"], [(-101, 20, 0, 202), (-101, 40, 101, 303)])

    assert [s.dash for s in chart.series] == list(DASHES)
    assert len(set(DASHES)) == 4
    assert [s.name for s in chart.series] == ["A", "B", "C", "D"]
    assert [s.last for s in chart.series] == [-101, 40, 101, 303]  # the last running totals
    assert [s.index for s in chart.series] == [0, 1, 2, 3]


def test_y_labels_show_zero_and_the_extremes_but_never_overlap():
    wide = running_chart(["A", "B"], [(-500, 500)])
    close = running_chart(["A", "B"], [(-1, 500)])

    assert [t.value for t in wide.y_ticks] == [500, 0, -500]
    assert [t.value for t in close.y_ticks] == [500, 0]  # −1 would sit on top of 0
    positions = [t.position for t in close.y_ticks]
    assert all(b - a >= MIN_LABEL_GAP for a, b in zip(positions, positions[1:], strict=False))


def test_a_long_game_labels_at_most_ten_hands_on_the_x_axis_but_always_the_first():
    chart = running_chart(["A", "B"], [(k, -k) for k in range(21)])

    labels = [t.value for t in chart.x_ticks]
    assert labels[0] == 1
    assert len(labels) <= 11
    assert labels[-1] == 21
