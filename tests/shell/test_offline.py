"""The service worker at /sw.js, the offline page and the offline parts of the pages."""

import json
import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from scorer.shell.views import offline

pytestmark = pytest.mark.django_db


def worker_config(body: str) -> dict:
    return json.loads(re.search(r"self\.okeycalc = (\{.*\});", body)[1])


def worker_imports(body: str) -> list[str]:
    return json.loads(re.search(r"importScripts\(\.\.\.(\[.*\])\);", body)[1])


def test_the_service_worker_is_served_from_the_root_as_javascript_revalidated_every_time(client):
    response = client.get("/sw.js")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    assert response["Service-Worker-Allowed"] == "/"
    assert "worker-src 'self'" in response["Content-Security-Policy"]
    again = client.get("/sw.js", headers={"If-None-Match": response["ETag"]})
    assert again.status_code == 304


def test_the_worker_imports_workbox_from_npm_and_our_code_all_from_our_own_static_files(client):
    imports = worker_imports(client.get("/sw.js").content.decode())

    assert [url.rsplit("/", 1)[1] for url in imports] == [
        *(f"workbox-{name}.prod.js" for name in offline.WORKBOX),
        "serviceworker.js",
    ]
    for url in imports:
        assert url.startswith("/static/")
        assert finders.find(url.removeprefix("/static/")), f"{url}: run `make static`"


def test_the_worker_caches_what_every_page_loads_and_names_its_caches_after_the_release(client):
    config = worker_config(client.get("/sw.js").content.decode())

    assert config["release"] == offline.release()
    precached = [entry["url"] for entry in config["precache"]]
    assert reverse("scorer:offline") in precached
    for name in offline.PRECACHED_STATIC:
        assert finders.find(name), name
    assert config["myTables"] == reverse("scorer:my_tables")
    assert "/anahtar/" in config["noCache"]  # an edit link is never stored on the device
    code = Path(finders.find("js/serviceworker.js")).read_text()
    assert "okeycalc-pages-${release}" in code and "okeycalc-static-${release}" in code


def test_the_release_changes_when_a_file_of_the_deployment_changes(tmp_path, monkeypatch):
    page = tmp_path / "page.html"
    page.write_text("one")
    before = offline._files_digest([page])

    page.write_text("two")

    assert offline._files_digest([page]) != before
    monkeypatch.setenv("OKEYCALC_RELEASE", "2026-12-01")
    assert offline.release() == "2026-12-01"


def test_every_page_loads_the_offline_script_after_the_page_and_no_inline_script(client):
    html = client.get(reverse("scorer:home")).content.decode()

    tag = re.search(r'<script src="/static/js/offline\.js"[^>]*>', html)[0]
    assert 'data-service-worker="/sw.js"' in tag and " defer" in tag
    assert re.search(r'id="offline-status"[^>]*\bhidden\b', html)  # without JavaScript: never shown
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)


@pytest.mark.parametrize(("language", "heading"), [("tr", "Çevrimdışısınız"), ("en", "You are offline")])
def test_the_offline_page_says_what_works_offline_in_the_chosen_language(client, language, heading):
    client.cookies["django_language"] = language

    html = client.get(reverse("scorer:offline")).content.decode()

    assert heading in html and "data-offline-page" in html
