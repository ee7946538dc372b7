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
            grant = unique(
                model.objects.select_related("device").filter(
                    device__token_hash=hash_secret(state.token),
                    last_used_at__gte=grant_cutoff(),
                    **{model.TARGET: target},
                )
            )
        if grant is not None:
            setattr(grant, model.TARGET, target)
            state.device = grant.device
            if services.grant_note_used(grant):
                state.send_cookie = True  # the cookie's 400 days start again while the device is in use
        state.grants[key] = grant
    return state.grants[key]


def holds(request: HttpRequest, model: type[GrantBase], target: models.Model) -> bool:
    """Whether this device holds a grant of ``model`` that counts on ``target`` now."""
    grant = grant_held(request, model, target)
    return grant is not None and grant.counts(target)


def grant_remember(request: HttpRequest, grant: GrantBase) -> None:
    """What this request gave the device counts for the rest of the request."""
    target = getattr(grant, grant.TARGET)
    request_device(request).grants[_key(type(grant), target)] = grant
