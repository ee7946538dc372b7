"""Backup and restore of house rule sets, beside the tables' and events'.

A house travels as one entry, ``{"house": {...}}``: its own fields (its code, which version is
its latest, when it was made and changed) and its versions, each a house rule set object. Who may
edit it (a device) and which devices used it are devices' data, not the house's, and are not
exported: after a restore nobody edits it until a device makes a new one. A table, an event or a
club keeps its own copy of the version it plays, so its backup needs no house. A house whose code
exists already is skipped; a version the engine refuses is refused by its path, nothing stored.
"""

from collections.abc import Iterator, Mapping

from django.db import transaction
from django.utils.translation import gettext as _

from scorer.engine import InvalidInput
from scorer.engine.errors import FieldError
from scorer.engine.house import ruleset_of
from scorer.houses.models import House, HouseVersion
from scorer.tables.backuprows import EXPORT_ERRORS, Exported, entry_text, row_fields, row_from


def house_entry(house: House) -> dict:
    versions = [row_fields(version) for version in house.versions.order_by("number")]
    return {"house": row_fields(house) | {"versions": versions}}


def house_entries(*, indent: int | None = None) -> Iterator[Exported]:
    """Every house, oldest first, each read on its own (what ``manage.py export_tables`` writes)."""
    for pk, code in House.objects.order_by("created_at", "pk").values_list("pk", "code"):
        try:
            text = entry_text(house_entry(House.objects.get(pk=pk)), indent=indent)
        except EXPORT_ERRORS as exc:
            yield Exported(code, problem=" ".join(str(exc).split()) or type(exc).__name__)
        else:
            yield Exported(code, text)


def is_house_entry(data: object) -> bool:
    return isinstance(data, Mapping) and set(data) == {"house"}


def house_restore(*, data: Mapping) -> House | None:
    """Restore one house entry with its code; None when a house has that code already."""
    raw = data["house"]
    if not isinstance(raw, Mapping):
        raise InvalidInput([FieldError("house", _("Not a value okeycalc writes here."))])
    house = row_from(House, raw, path="house")
    if House.objects.filter(code=house.code).exists():
        return None
    versions = raw.get("versions", [])
    if not isinstance(versions, list) or not versions:
        raise InvalidInput([FieldError("house.versions", _("Not a value okeycalc writes here."))])
    with transaction.atomic():
        house.save()
        for k, raw_version in enumerate(versions):
            version = row_from(HouseVersion, raw_version, path=f"house.versions[{k}]", house=house)
            try:
                ruleset_of(version.document)
            except InvalidInput as exc:
                raise InvalidInput(
                    [FieldError(f"house.versions[{k}].document.{e.path}", e.message) for e in exc.errors]
                ) from None
            version.save()
    return house
