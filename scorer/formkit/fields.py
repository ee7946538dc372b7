"""Shared form helpers: Bootstrap classes, option labels, engine errors put back on fields."""

from collections.abc import Callable, Iterable

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.translation import gettext_lazy

from scorer.engine import FieldError, RuleSet, get_ruleset

DEFAULT_RULESET = "loca"
# Translators: the three katlama table types of LOCA 101 (Turkish game terms).
CHOICE_LABELS = {
    "none": gettext_lazy("Katlamasız"),
    "katlamali": gettext_lazy("Katlamalı"),
    "extra": gettext_lazy("Extra katlamalı"),
}


def ruleset_or_default(value: object) -> RuleSet:
    try:
        return get_ruleset(value)
    except LookupError:
        return get_ruleset(DEFAULT_RULESET)


def style_widgets(fields: Iterable[forms.Field]) -> None:
    """Bootstrap classes by widget type (radio groups are laid out by the templates)."""
    for field in fields:
        widget = field.widget
        if isinstance(widget, forms.RadioSelect):
            continue
        if isinstance(widget, forms.CheckboxInput):
            css = "form-check-input"
        elif isinstance(widget, forms.Select):
            css = "form-select"
        else:
            css = "form-control"
        widget.attrs["class"] = f"{css} {widget.attrs.get('class', '')}".strip()


def checked(value: object) -> bool:
    return bool(forms.BooleanField().to_python(value))


class EngineErrorsMixin:
    """Put engine FieldErrors on the form's fields; paths the form has no field for go on top."""

    def engine_field(self, path: str) -> str | None:
        raise NotImplementedError

    def add_engine_errors(self, errors: Iterable[FieldError]) -> None:
        """Add the engine's errors; a field that already failed the form's own checks keeps only those."""
        failed = set(self.errors)
        for error in errors:
            field = self.engine_field(error.path)
            field = field if field in self.fields else None
            if field is None or field not in failed:
                self.add_error(field, error.message)


def error_items(
    form: forms.Form, label_of: Callable[[str, forms.BoundField], str] | None = None
) -> list[dict]:
    """Every error of ``form`` for the summary at the top of its page: ``{"label", "message", "id"}``,
    the id being the field the summary's link moves to (a radio group's first choice), "" for the
    form's own errors. ``label_of(name, bound_field)`` may name the field more precisely."""
    items = [{"label": "", "message": m, "id": ""} for m in form.non_field_errors()]
    for name, messages in form.errors.items():
        if name == NON_FIELD_ERRORS:
            continue
        bound = form[name]
        label = label_of(name, bound) if label_of else str(bound.label)
        radio = isinstance(bound.field.widget, forms.RadioSelect)
        target = f"{bound.auto_id}_0" if radio else bound.auto_id
        items += [{"label": label, "message": m, "id": target} for m in messages]
    return items
