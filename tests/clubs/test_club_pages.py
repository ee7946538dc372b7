"""A club's pages through the test client: opening one, its admin's forms, a table opened in it with
seats from the members, the leaderboard, a member's statistics, seasons, the display and the export."""

import datetime
import io
import json
import re

import pytest
from django.core.management import call_command
from django.urls import reverse
from openskill.models import PlackettLuce

from scorer.clubs.models import Club, ClubGame, ClubRating, Member
from scorer.engine import score_game
from scorer.models import Game
from scorer.tables.services.hands import hand_record, hand_update
from tests.support.factories import claim, finisher, new_table

pytestmark = pytest.mark.django_db

MEMBERS = ["Ayşe", "Bora", "Cem", "Deniz", "Ece", "Filiz"]


@pytest.fixture
def commits(django_capture_on_commit_callbacks):
    return lambda: django_capture_on_commit_callbacks(execute=True)


def open_club(client, *, members="Ayşe\nBora\nCem & Deniz\nEce\nFiliz", **extra) -> Club:
    data = {"name": "Çarşamba", "ruleset": "loca", "option_katlama": "none", "members": members, **extra}
    response = client.post(reverse("scorer:club_new"), data)
    assert response.status_code == 302, response.content.decode()[:800]
    return Club.objects.get()


def club_url(club, name="club", *args) -> str:
    return reverse(f"scorer:{name}", args=[club.public_id, *args])


def open_table(client, club, players, *, hands=1, **extra) -> Game:
    data = {
        "ruleset": "loca",
        "option_katlama": "none",
        "hands_planned": str(hands),
        "first_dealer": "0",
        **extra,
    }
    data.update({f"player_{k + 1}": name for k, name in enumerate(players)})
    response = client.post(club_url(club, "club_table_new"), data)
    assert response.status_code == 302, response.content.decode()[:800]
    return Game.objects.get(public_id=response["Location"].rstrip("/").rsplit("/", 1)[1])


def test_opening_a_club_makes_this_device_its_admin_with_pairs_as_two_members(client):
    club = open_club(client)
    assert [m.name for m in club.members.all()] == sorted(MEMBERS)
    page = client.get(club_url(club)).content.decode()
    assert "yonetim" in page and club.link_secret in page


def test_a_club_without_members_names_the_field(client):
    response = client.post(
        reverse("scorer:club_new"),
        {"name": "Boş", "ruleset": "loca", "option_katlama": "none", "members": " & \n"},
    )
    assert response.status_code == 200
    assert response.context["form"].errors["members"] == ["En az bir üye yazın."]


def test_the_public_page_shows_no_admin_part_and_another_device_cannot_open_a_table(
    client, django_user_model
):
    from django.test import Client

    club = open_club(client)
    other = Client()
    page = other.get(club_url(club)).content.decode()
    assert club.link_secret not in page and 'id="yonetim"' not in page
    assert other.get(club_url(club, "club_table_new")).status_code == 403
    claimed = other.get(club_url(club, "club_claim", club.link_secret))
    assert claimed.status_code == 302
    assert other.get(club_url(club, "club_table_new")).status_code == 200


def test_the_table_form_suggests_the_members_on_every_seat(client):
    club = open_club(client)
    page = client.get(club_url(club, "club_table_new")).content.decode()
    assert page.count('list="club-members"') == 4
    assert all(f'<option value="{name}">' in page for name in MEMBERS)


