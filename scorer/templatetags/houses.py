"""Template helpers of house rule sets: the choices a form offers the device asking."""

from dataclasses import dataclass

from django import template

from scorer.access import device_of
from scorer.houses.selectors import recent_versions

register = template.Library()


@dataclass(frozen=True, slots=True)
class HouseChoice:
    code: str
    name: str
    number: int
    checked: bool


@register.simple_tag(takes_context=True)
def house_choices(context, form) -> list[HouseChoice]:
    """The house the form holds (first, when it is none of the recent ones), then the latest version
    of each house rule set this device used lately."""
    request = context.get("request")
    versions = recent_versions(device_of(request)) if request is not None else []
    chosen = form.house_version
    if chosen is not None and all(v.house_id != chosen.house_id for v in versions):
        versions = [chosen, *versions]
    code = form.house_code_chosen
    return [
        HouseChoice(v.house.code, v.name or v.house.code, v.number, v.house.code == code) for v in versions
    ]
