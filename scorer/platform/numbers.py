"""One strict parser for every number a view reads from a query string or a form.

``str.isdigit()`` admits "²" and "٣" that ``int()`` refuses or reads differently, and ``int()``
on a 5,000-digit string raises; both were 500s. Only ASCII digits, at most ``MAX_DIGITS`` of
them, pass here; anything else is ``default`` and the caller shows its own message or ignores it.
"""

MAX_DIGITS = 9
"""Positions, counts and versions in okeycalc stay far below 10⁹."""


def parse_count(
    value: object, *, low: int = 0, high: int | None = None, default: int | None = None
) -> int | None:
    """``value`` as a whole number in ``low..high`` (ASCII digits only), else ``default``.

    >>> parse_count("12"), parse_count("²"), parse_count("1" * 5000), parse_count("-1")
    (12, None, None, None)
    >>> parse_count(" 3 ", high=4), parse_count("7", high=4, default=4), parse_count(5)
    (3, 4, 5)
    """
    if isinstance(value, bool):
        return default
    text = str(value).strip() if isinstance(value, str | int) else ""
    if not (0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()):
        return default
    number = int(text)
    if number < low or (high is not None and number > high):
        return default
    return number
