"""Reading rights: this request's device's grant on one thing, looked up once per request."""

from functools import cache

from django.db import models
from django.http import HttpRequest

from scorer.access import services
from scorer.access.ages import grant_cutoff
from scorer.access.devices import request_device
from scorer.access.links import hash_secret
from scorer.access.models import GrantBase
from scorer.platform.rows import UniqueRead


def _key(model: type[GrantBase], target: models.Model) -> tuple[str, int]:
    return model._meta.label, target.pk


def grant_held[G: GrantBase](request: HttpRequest, model: type[G], target: models.Model) -> G | None:
    """This device's unexpired grant of ``model`` on ``target``, counting or not (one query, by the
    unique token hash and the unique (device, target) pair, then cached for the request). Its use
    is written down (at most hourly), and the device's cookie sent again then."""
    state = request_device(request)
    key = _key(model, target)
    if key not in state.grants:
        grant = None
        if state.token:
            grant = _held(model)(hash_secret(state.token), target.pk)
        if grant is not None and grant.last_used_at < grant_cutoff():
            grant = None  # expired
        if grant is not None:
            setattr(grant, model.TARGET, target)
            _used(request, grant)
        state.grants[key] = grant
    return state.grants[key]


@cache
def _held(model: type[GrantBase]) -> UniqueRead:
    """The read of a device's grant of ``model`` on one target, expired or not: by the device's
    token's hash and the target's key (the hot read of every page that asks a right)."""
    target = f"{model.TARGET}_id"
    return UniqueRead(
        lambda token_hash, target_id: model.objects.filter(
            device__token_hash=token_hash, **{target: target_id}
        ),
        "token-hash",
        -1,
    )


def _used(request: HttpRequest, grant: GrantBase) -> None:
    state = request_device(request)
    if services.grant_note_used(grant):
        state.send_cookie = True  # the cookie's 400 days start again while the device is in use


def holds(request: HttpRequest, model: type[GrantBase], target: models.Model) -> bool:
    """Whether this device holds a grant of ``model`` that counts on ``target`` now."""
    grant = grant_held(request, model, target)
    return grant is not None and grant.counts(target)


def grant_remember(request: HttpRequest, grant: GrantBase) -> None:
    """What this request gave the device counts for the rest of the request."""
    target = getattr(grant, grant.TARGET)
    request_device(request).grants[_key(type(grant), target)] = grant
