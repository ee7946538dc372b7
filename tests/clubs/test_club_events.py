"""An event opened in a club through the test client: the club's defaults, entrants suggested from
the members, its tables' games counting toward the club as rounds are seated and played."""

import io
import json
import re

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from scorer.clubs.models import Club, ClubEvent, ClubGame, ClubRating
from scorer.clubs.selectors import club_rating_differences
from scorer.clubs.services import club_event_create
from scorer.events.models import Event, EventGame
from scorer.events.services.rounds import round_reseat, round_start
from scorer.tables.services.hands import hand_update
from tests.support.eventdb import new_event, play_round
from tests.support.events import hand

pytestmark = pytest.mark.django_db

MEMBERS = ["Ayşe", "Bora", "Cem", "Deniz", "Ece", "Fuat", "Gül", "Hale"]


@pytest.fixture
def commits(django_capture_on_commit_callbacks):
    return lambda: django_capture_on_commit_callbacks(execute=True)


def open_club(client, **extra) -> Club:
    data = {"name": "Çarşamba", "ruleset": "loca", "option_katlama": "none", "members": "\n".join(MEMBERS)}
    response = client.post(reverse("scorer:club_new"), {**data, **extra})
    assert response.status_code == 302, response.content.decode()[:800]
    return Club.objects.get()


def club_url(club, name="club") -> str:
    return reverse(f"scorer:{name}", args=[club.public_id])


def open_event(client, club, entrants, **extra) -> Event:
    data = {
        "name": "Kış kupası",
        "ruleset": "loca",
        "option_katlama": "none",
        "hands_per_game": "1",
        "kind": "points",
        "rounds": "2",
        "placement_points": "3, 2, 1, 0",
        "seed": "1907",
        **{f"entrant_{n}": name for n, name in enumerate(entrants)},
        **extra,
    }
    response = client.post(club_url(club, "club_event_new"), data)
    assert response.status_code == 302, response.content.decode()[:1500]
    return Event.objects.get(public_id=response["Location"].split("/")[-3])


def test_the_new_event_form_starts_from_the_clubs_rules_and_suggests_the_members(client):
    club = open_club(client, ruleset="gkokay")
    page = client.get(club_url(club, "club_event_new")).content.decode()
    assert 'name="entrant_0"' in page and 'list="club-members"' in page
    assert all(f'<option value="{name}">' in page for name in MEMBERS)
    assert re.search(r'name="ruleset"[^>]*value="gkokay"\s+checked', page)
    assert Client().get(club_url(club, "club_event_new")).status_code == 403


def test_more_lines_keeps_what_is_filled_and_adds_empty_lines(client):
    club = open_club(client)
    data = {"ruleset": "loca", "refresh": "1", **{f"entrant_{n}": f"Oyuncu {n}" for n in range(12)}}
    response = client.post(club_url(club, "club_event_new"), data)
    form = response.context["form"]
    assert form.line_count == 16
    assert form["entrant_11"].value() == "Oyuncu 11" and 'name="entrant_15"' in response.content.decode()


def test_a_guest_beside_members_is_an_entrant_and_an_entrants_error_names_its_field(client):
    club = open_club(client)
    event = open_event(client, club, [*MEMBERS[:6], "Misafir"])
    assert ClubEvent.objects.get(event=event).club == club
    assert list(event.entrants.values_list("name", flat=True)) == [*MEMBERS[:6], "Misafir"]
    response = client.post(
        club_url(club, "club_event_new"),
        {
            "name": "İkinci",
            "ruleset": "loca",
            "option_katlama": "none",
            "hands_per_game": "1",
            "kind": "points",
            "rounds": "2",
            "entrant_0": "Ayşe",
            "entrant_2": "Ayşe",
            "entrant_3": "Bora",
        },
    )
    assert response.status_code == 200
    assert response.context["form"].errors == {"entrant_2": ["İki katılımcının adı aynı olamaz."]}


def test_every_table_game_of_the_event_counts_toward_the_club_and_rates_as_rate_does(
    client, commits, tmp_path
):
    club = open_club(client)
    event = open_event(client, club, MEMBERS)
    page = client.get(reverse("scorer:event_standings", args=[event.public_id])).content.decode()
    assert "data-event-club" in page and club_url(club) in page
    assert f'data-club-event="{event.public_id}"' in client.get(club_url(club)).content.decode()
    organize = reverse("scorer:event_organize", args=[event.public_id])
    assert "data-event-club" in client.get(organize).content.decode()

    start = reverse("scorer:event_start_round", args=[event.public_id])
    event.refresh_from_db()
    assert client.post(start, {"version": event.version}).status_code == 302
    games = set(EventGame.objects.filter(table__round__event=event).values_list("game_id", flat=True))
    assert (
        len(games) == 2 and set(ClubGame.objects.filter(club=club).values_list("game_id", flat=True)) == games
    )
    with commits():
        play_round(event)
    assert ClubGame.objects.filter(club=club, position__isnull=False).count() == 2
    event.refresh_from_db()
    assert client.post(start, {"version": event.version}).status_code == 302
    with commits():
        play_round(event)
    assert ClubGame.objects.filter(club=club, position__isnull=False).count() == 4

    board = client.get(club_url(club)).context["board"]
    assert board.games == 4
    path = tmp_path / "kulup.json"
    path.write_bytes(client.get(club_url(club, "club_export_json")).content)
    out = io.StringIO()
    call_command("rate", str(path), stdout=out)
    rated = {r["player"]: r for r in json.loads(out.getvalue())["ratings"]}
    stored = ClubRating.objects.filter(club=club)
    assert sorted(row.player for row in stored) == sorted(MEMBERS)
    for row in stored:
        assert (
            rated[row.player]["mu"],
            rated[row.player]["ordinal"],
            rated[row.player]["games"],
        ) == pytest.approx((row.mu, row.ordinal, row.games))
    report = io.StringIO()
    call_command("rate", "--check", stdout=report)
    assert json.loads(report.getvalue())["clubs"][0]["differences"] == []


