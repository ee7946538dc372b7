"""The plain pages: home in both languages, the health check, the friendly error pages."""

import re

import pytest
from django.db import OperationalError
from django.test import RequestFactory
from django.urls import reverse
from django.views import defaults

from scorer.shell.views import health


@pytest.mark.django_db
def test_home_is_turkish_by_default(client):
    response = client.get(reverse("scorer:home"))

    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="tr">' in html
    assert "101 Okey puan hesaplayıcı" in html
    assert "Dört kural seti" in html


@pytest.mark.django_db
def test_home_links_each_rule_set_to_its_rules_page(client):
    html = client.get(reverse("scorer:home")).content.decode()

    for ruleset in ("loca", "loca-cezali", "gkokay", "kerizim"):
        assert f'href="{reverse("scorer:rules", args=[ruleset])}"' in html
    assert f'href="{reverse("scorer:rules_index")}"' in html


@pytest.mark.django_db
def test_home_is_english_after_switching_language(client):
    home = reverse("scorer:home")

    switched = client.post(reverse("set_language"), {"language": "en", "next": home})
    response = client.get(home)

    assert switched.status_code == 302
    assert switched["Location"] == home
    html = response.content.decode()
    assert '<html lang="en">' in html
    assert "Four rule sets" in html


@pytest.mark.django_db
def test_language_switch_form_posts_to_set_language_with_csrf_and_current_path(client):
    html = client.get(reverse("scorer:home") + "?x=1").content.decode()

    assert f'action="{reverse("set_language")}" method="post"' in html
    assert 'name="csrfmiddlewaretoken"' in html
    assert '<input type="hidden" name="next" value="/?x=1">' in html
    assert 'name="language" value="en"' in html


@pytest.mark.django_db
def test_body_sends_the_csrf_token_with_htmx_requests(client):
    html = client.get(reverse("scorer:home")).content.decode()

    match = re.search(r"<body[^>]* hx-headers='\{\"X-CSRFToken\": \"(\w+)\"\}'", html)
    assert match, "hx-headers with the CSRF token is missing on <body>"
    assert len(match.group(1)) == 64


def test_home_refuses_post(client):
    assert client.post(reverse("scorer:home")).status_code == 405


@pytest.mark.django_db
def test_healthz_reports_ok_when_the_database_answers(client):
    response = client.get(reverse("scorer:healthz"))

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok"}
    assert "no-cache" in response["Cache-Control"]


class _BrokenConnection:
    def cursor(self):
        raise OperationalError("connection refused")


def test_healthz_answers_503_when_the_database_fails(client, monkeypatch):
    monkeypatch.setattr(health, "connection", _BrokenConnection())

    response = client.get(reverse("scorer:healthz"))

    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "error"}


@pytest.mark.django_db
def test_unknown_page_shows_the_friendly_404(client, settings):
    settings.DEBUG = False

    response = client.get("/no-such-page/")

    assert response.status_code == 404
    html = response.content.decode()
    assert "Sayfa bulunamadı" in html
    assert f'href="{reverse("scorer:home")}"' in html


def test_500_page_renders_without_request_context():
    response = defaults.server_error(RequestFactory().get("/"))

    assert response.status_code == 500
    html = response.content.decode()
    assert "Bir şeyler ters gitti" in html
    assert f'href="{reverse("scorer:home")}"' in html


@pytest.mark.parametrize(
    ("view", "status", "title"),
    [(defaults.bad_request, 400, "Geçersiz istek"), (defaults.permission_denied, 403, "Erişim engellendi")],
)
def test_400_and_403_pages_are_friendly(rf, view, status, title):
    response = view(rf.get("/"), exception=Exception())

    assert response.status_code == status
    assert title in response.content.decode()
