"""Signed links: a link that gives rights, derived rather than stored, so it can always be shown again.

A table's edit link is ``/masa/<public id>/anahtar/<secret>/``, an event's organizer link, a table
card's link and a club's admin link are alike, each with its own subject (the table's public id,
``event:<id>``, ``card:<event id>:<number>``, ``club:<id>``), so that no link opens another's thing:

    secret = base64url(salted_hmac("okeycalc.editlink", f"{subject}:{version}:{link key}",
                                   secret=SECRET_KEY, algorithm="sha256"))[:32]

- ``version`` (``secret_version``) is bumped by a new link ("Yeni düzenleme bağlantısı"); every
  device's grant records the version it was given, so a bump revokes them all at once.
- ``link key`` (``link_key``) is 128 random bits stored with the thing and replaced on every
  rotation. Deriving a link takes both the server's ``SECRET_KEY`` and the database row: a leaked
  database alone, or a leaked key alone, gives nobody an edit link.
- Nothing secret is stored raw and nothing needs decrypting: the server recomputes the link when
  the scorekeeper asks to see it again, and compares in constant time when a link is opened.
  A secret matching under one of ``SECRET_KEY_FALLBACKS`` is accepted too, so rotating the server
  key does not break the links already handed out (their devices keep their grants anyway).

Tables made before derived links (``secret_version`` 0) also keep accepting their original random
secret, of which only the SHA-256 is stored, until the first rotation.
"""

import base64
import hashlib
import re
import secrets

from django.conf import settings
from django.utils.crypto import constant_time_compare, salted_hmac

SALT = "okeycalc.editlink"
SECRET_LENGTH = 32
"""192 bits of the HMAC, URL-safe."""
MAX_SECRET_LENGTH = 128
"""Longer path segments are refused before any hashing."""
DERIVED = re.compile(rf"[A-Za-z0-9_-]{{{SECRET_LENGTH}}}")
"""The shape of every derived secret: 32 URL-safe base64 characters."""


def new_link_key() -> str:
    return secrets.token_hex(16)


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def _derive(public_id: str, version: int, link_key: str, key: str | bytes) -> str:
    mac = salted_hmac(SALT, f"{public_id}:{version}:{link_key}", secret=key, algorithm="sha256")
    return base64.urlsafe_b64encode(mac.digest()).decode()[:SECRET_LENGTH]


def well_formed(secret: str) -> bool:
    """Whether ``secret`` has the shape of a derived link's secret (not whether it opens anything)."""
    return DERIVED.fullmatch(secret) is not None


def link_secret(public_id: str, version: int, link_key: str) -> str:
    """The secret of the current link (under the current ``SECRET_KEY``)."""
    return _derive(public_id, version, link_key, settings.SECRET_KEY)


def link_secret_matches(public_id: str, version: int, link_key: str, secret: str) -> bool:
    """Whether ``secret`` is the current link's secret (under any accepted server key)."""
    if not secret or len(secret) > MAX_SECRET_LENGTH:
        return False
    keys = [settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])]
    return any(constant_time_compare(_derive(public_id, version, link_key, key), secret) for key in keys)