def test_games_at_club_tables_rate_members_as_openskill_does(client, commits):
    club = open_club(client)
    first = open_table(client, club, MEMBERS[:4], hands=2)
    second = open_table(client, club, ["Cem", "Ece", "Misafir", "Filiz"])
    with commits():
        hand_record(game=first, data=finisher(0, points=30))
        hand_record(game=first, data=finisher(2, points=12))
        hand_record(game=second, data=finisher(1))
    model, expected = PlackettLuce(), {}
    for game in (first, second):
        result = score_game(
            {"ruleset": "loca", "players": game.players, "hands": [h.data for h in game.hands.all()]}
        )
        teams = [[expected.get(n) or model.rating(name=n)] for n in game.players]
        for name, new in zip(
            game.players, model.rate(teams, scores=[-t for t in result.totals]), strict=True
        ):
            expected[name] = new[0]
    board = client.get(club_url(club)).context["board"]
    shown = {row.player: row for row in board.provisional}
    assert set(shown) == set(MEMBERS)  # the guest has a rating but is no member
    for name, row in shown.items():
        assert (row.mu, row.sigma) == pytest.approx((expected[name].mu, expected[name].sigma), abs=1e-9)
        assert row.ordinal == pytest.approx(expected[name].ordinal(), abs=1e-9)


def test_five_games_leave_the_provisional_list(client, commits):
    club = open_club(client)
    with commits():
        for _ in range(5):
            hand_record(game=open_table(client, club, MEMBERS[:4]), data=finisher(0))
    board = client.get(club_url(club)).context["board"]
    assert [r.player for r in board.rated][0] == "Ayşe"
    assert {r.player for r in board.rated} == set(MEMBERS[:4])
    assert {r.player for r in board.provisional} == set()


def test_a_hidden_member_leaves_the_public_pages_but_not_the_admins(client, commits):
    from django.test import Client

    club = open_club(client)
    with commits():
        hand_record(game=open_table(client, club, MEMBERS[:4]), data=finisher(0))
    bora = Member.objects.get(club=club, name="Bora")
    client.post(club_url(club, "club_member_visibility", bora.pk), {"hidden": "1"})
    public = Client()
    assert "Bora" not in {r.player for r in public.get(club_url(club)).context["board"].provisional}
    assert public.get(club_url(club, "club_member", bora.pk)).status_code == 404
    assert "Bora" in {r.player for r in client.get(club_url(club)).context["board"].provisional}
    assert client.get(club_url(club, "club_member", bora.pk)).status_code == 200


@pytest.mark.parametrize("posted", [{}, {"hidden": "yes"}, {"hidden": "2"}])
def test_a_visibility_post_other_than_hide_or_show_changes_nothing_and_says_so(client, posted):
    club = open_club(client)
    bora = Member.objects.get(club=club, name="Bora")
    Member.objects.filter(pk=bora.pk).update(hidden=True)

    response = client.post(club_url(club, "club_member_visibility", bora.pk), posted, follow=True)

    assert Member.objects.get(pk=bora.pk).hidden
    assert [m.level_tag for m in response.context["messages"]][-1] == "error"


def test_the_member_page_counts_from_the_stored_lines(client, commits):
    club = open_club(client)
    game = open_table(client, club, MEMBERS[:4], hands=2)
    with commits():
        hand_record(game=game, data=finisher(0, points=30))
        second = finisher(1, points=12, foul=1)  # Deniz discards an okey
        second["players"][1]["finish"] = {"elden": True}
        hand_record(game=game, data=second)
    ayse = Member.objects.get(club=club, name="Ayşe")
    response = client.get(club_url(club, "club_member", ayse.pk))
    stats = response.context["stats"]
    assert (stats.games, stats.hands, stats.finishes["all"]) == (1, 2, 1)
    assert stats.openings == {"sets": 1, "none": 1}
    deniz = client.get(club_url(club, "club_member", Member.objects.get(club=club, name="Deniz").pk))
    assert dict(deniz.context["stats"].penalties) == {"foul_okey_discard": 1}
    bora = client.get(club_url(club, "club_member", Member.objects.get(club=club, name="Bora").pk))
    assert bora.context["stats"].finishes["elden"] == 1
    page = response.content.decode()
    assert reverse("scorer:hand_detail", args=[game.public_id, stats.best.position]) in page
    rivals = {name: r for name, _pk, r in response.context["rivals"]}
    assert set(rivals) == {"Bora", "Cem", "Deniz"} and rivals["Bora"].games == 1


