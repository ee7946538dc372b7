"""Writes of house rule sets: make one, edit one (a new version), and remember which houses a
device used. Every document is validated by the engine before it is stored."""

from django.db import IntegrityError, transaction
from django.utils import timezone

from scorer.engine.house import ruleset_of
from scorer.houses.models import House, HouseUse, HouseVersion
from scorer.models import Device, new_join_code

CODE_TRIES = 8


def validated(document: dict) -> dict:
    """The document as the engine accepts it (raises InvalidInput naming each bad field)."""
    ruleset_of(document)
    return document


@transaction.atomic
def house_create(*, document: dict, device: Device | None) -> House:
    """A new house whose version 1 is ``document``; ``device`` may edit it."""
    validated(document)
    house = _create_with_code(device)
    HouseVersion.objects.create(house=house, number=1, document=document)
    if device is not None:
        house_use(device=device, house=house)
    return house


def _create_with_code(device: Device | None) -> House:
    """Insert the house; should its random code be taken already, again with another."""
    for _attempt in range(CODE_TRIES):
        code = new_join_code()
        try:
            with transaction.atomic():
                return House.objects.create(code=code, owner=device)
        except IntegrityError:
            if not House.objects.filter(code=code).exists():
                raise
    raise IntegrityError("no free house code")


@transaction.atomic
def house_update(*, house: House, document: dict, device: Device | None) -> HouseVersion:
    """Edit the house: ``document`` becomes its next version, for the games made from now on;
    whatever already plays it keeps the copy it took."""
    validated(document)
    locked = House.objects.select_for_update().get(pk=house.pk)
    locked.current += 1
    locked.updated_at = timezone.now()
    locked.save(update_fields=["current", "updated_at"])
    version = HouseVersion.objects.create(house=locked, number=locked.current, document=document)
    if device is not None:
        house_use(device=device, house=locked)
    house.current, house.updated_at = locked.current, locked.updated_at
    return version


def house_use(*, device: Device, house: House) -> None:
    """Remember that ``device`` made, chose or opened ``house`` (its recent house rule sets)."""
    HouseUse.objects.update_or_create(device=device, house=house, defaults={"used_at": timezone.now()})
