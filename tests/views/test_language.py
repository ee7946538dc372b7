"""Turkish is the default whatever the browser asks; the switch's choice is kept."""

from django.test import Client


def test_turkish_by_default_even_when_the_browser_prefers_english(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    assert response["Content-Language"] == "tr"
    assert '<html lang="tr">' in response.content.decode()


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
