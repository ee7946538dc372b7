"""Reads of house rule sets: a house by its code, a version, the houses a device used lately."""

from django.http import Http404

from scorer.houses.models import House, HouseUse, HouseVersion
from scorer.models import JOIN_CODE_ALPHABET, Device

RECENT = 6
"""How many of a device's house rule sets the forms offer."""


def normalized_code(text: object) -> str:
    """A typed code as stored: capitals, without spaces or dashes ("k7q x2m" → "K7QX2M")."""
    if not isinstance(text, str):
        return ""
    code = "".join(text.split()).replace("-", "").upper()
    return code if len(code) == 6 and all(c in JOIN_CODE_ALPHABET for c in code) else ""


def house_find(code: object) -> House | None:
    code = normalized_code(code)
    return House.objects.filter(code=code).first() if code else None


def house_get(code: str) -> House:
    house = house_find(code)
    if house is None:
        raise Http404("No such house rule set")
    return house


def version_get(house: House, number: int | None = None) -> HouseVersion:
    """A version of the house (its latest when ``number`` is None); 404 when it has none such."""
    version = HouseVersion.objects.filter(house=house, number=number or house.current).first()
    if version is None:
        raise Http404("No such version")
    return version


def current_version(code: object) -> HouseVersion | None:
    """The latest version of the house with this code, or None."""
    house = house_find(code)
    if house is None:
        return None
    return HouseVersion.objects.filter(house=house, number=house.current).select_related("house").first()


def recent_versions(device: Device | None) -> list[HouseVersion]:
    """The latest version of each house the device used lately, the last used first."""
    if device is None:
        return []
    uses = HouseUse.objects.filter(device=device).select_related("house").order_by("-used_at")[:RECENT]
    houses = [use.house for use in uses]
    versions = {
        (v.house_id, v.number): v
        for v in HouseVersion.objects.filter(house__in=houses).select_related("house")
        if v.number == v.house.current
    }
    return [versions[h.pk, h.current] for h in houses if (h.pk, h.current) in versions]


def can_edit(device: Device | None, house: House) -> bool:
    return device is not None and house.owner_id == device.pk
