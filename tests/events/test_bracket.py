"""A knockout reads like one: how many rounds and tables an entrant count gives (the plan the
rounds are seated by), and the bracket on the standings, the rounds to come included."""

import pytest
from django.test import Client
from django.urls import reverse

from scorer.events.rules.nextround import knockout_tables, points_tables
from scorer.events.services.rounds import round_start
from tests.support.eventdb import new_event, play_round


@pytest.mark.parametrize(
    ("count", "teams", "advance", "plan"),
    [
        (16, False, 2, ((4, 2, 1), True)),
        (48, False, 2, ((12, 6, 3, 2, 1), True)),
        (9, False, 2, ((3, 2, 1), True)),  # tables of 3 while fewer than 3 of a table go on
        (5, False, 2, ((1, 1), True)),  # one table and a bye, then the final of three
        (8, False, 1, ((2,), False)),  # two go on: too few for a final table
        (8, True, 1, ((4, 2, 1), True)),
        (3, True, 1, ((1, 1), True)),
    ],
)
def test_a_knockout_of_n_entrants_plays_these_tables_round_by_round(count, teams, advance, plan):
    assert knockout_tables(count, teams=teams, advance=advance) == plan


def test_a_points_round_seats_tables_of_four_and_as_few_of_three_as_fit():
    assert [points_tables(n, teams=False) for n in (8, 9, 16, 17)] == [2, 3, 4, 5]


@pytest.mark.django_db
def test_the_standings_show_the_bracket_with_the_rounds_to_come():
    event, _secret = new_event(16, kind="knockout")
    round_start(event=event)
    html = Client().get(reverse("scorer:event_standings", args=[event.public_id])).content.decode()
    assert html.count("data-bracket-round=") == 3
    assert "Sırada: 2 masa" in html and "Sırada: final masası" in html
    play_round(event)
    html = Client().get(reverse("scorer:event_standings", args=[event.public_id])).content.decode()
    assert html.count('data-mark="advanced"') == 8 and html.count('data-mark="out"') == 8


@pytest.mark.django_db
def test_the_new_event_form_has_a_table_of_rounds_and_tables_by_count():
    html = Client().get(reverse("scorer:event_new")).content.decode()
    assert "Katılımcı sayısına göre tur ve masa sayısı" in html
    assert "4 → 2 → 1 (final)" in html and 'id="event-counts-data"' in html


@pytest.mark.django_db
def test_the_final_tables_places_are_named_in_the_bracket_and_the_standings():
    event, _secret = new_event(8, kind="knockout")
    for _round in range(2):  # two tables, then the final table of the four who went on
        round_start(event=event)
        play_round(event)
    html = Client().get(reverse("scorer:event_standings", args=[event.public_id])).content.decode()
    for mark in ("champion", "second", "third", "fourth"):
        assert html.count(f'data-mark="{mark}"') == 1, mark
        assert html.count(f'data-state="{mark}"') == 1, mark
    assert html.count('data-mark="out"') == 4  # the first round's tables
    assert "şampiyon" in html and "ikinci" in html and "üçüncü" in html and "dördüncü" in html
