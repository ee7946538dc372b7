"""A stored row in a backup and back: every field it stores but its id and its links; and the
archive's entries of one kind (tables, events, clubs), each read and written on its own.

What the backup of a hand's history and of an event (scorer/events/backup.py) writes: the model's
own fields by name, timestamps in ISO 8601 with their microseconds, so that a restore stores the
very same values. Read back, each field is converted and checked by the model field itself (type,
choices, length, the column's range); what does not fit is refused by its path, never stored.
"""

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import date, datetime

from django.core.exceptions import ValidationError
from django.db import DatabaseError, models
from django.utils.translation import gettext as _

from scorer.engine import InvalidInput
from scorer.engine.errors import FieldError


def stored_fields(model: type[models.Model], exclude: Iterable[str] = ()) -> list[models.Field]:
    """The fields a backup carries: stored, not the id, not a link to another row."""
    skip = set(exclude)
    return [
        field
        for field in model._meta.concrete_fields
        if not field.primary_key and not field.is_relation and field.name not in skip
    ]


def _plain(value: object) -> object:
    return value.isoformat() if isinstance(value, date | datetime) else value


def row_fields(row: models.Model, *, exclude: Iterable[str] = ()) -> dict:
    """The row's fields as JSON values."""
    return {field.name: _plain(field.value_from_object(row)) for field in stored_fields(type(row), exclude)}


def _cleaned(field: models.Field, raw: object) -> object:
    """``raw`` as the field stores it, or :class:`ValidationError`. A JSON field takes any JSON
    (an empty list is a value there, not a blank); NUL is refused, as PostgreSQL refuses it."""
    if isinstance(raw, str) and "\x00" in raw:
        raise ValidationError(_("Not a value okeycalc writes here."))
    value = field.to_python(raw)
    if value is None:
        if not field.null:
            raise ValidationError(_("Required."))
        return None
    if not isinstance(field, models.JSONField):
        field.validate(value, None)
    field.run_validators(value)
    return value


def row_from[M: models.Model](
    model: type[M], data: object, *, path: str, exclude: Iterable[str] = (), **links
) -> M:
    """A new, unsaved row of ``model`` from a backup's ``data`` (a field left out takes its default)
    and ``links`` (its foreign keys); :class:`InvalidInput` names each field that does not fit."""
    if not isinstance(data, Mapping):
        raise InvalidInput([FieldError(path, _("Not a value okeycalc writes here."))])
    values, errors = {}, []
    for field in stored_fields(model, exclude):
        if field.name not in data:
            continue
        try:
            values[field.name] = _cleaned(field, data[field.name])
        except ValidationError as exc:
            errors.append(FieldError(f"{path}.{field.name}", " ".join(exc.messages)))
    if errors:
        raise InvalidInput(errors)
    return model(**values, **links)


# --- an archive's entries ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Exported:
    """One entry of an export: its JSON text, or why it could not be written."""

    public_id: str
    text: str = ""
    problem: str = ""


EXPORT_ERRORS = (DatabaseError, ValueError, TypeError, KeyError, AttributeError, UnicodeError)
"""What reading one stored row back can raise (a row the database or a converter cannot read)."""


def entries_of[M: models.Model](
    model: type[M], entry: Callable[[M], dict], *, indent: int | None = None
) -> Iterator[Exported]:
    """The entry of every row of ``model`` (a table, an event, a club), oldest first, each read on
    its own: one that cannot be read or written is reported by its id and the others still come."""
    for pk, public_id in model.objects.order_by("created_at", "pk").values_list("pk", "public_id"):
        try:
            text = entry_text(entry(model.objects.get(pk=pk)), indent=indent)
        except EXPORT_ERRORS as exc:
            yield Exported(public_id, problem=" ".join(str(exc).split()) or type(exc).__name__)
        else:
            yield Exported(public_id, text)


def entry_text(entry: dict, *, indent: int | None = None) -> str:
    """An entry as the archive holds it; raises here, not half-way through writing, if it cannot."""
    text = json.dumps(entry, ensure_ascii=False, indent=indent, sort_keys=True)
    text.encode("utf-8")
    return text
