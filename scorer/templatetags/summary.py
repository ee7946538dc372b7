"""The error summary at the top of a form's page (templates/scorer/_error_summary.html)."""

from django import template

from scorer.formkit.fields import error_items as form_error_items

register = template.Library()


@register.simple_tag
def error_items(*forms) -> list[dict]:
    """The errors of ``forms`` in page order (a form's own ``error_summary`` if it has one);
    missing and unbound forms give none."""
    items: list[dict] = []
    for form in forms:
        if not getattr(form, "is_bound", False):
            continue
        summary = getattr(form, "error_summary", None)
        items += summary() if callable(summary) else form_error_items(form)
    return items
