"""Rate limits per client IP: table creation, claims and the public pages that do work."""

import json

import pytest
from django.core.cache import caches
from django.test import Client
from django.urls import reverse

from scorer.models import Game
from tests.support.factories import claim_url, new_table
from tests.support.posts import NEW_TABLE

pytestmark = pytest.mark.django_db


@pytest.fixture
def limits(settings):
    """The limits on, with small rates; a fresh count."""
    settings.RATELIMIT_ENABLE = True
    settings.OKEYCALC_RATES = settings.OKEYCALC_RATES | {
        "table_create": "3/m",
        "claim": "3/m",
        "calculator": "3/m",
        "tile_picker": "3/m",
        "compare": "3/m",
        "api_score": "3/m",
    }
    caches["limits"].clear()
    yield
    caches["limits"].clear()


def test_a_fourth_table_in_a_minute_gets_the_friendly_429_page_in_turkish(client, limits):
    statuses = [client.post(reverse("scorer:game_new"), NEW_TABLE).status_code for _ in range(4)]

    assert statuses == [302, 302, 302, 429]
    assert Game.objects.count() == 3
    page = client.post(reverse("scorer:game_new"), NEW_TABLE)
    assert page.status_code == 429
    assert page["Retry-After"] == "60"
    assert "Çok fazla istek" in page.content.decode()
    assert page.context["message"]


def test_the_count_starts_again_in_the_next_minute(client, limits, rate_clock):
    # the rate limits' clock stands still in the tests (tests/conftest.py): only advancing it
    # crosses into the next window, so the four requests above always count in one minute
    statuses = [client.post(reverse("scorer:game_new"), NEW_TABLE).status_code for _ in range(4)]
    rate_clock.advance(60)
    later = client.post(reverse("scorer:game_new"), NEW_TABLE).status_code

    assert (statuses, later) == ([302, 302, 302, 429], 302)


def test_the_429_page_speaks_english_when_english_was_chosen(client, limits):
    client.cookies["django_language"] = "en"
    for _ in range(4):
        response = client.post(reverse("scorer:game_new"), NEW_TABLE, headers={"Accept-Language": "en"})

    assert response.status_code == 429
    assert "Too many requests" in response.content.decode()


def test_reading_the_new_table_form_is_not_limited(client, limits):
    assert {client.get(reverse("scorer:game_new")).status_code for _ in range(6)} == {200}


def test_secret_probes_on_the_claim_link_are_slowed(client, limits):
    game, secret = new_table(players=["Ali", "Veli"], hands_planned=1)
    probes = [
        client.get(reverse("scorer:game_claim", args=[game.public_id, f"guess{k}"])).status_code
        for k in range(3)
    ]
    real = client.get(claim_url(game, secret))

    assert probes == [403, 403, 403]
    assert real.status_code == 429  # even the right secret waits: probing gains nothing


def test_limits_are_per_client_ip(limits):
    one, other = Client(REMOTE_ADDR="10.0.0.1"), Client(REMOTE_ADDR="10.0.0.2")
    for _ in range(3):
        one.post(reverse("scorer:game_new"), NEW_TABLE)

    assert one.post(reverse("scorer:game_new"), NEW_TABLE).status_code == 429
    assert Game.objects.count() == 3
    assert other.post(reverse("scorer:game_new"), NEW_TABLE).status_code == 302
    assert Game.objects.count() == 4


def test_the_api_answers_a_json_429_in_the_documented_error_shape(client, limits):
    body = json.dumps({"ruleset": "loca", "players": [{"opened": "sets", "finished": True}, {}]})
    for _ in range(3):
        assert client.post("/api/v1/score", body, content_type="application/json").status_code == 200

    response = client.post("/api/v1/score", body, content_type="application/json")

    assert response.status_code == 429
    assert response["Retry-After"] == "60"
    assert set(response.json()) == {"errors"}
    assert [set(e) for e in response.json()["errors"]] == [{"path", "message"}]


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("post", "/hesap/"),
        ("get", "/tas-secici/"),
        ("post", "/tas-secici/"),
        ("get", "/karsilastir/"),
    ],
)
def test_public_pages_that_do_work_are_limited(client, limits, method, path):
    statuses = [getattr(client, method)(path).status_code for _ in range(4)]

    assert statuses[:3] != [429] * 3
    assert statuses[3] == 429


def test_viewing_a_board_is_never_limited(client, limits):
    game, _secret = new_table(players=["Ali", "Veli"], hands_planned=1)
    board = reverse("scorer:game_board", args=[game.public_id])

    assert {client.get(board).status_code for _ in range(10)} == {200}
