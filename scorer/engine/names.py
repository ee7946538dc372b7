"""Player names as people see them: one spelling per name, and duplicates that look alike caught.

A name is stored NFC-normalised without invisible characters (zero-width spaces and joiners,
bidi controls, soft hyphens, BOM), so "Ali" and "Ali\\u200b" are one player, and a right-to-left
override cannot reach the scoreboard or the CSV header. Two names are the same player when their
:func:`name_key` is equal: case-insensitive the Turkish way (I, ı, İ and i are one letter) and
blind to the commonest Cyrillic and Greek look-alikes of Latin letters.

>>> clean_name(" Ali\\u200b ")
'Ali'
>>> clean_name("\\u202e")
''
>>> name_key("ALİ") == name_key("ali") == name_key("Alı") == name_key("Al\\u0456")
True
>>> name_key("Ayşe") == name_key("Ayse")
False
"""

import unicodedata

INVISIBLE = frozenset(
    "\u00ad"  # soft hyphen
    "\u034f"  # combining grapheme joiner
    "\u061c"  # Arabic letter mark
    "\u115f\u1160\u3164\uffa0"  # Hangul fillers
    "\u180e"  # Mongolian vowel separator
    "\u200b\u200c\u200d"  # zero-width space, non-joiner, joiner
    "\u200e\u200f"  # left-to-right and right-to-left marks
    "\u202a\u202b\u202c\u202d\u202e"  # bidi embeddings and overrides
    "\u2060\u2061\u2062\u2063\u2064"  # word joiner, invisible operators
    "\u2066\u2067\u2068\u2069"  # bidi isolates
    "\ufeff"  # zero-width no-break space (BOM)
)
"""Characters that show nothing (or reorder what follows) and so never belong in a name."""

LOOK_ALIKES = str.maketrans(
    {
        # I in all its Turkish forms is one letter for comparison
        "ı": "i",
        "\u0307": "",  # the dot that İ leaves behind when lower-cased
        # Cyrillic letters drawn like Latin ones
        "а": "a",
        "в": "b",
        "е": "e",
        "ё": "e",
        "і": "i",
        "ї": "i",
        "ј": "j",
        "к": "k",
        "м": "m",
        "н": "h",
        "о": "o",
        "р": "p",
        "с": "c",
        "ѕ": "s",
        "т": "t",
        "у": "y",
        "х": "x",
        "һ": "h",
        "ԁ": "d",
        "ԛ": "q",
        "ԝ": "w",
        # Greek letters drawn like Latin ones
        "α": "a",
        "ε": "e",
        "ι": "i",
        "κ": "k",
        "ν": "v",
        "ο": "o",
        "ρ": "p",
        "τ": "t",
        "υ": "u",
        "χ": "x",
    }
)


CACHE_SIZE = 512
"""Distinct names remembered per process (a table's names come back every hand); then forgotten."""

CACHED_LENGTH = 64
"""Longer texts are not remembered: no typed name is that long, and the cache stays small."""

_DROP_INVISIBLE = dict.fromkeys(map(ord, INVISIBLE))
_cleaned: dict[str, str] = {}
_keys: dict[str, str] = {}


def clean_name(name: str) -> str:
    """NFC, without invisible characters, inner runs of whitespace as one space, trimmed."""
    cleaned = _cleaned.get(name)
    if cleaned is None:
        cleaned = _clean(name)
        _remember(_cleaned, name, cleaned)
    return cleaned


def name_key(name: str) -> str:
    """What two names must share to be the same player (for the duplicate check only)."""
    key = _keys.get(name)
    if key is None:
        key = _key(clean_name(name))
        _remember(_keys, name, key)
    return key


def _clean(name: str) -> str:
    if not name.isascii():  # ASCII is already NFC and holds no invisible character
        name = unicodedata.normalize("NFC", name)
        if not INVISIBLE.isdisjoint(name):
            name = name.translate(_DROP_INVISIBLE)
    return " ".join(name.split())


def _key(cleaned: str) -> str:
    if cleaned.isascii():  # NFKC, NFC and the look-alike table leave ASCII alone; casefold is lower
        return cleaned.lower()
    text = unicodedata.normalize("NFKC", cleaned).replace("İ", "i").replace("I", "i")
    return unicodedata.normalize("NFC", text.casefold().translate(LOOK_ALIKES))


def _remember(cache: dict[str, str], name: str, value: str) -> None:
    if len(name) <= CACHED_LENGTH:
        if len(cache) >= CACHE_SIZE:
            cache.clear()
        cache[name] = value
