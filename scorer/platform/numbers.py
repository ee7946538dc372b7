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


MINUS = "\u2212"
"""The minus sign every page and export writes (never the hyphen "-")."""


def number_text(value: object, decimal_separator: str | None = None) -> str:
    """A number as every event page and CSV writes it: a real minus sign, whole numbers bare, any
    other to at most two decimals without trailing zeros, with the language's decimal separator.

    >>> number_text(-89, "."), number_text(2, ","), number_text(1.5, ","), number_text(1 / 3, ".")
    ('−89', '2', '1,5', '0.33')
    >>> number_text(None, ",")
    ''
    """
    if value is None or isinstance(value, bool):
        return ""
    if decimal_separator is None:
        from django.utils.formats import get_format

        decimal_separator = get_format("DECIMAL_SEPARATOR")
    number = float(value)
    magnitude = abs(number)
    if magnitude == int(magnitude):
        text = str(int(magnitude))
    else:
        text = f"{magnitude:.2f}".rstrip("0").rstrip(".").replace(".", decimal_separator)
    return f"{MINUS}{text}" if number < 0 and text != "0" else text


def amount_text(hundredths: int, decimal_separator: str | None = None) -> str:
    """An amount kept in hundredths (a stake, a share of it) as the pages write it: whole amounts
    bare, others with two decimals, the language's decimal separator, a real minus sign.

    >>> amount_text(5000, ","), amount_text(1250, ","), amount_text(-1705, "."), amount_text(5, ",")
    ('50', '12,50', '−17.05', '0,05')
    """
    if decimal_separator is None:
        from django.utils.formats import get_format

        decimal_separator = get_format("DECIMAL_SEPARATOR")
    units, cents = divmod(abs(hundredths), 100)
    text = str(units) if not cents else f"{units}{decimal_separator}{cents:02d}"
    return f"{MINUS}{text}" if hundredths < 0 else text
