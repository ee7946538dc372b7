"""Find your seat: the round's players in Turkish alphabetical order, each with table and seat
(1–4 in the order of play from the table's first dealer, who is seat 1); the display shows them
from the moment a round is seated until its first hand; the phones' standings list them with a
search that works without JavaScript."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scorer.events import public
from scorer.events.selectors.standings import event_standings
from scorer.events.services.rounds import round_start
from tests.support.eventdb import new_event, play

pytestmark = pytest.mark.django_db


def seated(count=8, **kwargs):
    event, _secret = new_event(count, **kwargs)
    round_start(event=event)
    return event


def test_names_sort_in_the_turkish_alphabet():
    names = [
        "Zeki",
        "Çağla",
        "Cem",
        "İpek",
        "Ilgaz",
        "Ömer",
        "Oya",
        "Şule",
        "Selin",
        "Ünal",
        "Ufuk",
        "Gül",
        "Ğ",
    ]
    assert sorted(names, key=public.alphabetical) == [
        "Cem", "Çağla", "Gül", "Ğ", "Ilgaz", "İpek", "Oya", "Ömer", "Selin", "Şule", "Ufuk", "Ünal", "Zeki",
    ]  # fmt: skip


def test_every_player_has_a_table_and_a_seat_counted_from_the_first_dealer():
    event = seated(8)
    view = event_standings(event, next_round=False)
    rows = public.page_data(view)["seating"]
    assert [row["name"] for row in rows] == sorted(
        (n for t in view.current for n in t.players), key=public.alphabetical
    )
    for table in view.current:
        game = table.current_game.game
        for k, name in enumerate(game.players):
            row = next(r for r in rows if r["name"] == name)
            assert (row["table"], row["seat"]) == (table.number, (k - game.first_dealer) % 4 + 1)
            assert row["deals_first"] == (k == game.first_dealer)


def test_with_teams_each_player_shows_with_their_team():
    event = seated(4, partners=True)
    rows = public.page_data(event_standings(event, next_round=False))["seating"]
    assert len(rows) == 8 and all(row["team"].startswith("T") for row in rows)
    assert {row["seat"] for row in rows if row["table"] == 1} == {1, 2, 3, 4}


def test_the_display_shows_the_seats_until_the_first_hand_of_the_round():
    event = seated(64)
    url = reverse("scorer:event_display", args=[event.public_id])
    html = Client().get(url).content.decode()
    shown = re.findall(r'<li class="display-seat" data-seat="[^"]*"[^>]*data-pager-item>', html)
    assert len(shown) == public.DISPLAY_SEATS_PER_PAGE  # the server's first page: 48 of 64
    assert "url=?sayfa=2&amp;" in html
    second = Client().get(url + "?sayfa=2").content.decode()
    assert len(re.findall(r'<li class="display-seat" data-seat="[^"]*"[^>]*data-pager-item>', second)) == 16
    play(event.rounds.get().tables.get(number=3).games.get(), (-101, 40, 12, 202))
    html = Client().get(url).content.decode()
    assert "data-seat=" not in html and 'data-pager="standings"' in html


def test_the_standings_search_without_javascript_shows_the_matches():
    event = seated(16)
    url = reverse("scorer:event_standings", args=[event.public_id])
    html = Client().get(url, {"ara": "  İPEK "}).content.decode()
    results = re.search(r"<section[^>]*data-seat-results>.*?</section>", html, re.S).group(0)
    assert re.findall(r'<tr data-seat="([^"]+)"', results) == ["İpek"]
    nobody = Client().get(url, {"ara": "Nobody"}).content.decode()
    assert "data-seat-none" in nobody
    full = Client().get(url).content.decode()
    assert len(re.findall(r'<tr data-seat="', full)) == 16 and "data-seat-results" not in full
