"""The venue display's paging (static/js/display.js) on its own: which items go on which page."""

from pathlib import Path

import pytest

DISPLAY_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "display.js"


@pytest.fixture
def paging(page):
    page.set_content("<!doctype html><html><body></body></html>")
    page.add_script_tag(path=str(DISPLAY_JS))
    return lambda boxes, capacity: page.evaluate(
        "([boxes, capacity]) => window.okeycalcDisplay.pageNumbers(boxes, capacity)", [boxes, capacity]
    )


def rows(*heights):
    boxes, top = [], 0
    for height in heights:
        boxes.append({"top": top, "bottom": top + height})
        top += height
    return boxes


@pytest.mark.parametrize(
    ("boxes", "capacity", "pages"),
    [
        (rows(), 100, []),
        (rows(40, 40), 100, [0, 0]),  # everything fits: one page
        (rows(40, 40, 40), 100, [0, 0, 1]),  # the third row's bottom is below the window
        (rows(50, 50, 50, 50), 100, [0, 0, 1, 1]),  # exactly full pages
        (rows(150, 20, 20), 100, [0, 1, 1]),  # a row taller than the window gets a page alone
        (rows(30, 30, 30, 30, 30, 30, 30), 100, [0, 0, 0, 1, 1, 1, 2]),
    ],
)
def test_a_page_starts_where_an_item_no_longer_fits_under_the_first_of_its_page(
    paging, boxes, capacity, pages
):
    assert paging(boxes, capacity) == pages


def test_items_side_by_side_in_one_grid_row_share_a_page(paging):
    grid = [
        {"top": 0, "bottom": 45},
        {"top": 0, "bottom": 45},
        {"top": 50, "bottom": 95},
        {"top": 50, "bottom": 95},
    ]
    grid += [{"top": 100, "bottom": 145}, {"top": 100, "bottom": 145}]
    assert paging(grid, 100) == [0, 0, 0, 0, 1, 1]


def test_a_rounding_error_of_the_layout_does_not_push_a_row_to_the_next_page(paging):
    assert paging([{"top": 0, "bottom": 50}, {"top": 50, "bottom": 100.4}], 100) == [0, 0]


@pytest.mark.parametrize(
    ("count", "columns", "capacity", "rows", "pages"),
    [
        (48, 3, 21, 16, [0] * 48),  # the seating screen: 48 players fit one page, 16 rows of 3
        (7, 3, 21, 3, [0] * 7),  # a short list still runs down the columns, evenly
        (70, 3, 21, 12, [0] * 36 + [1] * 34),  # two pages, balanced
        (5, 3, 0, 1, [0, 0, 0, 1, 1]),  # no room at all: a row a page, never nothing
    ],
)
def test_a_list_in_columns_fills_each_page_down_its_columns(
    column_pages, count, columns, capacity, rows, pages
):
    assert column_pages(count, columns, capacity) == {"rows": rows, "pages": pages}


@pytest.fixture
def column_pages(page):
    page.set_content("<!doctype html><html><body></body></html>")
    page.add_script_tag(path=str(DISPLAY_JS))
    return lambda *args: page.evaluate("(args) => window.okeycalcDisplay.columnPages(...args)", list(args))
