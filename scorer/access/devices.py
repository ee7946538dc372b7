"""This request's device: the token in its cookie, found once per request and cached on it.

The device cookie holds a random token; only its SHA-256 is stored (:class:`Device`). The
cookie stays the same small size however many things a device holds rights over, and the raw
secret of a link never stays in a cookie, the session or the address bar.
"""

import re
import secrets
from dataclasses import dataclass, field

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from scorer.access import services
from scorer.access.links import hash_secret
from scorer.access.models import Device
from scorer.platform.rows import UniqueRead

DEVICE_COOKIE = "okeycalc_device"
COOKIE_MAX_AGE = 400 * 24 * 60 * 60
"""Browsers cap cookie lifetimes at 400 days; the cookie is re-sent while the device is in use."""
TOKEN_LENGTH = 43
STATE_ATTR = "_okeycalc_rights"


@dataclass
class RequestDevice:
    """What one request found out about its device and its grants (cached on the request)."""

    token: str | None
    device: Device | None = None
    send_cookie: bool = False
    grants: dict[tuple[str, int], object] = field(default_factory=dict)
    """Each grant looked up, by (grant model, target's key); ``None`` for none."""
    done: set[str] = field(default_factory=set)
    """One-off steps a concern took for this request (a table's session secrets turned into grants)."""


TOKEN = re.compile(rf"[A-Za-z0-9_-]{{{TOKEN_LENGTH}}}")
"""A token as ``secrets.token_urlsafe(32)`` makes it (checked on every request that asks a right)."""


def _token_from_cookie(request: HttpRequest) -> str | None:
    token = request.COOKIES.get(DEVICE_COOKIE, "")
    return token if TOKEN.fullmatch(token) else None


def request_device(request: HttpRequest) -> RequestDevice:
    state = getattr(request, STATE_ATTR, None)
    if state is None:
        state = RequestDevice(token=_token_from_cookie(request))
        setattr(request, STATE_ATTR, state)
    return state


_BY_TOKEN_HASH = UniqueRead(lambda token_hash: Device.objects.filter(token_hash=token_hash), "token-hash")


def device_of(request: HttpRequest) -> Device | None:
    """This request's device, if it has one (no device is made)."""
    state = request_device(request)
    if state.device is None and state.token:
        state.device = _BY_TOKEN_HASH(hash_secret(state.token))
    return state.device


def device_ensure(request: HttpRequest) -> Device:
    """This request's device, made (and its cookie sent with the response) if it has none yet."""
    state = request_device(request)
    if device_of(request) is None:
        state.token = secrets.token_urlsafe(32)
        state.device = services.device_create(token_hash=hash_secret(state.token))
        state.send_cookie = True
        state.grants.clear()
    return state.device


def device_cookie_set(request: HttpRequest, response: HttpResponse) -> None:
    """Send the device cookie when this request made a device or used one (the middleware)."""
    state = getattr(request, STATE_ATTR, None)
    if state is None or not state.send_cookie or not state.token:
        return
    response.set_cookie(
        DEVICE_COOKIE,
        state.token,
        max_age=COOKIE_MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
