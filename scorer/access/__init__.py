"""Rights: devices, signed links, grants and the one decorator that checks them.

Nothing here knows a table, an event or a club: each concern declares its grant model on
:class:`GrantBase` and its :class:`Right`, and reaches devices, links and grants through this
package's face (the names below), never its modules (a contract in pyproject.toml).
"""

from scorer.access.ages import USE_NOTED_EVERY, grant_cutoff, max_idle
from scorer.access.decorators import Right, grant_required
from scorer.access.devices import (
    COOKIE_MAX_AGE,
    DEVICE_COOKIE,
    device_cookie_set,
    device_ensure,
    device_of,
    request_device,
)
from scorer.access.grants import grant_held, grant_remember, holds
from scorer.access.links import (
    MAX_SECRET_LENGTH,
    SECRET_LENGTH,
    hash_secret,
    link_secret,
    link_secret_matches,
    new_link_key,
    well_formed,
)
from scorer.access.models import Device, GrantBase
from scorer.access.services import (
    grant_give,
    grant_note_used,
    grants_expire,
    grants_take_back,
    link_renew,
)

__all__ = [
    "COOKIE_MAX_AGE",
    "DEVICE_COOKIE",
    "MAX_SECRET_LENGTH",
    "SECRET_LENGTH",
    "USE_NOTED_EVERY",
    "Device",
    "GrantBase",
    "Right",
    "device_cookie_set",
    "device_ensure",
    "device_of",
    "grant_cutoff",
    "grant_give",
    "grant_held",
    "grant_note_used",
    "grant_remember",
    "grant_required",
    "grants_expire",
    "grants_take_back",
    "hash_secret",
    "holds",
    "link_renew",
    "link_secret",
    "link_secret_matches",
    "max_idle",
    "request_device",
    "new_link_key",
    "well_formed",
]
