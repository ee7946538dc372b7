"""The site icon at /favicon.ico, the icons linked from every page, and the web app manifest."""

import json

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_favicon_ico_is_served_at_the_root_as_an_icon_with_a_day_of_caching(client):
    response = client.get("/favicon.ico")

    assert response.status_code == 200
    assert response["Content-Type"] == "image/x-icon"
    assert response.content[:4] == b"\x00\x00\x01\x00"  # ICO header: type 1 (icon)
    assert int.from_bytes(response.content[4:6], "little") == 3  # 16, 32 and 48 px
    assert "max-age=86400" in response["Cache-Control"]


def test_every_page_links_the_svg_and_png_icons_and_the_manifest(client):
    html = client.get(reverse("scorer:home")).content.decode()

    assert 'rel="icon" href="/static/icons/okeycalc.svg" type="image/svg+xml"' in html
    assert 'rel="icon" href="/static/icons/favicon.ico"' in html
    assert 'rel="apple-touch-icon" href="/static/icons/apple-touch-icon.png"' in html
    assert f'rel="manifest" href="{reverse("scorer:manifest")}"' in html
    for path in ("icons/okeycalc.svg", "icons/favicon.ico", "icons/apple-touch-icon.png"):
        assert finders.find(path), path


def test_the_manifest_names_the_app_with_a_theme_colour_and_icons_that_exist(client):
    response = client.get(reverse("scorer:manifest"))

    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/manifest+json")
    manifest = json.loads(response.content)
    assert manifest["short_name"] == "okeycalc" and manifest["name"] == "okeycalc: 101 Okey puan tutucu"
    assert manifest["theme_color"] == "#14532d" and manifest["background_color"]
    assert manifest["start_url"] == reverse("scorer:my_tables") and manifest["display"] == "standalone"
    assert manifest["scope"] == manifest["id"] == reverse("scorer:home")
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon["purpose"] == "maskable" for icon in manifest["icons"])
    for icon in manifest["icons"]:
        assert finders.find(icon["src"].removeprefix("/static/")), icon["src"]
        assert client.get(icon["src"]).status_code == 200


def test_the_manifest_follows_the_chosen_language(client):
    client.cookies["django_language"] = "en"

    manifest = json.loads(client.get(reverse("scorer:manifest")).content)

    assert manifest["lang"] == "en" and manifest["name"] == "okeycalc: 101 Okey scorekeeper"
