"""``{% site_header %}`` writes what ``_site_header.html`` writes, on every menu page, in both languages."""

import re

import pytest
from django.template import RequestContext, Template
from django.test import RequestFactory
from django.urls import resolve
from django.utils import translation

from scorer.templatetags.okey import NAV

REFERENCE = Template('{% include "_site_header.html" %}')
TAG = Template("{% load layout %}{% site_header %}")


def same_html(html: str) -> str:
    """Whitespace runs as one space and none before a tag's ``>``: the same page to a browser.
    The CSRF token is masked afresh for every render: only its place is compared."""
    html = re.sub(
        r'name="csrfmiddlewaretoken" value="[A-Za-z0-9]{64}"', 'name="csrfmiddlewaretoken" value="…"', html
    )
    return re.sub(r"\s+>", ">", re.sub(r"\s+", " ", html)).strip()


PATHS = ["/", "/hesap/", "/kurallar/", '/masa/abc/?x=<1>&y="2"', *(name for name, _label, _views in NAV)]


def request_for(path: str):
    from django.urls import reverse

    url = path if path.startswith("/") else reverse(path)
    request = RequestFactory().get(url)
    try:
        request.resolver_match = resolve(request.path_info)
    except Exception:  # noqa: BLE001 (a path no view answers: no current menu entry)
        request.resolver_match = None
    return request


@pytest.mark.parametrize("language", ["tr", "en"])
@pytest.mark.parametrize("path", PATHS)
def test_site_header_renders_the_reference_template(path, language):
    request = request_for(path)
    with translation.override(language):
        context = RequestContext(request, {})
        expected = REFERENCE.render(context)
        got = TAG.render(context)
    assert same_html(got) == same_html(expected)
    assert 'name="csrfmiddlewaretoken"' in got


def test_the_header_marks_the_current_page_and_language():
    with translation.override("en"):
        html = TAG.render(RequestContext(request_for("scorer:calculator"), {}))
    assert html.count('aria-current="page"') == 1
    assert re.search(r'class="nav-link active" href="/hesap/" aria-current="page"', html)
    assert re.search(r'value="en" lang="en" class="[^"]* active" aria-current="true"', html)


def test_the_header_escapes_the_path_it_returns_to():
    html = TAG.render(RequestContext(request_for('/masa/abc/?x=<1>&y="2"'), {}))
    assert 'value="/masa/abc/?x=%3C1%3E&amp;y=%222%22"' in html or "&lt;1&gt;" in html
    assert "<1>" not in html
