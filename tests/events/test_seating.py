"""EVENT_FORMAT.md, ``next_round``, and okeycalc's seating decisions (docs/event-format.md)."""

import hashlib
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorer.events.rules import NoRound, draw, plan, score_event
from scorer.events.rules.seating import seat_by_standings
from tests.support.depth import examples
from tests.support.events import NAMES, edit, event, game, table, teams_event

FOUR, NEXT_FOUR = NAMES[:4], NAMES[4:8]


def next_seats(document) -> list[list[str]]:
    return [t["seats"] for t in score_event(document, next_round=True).to_dict()["next_round"]["tables"]]


def test_the_draw_is_a_fisher_yates_shuffle_on_sha256_of_seed_round_and_position():
    items = list(range(10))
    expected = list(items)
    for i in range(len(expected) - 1, 0, -1):
        digest = hashlib.sha256(f"1907:3:{i}".encode()).digest()
        j = int.from_bytes(digest[:8], "big") % (i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert draw(items, seed=1907, round_number=3) == expected


def test_the_same_document_and_seed_always_give_the_same_seating():
    assert next_seats(event(16)) == next_seats(event(16))
    assert next_seats(event(16)) != next_seats(event(16, seed=1908))


def test_round_one_is_the_draw_cut_into_tables_in_drawn_order():
    drawn = draw(NAMES[:8], seed=1907, round_number=1)
    assert next_seats(event(8)) == [drawn[:4], drawn[4:]]


PLANS = [
    (3, False, True, (3,), 0),
    (4, False, True, (4,), 0),
    (5, False, True, (4,), 1),
    (6, False, True, (3, 3), 0),
    (7, False, True, (4, 3), 0),
    (8, False, True, (4, 4), 0),
    (9, False, True, (3, 3, 3), 0),
    (10, False, True, (4, 3, 3), 0),
    (11, False, True, (4, 4, 3), 0),
    (13, False, True, (4, 3, 3, 3), 0),
    (16, False, True, (4, 4, 4, 4), 0),
    (64, False, True, (4,) * 16, 0),
    (7, False, False, (4,), 3),
    (2, True, False, (2,), 0),
    (5, True, False, (2, 2), 1),
    (16, True, False, (2,) * 8, 0),
]


@pytest.mark.parametrize(("count", "teams", "three", "sizes", "byes"), PLANS)
def test_tables_of_four_then_as_few_tables_of_three_as_fit_and_the_rest_sit_out(
    count, teams, three, sizes, byes
):
    assert plan(count, teams=teams, allow_three=three) == (sizes, byes)


@settings(max_examples=examples(60), deadline=None)
@given(count=st.integers(3, 24), seed=st.integers(-(2**63), 2**63 - 1))
def test_every_entrant_is_seated_exactly_once_or_sits_out(count, seed):
    document = event(count, seed=seed)
    result = score_event(document, next_round=True).to_dict()["next_round"]
    seated = [name for t in result["tables"] for name in t["seats"]] + result.get("byes", [])
    assert sorted(seated) == sorted(NAMES[:count])
    assert all(len(t["seats"]) in (3, 4) for t in result["tables"])


def round_one_16():
    """16 players at 4 tables; at each table the first seat finishes, then 2nd, 3rd, 4th."""
    tables = [table(NAMES[k : k + 4], game(-101, 12, 40, 202)) for k in range(0, 16, 4)]
    return event(16, tables)


def test_later_points_rounds_seat_by_standings_table_one_holding_the_leaders():
    seats = next_seats(round_one_16())
    assert seats[0] == ["Ayşe", "Ece", "İpek", "Mert"]  # the four winners, in entrants order
    assert seats[3] == ["Deniz", "Hale", "Leyla", "Pınar"]  # the four last


def test_later_points_rounds_avoid_repeat_opponents_where_possible():
    document = round_one_16()
    second = next_seats(document)
    document["rounds"].append({"tables": [table(s, game(-101, 12, 40, 202)) for s in second]})
    third = next_seats(document)
    met = {
        frozenset(p)
        for rnd in (document["rounds"])
        for t in rnd["tables"]
        for p in combinations(t["seats"], 2)
    }
    assert not any(frozenset(p) in met for t in third for p in combinations(t, 2))


def test_an_unavoidable_repeat_is_seated_with_the_fewest_and_reported():
    # Two tables of four in round 1: any table of four in round 2 holds two who met.
    document = event(8, [table(FOUR, game(-101, 12, 40, 202)), table(NEXT_FOUR, game(-101, 12, 40, 202))])
    result = score_event(document, next_round=True).to_dict()["next_round"]
    assert [t["seats"] for t in result["tables"]] == [
        ["Ayşe", "Ece", "Bora", "Fuat"],
        ["Cem", "Gül", "Deniz", "Hale"],
    ]
    assert result["tables"][0]["repeat_opponents"] == [["Ayşe", "Bora"], ["Ece", "Fuat"]]


def test_the_search_backtracks_when_the_first_choice_for_table_one_forces_a_repeat_below():
    # 4 and 5 met: table 1 taking 0-1-2-3 would leave 4-5-6-7 for table 2.
    met = lambda a, b: {a, b} == {4, 5}  # noqa: E731
    seating = seat_by_standings(list(range(8)), (4, 4), met)
    assert seating.tables == ((0, 1, 2, 4), (3, 5, 6, 7))
    assert seating.repeats == ()


def test_a_bye_in_a_points_event_goes_to_the_lowest_ranked_who_sat_out_least_and_counts_nothing():
    five = NAMES[:5]
    first = next_seats(event(5))
    result = score_event(event(5), next_round=True).to_dict()["next_round"]
    assert len(first) == 1 and len(result["byes"]) == 1
    sat_out = result["byes"][0]
    played = [n for n in five if n != sat_out]
    document = event(5, [table(played, game(-101, 12, 40, 202))])
    second = score_event(document, next_round=True).to_dict()
    assert second["rounds"][0]["byes"] == [sat_out]
    assert next(s for s in second["standings"] if s["entrant"] == sat_out)["games"] == 0
    # Round 2: the one who sat out plays; the last of the four who played sits out.
    assert second["next_round"]["byes"] == [played[3]]


def test_an_odd_team_out_sits_out():
    result = score_event(teams_event(5), next_round=True).to_dict()["next_round"]
    assert len(result["tables"]) == 2 and len(result["byes"]) == 1


def test_partners_tables_seat_two_teams():
    assert all(len(t) == 2 for t in next_seats(teams_event(8)))


def test_next_round_appears_only_when_asked_and_the_last_round_is_complete():
    assert "next_round" not in score_event(event(8)).to_dict()
    assert (
        "next_round" not in score_event(event(8, [table(FOUR), table(NEXT_FOUR)]), next_round=True).to_dict()
    )
    done = [table(FOUR, game(-101, 12, 40, 202))]
    assert "next_round" not in score_event(event(4, done, rounds=1), next_round=True).to_dict()


def test_a_withdrawn_entrant_is_not_seated_again_and_keeps_its_results():
    document = edit(round_one_16(), withdrawn=["Ayşe"])
    seated = [n for t in next_seats(document) for n in t]
    assert "Ayşe" not in seated and len(seated) == 15
    ayse = next(s for s in score_event(document).to_dict()["standings"] if s["entrant"] == "Ayşe")
    assert (ayse["points"], ayse["games"]) == (3, 1)


def test_a_no_show_is_never_seated_and_not_in_the_standings():
    document = edit(event(9), withdrawn=["İpek"])
    assert "İpek" not in [n for t in next_seats(document) for n in t]
    assert "İpek" not in [s["entrant"] for s in score_event(document).to_dict()["standings"]]


def test_a_late_arrival_joins_the_next_round_and_its_missed_round_counts_nothing():
    document = round_one_16()
    document["entrants"].append("Rıza")
    result = score_event(document, next_round=True).to_dict()
    assert result["rounds"][0]["byes"] == ["Rıza"]
    assert "Rıza" in [n for t in result["next_round"]["tables"] for n in t["seats"]]
    assert next(s for s in result["standings"] if s["entrant"] == "Rıza")["games"] == 0


def test_a_closed_table_counts_the_hands_it_has():
    half = game((-101, 12, 40, 202))
    document = event(4, [table(FOUR, half, closed=True)], hands=3)
    result = score_event(document, next_round=True).to_dict()
    row = result["rounds"][0]["tables"][0]
    assert (row["complete"], row["closed"], row["totals"], row["points"]) == (
        True,
        True,
        [-101, 12, 40, 202],
        [3, 2, 1, 0],
    )
    assert "next_round" in result


def test_a_closed_table_without_hands_counts_nothing():
    result = score_event(event(4, [table(FOUR, closed=True)], hands=3)).to_dict()
    assert {s["games"] for s in result["standings"]} == {0}
    assert result["rounds"][0]["tables"][0]["complete"] is True


def test_a_closed_knockout_table_without_hands_is_a_tie_for_the_organizer():
    document = event(
        8, [table(FOUR, closed=True), table(NEXT_FOUR, game(-101, 12, 40, 202))], kind="knockout"
    )
    row = score_event(document).to_dict()["rounds"][0]["tables"][0]
    assert row["tie_at_cut"] == FOUR and row["advancing"] == []


def test_a_knockout_bye_advances_and_stands_between_those_advancing_and_those_out():
    # 5 players: a table of four and a bye.
    result = score_event(event(5, kind="knockout"), next_round=True).to_dict()["next_round"]
    assert len(result["tables"]) == 1 and len(result["byes"]) == 1
    bye = result["byes"][0]
    seats = result["tables"][0]["seats"]
    document = event(5, [table(seats, game(-101, 12, 40, 202))], kind="knockout")
    scored = score_event(document, next_round=True).to_dict()
    assert scored["rounds"][0]["byes"] == [bye]
    assert [s["entrant"] for s in scored["standings"]] == [seats[0], seats[1], bye, seats[2], seats[3]]
    assert sorted(scored["next_round"]["tables"][0]["seats"]) == sorted([seats[0], seats[1], bye])


def test_a_knockout_table_still_playing_stands_behind_the_advancing_and_ahead_of_those_out():
    document = event(8, [table(FOUR, game(-101, 12, 40, 202)), table(NEXT_FOUR)], kind="knockout")
    order = [(s["entrant"], s["place"]) for s in score_event(document).to_dict()["standings"]]
    assert order[:2] == [("Ayşe", 1), ("Bora", 2)]
    assert {name for name, place in order[2:6]} == set(NEXT_FOUR) and {p for _n, p in order[2:6]} == {3}
    assert order[6:] == [("Cem", 7), ("Deniz", 8)]


def test_a_knockout_final_seats_everyone_left_when_they_fit_at_one_table():
    assert len(next_seats(event(4, kind="knockout"))) == 1
    assert len(next_seats(event(3, kind="knockout"))) == 1


def test_no_tables_of_three_when_three_advance():
    result = score_event(event(7, kind="knockout", advance=3), next_round=True).to_dict()["next_round"]
    assert [len(t["seats"]) for t in result["tables"]] == [4] and len(result["byes"]) == 3


def test_too_few_left_for_a_table_is_said_when_the_next_round_is_asked_for():
    document = edit(
        event(
            8,
            [table(FOUR, game(-101, 12, 40, 202)), table(NEXT_FOUR, game(-101, 12, 40, 202))],
            kind="knockout",
            advance=1,
        )
    )
    result = score_event(document, next_round=True)
    assert isinstance(result.next_round, NoRound)