def test_an_eşli_event_in_the_club_takes_two_players_a_line(client):
    club = open_club(client, option_partners="on")
    page = client.get(club_url(club, "club_event_new")).content.decode()
    assert 'name="partner_0"' in page
    pairs = {}
    for n in range(4):
        pairs[f"entrant_{n}"], pairs[f"partner_{n}"] = MEMBERS[2 * n], MEMBERS[2 * n + 1]
    event = open_event(client, club, [], option_partners="on", placement_points="2, 0", **pairs)
    assert event.partners
    assert list(event.entrants.values_list("players", flat=True))[0] == ["Ayşe", "Bora"]


def club_event(club, count=8):
    return club_event_create(
        club=club,
        name="Kupa",
        date=None,
        ruleset="loca",
        options={},
        hands_per_game=1,
        kind="points",
        entrants=MEMBERS[:count],
        seed=1907,
        rounds=2,
    )[0]


def test_a_reseated_round_of_an_event_in_the_club_counts_its_new_games_only(client):
    club = open_club(client)
    event = club_event(club)
    round_start(event=event)
    first = set(EventGame.objects.filter(table__round__event=event).values_list("game_id", flat=True))
    round_reseat(event=event)
    again = set(EventGame.objects.filter(table__round__event=event).values_list("game_id", flat=True))
    assert again and not again & first
    assert set(ClubGame.objects.filter(club=club).values_list("game_id", flat=True)) == again


def test_a_corrected_hand_at_an_event_table_replays_the_clubs_ratings(client, commits):
    club = open_club(client)
    event = club_event(club)
    round_start(event=event)
    with commits():
        play_round(event)
    before = {r.player: r.mu for r in ClubRating.objects.filter(club=club)}
    link = EventGame.objects.filter(table__round__event=event).order_by("table__number").first()
    with commits():
        hand_update(hand=link.game.hands.get(), data=hand(40, -101, 12, 202))
    after = {r.player: r.mu for r in ClubRating.objects.filter(club=club)}
    assert after != before
    assert club_rating_differences(club) == []


def test_an_event_outside_any_club_adds_no_club_game(client):
    open_club(client)
    event, _secret = new_event(8, rounds=2)
    round_start(event=event)
    assert EventGame.objects.filter(table__round__event=event).exists()
    assert not ClubGame.objects.exists()


def test_switching_to_eşli_swaps_in_team_lines_keeping_what_is_typed(client):
    club = open_club(client)
    response = client.get(
        club_url(club, "club_event_options"),
        {"ruleset": "loca", "option_partners": "on", "entrant_0": "Ayşe"},
        HTTP_HX_REQUEST="true",
    )
    page = response.content.decode()
    assert "<html" not in page and 'id="game-options"' in page
    assert 'name="partner_0"' in page and 'value="Ayşe"' in page and 'list="club-members"' in page


def test_a_nul_in_an_entrant_line_is_refused_on_its_field(client):
    club = open_club(client)
    data = {"name": "Kupa", "ruleset": "loca", "option_katlama": "none", "hands_per_game": "1"}
    data |= {
        "kind": "points",
        "rounds": "2",
        "entrant_0": "Ay\x00şe",
        "entrant_1": "Bora",
        "entrant_2": "Cem",
    }
    response = client.post(club_url(club, "club_event_new"), data)
    assert response.status_code == 200 and "entrant_0" in response.context["form"].errors
    assert "\x00" not in response.content.decode() and not Event.objects.exists()


def test_a_tie_break_game_of_an_event_in_the_club_counts_toward_it(commits):
    from scorer.clubs.services import club_create
    from scorer.events.models import TieBreak
    from tests.events.test_tiebreak import start, tied_event

    event, boss, table, tied = tied_event()
    club = club_create(
        name="Salı", ruleset="loca", options={}, members=[e.name for e in event.entrants.all()]
    )
    ClubEvent.objects.create(club=club, event=event)
    with commits():
        assert start(boss, event, hands="1").status_code == 302
    tie_break = TieBreak.objects.get(table=table)
    assert ClubGame.objects.filter(club=club, game=tie_break.game).exists()
