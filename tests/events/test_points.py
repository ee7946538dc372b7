"""EVENT_FORMAT.md, "Scoring" (points) and "Result": placement points, standings, completeness."""

from fractions import Fraction

import pytest

from scorer.engine import score_game
from scorer.events.rules import score_event
from scorer.events.rules.tables import placement
from tests.support.events import NAMES, event, game, table, teams_event

FOUR, NEXT_FOUR = NAMES[:4], NAMES[4:8]


def standings(document) -> list[tuple]:
    result = score_event(document).to_dict()
    return [
        (s["place"], s["entrant"], s["points"], s["total"], s["games"], s["wins"])
        for s in result["standings"]
    ]


PLACEMENT = [
    ("order_by_total_lower_is_better", (-101, 40, 202, 18), (3, 2, 1, 0), (3, 1, 0, 2)),
    ("two_tied_for_first_share_2_5", (-40, -40, 10, 30), (3, 2, 1, 0), ("5/2", "5/2", 1, 0)),
    ("two_tied_for_second_share_1_5", (-101, 12, 12, 202), (3, 2, 1, 0), (3, "3/2", "3/2", 0)),
    ("three_tied_share_the_average_of_three_places", (-101, 5, 5, 5), (3, 2, 1, 0), (3, 1, 1, 1)),
    ("all_tied_share_everything", (7, 7, 7, 7), (3, 2, 1, 0), ("3/2",) * 4),
    ("a_table_of_three_uses_the_first_three", (10, -101, 20), (3, 2, 1, 0), (2, 3, 1)),
    ("custom_points", (-101, 40, 12, 202), (5, 3, 2, 0), (5, 2, 3, 0)),
    ("teams_two_and_none", (-50, 50), (2, 0), (2, 0)),
    ("teams_tied_share_one_each", (30, 30), (2, 0), (1, 1)),
]


@pytest.mark.parametrize(
    ("totals", "points", "expected"), [c[1:] for c in PLACEMENT], ids=[c[0] for c in PLACEMENT]
)
def test_placement_points_by_the_tables_final_order_ties_share_the_average(totals, points, expected):
    assert placement(totals, points) == tuple(Fraction(x) for x in expected)


def test_a_game_total_is_the_players_total_and_gives_points_by_place():
    result = score_event(event(4, [table(FOUR, game(-101, 40, 202, 18))])).to_dict()
    assert result["rounds"][0]["tables"][0] == {
        "seats": FOUR,
        "complete": True,
        "hands": [1],
        "totals": [-101, 40, 202, 18],
        "points": [3, 1, 0, 2],
    }


def test_a_teams_game_total_is_its_team_total():
    played = game(-101, 10, 20, 30)
    document = teams_event(2, [table(["T1", "T2"], played)], rounds=1)
    result = score_event(document).to_dict()
    # T1 is seats 1 and 3 of the game (Ayşe, Bora), T2 seats 2 and 4 (Cem, Deniz).
    alone = score_game(
        {
            "ruleset": "loca",
            "options": {"partners": True},
            "players": ["Ayşe", "Cem", "Bora", "Deniz"],
            **played,
        }
    )
    assert result["rounds"][0]["tables"][0]["totals"] == list(alone.team_totals)
    assert result["rounds"][0]["tables"][0]["points"] == [2, 0]


def test_points_are_whole_numbers_or_halves_in_the_output():
    result = score_event(event(4, [table(FOUR, game(-101, 12, 12, 202))])).to_dict()
    assert result["rounds"][0]["tables"][0]["points"] == [3, 1.5, 1.5, 0]
    assert [type(p) for p in result["rounds"][0]["tables"][0]["points"]] == [int, float, float, int]


def test_uneven_custom_shares_are_written_to_two_decimals():
    document = event(4, [table(FOUR, game(-101, 5, 5, 5))], placement_points=[5, 3, 2, 0])
    assert score_event(document).to_dict()["rounds"][0]["tables"][0]["points"] == [5, 1.67, 1.67, 1.67]


