"""The club ratings module against openskill called directly on the same games."""

import json

import pytest
from django.utils import translation
from openskill.models import PlackettLuce

from scorer.clubs.ratings import Match, rate_document, rate_text
from scorer.engine import InvalidInput, score_game

SETS = {"opened": "sets"}


def finished_by(winner: int, remaining: tuple[int, ...], *, okey: bool = False) -> dict:
    """A hand one player finishes, the others opened with ``remaining`` points in hand."""
    players, rest = [], iter(remaining)
    for seat in range(4):
        if seat == winner:
            players.append({**SETS, "finished": True, **({"finish": {"okey": True}} if okey else {})})
        else:
            players.append({**SETS, "remaining": {"points": next(rest)}})
    return {"players": players}


def game(names, *hands, planned=None, partners=False) -> dict:
    return {
        "ruleset": "loca",
        "options": {"partners": partners},
        "hands_planned": planned or len(hands),
        "players": list(names),
        "hands": list(hands),
    }


ABCD = ("Ayşe", "Bora", "Cem", "Deniz")
GAMES = [
    game(ABCD, finished_by(0, (40, 12, 30)), finished_by(2, (5, 60, 7)), planned=3),
    game(ABCD, finished_by(0, (40, 12, 30))),
    game(("Ece", "Bora", "Cem", "Ayşe"), finished_by(3, (20, 20, 9))),
    game(ABCD, finished_by(1, (40, 12, 30)), partners=True),
]


def direct(matches: list[tuple[list[list[str]], list[int]]]) -> dict:
    """openskill itself: teams of names, ranked by score = minus the total (higher is better)."""
    model, ratings = PlackettLuce(), {}
    for teams, totals in matches:
        rated = model.rate(
            [[ratings.setdefault(n, model.rating(name=n)) for n in team] for team in teams],
            scores=[-t for t in totals],
        )
        for team, new in zip(teams, rated, strict=True):
            ratings.update(zip(team, new, strict=True))
    return ratings


def test_ratings_equal_openskill_on_the_complete_games_in_order():
    table = rate_document({"games": GAMES})
    singles = [([[n] for n in raw["players"]], list(score_game(raw).totals)) for raw in GAMES[1:3]]
    pairs = ([["Ayşe", "Cem"], ["Bora", "Deniz"]], list(score_game(GAMES[3]).team_totals))
    expected = direct([*singles, pairs])
    assert {r.player for r in table.ratings} == set(expected)
    for row in table.ratings:
        assert row.mu == pytest.approx(expected[row.player].mu, abs=1e-9)
        assert row.sigma == pytest.approx(expected[row.player].sigma, abs=1e-9)
        assert row.ordinal == pytest.approx(expected[row.player].ordinal(), abs=1e-9)


def test_partners_rate_the_pairs_one_and_three_two_and_four_by_team_total():
    raw = GAMES[3]
    match = Match.of(ABCD, score_game(raw))
    assert match.teams == (("Ayşe", "Cem"), ("Bora", "Deniz"))
    table = rate_document({"games": [raw]})
    by_name = {r.player: r for r in table.ratings}
    assert by_name["Bora"].wins == by_name["Deniz"].wins == 1
    assert by_name["Ayşe"].wins == by_name["Cem"].wins == 0
    assert by_name["Bora"].mu == by_name["Deniz"].mu > by_name["Ayşe"].mu == by_name["Cem"].mu


def test_a_shared_lowest_total_is_a_win_for_each_and_the_same_rank():
    match = Match((("a",), ("b",), ("c",)), (-10, -10, 50))
    assert match.ranks == [1, 1, 2]
    level = game(ABCD, {"players": [{}, {}, {}, {}]})  # nobody opened: all equal
    table = rate_document({"games": [level]})
    assert [(r.games, r.wins) for r in table.ratings] == [(1, 1)] * 4
    assert len({(r.mu, r.sigma) for r in table.ratings}) == 1


def test_games_count_complete_games_and_the_order_is_by_ordinal_descending():
    table = rate_document({"games": GAMES})
    by_name = {r.player: r for r in table.ratings}
    assert (by_name["Ayşe"].games, by_name["Ece"].games) == (3, 1)
    ordinals = [r.ordinal for r in table.ratings]
    assert ordinals == sorted(ordinals, reverse=True)


