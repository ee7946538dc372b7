"""EVENT_FORMAT.md, "Knockout": match order, the cut and its ties, standings, the final."""

import pytest

from scorer.events.rules import score_event
from tests.support.events import NAMES, event, game, table, teams_event

FOUR, NEXT_FOUR = NAMES[:4], NAMES[4:8]
AB_CD = game(-101, 12, 40, 202)  # order Ayşe, Bora, Cem, Deniz
EF_GH = game(-101, 12, 40, 202)  # order Ece, Fuat, Gül, Hale
TWO_HANDS = game((-101, 12, 40, 202), (-101, 12, 40, 202))
FIRST_TWO_TIED = game((-101, 40, 12, 202), (40, -101, 12, 202))  # -61, -61, 24, 404


def knockout(*rounds, entrants=8, **fmt):
    return score_event(event(entrants, *rounds, kind="knockout", **fmt), next_round=True)


def first_round(*, first=AB_CD, second=EF_GH, **kw):
    return [table(FOUR, first, **kw), table(NEXT_FOUR, second)]


MATCH_ORDER = [
    # (id, games of a best of 3 at Ayşe, Bora, Cem, Deniz, expected positions, advancing)
    (
        "wins_first",
        [game(-101, 12, 40, 202), game(12, -101, 40, 202), game(-101, 12, 40, 202)],
        [1, 2, 3, 4],
        ["Ayşe", "Bora"],
    ),
    (
        "more_wins_beat_a_lower_total",
        [game(-101, 286, 40, 202), game(-101, 286, 40, 202), game(286, 286, -101, 202)],
        [1, 4, 2, 3],  # Cem's match total (-21) is lower than Ayşe's (84), but Ayşe won twice
        ["Ayşe", "Cem"],
    ),
    (
        "equal_wins_then_lower_match_total",
        [game(-101, 10, 40, 202), game(10, -101, 40, 202), game(40, 10, -101, 202)],
        [2, 1, 3, 4],
        ["Bora", "Ayşe"],
    ),
]


@pytest.mark.parametrize(
    ("games", "positions", "advancing"), [c[1:] for c in MATCH_ORDER], ids=[c[0] for c in MATCH_ORDER]
)
def test_match_order_by_wins_then_match_total_and_the_first_k_advance(games, positions, advancing):
    document = event(8, [table(FOUR, *games), table(NEXT_FOUR, *games)], kind="knockout", games_per_match=3)
    result = score_event(document).to_dict()
    row = result["rounds"][0]["tables"][0]
    assert row["positions"] == positions
    assert row["advancing"] == advancing
    assert row["totals"] == [
        sum(g) for g in zip(*[[h_total(g, i) for i in range(4)] for g in games], strict=True)
    ]


def h_total(game_doc, seat):
    """The total a notation game gives a seat (one hand per game here)."""
    player = game_doc["hands"][0]["players"][seat]
    if player.get("finished"):
        return -101
    return player.get("remaining", {}).get("points", 202) if player else 202


def test_a_tie_straddling_the_cut_advances_nobody_of_the_group_and_is_shown():
    result = knockout(first_round(first=game(-101, 12, 12, 202))).to_dict()
    row = result["rounds"][0]["tables"][0]
    assert row["positions"] == [1, 2, 2, 4]
    assert row["advancing"] == ["Ayşe"]
    assert row["tie_at_cut"] == ["Bora", "Cem"]
    assert "next_round" not in result  # the round waits for the organizer


def test_a_tie_inside_the_advancing_places_needs_no_decision():
    rounds = first_round(first=FIRST_TWO_TIED, second=TWO_HANDS)
    row = knockout(rounds, hands=2).to_dict()["rounds"][0]["tables"][0]
    assert row["advancing"] == ["Ayşe", "Bora"] and "tie_at_cut" not in row
    assert row["positions"] == [1, 1, 3, 4]


def test_a_tie_below_the_cut_needs_no_decision():
    row = knockout(first_round(first=game(-101, 12, 40, 40))).to_dict()["rounds"][0]["tables"][0]
    assert row["advancing"] == ["Ayşe", "Bora"] and "tie_at_cut" not in row
    assert row["positions"] == [1, 2, 3, 3]


