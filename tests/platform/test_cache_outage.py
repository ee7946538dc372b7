"""With Redis unreachable, the viewer's board and live poll, opening an edit link, creating a
table, the calculator, the API and the admin login never answer 500 (Django's Redis cache raises;
RATELIMIT_FAIL_OPEN never sees a None): viewers get a freshly rendered board, the limits count in
the database meanwhile (failing open would allow about 5,000 join-code guesses a minute), logged
once a minute, every page and save works, and /readyz answers 503."""

import logging

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.db import DatabaseError
from django.test import Client
from django.urls import reverse

from scorer.models import Game, RateCount
from scorer.platform import cache as safe_cache
from tests.live.fuzz import CALCULATOR
from tests.support.factories import claim_url, new_table
from tests.support.posts import E2_HAND, NEW_TABLE

pytestmark = pytest.mark.django_db

CLOSED = "redis://127.0.0.1:1/0"  # nothing listens on port 1: every call is refused


@pytest.fixture
def redis_down(settings, monkeypatch):
    redis = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CLOSED}
    settings.CACHES = {**settings.CACHES, "default": redis, "limits": redis}  # fragments: never Redis
    settings.RATELIMIT_ENABLE = True
    monkeypatch.setattr(safe_cache, "_down_until", {})
    monkeypatch.setattr(safe_cache, "_logged_at", {})


def test_viewers_get_a_freshly_rendered_board_and_live_poll(redis_down):
    game, _secret = new_table()
    viewer = Client()
    board = viewer.get(reverse("scorer:game_board", args=[game.public_id]))
    live = viewer.get(reverse("scorer:board_live", args=[game.public_id]))
    again = viewer.get(reverse("scorer:board_live", args=[game.public_id]), HTTP_ACCEPT_ENCODING="br")

    assert (board.status_code, live.status_code, again.status_code) == (200, 200, 200)
    assert game.players[0] in board.content.decode()


def test_every_write_works(redis_down):
    client = Client()
    created = client.post(reverse("scorer:game_new"), NEW_TABLE).status_code
    game = Game.objects.first()
    phone = Client()
    claimed = phone.get(claim_url(game, game.link_secret)).status_code
    saved = phone.post(reverse("scorer:hand_new", args=[game.public_id]), E2_HAND | {"hands_before": "0"})
    calculator = client.post(reverse("scorer:calculator"), CALCULATOR)
    api = client.post("/api/v1/score", b'{"ruleset": "loca", "players": [{}, {}]}', "application/json")

    assert (created, claimed) == (302, 302)
    assert saved.status_code == 302 and game.hands.count() == 1
    assert calculator.status_code == 200 and api.status_code in (200, 400)


def test_the_limits_count_in_the_database_meanwhile(redis_down, settings):
    settings.OKEYCALC_RATES = settings.OKEYCALC_RATES | {
        "table_create": "2/m",
        "claim": "2/m",
        "join_code": "3/m",
    }
    caches["limits_database"].clear()
    client = Client()
    created = [client.post(reverse("scorer:game_new"), NEW_TABLE).status_code for _ in range(3)]
    game = Game.objects.first()
    claimed = [Client().get(claim_url(game, game.link_secret)).status_code for _ in range(3)]
    guesses = [client.get(reverse("scorer:join_by_code"), {"kod": "ZZZ-ZZZ"}).status_code for _ in range(4)]

    assert created == [302, 302, 429] and Game.objects.count() == 2
    assert claimed == [302, 302, 429]
    assert guesses == [200, 200, 200, 429]
    assert RateCount.objects.count() == 3  # one window per limit, in the database


def test_the_limits_fail_open_only_when_the_database_does_not_answer_either(
    redis_down, settings, monkeypatch
):
    settings.OKEYCALC_RATES = settings.OKEYCALC_RATES | {"table_create": "1/m"}

    def refused(*args, **kwargs):
        raise DatabaseError("the database is down too")

    monkeypatch.setattr(caches["limits_database"], "add", refused)
    client = Client()
    created = [client.post(reverse("scorer:game_new"), NEW_TABLE).status_code for _ in range(3)]

    assert created == [302, 302, 302]


def test_the_admin_login_works(redis_down):
    operator = get_user_model().objects.create_superuser("op", "op@example.com", "a-long-passphrase")
    client = Client()
    response = client.post(
        "/yonetim/login/?next=/yonetim/", {"username": "op", "password": "a-long-passphrase"}
    )
    assert response.status_code == 302 and response["Location"] == "/yonetim/"
    assert client.session["_auth_user_id"] == str(operator.pk)  # the session holds the login
    assert client.get("/yonetim/").context["user"] == operator


def test_the_outage_is_logged_once_a_minute_not_per_request(redis_down, monkeypatch, caplog):
    monkeypatch.setattr(safe_cache, "RETRY_AFTER", 0.0)  # ask Redis on every request
    game, _secret = new_table()
    viewer = Client()
    with caplog.at_level(logging.WARNING, logger="scorer.platform.cache"):
        for _ in range(5):
            viewer.get(reverse("scorer:game_board", args=[game.public_id]))
            viewer.post(reverse("scorer:game_new"), NEW_TABLE)
    aliases = sorted(record.args[0] for record in caplog.records if record.name == "scorer.platform.cache")
    assert aliases == ["default", "limits"]


def test_readyz_says_not_ready(redis_down, client):
    response = client.get("/readyz")
    assert response.status_code == 503 and response.json()["cache"] == "error"
