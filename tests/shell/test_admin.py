"""The operators' admin at /yonetim/: superusers only, tables and hands read-mostly."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches

from scorer.models import Game, Hand
from scorer.tables.services.hands import hand_delete, hand_record
from tests.support.factories import finisher_alone, new_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    game, _secret = new_table(players=["Ali", "Veli"], hands=[finisher_alone(players=2)])
    return game


@pytest.fixture
def operator(client):
    get_user_model().objects.create_superuser("op", "op@example.com", "a-long-passphrase")
    client.login(username="op", password="a-long-passphrase")
    return client


def test_anonymous_visitors_are_sent_to_the_login(client):
    response = client.get("/yonetim/")

    assert response.status_code == 302
    assert response["Location"].startswith("/yonetim/login/")


def test_a_staff_user_who_is_not_a_superuser_sees_no_tables(client, table):
    get_user_model().objects.create_user("staff", password="a-long-passphrase", is_staff=True)
    client.login(username="staff", password="a-long-passphrase")

    response = client.get("/yonetim/scorer/game/")

    assert response.status_code == 403
    assert table.public_id not in response.content.decode()


def test_an_operator_lists_tables_and_hands_and_sees_no_secret(operator, table):
    tables = operator.get("/yonetim/scorer/game/")
    detail = operator.get(f"/yonetim/scorer/game/{table.pk}/change/")

    assert tables.status_code == detail.status_code == 200
    assert table.public_id in tables.content.decode()
    html = detail.content.decode()
    assert table.link_secret not in html
    assert table.link_key not in html
    assert list(operator.get("/yonetim/scorer/hand/").context["cl"].result_list) == [Hand.objects.get()]


def test_nothing_can_be_added_or_changed_only_deleted(operator, table):
    hand = Hand.objects.get()

    assert operator.get("/yonetim/scorer/game/add/").status_code == 403
    assert operator.post(f"/yonetim/scorer/hand/{hand.pk}/change/", {"position": "9"}).status_code == 403
    assert Hand.objects.get().position == 1
    operator.post(f"/yonetim/scorer/game/{table.pk}/delete/", {"post": "yes"})
    assert not Game.objects.exists()


def test_soft_deleted_hands_can_be_found(operator, table):
    live = Hand.objects.get()
    deleted = hand_delete(hand=hand_record(game=table, data=finisher_alone(1, players=2)))

    listing = operator.get("/yonetim/scorer/hand/")
    found = operator.get("/yonetim/scorer/hand/?deleted_at__isnull=False")
    kept = operator.get("/yonetim/scorer/hand/?deleted_at__isnull=True")

    assert list(listing.context["cl"].result_list) == [live, deleted]  # the list hides none
    assert 'href="?deleted_at__isnull=False"' in listing.content.decode()  # the filter offers them
    assert list(found.context["cl"].result_list) == [deleted]
    assert list(kept.context["cl"].result_list) == [live]


def test_password_guessing_on_the_admin_login_is_rate_limited(client, settings):
    settings.RATELIMIT_ENABLE = True
    settings.OKEYCALC_RATES = settings.OKEYCALC_RATES | {"admin_login": "2/m"}
    caches["limits"].clear()  # the count's store (the rate limits' clock stands still: tests/conftest.py)
    guesses = [
        client.post("/yonetim/login/", {"username": "op", "password": f"guess{k}"}).status_code
        for k in range(3)
    ]
    caches["limits"].clear()

    assert guesses == [200, 200, 429]


@pytest.mark.parametrize("model", ["game", "hand"])
@pytest.mark.parametrize("param", ["ruleset__exact", "deleted_at__isnull", "o", "p"])
def test_a_filter_holding_nul_is_a_wrong_lookup_not_a_500(operator, table, model, param):
    # PostgreSQL refuses NUL in any text: the ruleset filter with one answered 500 there. (A search
    # for a NUL finds nothing: tests/formkit/test_nul_in_text.py.)
    response = operator.get(f"/yonetim/scorer/{model}/", {param: "lo\x00ca"})

    assert response.status_code == 302 and response["Location"] == f"/yonetim/scorer/{model}/?e=1"
    assert operator.get(response["Location"]).status_code == 200
