"""Hands in URLs: a signed, compressed token that carries a whole hand (no database, no account).

The token is ``django.core.signing.dumps(hand, compress=True, salt=SALT)``: anyone can open it,
nobody can alter it without the secret key, and it reproduces the hand exactly (rule set, options,
names and every field). The engine still validates what a token holds before scoring it.

>>> hand = {"ruleset": "loca", "players": [{"name": "A"}, {"name": "B"}]}
>>> share_load(share_token(hand)) == hand
True
"""

from collections.abc import Mapping

from django.core import signing

SALT = "okeycalc.share"
MAX_TOKEN = 4000
"""Longer tokens are refused before they are decoded (a hand is far smaller)."""


class BadShareLink(Exception):
    """The link was cut, altered or is not a hand."""


def share_token(hand: Mapping) -> str:
    return signing.dumps(dict(hand), compress=True, salt=SALT)


def share_load(token: str) -> dict:
    """The hand a token carries; :class:`BadShareLink` for anything else."""
    if not token or len(token) > MAX_TOKEN:
        raise BadShareLink(token)
    try:
        hand = signing.loads(token, salt=SALT)
    except (signing.BadSignature, ValueError, UnicodeDecodeError) as exc:
        raise BadShareLink(token) from exc
    if not isinstance(hand, dict) or not isinstance(hand.get("players"), list):
        raise BadShareLink(token)
    return hand
