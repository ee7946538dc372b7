"""Every write of the rights: devices, grants given and taken back, links renewed, expiry.

A concern's own rules (a table's edit and watch grants, an event's organizer link replacing its
tables' links) are built from these in that concern's services.
"""

from datetime import datetime

from django.apps import apps
from django.db import IntegrityError, models, transaction
from django.utils import timezone

from scorer.access import links
from scorer.access.ages import USE_NOTED_EVERY, grant_cutoff
from scorer.access.models import Device, GrantBase


def device_create(*, token_hash: str) -> Device:
    return Device.objects.create(token_hash=token_hash)


def grant_note_used(grant: GrantBase) -> bool:
    """Write down that ``grant`` (and its device) was used now, at most once per
    :data:`USE_NOTED_EVERY`; returns whether it wrote (the device's cookie is then sent again)."""
    now = timezone.now()
    if grant.last_used_at >= now - USE_NOTED_EVERY:
        return False
    type(grant).objects.filter(pk=grant.pk).update(last_used_at=now)
    Device.objects.filter(pk=grant.device_id).update(last_seen_at=now)
    grant.last_used_at = now
    return True


def grant_give[G: GrantBase](
    model: type[G], *, device: Device, target: models.Model, **values
) -> tuple[G, bool]:
    """``device``'s grant of ``model`` on ``target`` at the target's current link (made, or brought
    up to date), used now, and whether it was made; ``values`` are more fields to set."""
    defaults = {"secret_version": target.secret_version, "last_used_at": timezone.now(), **values}
    lookup = {"device": device, model.TARGET: target}
    try:
        with transaction.atomic():
            grant, created = model.objects.update_or_create(**lookup, defaults=defaults)
    except IntegrityError:  # the same device's other request made it meanwhile
        model.objects.filter(**lookup).update(**defaults)
        grant, created = model.objects.get(**lookup), False
    setattr(grant, model.TARGET, target)
    return grant, created


def grants_take_back(model: type[GrantBase], *, target: models.Model, keep: Device | None) -> list[int]:
    """Delete every grant of ``model`` on ``target`` but ``keep``'s; returns the devices that lost one."""
    others = model.objects.filter(**{model.TARGET: target})
    if keep is not None:
        others = others.exclude(device=keep)
    devices = list(others.values_list("device_id", flat=True))
    others.delete()
    return devices


def link_renew(target: models.Model) -> int:
    """A new link for ``target`` (its version bumped, a new link key): every grant of the older
    version stops counting. Sets the fields for the caller to save with the rest of its change;
    returns the version the target had."""
    old = target.secret_version
    target.secret_version = old + 1
    target.link_key = links.new_link_key()
    return old


def _grant_models() -> list[type[GrantBase]]:
    return [model for model in apps.get_models() if issubclass(model, GrantBase)]


def grants_expire(now: datetime | None = None) -> int:
    """Delete the grants of every kind unused for longer than the idle limit, and the devices left
    without any grant; returns how many grants were deleted."""
    cutoff = grant_cutoff(now)
    deleted = 0
    idle = Device.objects.filter(last_seen_at__lt=cutoff)
    for model in _grant_models():
        count, _ = model.objects.filter(last_used_at__lt=cutoff).delete()
        deleted += count
        idle = idle.exclude(pk__in=model.objects.values("device_id"))
    idle.delete()
    return deleted
