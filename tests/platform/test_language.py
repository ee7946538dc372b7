"""A first visit follows the browser's Accept-Language (Turkish or English, else Turkish); once the
switch is used, its cookie wins."""

import pytest
from django.test import Client
from django.urls import reverse


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


NAMED_PAGES = ["scorer:game_new", "scorer:rules_index", "scorer:rules", "scorer:learn", "scorer:calculator"]
LOCA_NAME = {"tr": ("LOCA 101 (Klasik)", "(Classic)"), "en": ("LOCA 101 (Classic)", "(Klasik)")}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["tr", "en"])
@pytest.mark.parametrize("page", NAMED_PAGES)
def test_each_rule_set_has_one_name_per_language_and_english_spells_practice_one_way(client, language, page):
    client.cookies["django_language"] = language
    args = ["loca"] if page == "scorer:rules" else []

    html = client.get(reverse(page, args=args)).content.decode()

    name, other = LOCA_NAME[language]
    assert name in html
    assert other not in html
    assert "Practise" not in html