def test_standings_sum_points_totals_games_and_wins():
    document = event(
        4,
        [table(FOUR, game(-101, 40, 202, 18))],
        [table(["Bora", "Ayşe", "Deniz", "Cem"], game(-101, 40, 12, 202))],
    )
    assert standings(document) == [
        (1, "Ayşe", 4, -61, 2, 1),
        (1, "Bora", 4, -61, 2, 1),
        (3, "Deniz", 4, 30, 2, 0),
        (4, "Cem", 0, 404, 2, 0),
    ]


def test_a_shared_first_place_is_a_win():
    rows = standings(event(4, [table(FOUR, game((-101, 202, 202, 202), (-101, 202, 202, 202)))], hands=2))
    # Two hands: Ayşe finishes both (-202), everybody else 404: nobody shares first.
    assert [r[5] for r in rows] == [1, 0, 0, 0]
    tied = standings(event(4, [table(FOUR, game((-101, 40, 202, 202), (40, -101, 202, 202)))], hands=2))
    assert [(r[1], r[5]) for r in tied] == [("Ayşe", 1), ("Bora", 1), ("Cem", 0), ("Deniz", 0)]


def test_order_points_then_total_ascending_then_wins():
    document = event(
        8,
        [table(FOUR, game(-101, 40, 12, 202)), table(NEXT_FOUR, game(-101, 100, 12, 202))],
    )
    rows = standings(document)
    assert [r[1] for r in rows] == ["Ayşe", "Ece", "Cem", "Gül", "Bora", "Fuat", "Deniz", "Hale"]
    # Ayşe and Ece: 3 points and -101 each, and one win each: they share first place.
    assert [r[0] for r in rows] == [1, 1, 3, 3, 5, 6, 7, 7]


def test_wins_break_a_tie_of_points_and_total():
    # Ece: first then last (3 + 0 points, -101 + 202); Ayşe: second then third (2 + 1, 12 + 89).
    document = event(
        8,
        [table(FOUR, game(12, -101, 40, 202)), table(NEXT_FOUR, game(-101, 40, 12, 202))],
        [
            table(["Ayşe", "Fuat", "Gül", "Hale"], game(89, -101, 10, 202)),
            table(["Ece", "Bora", "Cem", "Deniz"], game(202, -101, 10, 20)),
        ],
        rounds=2,
    )
    rows = {r[1]: r for r in standings(document)}
    assert rows["Ayşe"][2:4] == rows["Ece"][2:4] == (3, 101)
    assert (rows["Ece"][5], rows["Ayşe"][5]) == (1, 0)
    assert rows["Ece"][0] < rows["Ayşe"][0]


def test_equal_on_all_three_share_a_place_listed_in_entrants_order():
    document = event(8, [table(NEXT_FOUR, game(-101, 40, 12, 202)), table(FOUR, game(-101, 40, 12, 202))])
    rows = standings(document)
    assert [(r[0], r[1]) for r in rows[:2]] == [(1, "Ayşe"), (1, "Ece")]
    assert [r[0] for r in rows] == [1, 1, 3, 3, 5, 5, 7, 7]


def test_before_any_round_everybody_shares_first_place():
    assert {r[0] for r in standings(event(8))} == {1}


def test_an_incomplete_table_counts_toward_nothing_and_shows_in_progress():
    half = {"hands": game((-101, 40, 12, 202))["hands"]}
    result = score_event(event(4, [table(FOUR, half)], hands=3)).to_dict()
    row = result["rounds"][0]["tables"][0]
    assert (row["complete"], row["hands"], row["totals"], row["points"]) == (False, [1], [0] * 4, [0] * 4)
    assert {s["games"] for s in result["standings"]} == {0}


def test_complete_when_every_round_is_played_and_complete():
    done = [table(FOUR, game(-101, 40, 12, 202))]
    assert score_event(event(4, done, rounds=2)).complete is False
    assert score_event(event(4, done, done, rounds=2)).complete is True
    assert score_event(event(4, done, [table(FOUR)], rounds=2)).complete is False
