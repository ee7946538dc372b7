"""Every page works while Redis is down: the site configured as production is with ``REDIS_URL``
(Django's Redis cache for the pages and the rate limits, the Redis push backend), Redis pointed at
a port where nothing listens, and every URL pattern of the resolver asked for with real ids: a
table with hands (one deleted), an event two rounds in with its table cards, a club with members,
a counted game and a season, a calculator share link, the admin's rows. No answer is a 5xx, and
the push's warnings name the topics it could not announce, not the rendered parts they carried.

The patterns come from walking the URL resolver, so a new page is asked for the day it is added;
a pattern with a part this test has no id for fails it, naming the pattern.
"""

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.contenttypes.models import ContentType
from django.test import Client
from django.urls import resolve

from scorer.calculator.share import share_token
from scorer.clubs.models import Club
from scorer.events.models import TableCard
from scorer.events.services.rounds import round_start
from scorer.models import Game, Hand
from scorer.platform import cache as safe_cache
from scorer.platform import push
from scorer.platform.push import backends as push_backends
from scorer.tables.services.hands import hand_delete
from scorer.teaching import practice
from scorer.teaching.examples import EXAMPLES
from tests.support.eventdb import new_event, play_round
from tests.support.factories import NAMES, claim, finisher, new_table
from tests.support.posts import E2_HAND
from tests.support.urls import url_patterns

pytestmark = pytest.mark.django_db

CLOSED = "redis://127.0.0.1:1/0"
"""Nothing listens on port 1: every call to Redis is refused at once."""
STREAM_CHUNKS = 20
"""A stream is read until its first part (after its hello and any heartbeats), at most this far."""


@pytest.fixture
def redis_down(settings, monkeypatch):
    """settings.py's Redis configuration (``REDIS_URL`` set), pointed at a closed port."""
    redis = settings.REDIS_CACHE | {"LOCATION": CLOSED}
    settings.REDIS_URL = CLOSED
    settings.CACHES = {**settings.CACHES, "default": redis, "limits": redis}
    settings.RATELIMIT_ENABLE = True
    monkeypatch.setattr(safe_cache, "_down_until", {})
    monkeypatch.setattr(safe_cache, "_logged_at", {})
    monkeypatch.setattr(push_backends, "_redis_client", None)
    monkeypatch.setattr(push_backends, "_redis_down_until", 0.0)
    monkeypatch.setattr(push.stream, "HEARTBEAT_SECONDS", 0.05)
    push.shutdown()  # the next stream starts a hub with the Redis listener, as production's would
    assert push_backends.backend_name() == "redis"


# --- the URL patterns ---------------------------------------------------------------------------


PART = re.compile(r"<(?:(?P<converter>[^>:]+):)?(?P<name>\w+)>|\(\?P<(?P<group>\w+)>[^)]*\)")


def path_of(name: str, route: str, ids: dict) -> str:
    """The route with every part filled from ``ids``; fails naming the pattern and the part when
    ``ids`` has none for it."""
    area = route.split("/", 1)[0]

    def value(match: re.Match) -> str:
        part = match["name"] or match["group"]
        for key in ((name, part), (area, part)):
            if key in ids:
                return str(ids[key])
        if area == "yonetim":
            return str(admin_id(route, part))
        pytest.fail(f"no id for <{part}> of the URL pattern {name!r} ({route}): add one to site()")

    return "/" + PART.sub(value, route).replace("^", "").replace("$", "")


def admin_id(route: str, part: str) -> object:
    """An admin page's id: a row of the model its address names (``yonetim/<app>/<model>/…``)."""
    app, model = route.split("/")[1:3]
    rows = ContentType.objects.get_by_natural_key(app, model).model_class().objects
    if part in ("object_id", "id"):
        return rows.order_by("pk").values_list("pk", flat=True).first()
    pytest.fail(f"no id for <{part}> of the admin's {route}")


# --- what the pages show ------------------------------------------------------------------------