def test_the_organizers_decision_is_honoured_and_orders_the_tied_group():
    result = knockout(first_round(first=game(-101, 12, 12, 202), decided=["Cem"])).to_dict()
    row = result["rounds"][0]["tables"][0]
    assert row["advancing"] == ["Ayşe", "Cem"]
    assert row["positions"] == [1, 3, 2, 4]
    assert row["decided"] == ["Cem"]
    assert "tie_at_cut" not in row
    assert sorted(name for t in result["next_round"]["tables"] for name in t["seats"]) == sorted(
        ["Ayşe", "Cem", "Ece", "Fuat"]
    )


def test_a_decision_names_as_many_as_there_are_places_left():
    with pytest.raises(Exception) as caught:
        knockout(first_round(first=game(-101, 12, 12, 202), decided=["Cem", "Bora"]))
    assert [e.path for e in caught.value.errors] == ["rounds[0].tables[0].decided"]


def test_a_three_way_tie_for_two_places():
    result = knockout(first_round(first=game(-101, 5, 5, 5), decided=["Deniz", "Bora"]), advance=3).to_dict()
    row = result["rounds"][0]["tables"][0]
    assert row["advancing"] == ["Ayşe", "Bora", "Deniz"]


def test_standings_by_last_round_reached_then_position_then_match_total():
    rounds = [first_round(), [table(["Ayşe", "Bora", "Ece", "Fuat"], game(40, -101, 12, 202))]]
    result = knockout(*rounds).to_dict()
    assert [
        (s["place"], s["entrant"], s["round"], s["position"], s["total"]) for s in result["standings"]
    ] == [
        (1, "Bora", 2, 1, -101),
        (2, "Ece", 2, 2, 12),
        (3, "Ayşe", 2, 3, 40),
        (4, "Fuat", 2, 4, 202),
        (5, "Cem", 1, 3, 40),
        (5, "Gül", 1, 3, 40),
        (7, "Deniz", 1, 4, 202),
        (7, "Hale", 1, 4, 202),
    ]
    assert result["complete"] is True
    assert result["rounds"][1]["final"] is True


def test_later_rounds_draw_the_advancing_from_the_seed_and_the_round_number():
    one = knockout(first_round(), seed=1).to_dict()["next_round"]
    two = knockout(first_round(), seed=1).to_dict()["next_round"]
    other = [knockout(first_round(), seed=s).to_dict()["next_round"] for s in range(2, 8)]
    assert one == two
    assert any(o != one for o in other)
    assert sorted(one["tables"][0]["seats"]) == ["Ayşe", "Bora", "Ece", "Fuat"]


def test_the_final_cuts_at_one_a_tie_for_first_is_the_organizers():
    first = first_round(first=TWO_HANDS, second=TWO_HANDS)
    rounds = [first, [table(["Ayşe", "Bora", "Ece", "Fuat"], FIRST_TWO_TIED)]]
    result = knockout(*rounds, hands=2)
    assert result.complete is False
    row = result.to_dict()["rounds"][1]["tables"][0]
    assert row["tie_at_cut"] == ["Ayşe", "Bora"]
    decided = [first, [table(["Ayşe", "Bora", "Ece", "Fuat"], FIRST_TWO_TIED, decided=["Bora"])]]
    result = knockout(*decided, hands=2)
    assert result.complete is True
    assert [s["entrant"] for s in result.to_dict()["standings"][:2]] == ["Bora", "Ayşe"]


def test_complete_only_when_the_final_is_complete():
    assert knockout(first_round()).complete is False
    assert knockout(first_round(), [table(["Ayşe", "Bora", "Ece", "Fuat"])]).complete is False


def test_teams_one_of_two_advances():
    played = game(-101, 40, 12, 202)
    result = score_event(
        teams_event(4, [table(["T1", "T2"], played), table(["T3", "T4"], played)], kind="knockout"),
        next_round=True,
    ).to_dict()
    advancing = [t["advancing"] for t in result["rounds"][0]["tables"]]
    assert all(len(a) == 1 for a in advancing)
    assert sorted(result["next_round"]["tables"][0]["seats"]) == sorted(a[0] for a in advancing)


def test_incomplete_match_counts_nothing_yet():
    result = knockout([table(FOUR, AB_CD), table(NEXT_FOUR, EF_GH)], games_per_match=3).to_dict()
    row = result["rounds"][0]["tables"][0]
    assert row["complete"] is False and row["advancing"] == [] and row["totals"] == [0, 0, 0, 0]
    assert "next_round" not in result
