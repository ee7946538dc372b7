"""A player's page: every name on the standings links to that entrant's rounds (table, opponents,
total, points, place at the table) and their standing, with links to each table's board; the
totals add up to the standings'."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scorer.events.selectors.standings import event_standings
from scorer.events.services.rounds import round_start
from scorer.platform.numbers import number_text
from tests.support.eventdb import new_event, play_round

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_rounds():
    event, _secret = new_event(8)
    for _ in range(2):
        round_start(event=event)
        play_round(event)
    return event


def test_every_name_on_the_standings_links_to_its_entrants_page(two_rounds):
    event = two_rounds
    html = Client().get(reverse("scorer:event_standings", args=[event.public_id])).content.decode()
    links = re.findall(r'<a href="([^"]+)" data-entrant-link>([^<]+)</a>', html)
    assert sorted(name for _href, name in links) == sorted(e.name for e in event.entrants.all())
    positions = {e.name: e.position for e in event.entrants.all()}
    for href, name in links:
        assert href == reverse("scorer:event_entrant", args=[event.public_id, positions[name]])


def test_an_entrants_page_shows_each_round_its_table_and_boards_and_adds_up(two_rounds):
    event = two_rounds
    view = event_standings(event, next_round=False)
    leader = view.standings[0]
    html = (
        Client()
        .get(reverse("scorer:event_entrant", args=[event.public_id, leader.entrant.position]))
        .content.decode()
    )
    assert f'<h1 class="h3 mb-1">{leader.name}</h1>' in html
    rounds = re.findall(r'data-entrant-round="(\d+)"', html)
    assert rounds == ["1", "2"]
    totals, boards = [], []
    for number, tables in enumerate(view.rounds, start=1):
        table = next(t for t in tables if leader.name in t.seats)
        k = table.seats.index(leader.name)
        totals.append(table.totals[k])
        assert f"Tur {number} · Masa {table.number}" in html
        boards.append(reverse("scorer:game_board", args=[table.current_game.game.public_id]))
        for other in table.seats:
            assert other in html
    assert re.findall(r'<a href="([^"]+)" data-board>', html) == boards
    assert sum(totals) == leader.total
    assert f"<dd data-total>{number_text(leader.total)}</dd>" in html


def test_an_unknown_entrant_is_a_404(two_rounds):
    assert Client().get(reverse("scorer:event_entrant", args=[two_rounds.public_id, 99])).status_code == 404
