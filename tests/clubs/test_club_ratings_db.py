"""A club's stored ratings follow its tables: a game counts when it completes, a correction or a
deletion replays from that game on, and ``manage.py rate --check`` agrees with the stored rows."""

import io
import json

import pytest
from django.core.management import call_command
from openskill.models import PlackettLuce

from scorer.clubs.models import ClubGame, ClubRating
from scorer.clubs.ratings import Match
from scorer.clubs.selectors import club_document
from scorer.clubs.services import club_create, club_game_add, club_table_join
from scorer.engine import InvalidInput, score_game
from scorer.tables.services.hands import hand_delete, hand_record, hand_update
from tests.support.factories import finisher, new_table

pytestmark = pytest.mark.django_db

MEMBERS = ["Ayşe", "Bora", "Cem", "Deniz", "Ece", "Filiz"]


@pytest.fixture
def commits(django_capture_on_commit_callbacks):
    """Run what waits for the commit (the ratings' update) at the end of each block."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def club():
    return club_create(name="Çarşamba", ruleset="loca", options={}, members=MEMBERS)


def play(club, commits, players, hands, *, partners=False):
    game, _secret = new_table(
        "loca", players=players, hands_planned=len(hands), options={"partners": partners}
    )
    club_game_add(club=club, game=game)
    with commits():
        for data in hands:
            hand_record(game=game, data=data)
    return game


def stored(club) -> dict:
    return {r.player: (r.mu, r.sigma, r.games, r.wins) for r in ClubRating.objects.filter(club=club)}


def check() -> tuple[int, dict]:
    out = io.StringIO()
    try:
        call_command("rate", "--check", stdout=out)
        status = 0
    except SystemExit as exc:
        status = exc.code
    return status, json.loads(out.getvalue())


def openskill_direct(documents: list[dict]) -> dict:
    model, ratings = PlackettLuce(), {}
    for doc in documents:
        result, names = score_game(doc), doc["players"]
        if result.team_totals:
            teams, totals = [[names[0], names[2]], [names[1], names[3]]], result.team_totals
        else:
            teams, totals = [[n] for n in names], result.totals
        current = [[ratings.get(n) or model.rating(name=n) for n in team] for team in teams]
        for team, new in zip(teams, model.rate(current, scores=[-t for t in totals]), strict=True):
            ratings.update(zip(team, new, strict=True))
    return ratings


@pytest.fixture
def three_games(club, commits):
    first = play(club, commits, MEMBERS[:4], [finisher(0, points=30), finisher(2, points=12)])
    second = play(club, commits, MEMBERS[2:], [finisher(3, points=40)])
    eşli = play(club, commits, [MEMBERS[0], MEMBERS[5], MEMBERS[1], MEMBERS[4]], [finisher(1)], partners=True)
    return first, second, eşli


def test_stored_ratings_are_openskills_own_on_the_club_games(club, three_games):
    documents = club_document(club)["games"]
    assert len(documents) == 3
    expected = openskill_direct(documents)
    got = stored(club)
    assert set(got) == set(expected) == set(MEMBERS)
    for name, rating in expected.items():
        assert got[name][:2] == pytest.approx((rating.mu, rating.sigma), abs=1e-9)
    assert (got["Ayşe"][2], got["Ece"][2]) == (2, 2)
    wins = {name: got[name][3] for name in MEMBERS}
    assert wins == {"Ayşe": 1, "Bora": 0, "Cem": 1, "Deniz": 0, "Ece": 1, "Filiz": 2}  # Ayşe and Cem tied


def test_a_game_counts_only_once_complete_and_moves_only_its_players(club, commits, three_games):
    before = stored(club)
    game, _secret = new_table("loca", players=MEMBERS[:4], hands_planned=2)
    club_game_add(club=club, game=game)
    with commits():
        hand_record(game=game, data=finisher(1))
    assert stored(club) == before and ClubGame.objects.get(game=game).position is None
    with commits():
        hand_record(game=game, data=finisher(1))
    after = stored(club)
    assert ClubGame.objects.get(game=game).position == 4
    assert {n for n in MEMBERS if after[n] != before[n]} == set(MEMBERS[:4])
    assert check()[0] == 0


def test_a_correction_in_the_first_game_replays_from_it(club, commits, three_games):
    first = three_games[0]
    before = stored(club)
    with commits():
        hand_update(hand=first.hands.live().first(), data=finisher(1, points=30))
    # Bora now goes out first: Cem alone is lowest, Ayşe no longer shares the win.
    assert (before["Ayşe"][3], stored(club)["Ayşe"][3]) == (1, 0)
    # The later eşli game replays on the new ratings: Filiz never sat at the corrected table.
    assert stored(club)["Filiz"][:2] != before["Filiz"][:2]
    status, report = check()
    assert status == 0 and report["clubs"][0]["differences"] == []


def test_a_correction_scores_only_the_corrected_game_and_rates_the_later_ones_from_their_matches(
    club, commits, three_games, monkeypatch
):
    from scorer.clubs import services

    first = three_games[0]
    links = ClubGame.objects.order_by("position")
    assert [link.match for link in links] == [
        Match.of(tuple(d["players"]), score_game(d)).stored() for d in club_document(club)["games"]
    ]
    assert links[2].match["teams"] == [["Ayşe", "Bora"], ["Filiz", "Ece"]]
    scored = []
    read = services.game_numbers  # the table's kept totals (scorer/tables/scores.py)
    monkeypatch.setattr(
        services, "game_numbers", lambda game, hands=None: scored.append(game) or read(game, hands)
    )
    with commits():
        hand_update(hand=first.hands.live().first(), data=finisher(1, points=30))
    assert [game.players for game in scored] == [MEMBERS[:4]]
    assert ClubGame.objects.get(game=first).match["totals"] == list(
        score_game(club_document(club)["games"][0]).totals
    )
    assert check()[0] == 0


def test_deleting_a_hand_uncounts_the_game_and_deleting_a_table_replays_without_it(
    club, commits, three_games
):
    first, second, _eşli = three_games
    with commits():
        hand_delete(hand=second.hands.live().first())
    assert ClubGame.objects.get(game=second).position is None
    assert stored(club)["Filiz"][2] == 1
    with commits():
        first.delete()
    assert stored(club)["Ayşe"][2] == 1 and "Deniz" not in stored(club)
    assert check()[0] == 0


def test_the_check_finds_a_stored_rating_the_games_do_not_give(club, three_games):
    ClubRating.objects.filter(club=club, player="Cem").update(mu=30.0)
    status, report = check()
    assert status == 1
    assert [d["player"] for d in report["clubs"][0]["differences"]] == ["Cem"]


def test_a_table_from_outside_joins_when_every_name_is_a_members_and_counts_at_once(club, commits):
    game, _secret = new_table("loca", players=MEMBERS[:4], hands_planned=1)
    with commits():
        hand_record(game=game, data=finisher(2))
    link = club_table_join(club=club, game=game)
    assert link.position == 1 and stored(club)["Cem"][3] == 1
    with pytest.raises(InvalidInput) as again:
        club_table_join(club=club, game=game)
    assert again.value.errors[0].message == "Bu masa zaten bir kulübe sayılıyor."


def test_a_table_with_a_guest_cannot_join_afterwards(club):
    game, _secret = new_table("loca", players=["Ayşe", "Misafir", "Cem", "Deniz"], hands_planned=1)
    with pytest.raises(InvalidInput) as refused:
        club_table_join(club=club, game=game)
    assert [e.to_dict() for e in refused.value.errors] == [
        {"path": "players[1]", "message": "Misafir bu kulübün üyesi değil."}
    ]
    assert not ClubGame.objects.filter(game=game).exists()
