"""The hand form's many small count fields, written in Python.

A hand page has about twenty steppers (okeys, fake okeys, penalties per player). Rendered as an
``{% include %}`` each one costs some fifty template nodes; this tag writes exactly the markup of
``scorer/_stepper.html`` (kept as the readable reference and checked against it by the tests):
the same attributes, whitespace, translations, number localisation and escaping.
"""

from django import template
from django.forms import BoundField
from django.template.base import render_value_in_context
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

register = template.Library()

_STEPPER = (
    '\n\n<div class="stepper{wide}" data-stepper>\n'
    '  <label class="field-label stepper-label" for="{id}">{label}</label>\n'
    '  <div class="input-group flex-nowrap">\n'
    '    <button type="button" class="btn btn-theme-outline stepper-btn" data-step="-1" aria-controls="{id}" hidden>\n'
    '      <span aria-hidden="true">−</span><span class="visually-hidden">{less}</span>\n'
    "    </button>\n"
    '    <input type="text" inputmode="numeric" pattern="[0-9]*" autocomplete="off" class="form-control text-center"'
    ' name="{name}" id="{id}"\n'
    '           value="{value}" data-max="{max}"{invalid}>\n'
    '    <button type="button" class="btn btn-theme-outline stepper-btn" data-step="1" aria-controls="{id}" hidden>\n'
    '      <span aria-hidden="true">+</span><span class="visually-hidden">{more}</span>\n'
    "    </button>\n"
    "  </div>\n"
    "  {errors}\n"
    "</div>\n"
)


@register.simple_tag(takes_context=True)
def stepper(context, field: BoundField, wide: bool = False) -> SafeString:
    """One stepper, as ``{% include "scorer/_stepper.html" with field=field wide=wide %}`` renders it."""

    def text(value) -> str:
        return render_value_in_context(value, context)

    auto_id = text(field.auto_id)
    label = text(field.label)
    value = field.value()
    errors = field.errors
    invalid = errors_html = ""
    if errors:
        invalid = f' aria-invalid="true" aria-describedby="{auto_id}_error"'
        joined = conditional_escape(" ").join(conditional_escape(e) for e in errors)
        errors_html = f'<div class="invalid-feedback d-block" id="{auto_id}_error">{joined}</div>'
    html = _STEPPER.format(
        wide=" stepper-wide" if wide else "",
        id=auto_id,
        label=label,
        less=gettext("One less: %(label)s") % {"label": label},
        more=gettext("One more: %(label)s") % {"label": label},
        name=text(field.html_name),
        value="" if value is None else text(value),
        max=text(field.field.max_value),
        invalid=invalid,
        errors=errors_html,
    )
    return mark_safe(html)  # noqa: S308 (every value above is escaped)