def site(holder: Client) -> dict:
    """Rows of every kind, the ``holder`` phone holding every right (edit link, organizer link,
    table card, club admin link, operator): the ids each part of an address takes, by the first
    segment of the route (or the pattern's name, where one area has two meanings)."""
    game, secret = new_table("loca", hands_planned=5, hands=[finisher(0), finisher(1), finisher(2)])
    hand_delete(hand=Hand.objects.get(game=game, position=3))
    claim(holder, game, secret)

    event, organizer = new_event(8)
    round_start(event=event)
    play_round(event)
    round_start(event=event)
    assert holder.get(f"/turnuva/{event.public_id}/anahtar/{organizer}/").status_code == 302
    card = TableCard.objects.get(event=event, number=1)
    assert holder.get(f"/turnuva/{event.public_id}/kart/1/anahtar/{card.link_secret}/").status_code == 302

    club = open_club(holder)
    house = holder.post(
        "/ev-kurallari/yeni/",
        {"ruleset": "loca", "options_for": "loca", "name": "Ev", "foul": "50", "save": "1"},
    )
    assert house.status_code == 302
    operator = get_user_model().objects.create_superuser("op", "op@example.com", "a-long-passphrase")
    Group.objects.create(name="operators")
    holder.force_login(operator)
    return {
        ("masa", "public_id"): game.public_id,
        ("masa", "secret"): secret,
        ("masa", "number"): 1,  # a hand, by the number the board shows
        ("scorer:hand_restore", "number"): 3,  # the number the deleted hand had
        ("turnuva", "public_id"): event.public_id,
        ("turnuva", "secret"): event.link_secret,
        ("scorer:card_claim", "secret"): card.link_secret,
        ("turnuva", "round_number"): 1,
        ("turnuva", "number"): 1,
        ("turnuva", "position"): 1,
        ("kulup", "public_id"): club.public_id,
        ("kulup", "secret"): club.link_secret,
        ("kulup", "member_id"): club.members.order_by("pk").first().pk,
        ("ev-kurallari", "code"): house["Location"].split("/")[2],
        ("ev-kurallari", "number"): 1,
        ("hesap", "token"): share_token(finisher(0) | {"ruleset": "loca"}),
        ("kurallar", "ruleset"): "loca-cezali",
        ("ornekler", "slug"): EXAMPLES[0].slug,
        ("alistirma", "level"): practice.LEVELS[0].slug,
        ("alistirma", "seed"): 7,
        ("yonetim", "content_type_id"): ContentType.objects.get_for_model(Game).pk,
        ("admin:view_on_site", "object_id"): game.pk,
        ("yonetim", "app_label"): "scorer",
        ("yonetim", "url"): "yok/",
    }


def open_club(holder: Client) -> Club:
    """A club the holder opened (so it is its admin), with a counted game and a season."""
    data = {
        "name": "Çarşamba",
        "ruleset": "loca",
        "option_katlama": "none",
        "members": "Ayşe\nBora\nCem\nDeniz",
    }
    assert holder.post("/kulup/yeni/", data).status_code == 302
    club = Club.objects.get()
    seats = {f"player_{seat + 1}": name for seat, name in enumerate(NAMES)} | {"hands_planned": "1"}
    opened = holder.post(
        f"/kulup/{club.public_id}/masa/yeni/",
        {"ruleset": "loca", "option_katlama": "none", "first_dealer": "0"} | seats,
    )
    assert opened.status_code == 302, opened.context["form"].errors
    table = Game.objects.get(public_id=opened["Location"].rstrip("/").rsplit("/", 1)[1])
    saved = holder.post(f"/masa/{table.public_id}/el/yeni/", E2_HAND | {"hands_before": "0"})
    assert saved.status_code == 302
    season = {"sezon-name": "Kış", "sezon-starts": "2020-01-01", "sezon-ends": "2099-12-31"}
    assert holder.post(f"/kulup/{club.public_id}/sezon/ekle/", season).status_code == 302
    return club


# --- the requests -------------------------------------------------------------------------------


def answer(client: Client, method: str, path: str, **headers) -> int:
    """The status of one request; a stream is read until its first part, then closed."""
    response = client.generic(method, path, headers=headers)
    if getattr(response, "streaming", False):
        chunks = iter(response.streaming_content)
        for _ in range(STREAM_CHUNKS):
            if not next(chunks, b"").startswith((b":", b"retry:")):
                break
        push.end_streams()  # as at a shutdown: the stream ends, and the test client closes it
        assert list(chunks) == []
    return response.status_code


WAYS = ("GET", "GET htmx", "GET stranger", "POST")
NOT_FOUND_ALLOWED = {"yonetim/(?P<url>.*)$", "admin:view_on_site"}
"""Patterns that answer 404 with real ids: the admin's catch-all, and its "view on site" (no model
of the admin has a page of its own there)."""


def test_every_url_pattern_answers_without_a_5xx_while_redis_is_down(
    redis_down, django_capture_on_commit_callbacks, caplog
):
    holder = Client()
    with django_capture_on_commit_callbacks(execute=True):
        ids = site(holder)
    pages = {name: path_of(name, route, ids) for name, route in url_patterns()}
    for name, path in pages.items():  # each address is that pattern's (unnamed ones are named by route)
        found = resolve(path)
        assert name in (found.view_name, found.route.replace("^", "", 1)), (name, path)

    answers = {}
    for name, path in pages.items():  # every page first, then the writes (which change what pages show)
        answers[name, "GET"] = answer(holder, "GET", path)
        answers[name, "GET htmx"] = answer(holder, "GET", path, **{"HX-Request": "true"})
        answers[name, "GET stranger"] = answer(Client(), "GET", path)
    for name, path in pages.items():
        answers[name, "POST"] = answer(holder, "POST", path)

    fives = {key: status for key, status in answers.items() if status >= 500}
    assert fives == {("scorer:readyz", way): 503 for way in WAYS[:3]}  # as documented: not ready
    missing = {name: path for name, path in pages.items() if answers[name, "GET"] == 404}
    assert missing.keys() == NOT_FOUND_ALLOWED, "a real id answered 404"
    assert len(pages) > 130
    pushes = [r.getMessage() for r in caplog.records if r.name == "scorer.platform.push"]
    assert pushes and not any("<" in message for message in pushes)  # the topics, not a rendered part
