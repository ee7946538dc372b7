"""A first visit follows the browser's Accept-Language (Turkish or English, else Turkish); once the
switch is used, its cookie wins (issue 17)."""

import pytest
from django.test import Client


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("en-US,en;q=0.9", "en"),
        ("en-GB", "en"),
        ("tr-TR,tr;q=0.9,en;q=0.8", "tr"),
        ("de-DE,de;q=0.9,en;q=0.5", "en"),
        ("de-DE", "tr"),
        ("", "tr"),
    ],
)
def test_a_first_visit_follows_accept_language(client, header, language):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=header)
    assert response["Content-Language"] == language
    assert f'<html lang="{language}">' in response.content.decode()
    assert "Accept-Language" in response["Vary"]


@pytest.mark.parametrize(("cookie", "header"), [("tr", "en-US,en;q=0.9"), ("en", "tr-TR")])
def test_the_switchs_cookie_wins_over_accept_language(client, cookie, header):
    client.post("/i18n/setlang/", {"language": cookie, "next": "/"})
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=header)
    assert response["Content-Language"] == cookie


def test_language_switch_choice_is_kept(client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    response = client.get("/")
    assert response["Content-Language"] == "en"
    assert "Cookie" in response["Vary"]


def test_expired_form_gets_the_friendly_csrf_page():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/i18n/setlang/", {"language": "en"})
    assert response.status_code == 403
    assert 'class="measure"' in response.content.decode()