def test_the_rating_chart_draws_once_two_games_count(client, commits):
    club = open_club(client)
    with commits():
        for seat in (0, 1):
            hand_record(game=open_table(client, club, MEMBERS[:4]), data=finisher(seat))
    ayse = Member.objects.get(club=club, name="Ayşe")
    page = client.get(club_url(club, "club_member", ayse.pk)).content.decode()
    assert "data-rating-chart" in page and 'd="M' in page
    # Coordinates are numbers SVG reads in every language (never Turkish "12,0").
    coordinates = re.findall(r'(?:x1|x2|y1|y2|y)="([^"]*)"', page[page.index("data-rating-chart") :])
    assert coordinates and not [c for c in coordinates if "," in c]


def test_a_season_table_counts_only_the_games_completed_in_it(client, commits):
    club = open_club(client)
    with commits():
        hand_record(game=open_table(client, club, MEMBERS[:4]), data=finisher(0))
    ClubGame.objects.update(completed_at=datetime.datetime(2020, 1, 5, tzinfo=datetime.UTC))
    with commits():
        hand_record(game=open_table(client, club, ["Ece", "Filiz"]), data=finisher(0, players=2))
    today = datetime.date.today()
    response = client.post(
        club_url(club, "club_season_add"),
        {
            "sezon-name": "Kış",
            "sezon-starts": (today - datetime.timedelta(days=3)).isoformat(),
            "sezon-ends": today.isoformat(),
        },
    )
    season = club.seasons.get()
    assert response["Location"].endswith(f"?sezon={season.pk}")
    board = client.get(club_url(club), {"sezon": season.pk}).context["board"]
    assert {r.player for r in board.provisional} == {"Ece", "Filiz"} and board.games == 1
    everyone = client.get(club_url(club)).context["board"]
    assert everyone.games == 2
    display = client.get(club_url(club, "club_display"), {"sezon": season.pk}).content.decode()
    assert "Kış" in display and "Ece" in display and "Ayşe" not in display
    assert client.get(club_url(club, "club_print"), {"sezon": season.pk}).status_code == 200


def test_a_season_that_ends_before_it_starts_is_refused_by_field(client):
    club = open_club(client)
    data = {"sezon-name": "X", "sezon-starts": "2026-02-02", "sezon-ends": "2026-01-01"}
    page = client.post(club_url(club, "club_season_add"), data, follow=True).content.decode()
    assert not club.seasons.exists()
    assert "Bitiş: Sezon, başladığı gün ya da sonrasında biter." in page


def test_the_export_is_the_rate_file_and_rates_as_the_page(client, commits, tmp_path):
    club = open_club(client)
    with commits():
        game = open_table(client, club, MEMBERS[:4])
        hand_record(game=game, data=finisher(0))
        hand_update(hand=game.hands.get(), data=finisher(2))
    path = tmp_path / "kulup.json"
    path.write_bytes(client.get(club_url(club, "club_export_json")).content)
    out = io.StringIO()
    call_command("rate", str(path), stdout=out)
    rated = {r["player"]: r for r in json.loads(out.getvalue())["ratings"]}
    for row in ClubRating.objects.filter(club=club):
        assert (rated[row.player]["mu"], rated[row.player]["ordinal"]) == pytest.approx((row.mu, row.ordinal))
    report = io.StringIO()
    call_command("rate", "--check", stdout=report)  # exits 1 when a stored rating differs
    assert json.loads(report.getvalue())["clubs"][0]["differences"] == []


def test_a_scorekeeper_adds_a_table_from_outside_when_its_names_are_members(client, commits):
    from django.test import Client

    club = open_club(client)
    game, secret = new_table("loca", players=MEMBERS[:4], hands_planned=1)
    with commits():
        hand_record(game=game, data=finisher(0))
    stranger = Client()
    stranger.post(club_url(club, "club_table_join"), {"table": game.public_id})
    assert not ClubGame.objects.filter(game=game).exists()
    keeper = claim(Client(), game, secret)
    board = f"http://testserver{reverse('scorer:game_board', args=[game.public_id])}"
    keeper.post(club_url(club, "club_table_join"), {"table": board})
    assert ClubGame.objects.get(game=game).position == 1