def test_a_game_with_fewer_hands_than_planned_is_skipped_with_its_reason():
    with translation.override("en"):
        table = rate_document({"games": GAMES})
    assert [s.to_dict() for s in table.skipped] == [
        {"game": 0, "reason": "Fewer hands than planned: 2 of 3."}
    ]
    assert table.to_dict()["format"] == 1


@pytest.mark.parametrize(
    ("document", "path"),
    [
        ([], ""),
        ({"games": {}}, "games"),
        ({"games": [], "club": 1}, "club"),
        ({"games": [{**GAMES[1], "hands_planned": None}]}, "games[0].hands_planned"),
        ({"games": [GAMES[1], {**GAMES[1], "ruleset": "poker"}]}, "games[1].ruleset"),
        (
            {"games": [game(ABCD, {"players": [{"remaining": {"points": -1}}, {}, {}, {}]})]},
            "games[0].hands[0]",
        ),
    ],
)
def test_invalid_games_name_their_path(document, path):
    with pytest.raises(InvalidInput) as caught:
        rate_document(document)
    paths = [e.path for e in caught.value.errors]
    assert any(p == path or p.startswith((f"{path}.", f"{path}[")) for p in paths), paths


def test_games_scored_in_several_processes_rate_as_in_one_in_the_active_language(monkeypatch):
    from scorer.clubs import ratings

    monkeypatch.setattr(ratings, "PARALLEL_FROM", 2)
    monkeypatch.setattr(ratings, "CHUNK", 1)
    games = GAMES * 3
    with translation.override("en"):
        alone = rate_document({"games": games}).to_dict()
        shared = rate_document({"games": games}, processes=2).to_dict()
        broken = [*games, {**GAMES[1], "ruleset": "poker"}]
        with pytest.raises(InvalidInput) as caught:
            rate_document({"games": broken}, processes=2)
    assert shared == alone
    assert shared["skipped"][0]["reason"] == "Fewer hands than planned: 2 of 3."
    assert [e.path for e in caught.value.errors] == [f"games[{len(games)}].ruleset"]


@pytest.fixture
def small_slices(monkeypatch):
    """Slices of a few games, shared from the sixth game on, while they arrive and after."""
    from scorer.clubs import ratings

    monkeypatch.setattr(ratings, "PARALLEL_FROM", 6)
    monkeypatch.setattr(ratings, "CHUNK", 2)
    monkeypatch.setattr(ratings, "ARRIVING_SLICE", 3)


MANY = [{**g, "players": [f"{name} {k % 3}" for name in g["players"]]} for k in range(9) for g in GAMES]


@pytest.mark.parametrize(
    "text",
    [
        json.dumps({"games": MANY}),
        json.dumps({"games": MANY}, ensure_ascii=False, indent=2),
        ' \n{ "games" :[' + ",\n".join(json.dumps(g) for g in MANY) + "] } \r\n",
        json.dumps({"games": MANY[:3]}),
        '{"games": []}',
    ],
)
def test_a_file_rated_while_it_is_decoded_rates_as_the_decoded_document(small_slices, text):
    with translation.override("en"):
        alone = rate_document(json.loads(text)).to_dict()
        assert rate_text(text, processes=2).to_dict() == alone
        assert rate_text(text, processes=1).to_dict() == alone


@pytest.mark.parametrize(
    "text",
    [
        json.dumps({"format": 1, "games": MANY}),  # another key: decoded whole
        json.dumps({"games": MANY, "format": 1}),
        '{"g\\u0061mes": []}',
        json.dumps({"games": MANY}) + " x",  # not JSON at its end
        json.dumps({"games": MANY})[:-2],
        json.dumps({"games": MANY}).replace("}, {", "} {", 7),
        '{"games": [' + "[" * 100_000 + "]" * 100_000 + "]}",
    ],
)
def test_a_file_of_another_form_or_not_json_is_left_to_the_decoder(small_slices, text):
    assert rate_text(text, processes=2) is None


def test_the_errors_of_games_rated_while_they_arrive_are_those_of_the_document(small_slices):
    broken = [*MANY[:7], {**GAMES[1], "ruleset": "poker"}, *MANY[7:20], {**GAMES[1], "hands_planned": None}]
    with translation.override("en"), pytest.raises(InvalidInput) as whole:
        rate_document({"games": broken})
    with translation.override("en"), pytest.raises(InvalidInput) as arriving:
        rate_text(json.dumps({"games": broken}), processes=2)
    assert arriving.value.to_dict() == whole.value.to_dict()
    assert [e.path for e in arriving.value.errors] == ["games[7].ruleset", "games[21].hands_planned"]
