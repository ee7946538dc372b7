"""Concurrent writers against the live test server, on SQLite (a file, WAL, IMMEDIATE)
and on PostgreSQL alike: no 500, no lost or doubled hand, no silent overwrite, positions contiguous.

bench/concurrency.py runs the same scenarios against gunicorn with more rounds.
"""

import threading
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.urls import reverse

from scorer.models import Game, Hand
from tests.live.client import Phone, hand_form, save_new_hand
from tests.support.factories import claim_url, new_table

WRITERS = 8

pytestmark = pytest.mark.django_db(transaction=True)


def claimed_table(live_server) -> tuple[Game, dict[str, str]]:
    """A LOCA Cezalı table of 21 hands, and the cookies of a device that holds its edit right."""
    game, secret = new_table("loca-cezali", hands_planned=21)
    phone = Phone(live_server.url)
    phone.claim(claim_url(game, secret))
    return game, phone.cookies


def at_once(live_server, cookies: dict, jobs: list) -> list:
    """Run ``job(phone)`` for each job on its own phone, all released together."""
    gate = threading.Barrier(len(jobs))

    def run(job):
        phone = Phone(live_server.url, cookies)
        gate.wait(timeout=30)
        return job(phone)

    with ThreadPoolExecutor(len(jobs)) as pool:
        return list(pool.map(run, jobs))


def positions(game: Game) -> list[int]:
    return list(Hand.objects.filter(game=game).order_by("position").values_list("position", flat=True))


def test_eight_identical_simultaneous_saves_store_exactly_one_hand(live_server):
    game, cookies = claimed_table(live_server)
    path = reverse("scorer:hand_new", args=[game.public_id])

    replies = at_once(live_server, cookies, [lambda p: p.post(path, hand_form(23, 0))] * WRITERS)

    assert Counter(r.status for r in replies) == {302: WRITERS}, [r.body[:300] for r in replies]
    assert {r.location for r in replies} == {reverse("scorer:game_board", args=[game.public_id])}
    assert positions(game) == [1]


def test_eight_writers_of_different_hands_at_one_table_lose_none(live_server):
    game, cookies = claimed_table(live_server)
    path = reverse("scorer:hand_new", args=[game.public_id])
    rounds = 2

    def writer(k):
        return lambda phone: [
            save_new_hand(phone, path, k * rounds + r, attempts=WRITERS * rounds + 1).status
            for r in range(rounds)
        ]

    statuses = at_once(live_server, cookies, [writer(k) for k in range(WRITERS)])

    assert Counter(s for row in statuses for s in row) == {302: WRITERS * rounds}
    assert positions(game) == list(range(1, WRITERS * rounds + 1))
    stored = sorted(
        h.data["players"][1]["remaining"].get("points", 0) for h in Hand.objects.filter(game=game)
    )
    assert stored == list(range(WRITERS * rounds))


def test_eight_phones_saving_hand_one_with_different_values_keep_one_and_warn_the_rest(live_server):
    game, cookies = claimed_table(live_server)
    path = reverse("scorer:hand_new", args=[game.public_id])

    replies = at_once(
        live_server, cookies, [lambda p, k=k: p.post(path, hand_form(k, 0)) for k in range(WRITERS)]
    )

    assert Counter(r.status for r in replies) == {302: 1, 200: WRITERS - 1}
    assert all("data-saved-meanwhile" in r.body for r in replies if r.status == 200)
    assert positions(game) == [1]


def test_eight_writers_at_eight_tables_all_succeed(live_server):
    tables = [claimed_table(live_server) for _ in range(WRITERS)]
    gate = threading.Barrier(WRITERS)

    def writer(table):
        game, cookies = table
        phone = Phone(live_server.url, cookies)
        path = reverse("scorer:hand_new", args=[game.public_id])
        gate.wait(timeout=30)
        return [phone.post(path, hand_form(r, r)).status for r in range(2)]

    with ThreadPoolExecutor(WRITERS) as pool:
        statuses = list(pool.map(writer, tables))

    assert Counter(s for row in statuses for s in row) == {302: WRITERS * 2}
    assert all(positions(game) == [1, 2] for game, _cookies in tables)


def test_eight_simultaneous_corrections_of_one_hand_accept_one_and_refuse_the_stale_rest(live_server):
    game, cookies = claimed_table(live_server)
    Phone(live_server.url, cookies).post(reverse("scorer:hand_new", args=[game.public_id]), hand_form(23, 0))
    path = reverse("scorer:hand_edit", args=[game.public_id, 1])

    def correct(k):
        return lambda phone: phone.post(path, hand_form(100 + k, None) | {"editing": "1", "version": "1"})

    replies = at_once(live_server, cookies, [correct(k) for k in range(WRITERS)])

    assert Counter(r.status for r in replies) == {302: 1, 200: WRITERS - 1}
    assert all("data-changed-meanwhile" in r.body for r in replies if r.status == 200)
    hand = Hand.objects.get(game=game)
    assert hand.version == 2
    assert 100 <= hand.data["players"][1]["remaining"]["points"] < 100 + WRITERS
