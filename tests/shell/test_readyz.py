"""/readyz: the load balancer's readiness check touches the database and the shared cache."""

import pytest
from django.db import OperationalError
from django.urls import reverse

from scorer.platform import cache as platform_cache
from scorer.shell.views import health


class _BrokenConnection:
    def cursor(self):
        raise OperationalError("connection refused")


class _BrokenCache:
    def set(self, *args, **kwargs):
        raise ConnectionError("redis: connection refused")


class _ForgetfulCache:
    def set(self, *args, **kwargs):
        pass

    def get(self, key):
        return None

    def delete(self, key):
        pass


@pytest.mark.django_db
def test_ready_when_database_and_cache_answer(client):
    response = client.get(reverse("scorer:readyz"))
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "cache": "ok"}
    assert "no-cache" in response["Cache-Control"]


def test_not_ready_without_the_database(client, monkeypatch):
    monkeypatch.setattr(health, "connection", _BrokenConnection())
    response = client.get(reverse("scorer:readyz"))
    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "error", "cache": "ok"}


@pytest.mark.django_db
@pytest.mark.parametrize("broken", [_BrokenCache(), _ForgetfulCache()])
def test_not_ready_when_the_cache_fails_or_loses_what_it_was_given(client, monkeypatch, broken):
    monkeypatch.setattr(platform_cache, "caches", {"default": broken})
    response = client.get(reverse("scorer:readyz"))
    assert response.status_code == 503
    assert response.json()["cache"] == "error"
