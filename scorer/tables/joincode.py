"""Join codes as people type and read them: "k7m q2p", "K7M-Q2P" and "k7mq2p" are the same code.

A code opens the viewers' board only (scorer.tables.views.home.join_by_code): it is not a secret and
grants nothing but watching, which anyone with the board's link can do already.
"""

import re

from scorer.models import JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH

SEPARATORS = re.compile(r"[\s\-‐‑‒–—―_.·/]+")
"""What people put between groups of a code (spaces, dashes of every kind, dots)."""
MAX_TYPED = 40


def normalized(typed: str) -> str | None:
    """The code as stored, or None when what was typed cannot be one (wrong length or characters)."""
    if not isinstance(typed, str) or len(typed) > MAX_TYPED:
        return None
    code = SEPARATORS.sub("", typed).upper()
    if len(code) != JOIN_CODE_LENGTH or any(char not in JOIN_CODE_ALPHABET for char in code):
        return None
    return code


def shown(code: str) -> str:
    """The code as the board prints it, in two groups of three: ``K7M-Q2P``."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}" if code else ""


def typed_back(typed: str) -> str:
    """What was typed, to show again in the field: at most ``MAX_TYPED`` characters, no U+0000."""
    return typed.replace("\x00", "")[:MAX_TYPED]
