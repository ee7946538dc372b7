"""``{% form_field field %}``: a labelled field as crispy-bootstrap5 lays it out, selects in Python.

``{{ field|as_crispy_field }}`` renders crispy's ``bootstrap5/field.html``, a template of some
hundred nodes, for every field. The pages' selects (rule set, players, table type, hands,
first dealer) take the simplest path through it: a label, the widget, errors, help text. For
those this tag writes the same markup itself (checked by the tests against crispy's output,
whitespace aside); every other field, or a form with a crispy helper, or a crispy template
overridden by the project, goes to crispy as before. Unlike crispy's ``crispy_field`` tag it
never writes classes into the widget: the widget keeps its own attributes.
"""

from functools import cache
from pathlib import Path

import crispy_bootstrap5
from crispy_forms.templatetags.crispy_forms_filters import as_crispy_field
from django import forms, template
from django.conf import settings
from django.forms import BoundField
from django.template.loader import get_template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

CRISPY_TEMPLATES = Path(crispy_bootstrap5.__file__).parent / "templates"
LAYOUT = (
    "bootstrap5/field.html",
    "bootstrap5/layout/help_text_and_errors.html",
    "bootstrap5/layout/field_errors_block.html",
    "bootstrap5/layout/help_text.html",
)


@cache
def crispy_is_stock() -> bool:
    """Whether the crispy templates written here are crispy-bootstrap5's own files."""
    if getattr(settings, "CRISPY_TEMPLATE_PACK", None) != "bootstrap5":
        return False
    return all(
        Path(get_template(name).origin.name).resolve().is_relative_to(CRISPY_TEMPLATES.resolve())
        for name in LAYOUT
    )


def widget_class(widget: forms.Widget, errors: bool) -> str:
    """The class crispy's ``crispy_field`` tag gives a select (without storing it on the widget)."""
    converters = getattr(settings, "CRISPY_CLASS_CONVERTERS", {})
    class_name = type(widget).__name__.lower()
    class_name = converters.get(class_name, class_name)
    css = widget.attrs.get("class", "")
    if css:
        if css.find(class_name) == -1:
            css += f" {class_name}"
    else:
        css = class_name
    for name in ("form-select is-invalid" if errors else "form-select").split():
        if name not in css.split():
            css += f" {name}"
    return css


def select_field(field: BoundField) -> str:
    auto_id = conditional_escape(field.auto_id)
    errors = field.errors
    parts = [
        f'<div id="div_{auto_id}" class="mb-3{f" {conditional_escape(field.css_classes())}" if field.css_classes() else ""}">'
    ]
    if field.label:
        required = field.field.required
        parts.append(
            f'<label for="{conditional_escape(field.id_for_label)}" class="form-label{" requiredField" if required else ""}">\n'
            f"{conditional_escape(field.label)}{'<span class="asteriskField">*</span>' if required else ''}\n</label>"
        )
    parts.append(field.as_widget(attrs={"class": widget_class(field.field.widget, bool(errors))}))
    if errors:
        items = "".join(
            f'<p id="error_{n}_{auto_id}"><strong>{conditional_escape(error)}</strong></p>'
            for n, error in enumerate(errors, start=1)
        )
        parts.append(
            f'<div id="{conditional_escape(errors.field_id)}_error" class="invalid-feedback">{items}</div>'
        )
    if field.help_text:
        helptext_id = f'id="{auto_id}_helptext" ' if field.auto_id else ""
        parts.append(f'<div {helptext_id}class="form-text">{field.help_text}</div>')  # |safe, as crispy
    parts.append("</div>")
    return "\n".join(parts)


def is_plain_select(field: BoundField) -> bool:
    return (
        type(field.field.widget) is forms.Select
        and not field.is_hidden
        and getattr(field.form, "helper", None) is None
        and crispy_is_stock()
    )


@register.simple_tag
def form_field(field: BoundField) -> SafeString:
    """``{{ field|as_crispy_field }}``, the same markup; selects written here, the rest by crispy."""
    if is_plain_select(field):
        return mark_safe(select_field(field))  # noqa: S308 (escaped above; help text is |safe in crispy too)
    return as_crispy_field(field)
