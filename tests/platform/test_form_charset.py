"""A form posted in a charset other than UTF-8 (with a CSRF cookie) gets the 400 page, never the
server's bare 500: Django's CSRF check raises BadRequest and its 400 handler would read the body
again, so a small middleware answers the 400 page first."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

TOKEN = "a" * 32
PAGES = ["/hesap/", "/masa/yeni/", "/masa/ice-aktar/", "/tas-secici/", "/yonetim/login/", "/i18n/setlang/"]


def post(path: str, charset: str | None, language: str = "tr"):
    client = Client(raise_request_exception=False, enforce_csrf_checks=True)
    client.cookies["csrftoken"] = TOKEN
    client.cookies["django_language"] = language
    content_type = "application/x-www-form-urlencoded" + (f"; charset={charset}" if charset else "")
    body = f"csrfmiddlewaretoken={TOKEN}&players=4&ruleset=loca".encode()
    return client.post(path, body, content_type=content_type)


@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("charset", ["latin-1", "iso-8859-9", "utf-16", "windows-1254", "utf8", "UTF_8"])
def test_a_form_in_another_charset_gets_the_400_page(path, charset):
    response = post(path, charset)

    assert response.status_code == 400
    page = response.content.decode()
    assert "Geçersiz istek" in page
    assert f"“{charset}” karakter kümesiyle gönderildi" in page
    assert "yalnızca UTF-8" in page


@pytest.mark.parametrize("charset", [None, "utf-8", "UTF-8", ""])
def test_utf_8_forms_go_on_as_before(charset):
    response = post("/hesap/", charset)

    assert response.status_code == 200
    page = response.content.decode()
    assert "<title>Hesap makinesi" in page and "Geçersiz istek" not in page
    posted = response.context["setup"].data  # the body was read as the form it is
    assert (posted["ruleset"], posted["players"]) == ("loca", "4")


def test_the_400_page_speaks_the_chosen_language():
    page = post("/hesap/", "latin-1", language="en").content.decode()
    assert "Bad request" in page
    assert "The form was sent in the character set “latin-1”, and okeycalc reads forms in UTF-8 only" in page


def test_the_api_still_answers_its_own_415_in_json():
    response = Client().post(
        "/api/v1/score",
        "x=1",
        content_type="application/x-www-form-urlencoded; charset=latin-1",
    )
    assert response.status_code == 415 and response["Content-Type"].startswith("application/json")
