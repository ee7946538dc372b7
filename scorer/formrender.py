"""Django's form renderer, with the plain ``<input>`` widgets built in Python.

A hand form has dozens of small number and checkbox inputs. Django renders each through three
templates (``number.html`` → ``input.html`` → ``attrs.html``), and that template machinery is
most of the hand page's time. The markup of those templates is one line; this renderer
writes exactly that line itself (same attributes, order and escaping, checked by the tests
against Django's own templates) and leaves every other template — selects, radios, crispy's
field layout, the app's own — to Django. A template overridden by an app is never bypassed.

Enabled by ``FORM_RENDERER = "scorer.formrender.FastInputRenderer"``.
"""

from functools import cached_property
from pathlib import Path

import django.forms
from django.forms.renderers import DjangoTemplates
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


class FastInputRenderer(DjangoTemplates):
    """DjangoTemplates, except that Django's own plain input templates are rendered in Python."""

    @cached_property
    def fast_templates(self) -> frozenset[str]:
        """The input templates that still resolve to Django's own files (not overridden by an app)."""
        return frozenset(
            name
            for name in INPUT_TEMPLATES
            if Path(self.get_template(name).origin.name).resolve().parent == WIDGETS.resolve()
        )

    def render(self, template_name, context, request=None):
        if template_name in self.fast_templates:
            return render_input(context["widget"])
        return super().render(template_name, context, request=request)
