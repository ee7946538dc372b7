"""Player names as people see them: one spelling per name, and duplicates that look alike caught.

A name is stored NFC-normalised without invisible characters (zero-width spaces and joiners,
bidi controls, soft hyphens, BOM), so "Ali" and "Ali\\u200b" are one player, and a right-to-left
override cannot reach the scoreboard or the CSV header. Where an invisible character is part of
what people type it stays: the zero-width joiner between two emoji (👨\u200d👩\u200d👧 is one
family, not three people) and the tag characters of a subdivision flag (🏴 and tags spelling
``gbsct``). Two names are the same player when their
:func:`name_key` is equal: case-insensitive the Turkish way (I, ı, İ and i are one letter) and
blind to the commonest Cyrillic and Greek look-alikes of Latin letters. :func:`visible_length`
counts a name as people see it: a joined emoji or a flag is one character.

>>> clean_name(" Ali\\u200b ")
'Ali'
>>> clean_name("\\u202e")
''
>>> name_key("ALİ") == name_key("ali") == name_key("Alı") == name_key("Al\\u0456")
True
>>> name_key("Ayşe") == name_key("Ayse")
False
>>> clean_name("Al\\u200di 👨\\u200d👩") == "Ali 👨\\u200d👩"
True
>>> visible_length("Ali 👨\\u200d👩\\u200d👧 🇹🇷")
7
"""

import re
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
"""Characters that show nothing (or reorder what follows) and so never belong in a name; the
zero-width joiner stays between two emoji (:func:`_join_emoji`)."""

ZWJ = "\u200d"
BLACK_FLAG = "\U0001f3f4"
CANCEL_TAG = "\U000e007f"
TAG_RUN = re.compile("[\U000e0000-\U000e007f]+")
"""Tag characters: invisible, except as the letters of a subdivision flag after 🏴."""
FLAG_TAGS = re.compile("[\U000e0020-\U000e007e]{1,10}\U000e007f")
VARIATION_SELECTORS = re.compile("[\ufe00-\ufe0f]")
REGIONAL_PAIR = re.compile("[\U0001f1e6-\U0001f1ff]{2}")

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
_DROP_INVISIBLE_BUT_ZWJ = dict.fromkeys(map(ord, INVISIBLE - {ZWJ}))
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
        if ZWJ in name:
            name = _join_emoji(name.translate(_DROP_INVISIBLE_BUT_ZWJ))
        elif not INVISIBLE.isdisjoint(name):
            name = name.translate(_DROP_INVISIBLE)
        if TAG_RUN.search(name):
            name = TAG_RUN.sub(_flag_tags, name)
    return " ".join(name.split())


def is_pictographic(character: str) -> bool:
    """Roughly Unicode's Extended_Pictographic (which ``unicodedata`` does not know): the emoji
    blocks, arrows, symbols and dingbats, and the few emoji among letter-like symbols."""
    code = ord(character)
    return (
        0x1F000 <= code <= 0x1FAFF
        or 0x2190 <= code <= 0x2BFF
        or code in (0x00A9, 0x00AE, 0x203C, 0x2049, 0x2122, 0x2139, 0x3030, 0x303D, 0x3297, 0x3299)
    )


def _join_emoji(name: str) -> str:
    """Drop every zero-width joiner except one between two emoji (after a variation selector or
    a skin tone, which belong to the emoji before it)."""
    kept = []
    before = ""  # the last character kept that is not a variation selector
    for index, character in enumerate(name):
        if character == ZWJ:
            after = name[index + 1 : index + 2]
            if not (before and after and is_pictographic(before) and is_pictographic(after)):
                continue
        kept.append(character)
        if not "\ufe00" <= character <= "\ufe0f":
            before = character
    return "".join(kept)


def _flag_tags(run: re.Match) -> str:
    """A run of tag characters stays only as a subdivision flag: right after 🏴, ending in CANCEL TAG."""
    text = run.string
    return run[0] if text[run.start() - 1 : run.start()] == BLACK_FLAG and FLAG_TAGS.fullmatch(run[0]) else ""


def visible_length(name: str) -> int:
    """How many characters people see in a cleaned name: a joined emoji, a flag, an emoji with its
    skin tone or variation selector counts once (code points otherwise)."""
    if name.isascii():
        return len(name)
    text = VARIATION_SELECTORS.sub("", name)
    text = TAG_RUN.sub("", text).replace("\u20e3", "")  # flag letters, keycap frames
    text = REGIONAL_PAIR.sub("F", text)
    count = 0
    for index, character in enumerate(text):
        joined = index and text[index - 1] == ZWJ
        if character != ZWJ and not joined and not 0x1F3FB <= ord(character) <= 0x1F3FF:
            count += 1
    return count


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