def test_a_new_admin_link_locks_out_the_old_one(client):
    from django.test import Client

    club = open_club(client)
    other = Client()
    other.get(club_url(club, "club_claim", club.link_secret))
    client.post(club_url(club, "club_link_rotate"))
    refused = other.get(club_url(club, "club_table_new"))
    kept = client.get(club_url(club, "club_table_new"))
    assert refused.status_code == 403 and 'name="ruleset"' not in refused.content.decode()
    assert kept.status_code == 200 and 'name="ruleset"' in kept.content.decode()  # the new table's form


def test_a_members_rating_chart_in_a_season_replays_that_seasons_games_alone(client, commits):
    from scorer.clubs.models import Season
    from scorer.clubs.selectors import rating_history

    club = open_club(client)
    with commits():
        hand_record(game=open_table(client, club, MEMBERS[:4]), data=finisher(0))
    ClubGame.objects.update(completed_at=datetime.datetime(2020, 1, 5, tzinfo=datetime.UTC))
    with commits():
        for winner in (1, 2):
            hand_record(game=open_table(client, club, MEMBERS[:4]), data=finisher(winner))
    today = datetime.date.today()
    season = Season.objects.create(
        club=club, name="Kış", starts=today - datetime.timedelta(days=3), ends=today
    )
    club.refresh_from_db()
    everything, seasonal = rating_history(club, "Ayşe"), rating_history(club, "Ayşe", season)
    assert len(everything) == 3 and len(seasonal) == 2
    # The season starts from a fresh rating: its first point is the second game rated alone.
    model = PlackettLuce()
    second = ClubGame.objects.filter(club=club).order_by("position")[1]
    totals = list(score_game(_document(second.game)).totals)
    alone = model.rate([[model.rating(name=n)] for n in MEMBERS[:4]], scores=[-t for t in totals])
    assert seasonal[0] == pytest.approx(alone[0][0].ordinal(), abs=1e-9)
    assert seasonal[0] != pytest.approx(everything[1], abs=1e-9)


def _document(game):
    from scorer.tables.selectors import game_document

    return game_document(game)


# --- the leaderboard's markup, kept in the shared-part cache ({% sharedpart "club_board" %}) -------


def board_rows(html: str) -> dict[str, str]:
    """Each member's row of the leaderboard markup: {name: the row's cells as text}."""
    rows = re.findall(r'<tr data-player="([^"]+)"[^>]*>(.*?)</tr>', html, re.S)
    return {name: " ".join(re.sub(r"<[^>]+>", " ", cells).split()) for name, cells in rows}


def test_the_kept_leaderboard_follows_every_counted_game(client, commits):
    club = open_club(client)
    with commits():
        hand_record(game=open_table(client, club, MEMBERS[:4]), data=finisher(0))
    first = board_rows(client.get(club_url(club)).content.decode())
    assert board_rows(client.get(club_url(club)).content.decode()) == first  # the kept copy
    with commits():
        hand_record(game=open_table(client, club, MEMBERS[:4]), data=finisher(1))
    second = board_rows(client.get(club_url(club)).content.decode())

    games = {name: int(row.split()[-1]) for name, row in second.items()}
    assert games == dict.fromkeys(MEMBERS[:4], 2)
    assert second != first


def test_the_admins_the_publics_and_the_print_leaderboard_are_kept_apart(client, commits):
    from django.test import Client

    club = open_club(client)
    with commits():
        hand_record(game=open_table(client, club, MEMBERS[:4]), data=finisher(0))
    bora = Member.objects.get(club=club, name="Bora")
    client.post(club_url(club, "club_member_visibility", bora.pk), {"hidden": "1"})
    public = Client()
    for _ in range(2):  # the second time from the cache
        admins = client.get(club_url(club)).content.decode()
        publics = public.get(club_url(club)).content.decode()
        printed = public.get(club_url(club, "club_print")).content.decode()

        assert "Bora" in board_rows(admins) and "Bora" not in board_rows(publics)
        member_link = club_url(club, "club_member", club.members.get(name="Ayşe").pk)
        assert member_link in publics and member_link not in printed
