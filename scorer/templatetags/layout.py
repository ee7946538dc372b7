"""``{% site_header %}``: every page's header (name, language switch, menu), written in Python.

The header is the same few dozen template nodes on every page, most of the layout's rendering
time. This tag writes what ``_site_header.html`` writes (the template stays as the readable
reference; the tests compare the two, whitespace aside, in both languages, on each menu page):
the language form with this request's CSRF token and path, and the menu with the current page.
"""

from functools import cache

from django import template
from django.conf import settings
from django.template.defaulttags import CsrfTokenNode
from django.utils import translation
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from scorer.templatetags.okey import nav_links, plain_url

register = template.Library()

_CSRF = CsrfTokenNode()


@cache
def _languages() -> tuple[tuple[str, str], ...]:
    """(code, name in its own language) of each language the site speaks."""
    return tuple(
        (info["code"], info["name_local"])
        for info in (translation.get_language_info(str(code)) for code, _name in settings.LANGUAGES)
    )


def language_buttons(current: str) -> str:
    buttons = []
    for code, name in _languages():
        code_html = escape(code)
        active = code == current
        buttons.append(
            f'<button type="submit" name="language" value="{code_html}" lang="{code_html}"'
            f' class="btn btn-sm btn-theme-outline{" active" if active else ""}"'
            f"{' aria-current="true"' if active else ''}>{escape(name)}</button>"
        )
    return "\n".join(buttons)


def menu_items(context) -> str:
    return "\n".join(
        f'<li class="nav-item"><a class="nav-link{" active" if link["active"] else ""}"'
        f' href="{escape(link["url"])}"{' aria-current="page"' if link["active"] else ""}>'
        f"{escape(link['label'])}</a></li>"
        for link in nav_links(context)
    )


@register.simple_tag(takes_context=True)
def site_header(context) -> SafeString:
    """The header as ``{% include "_site_header.html" %}`` renders it."""
    request = context.get("request")
    path = escape(request.get_full_path()) if request is not None else ""
    html = f"""<header class="site-header bg-body-tertiary border-bottom d-print-none">
<div class="container d-flex flex-wrap align-items-center column-gap-2 pt-2 pb-1">
<a class="navbar-brand site-name me-auto" href="{escape(plain_url("scorer:home"))}">okeycalc</a>
<form class="lang-switch" action="{escape(plain_url("set_language"))}" method="post">
{_CSRF.render(context)}
<input type="hidden" name="next" value="{path}">
<div class="btn-group" role="group" aria-label="{escape(gettext("Language"))}">
{language_buttons(translation.get_language())}
</div>
</form>
<nav class="navbar navbar-expand w-100 p-0" aria-label="{escape(gettext("Main"))}">
<ul class="navbar-nav flex-wrap column-gap-3">
{menu_items(context)}
</ul>
</nav>
</div>
</header>"""
    return mark_safe(html)  # noqa: S308 (every value above is escaped; the CSRF input is Django's own)
