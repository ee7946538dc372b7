"""Reading rights: this request's device's grant on one thing, looked up once per request."""

from django.db import models
from django.http import HttpRequest

from scorer.access import services
from scorer.access.ages import grant_cutoff
from scorer.access.devices import request_device
from scorer.access.links import hash_secret
from scorer.access.models import GrantBase
from scorer.platform.rows import unique


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
            grant = unique(_held(model, state.token).filter(**{model.TARGET: target}))
        if grant is not None:
            setattr(grant, model.TARGET, target)
            _used(request, grant)
        state.grants[key] = grant
    return state.grants[key]


def grant_with_target[G: GrantBase](request: HttpRequest, model: type[G], **lookup) -> G | None:
    """This device's unexpired grant of ``model`` on the target a unique ``lookup`` of the target
    names (``public_id=...``), the target read in the same query (``grant.<TARGET>``), or None:
    the one read of a right's page for a device that holds the grant. None tells nothing of the
    target (there may be none); :func:`grant_held` is asked once the page has read it."""
    state = request_device(request)
    if not state.token:
        return None
    related = {f"{model.TARGET}__{field}": value for field, value in lookup.items()}
    grant = unique(_held(model, state.token).select_related(model.TARGET).filter(**related))
    if grant is not None:
        _used(request, grant)
        state.grants[_key(model, getattr(grant, model.TARGET))] = grant
    return grant


def _held(model: type[GrantBase], token: str) -> models.QuerySet:
    """The unexpired grants of ``model`` of the device whose cookie holds ``token``, with it."""
    return model.objects.select_related("device").filter(
        device__token_hash=hash_secret(token), last_used_at__gte=grant_cutoff()
    )


def _used(request: HttpRequest, grant: GrantBase) -> None:
    state = request_device(request)
    state.device = grant.device
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
