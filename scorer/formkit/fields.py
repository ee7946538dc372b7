"""Shared form helpers: Bootstrap classes, option labels, engine errors put back on fields."""

from collections.abc import Callable, Iterable
from itertools import chain
from operator import itemgetter

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.utils.translation import gettext as _
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


NUL = "\x00"
MSG_NUL = gettext_lazy("Text cannot hold the NUL character (U+0000).")


class NulFreeForm(forms.Form):
    """A form whose posted values never hold U+0000: each field that held one is refused with
    :data:`MSG_NUL`, and what was typed is shown again without it.

    Django's own check (``ProhibitNullCharactersValidator``) refuses it too, but the page then
    wrote the value back with its raw NUL, and fields that are not ``CharField`` never checked;
    PostgreSQL cannot store a NUL in text at all (a DataError, answered 500). Every form of the
    app is one of these.
    """

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.nul_fields: set[str] = set()
        if not self.is_bound or not hasattr(self.data, "lists"):
            return
        # Every posted value looked at in one join (C calls only); each field only when one holds it.
        if NUL not in "".join(map(str, chain.from_iterable(map(itemgetter(1), self.data.lists())))):
            return
        self.nul_fields = {key for key, values in self.data.lists() if NUL in "".join(map(str, values))}
        if self.nul_fields:
            data = self.data.copy()
            for key in self.nul_fields:
                data.setlist(key, [str(v).replace(NUL, "") for v in data.getlist(key)])
            self.data = data

    def full_clean(self) -> None:
        super().full_clean()
        if not self.nul_fields:
            return
        for name in self.fields:
            if self.add_prefix(name) in self.nul_fields and MSG_NUL not in self.errors.get(name, ()):
                self.add_error(name, str(MSG_NUL))


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


class RuleSetOptionsMixin:
    """The chosen rule set's options as fields named ``{option_prefix}{option name}``: a checkbox
    for an on/off option, a choice (``choice_widget``) among the values of another. The form sets
    ``chosen`` (its rule set) before it calls ``add_option_fields``."""

    option_prefix = "option_"
    choice_widget: type[forms.Widget] = forms.RadioSelect
    chosen: RuleSet
    fields: dict[str, forms.Field]

    def add_option_fields(self) -> None:
        for spec in self.chosen.options:
            if spec.kind == "bool":
                field: forms.Field = forms.BooleanField(required=False, initial=spec.default)
            else:
                choices = [(c, CHOICE_LABELS.get(c, c)) for c in spec.choices]
                field = forms.ChoiceField(choices=choices, initial=spec.default, widget=self.choice_widget)
            field.label, field.help_text = _(spec.label), _(spec.help)
            self.fields[f"{self.option_prefix}{spec.name}"] = field

    @property
    def option_fields(self) -> list[forms.BoundField]:
        return [self[f"{self.option_prefix}{spec.name}"] for spec in self.chosen.options]  # type: ignore[index]

    def chosen_options(self, data: dict) -> dict:
        """The options' cleaned values by option name (after ``is_valid()``)."""
        return {spec.name: data[f"{self.option_prefix}{spec.name}"] for spec in self.chosen.options}


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


class MarkedBoundField(forms.BoundField):
    """A field whose widget, rendered by the form (``{{ field }}``), carries Bootstrap's
    ``is-invalid`` once it has an error (Django adds ``aria-invalid`` and the error's
    ``aria-describedby`` itself)."""

    def build_widget_attrs(self, attrs, widget=None):
        attrs = super().build_widget_attrs(attrs, widget)
        if self.errors:
            widget = widget or self.field.widget
            attrs["class"] = f"{attrs.get('class', widget.attrs.get('class', ''))} is-invalid".strip()
        return attrs
