"""Django's form renderer, with the plain ``<input>`` and ``<select>`` widgets built in Python.

A hand form has dozens of small number and checkbox inputs. Django renders each through three
templates (``number.html`` → ``input.html`` → ``attrs.html``), a select through two more per
option, and that template machinery was most of a form page's time. The markup of those
templates is short; this renderer writes exactly that markup itself (same attributes, order
and escaping, checked by the tests against Django's own templates) and leaves every other
template — radios, crispy's field layout, the app's own — to Django. A template overridden by
an app is never bypassed.

Enabled by ``FORM_RENDERER = "scorer.platform.formrender.FastInputRenderer"``.
"""

from functools import cached_property
from pathlib import Path

import django.forms
from django.forms.renderers import DjangoTemplates
from django.template import Context
from django.template.base import render_value_in_context
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeData, SafeString, mark_safe

WIDGETS = Path(django.forms.__file__).parent / "templates" / "django" / "forms" / "widgets"
INPUT_TEMPLATES = frozenset(
    f"django/forms/widgets/{name}.html"
    for name in (
        "input",
        "text",
        "number",
        "email",
        "url",
        "password",
        "hidden",
        "checkbox",
        "search",
        "tel",
        "date",
        "datetime",
        "time",
        "color",
    )
)

SELECT = "django/forms/widgets/select.html"
OPTION = "django/forms/widgets/select_option.html"
_TEXT_CONTEXT = Context()  # what Django's renderer renders widget templates with: autoescape on


def _name(value) -> str:
    """``{{ value }}``: escaped unless already safe."""
    return conditional_escape(value)


def _value(value) -> str:
    """``{{ value|stringformat:'s' }}``: formatted with %s, escaped unless the value was safe."""
    text = "%s" % (value,)  # noqa: UP031 (exactly what stringformat does)
    return text if isinstance(value, SafeData) else escape(text)


def render_input(widget: dict) -> SafeString:
    """``django/forms/widgets/input.html`` with its ``attrs.html``, in Python."""
    parts = [f'<input type="{_name(widget["type"])}" name="{_name(widget["name"])}"']
    if widget["value"] != None:  # noqa: E711 (the template's test, kept exactly)
        parts.append(f' value="{_value(widget["value"])}"')
    for name, value in widget["attrs"].items():
        if value is False:
            continue
        parts.append(f" {_name(name)}" if value is True else f' {_name(name)}="{_value(value)}"')
    parts.append(">")
    return mark_safe("".join(parts))  # every piece above is escaped


def _attrs(attrs: dict) -> str:
    """``django/forms/widgets/attrs.html``."""
    return "".join(
        f" {_name(name)}" if value is True else f' {_name(name)}="{_value(value)}"'
        for name, value in attrs.items()
        if value is not False
    )


def _text(value) -> str:
    """``{{ value }}`` in a widget template (localised, escaped)."""
    if type(value) is str:
        return escape(value)
    return render_value_in_context(value, _TEXT_CONTEXT)


def render_select(widget: dict) -> SafeString:
    """``django/forms/widgets/select.html`` with its options, in Python."""
    parts = [f'<select name="{_name(widget["name"])}"{_attrs(widget["attrs"])}>']
    for group_name, options, _index in widget["optgroups"]:
        if group_name:
            parts.append(f'\n  <optgroup label="{_text(group_name)}">')
        for option in options:
            parts.append(
                f'\n  <option value="{_value(option["value"])}"{_attrs(option["attrs"])}>{_text(option["label"])}</option>\n'
            )
        if group_name:
            parts.append("\n  </optgroup>")
    parts.append("\n</select>")
    return mark_safe("".join(parts))  # every piece above is escaped


def _options_are_plain(widget: dict) -> bool:
    return all(
        option["template_name"] == OPTION for _g, options, _i in widget["optgroups"] for option in options
    )


class FastInputRenderer(DjangoTemplates):
    """DjangoTemplates, except that Django's own plain input templates are rendered in Python."""

    def is_djangos_own(self, name: str) -> bool:
        return Path(self.get_template(name).origin.name).resolve().parent == WIDGETS.resolve()

    @cached_property
    def fast_templates(self) -> frozenset[str]:
        """The input templates that still resolve to Django's own files (not overridden by an app)."""
        return frozenset(name for name in INPUT_TEMPLATES if self.is_djangos_own(name))

    @cached_property
    def fast_select(self) -> bool:
        """Whether the select templates are Django's own (and all three it includes)."""
        return all(self.is_djangos_own(name) for name in (SELECT, OPTION, "django/forms/widgets/attrs.html"))

    def render(self, template_name, context, request=None):
        if template_name in self.fast_templates:
            return render_input(context["widget"])
        if template_name == SELECT and self.fast_select and _options_are_plain(context["widget"]):
            return render_select(context["widget"])
        return super().render(template_name, context, request=request)
