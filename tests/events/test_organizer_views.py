"""The organizer's pages: creating an event, running its rounds, its decisions written down,
the table cards, exports and import, and every rights boundary (organizer, a table's
scorekeeper, a viewer)."""

import json
import re

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from scorer.events.models import Entrant, Event, EventGame, EventGrant, EventRecord, EventTable, Round
from scorer.events.selectors.document import event_document
from scorer.events.selectors.standings import event_standings
from scorer.events.services.rounds import round_start
from scorer.events.views import organizer as organizer_views
from scorer.models import Game
from tests.support.eventdb import new_event, play, play_round
from tests.support.posts import NEW_EVENT

pytestmark = pytest.mark.django_db


def event_url(name: str, event: Event, *args) -> str:
    return reverse(f"scorer:{name}", args=[event.public_id, *args])


def organizer(event: Event, secret: str) -> Client:
    client = Client()
    response = client.get(reverse("scorer:event_claim", args=[event.public_id, secret]))
    assert response.status_code == 302
    return client


def scorekeeper_of(link: EventGame) -> Client:
    client = Client()
    game = link.game
    assert (
        client.get(reverse("scorer:game_claim", args=[game.public_id, game.link_secret])).status_code == 302
    )
    return client


def can_enter_hands(client: Client, game: Game) -> bool:
    status = client.get(reverse("scorer:hand_new", args=[game.public_id])).status_code
    assert status in (200, 403)
    return status == 200


# --- creating an event ------------------------------------------------------------------------------


def test_the_new_event_page_renders_in_turkish_and_english():
    client = Client()
    page = client.get(reverse("scorer:event_new")).content.decode()
    assert "Yeni turnuva" in page and 'name="seed"' in page
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    english = client.get(reverse("scorer:event_new")).content.decode()
    assert "New event" in english and "Seed of the draw" in english


def test_creating_an_event_makes_the_device_its_organizer():
    client = Client()
    response = client.post(reverse("scorer:event_new"), NEW_EVENT)
    assert response.status_code == 302
    event = Event.objects.get()
    assert response["Location"].startswith(event_url("event_organize", event))
    assert event.seed == 1907 and event.rounds_planned == 3 and str(event.date) == "2026-12-04"
    assert Entrant.objects.filter(event=event).count() == 16
    page = client.get(event_url("event_organize", event)).content.decode()
    assert "1907" in page and event.link_secret in page


def test_the_new_event_opens_at_the_top_with_its_organizer_link_open():
    client = Client()
    response = client.post(reverse("scorer:event_new"), NEW_EVENT)
    assert response["Location"].endswith("?yeni=1")
    page = client.get(response["Location"]).content.decode()
    link = page.index('id="baglanti" open')
    assert link < page.index("data-seed") and page.count('id="baglanti"') == 1
    later = client.get(event_url("event_organize", Event.objects.get())).content.decode()
    assert 'id="baglanti">' in later and later.index('id="baglanti"') > later.index("data-seed")


def test_eşli_entrants_are_written_one_team_a_line():
    data = {
        **NEW_EVENT,
        "option_partners": "on",
        "placement_points": "",
        "entrants": "Mavi: Ayşe, Cem\nKırmızı: Bora, Deniz\nEce, Gül",
    }
    assert Client().post(reverse("scorer:event_new"), data).status_code == 302
    event = Event.objects.get()
    assert event.partners and event.placement_points == [2, 0]
    teams = [(e.name, e.players) for e in Entrant.objects.filter(event=event)]
    assert teams == [("Mavi", ["Ayşe", "Cem"]), ("Kırmızı", ["Bora", "Deniz"]), ("Ece – Gül", ["Ece", "Gül"])]


@pytest.mark.parametrize(
    ("changes", "field", "text"),
    [
        ({"name": ""}, "name", ""),
        ({"entrants": "Ayşe\nBora"}, "entrants", "3"),
        ({"entrants": "Ayşe\nBora\nCem\nAYŞE"}, "entrants", "4"),
        ({"rounds": "0"}, "rounds", ""),
        ({"placement_points": "1, 2"}, "placement_points", ""),
        ({"placement_points": "üç"}, "placement_points", ""),
        ({"kind": "knockout", "games_per_match": "9"}, "games_per_match", ""),
    ],
)
def test_a_wrong_event_is_refused_on_its_field(changes, field, text):
    response = Client().post(reverse("scorer:event_new"), {**NEW_EVENT, **changes})
    assert response.status_code == 200
    form = response.context["form"]
    assert field in form.errors, form.errors
    assert text in " ".join(form.errors[field])
    assert not Event.objects.exists()


def test_the_options_part_follows_the_rule_set_with_htmx():
    response = Client().get(
        reverse("scorer:event_new_options"),
        {"ruleset": "kerizim", "entrants": "Ayşe"},
        HTTP_HX_REQUEST="true",
    )
    html = response.content.decode()
    assert 'id="game-options"' in html and "<html" not in html
    assert 'value="kerizim"' in html and "Ayşe" in html


# --- rights --------------------------------------------------------------------------------------------


ORGANIZER_GETS = ["event_organize", "event_progress", "event_cards"]
ORGANIZER_POSTS = [
    "event_start_round",
    "event_reseat",
    "event_late",
    "event_withdraw",
    "event_finish",
    "event_link_rotate",
]
TABLE_POSTS = ["event_table_open", "event_table_close", "event_decide", "event_next_game"]


@pytest.fixture
def running():
    event, secret = new_event(8)
    round_start(event=event)
    links = list(EventGame.objects.filter(table__round__event=event).order_by("table__number"))
    return event, secret, links


@pytest.mark.parametrize("who", ["viewer", "scorekeeper", "other organizer"])
@pytest.mark.parametrize("name", ORGANIZER_GETS + ORGANIZER_POSTS + TABLE_POSTS + ["event_table_qr"])
def test_only_the_organizer_reaches_the_organizer_pages(running, who, name):
    event, _secret, links = running
    if who == "viewer":
        client = Client()
    elif who == "scorekeeper":
        client = scorekeeper_of(links[0])
    else:
        other, other_secret = new_event(4)
        client = organizer(other, other_secret)
    args = (1, 1) if name in TABLE_POSTS + ["event_table_qr"] else ()
    path = event_url(name, event, *args)
    response = (
        client.post(path, {"version": event.version})
        if name in ORGANIZER_POSTS + TABLE_POSTS
        else client.get(path)
    )
    assert response.status_code == 403
    assert Round.objects.filter(event=event).count() == 1
    assert not EventRecord.objects.filter(event=event).exclude(kind__in=["created", "round"]).exists()


@pytest.mark.parametrize("name", ORGANIZER_GETS)
def test_the_organizer_reaches_them(running, name):
    event, secret, _links = running
    response = organizer(event, secret).get(event_url(name, event))
    assert response.status_code == 200
    html = response.content.decode()
    # each shows the running round's tables: their seats by name, and the organizer's controls
    assert all(entrant.name in html for entrant in Entrant.objects.filter(event=event))
    assert {"event_organize": "Masa kartları", "event_progress": "0/2 masa bitti", "event_cards": "kart"}[
        name
    ] in html


def test_a_scorekeeper_link_gives_its_table_only(running):
    event, _secret, links = running
    keeper = scorekeeper_of(links[0])
    assert can_enter_hands(keeper, links[0].game)
    assert not can_enter_hands(keeper, links[1].game)


def test_viewers_read_every_board_and_the_exports(running):
    event, _secret, links = running
    viewer = Client()
    for link in links:
        assert viewer.get(reverse("scorer:game_board", args=[link.game.public_id])).status_code == 200
        assert not can_enter_hands(viewer, link.game)
    for name in ["event_export_json", "event_standings_csv", "event_games_csv"]:
        assert viewer.get(event_url(name, event)).status_code == 200


def test_the_organizer_opens_any_table_to_correct_it(running):
    event, secret, links = running
    boss = organizer(event, secret)
    assert not can_enter_hands(boss, links[1].game)
    response = boss.post(event_url("event_table_open", event, 1, 2))
    assert response["Location"] == reverse("scorer:game_board", args=[links[1].game.public_id])
    assert can_enter_hands(boss, links[1].game)


def test_a_wrong_organizer_link_opens_nothing(running):
    event, secret, _links = running
    client = Client()
    wrong = secret[:-1] + ("y" if secret.endswith("x") else "x")
    assert client.get(reverse("scorer:event_claim", args=[event.public_id, wrong])).status_code == 403
    assert client.get(event_url("event_organize", event)).status_code == 403
    assert client.get(reverse("scorer:event_claim", args=["x" * 16, secret])).status_code == 404
    assert EventGrant.objects.filter(event=event).count() == 0  # no device became its organizer


def test_a_new_organizer_link_locks_out_the_other_organizers_and_their_table_rights(running):
    event, secret, links = running
    first, second = organizer(event, secret), organizer(event, secret)
    second.post(event_url("event_table_open", event, 1, 1))
    assert can_enter_hands(second, links[0].game)
    assert first.post(event_url("event_link_rotate", event)).status_code == 302
    assert second.get(event_url("event_organize", event)).status_code == 403
    assert not can_enter_hands(second, links[0].game)
    assert first.get(event_url("event_organize", event)).status_code == 200
    assert Client().get(reverse("scorer:event_claim", args=[event.public_id, secret])).status_code == 403
    event.refresh_from_db()
    assert organizer(event, event.link_secret).get(event_url("event_organize", event)).status_code == 200


def card_claim_links(client: Client, event: Event) -> list[str]:
    page = client.get(event_url("event_cards", event)).content.decode()
    return re.findall(r'href="([^"]*/anahtar/[^"]*)" data-claim-link', page)


def test_a_revoked_organizer_cannot_claim_a_table_with_the_links_its_cards_showed(running):
    event, secret, links = running
    first, second = organizer(event, secret), organizer(event, secret)
    read = card_claim_links(second, event)
    assert len(read) == len(links)
    first.post(event_url("event_link_rotate", event))
    for link in read:
        assert second.get(link).status_code == 403
    assert not any(can_enter_hands(second, link.game) for link in links)
    fresh = card_claim_links(first, event)
    assert len(fresh) == len(links) and not set(fresh) & set(read)
    newcomer = Client()
    assert newcomer.get(fresh[0]).status_code == 302
    assert can_enter_hands(newcomer, links[0].game)


def test_a_scorekeeper_keeps_its_table_when_the_organizer_link_is_replaced(running):
    event, secret, links = running
    keeper, boss = scorekeeper_of(links[0]), organizer(event, secret)
    boss.post(event_url("event_table_open", event, 1, 2))
    claimed = organizer(event, secret)
    claimed.get(card_claim_links(claimed, event)[0])
    boss.post(event_url("event_link_rotate", event))
    assert can_enter_hands(keeper, links[0].game)
    assert can_enter_hands(boss, links[1].game)
    assert not can_enter_hands(claimed, links[0].game)
    keeper.post(reverse("scorer:game_link_rotate", args=[links[0].game.public_id]))
    assert not can_enter_hands(boss, links[0].game)


def test_the_organizer_page_says_a_new_organizer_link_replaces_the_table_links(running):
    event, secret, _links = running
    page = organizer(event, secret).get(event_url("event_organize", event)).content.decode()
    assert "Her açık masanın yazıcı bağlantısı da yenilenir" in page


def test_a_locked_table_can_be_read_never_changed(running):
    event, secret, links = running
    keeper = scorekeeper_of(links[0])
    boss = organizer(event, secret)
    boss.post(
        event_url("event_table_close", event, 1, 1), {"note": "Cem had to leave", "version": event.version}
    )
    assert EventTable.objects.get(pk=links[0].table_id).closed
    assert not can_enter_hands(keeper, links[0].game)
    boss.post(event_url("event_table_open", event, 1, 1))
    assert not can_enter_hands(boss, links[0].game)
    assert Client().get(reverse("scorer:game_board", args=[links[0].game.public_id])).status_code == 200
    record = EventRecord.objects.get(event=event, kind=EventRecord.CLOSE)
    assert record.note == "Cem had to leave" and record.table_number == 1


# --- running rounds -------------------------------------------------------------------------------------


def test_a_16_player_points_event_from_round_1_to_2_on_the_organizer_page():
    boss = Client()
    boss.post(reverse("scorer:event_new"), NEW_EVENT)
    event = Event.objects.get()
    page = boss.get(event_url("event_organize", event)).content.decode()
    assert "Tur 2 " not in page and "1. turu başlat" in page
    assert boss.post(event_url("event_start_round", event), {"version": event.version}).status_code == 302
    page = boss.get(event_url("event_organize", event)).content.decode()
    assert "Masa 3 · El 0/1" in page and "0/4 masa bitti" in page
    event.refresh_from_db()
    play_round(event)
    page = boss.get(event_url("event_organize", event)).content.decode()
    assert "2. turu başlat" in page
    boss.post(event_url("event_start_round", event), {"version": event.version})
    assert Round.objects.filter(event=event).count() == 2
    assert Round.objects.get(event=event, number=2).method == "standings"


def test_a_stale_form_is_refused(running):
    event, secret, _links = running
    boss = organizer(event, secret)
    response = boss.post(event_url("event_finish", event), {"version": event.version - 1}, follow=True)
    event.refresh_from_db()
    assert event.status == Event.RUNNING
    assert "değiştirildi" in response.content.decode() or "changed meanwhile" in response.content.decode()


def test_the_next_round_waits_until_every_table_is_done(running):
    event, secret, links = running
    boss = organizer(event, secret)
    play(links[0], (-101, 40, 12, 202))
    boss.post(event_url("event_start_round", event), {"version": event.version})
    assert Round.objects.filter(event=event).count() == 1


def test_a_round_can_be_seated_again_until_its_first_hand(running):
    event, secret, links = running
    boss = organizer(event, secret)
    Entrant.objects.filter(event=event, position=0).update()
    boss.post(event_url("event_withdraw", event), {"entrant": Entrant.objects.get(event=event, position=7).pk,
                                                    "reason": "withdrawn", "version": event.version})  # fmt: skip
    event.refresh_from_db()
    assert boss.post(event_url("event_reseat", event), {"version": event.version}).status_code == 302
    tables = EventTable.objects.filter(round__event=event)
    assert sum(len(t.seats) for t in tables) == 7
    assert not Game.objects.filter(pk__in=[link.game_id for link in links]).exists()
    play(EventGame.objects.filter(table__round__event=event).first(), (-101, 40, 12, 202))
    event.refresh_from_db()
    boss.post(event_url("event_reseat", event), {"version": event.version})
    assert EventRecord.objects.filter(event=event, kind=EventRecord.RESEAT).count() == 1


@pytest.mark.parametrize(
    ("reason", "seated", "status"),
    [
        ("withdrawn", True, Entrant.WITHDRAWN),
        ("no_show", False, Entrant.NO_SHOW),
        ("no_show", True, Entrant.ACTIVE),
    ],
)
def test_withdrawals_and_no_shows_are_written_down(reason, seated, status):
    event, secret = new_event(9 if seated else 9)
    if seated:
        round_start(event=event)
    boss = organizer(event, secret)
    entrant = Entrant.objects.get(event=event, position=2)
    event.refresh_from_db()
    boss.post(
        event_url("event_withdraw", event),
        {"entrant": entrant.pk, "reason": reason, "note": "hasta", "version": event.version},
    )
    entrant.refresh_from_db()
    assert entrant.status == status
    if status != Entrant.ACTIVE:
        assert EventRecord.objects.get(event=event, kind__in=["withdraw", "no_show"]).note == "hasta"
        assert entrant.name in event_document(event)["withdrawn"]


@pytest.mark.parametrize(
    ("kind", "rounds_played", "accepted"),
    [
        ("points", 0, True),
        ("points", 2, True),
        ("points", 3, False),
        ("knockout", 0, True),
        ("knockout", 1, False),
    ],
)
def test_late_arrivals_as_decision_e10_says(kind, rounds_played, accepted):
    event, secret = new_event(8, kind=kind)
    for _ in range(rounds_played):
        round_start(event=event)
        play_round(event)
    boss = organizer(event, secret)
    event.refresh_from_db()
    boss.post(event_url("event_late", event), {"name": "Zeynep", "note": "trafik", "version": event.version})
    late = Entrant.objects.filter(event=event, name="Zeynep").first()
    assert (late is not None) == accepted
    if accepted:
        assert (
            late.status == Entrant.LATE and late.status_round == rounds_played + 1 and late.note == "trafik"
        )


def test_a_late_arrival_with_a_taken_name_is_refused():
    event, secret = new_event(8)
    boss = organizer(event, secret)
    response = boss.post(
        event_url("event_late", event), {"name": "AYŞE", "version": event.version}, follow=True
    )
    assert Entrant.objects.filter(event=event).count() == 8
    assert "aynı" in response.content.decode()


def test_a_tie_at_the_cut_waits_for_the_organizer_and_is_recorded():
    event, secret = new_event(8, kind="knockout")
    round_start(event=event)
    link, other = EventGame.objects.filter(table__round__event=event).order_by("table__number")
    play(link, (-101, 12, 12, 202))  # seats 2 and 3 tie for the second place that advances
    play(other, (-101, 40, 12, 202))
    boss = organizer(event, secret)
    page = boss.get(event_url("event_organize", event)).content.decode()
    assert 'name="chosen"' in page
    seats = [Entrant.objects.get(pk=pk).name for pk in link.table.seats]
    event.refresh_from_db()
    boss.post(
        event_url("event_decide", event, 1, 1), {"chosen": [seats[0], seats[1]], "version": event.version}
    )
    assert EventTable.objects.get(pk=link.table_id).decided is None  # not one of the tied: refused
    event.refresh_from_db()
    boss.post(
        event_url("event_decide", event, 1, 1),
        {"chosen": [seats[2]], "note": "yazı tura", "version": event.version},
    )
    table = EventTable.objects.get(pk=link.table_id)
    assert table.decided == [link.table.seats[2]]
    record = EventRecord.objects.get(event=event, kind=EventRecord.CUT)
    assert record.entrants == [seats[2]] and record.note == "yazı tura"
    view = event_standings(event)
    assert view.round_complete and seats[2] in view.current[0].advancing


def test_a_knockout_match_opens_its_next_game_from_the_organizer_page():
    event, secret = new_event(4, kind="knockout", games_per_match=2)
    round_start(event=event)
    boss = organizer(event, secret)
    link = EventGame.objects.get(table__round__event=event)
    play(link, (-101, 40, 12, 202))
    assert "sonraki-oyun" in boss.get(event_url("event_organize", event)).content.decode()
    boss.post(event_url("event_next_game", event, 1, 1))
    second = EventGame.objects.get(table=link.table, number=2)
    assert second.game.rematch_of_id == link.game_id
    assert can_enter_hands(boss, second.game)


def test_finishing_closes_every_table():
    event, secret = new_event(8)
    round_start(event=event)
    links = list(EventGame.objects.filter(table__round__event=event))
    keeper = scorekeeper_of(links[0])
    boss = organizer(event, secret)
    event.refresh_from_db()
    boss.post(event_url("event_finish", event), {"version": event.version})
    event.refresh_from_db()
    assert event.finished and not can_enter_hands(keeper, links[0].game)
    assert EventRecord.objects.filter(event=event, kind=EventRecord.FINISH).exists()
    event.refresh_from_db()
    boss.post(event_url("event_start_round", event), {"version": event.version})
    assert Round.objects.filter(event=event).count() == 1


# --- cards, exports, import -------------------------------------------------------------------------


def test_the_table_cards_show_every_table_its_seats_and_its_scorekeeper_qr(running):
    event, secret, links = running
    boss = organizer(event, secret)
    page = boss.get(event_url("event_cards", event)).content.decode()
    for link in links:
        for player in link.game.players:
            assert player in page
    assert page.count('class="card-qr"') == len(links)
    qr = boss.get(event_url("event_table_qr", event, 1, 2))
    assert qr["Content-Type"] == "image/svg+xml" and b"<svg" in qr.content


def test_the_json_export_scores_to_the_same_standings_with_score_event(tmp_path, capsys):
    event, _secret = new_event(8)
    round_start(event=event)
    play_round(event)
    round_start(event=event)
    body = Client().get(event_url("event_export_json", event)).content
    path = tmp_path / "turnuva.json"
    path.write_bytes(body)
    call_command("score_event", str(path), "--lang", "en")
    printed = json.loads(capsys.readouterr().out)
    assert printed["standings"] == event_standings(event).result.to_dict()["standings"]


def test_the_csv_exports_hold_the_standings_and_every_hand():
    event, _secret = new_event(8)
    round_start(event=event)
    play_round(event)
    standings = Client().get(event_url("event_standings_csv", event)).content.decode("utf-8-sig")
    assert standings.count("\n") == 9 and "Ayşe" in standings
    games = Client().get(event_url("event_games_csv", event)).content.decode("utf-8-sig")
    assert games.count("\n") == 1 + 8 and '"−101"' in games  # the pages' minus sign


def test_an_exported_event_imports_as_a_new_event_with_the_same_standings():
    event, _secret = new_event(8)
    round_start(event=event)
    play_round(event)
    round_start(event=event)
    document = event_document(event)
    client = Client()
    response = client.post(reverse("scorer:event_import"), {"text": json.dumps(document)})
    assert response.status_code == 302
    copy = Event.objects.exclude(pk=event.pk).get()
    assert event_document(copy) == document
    assert client.get(event_url("event_organize", copy)).status_code == 200
    assert Round.objects.get(event=copy, number=2).status == Round.PLAYING


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        (lambda d: d["entrants"].append("AYŞE"), "entrants[8]", "Two entrants cannot have the same name."),
        (
            lambda d: d["rounds"][0]["tables"][0]["seats"].__setitem__(2, "Zeki"),
            "rounds[0].tables[0].seats[2]",
            "Not an entrant of this event.",
        ),
        (
            lambda d: d["rounds"][0]["tables"][0]["games"][0]["hands"][0]["players"][1].update(
                {"remaining": {"points": -3}}
            ),
            "rounds[0].tables[0].games[0].hands[0].players[1].remaining.points",
            "Must be a whole number from 0 to 286.",
        ),
    ],
)
def test_an_import_names_the_path_of_each_error_in_the_users_language(change, path, message):
    event, _secret = new_event(8)
    round_start(event=event)
    play_round(event)
    document = event_document(event)
    change(document)
    turkish = Client().post(reverse("scorer:event_import"), {"text": json.dumps(document)})
    assert turkish.status_code == 200
    assert path in turkish.content.decode() and message not in turkish.content.decode()
    client = Client()
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    english = client.post(reverse("scorer:event_import"), {"text": json.dumps(document)}).content.decode()
    assert f"{path}: {message}" in english
    assert Event.objects.count() == 1


def test_the_organizer_page_polls_its_progress_with_htmx(running):
    event, secret, _links = running
    boss = organizer(event, secret)
    page = boss.get(event_url("event_organize", event)).content.decode()
    assert re.search(r'id="progress"[^>]*hx-trigger="every 5s, okeycalc:wake"', page)
    part = boss.get(event_url("event_progress", event), HTTP_HX_REQUEST="true").content.decode()
    assert part.lstrip().startswith("<section") and "<html" not in part


def test_the_cards_link_each_tables_scorekeeper_link_and_the_page_the_public_pages(running):
    event, secret, links = running
    boss = organizer(event, secret)
    cards = boss.get(event_url("event_cards", event)).content.decode()
    claims = re.findall(r'href="([^"]+)" data-claim-link', cards)
    assert len(claims) == len(links)
    keeper = Client()
    keeper.get(claims[1])
    assert can_enter_hands(keeper, links[1].game) and not can_enter_hands(keeper, links[0].game)
    page = boss.get(event_url("event_organize", event)).content.decode()
    assert event_url("event_standings", event) in page and event_url("event_display", event) in page


def test_a_double_tap_on_start_round_seats_one_round():
    event, secret = new_event(8)
    boss = organizer(event, secret)
    version = event.version
    for _ in range(2):
        boss.post(event_url("event_start_round", event), {"version": version})
    assert Round.objects.filter(event=event).count() == 1
    assert EventTable.objects.filter(round__event=event).count() == 2


def test_the_organizer_page_shows_each_change(running):
    event, secret, links = running
    boss = organizer(event, secret)
    page = boss.get(event_url("event_progress", event)).content.decode()
    assert "0/2 masa bitti" in page
    play(links[0], (-101, 40, 12, 202))
    page = boss.get(event_url("event_progress", event)).content.decode()
    assert "1/2 masa bitti" in page
    boss.post(event_url("event_late", event), {"name": "Zeynep", "version": event.version})
    assert "Zeynep" in boss.get(event_url("event_organize", event)).content.decode()


def test_a_table_saved_while_the_progress_renders_shows_at_the_next_stamp(running, monkeypatch):
    """The stamp is read before the standings: a hand committed in between never hides under the
    newer stamp (a stream sends a part only when its id changed)."""

    event, secret, links = running
    client = organizer(event, secret)
    stamp = lambda page: re.search(r'id="progress"[^>]*data-etag="([^"]*)"', page).group(1)  # noqa: E731
    real = organizer_views.event_standings
    saved = []

    def standings_then_a_save(*args, **kwargs):
        view = real(*args, **kwargs)
        if not saved:
            play(links[0], (-101, 40, 12, 202))  # a scorekeeper's save commits meanwhile
            saved.append(True)
        return view

    monkeypatch.setattr(organizer_views, "event_standings", standings_then_a_save)
    first = client.get(event_url("event_organize", event)).content.decode()
    second = client.get(event_url("event_organize", event)).content.decode()
    assert "0/2 masa bitti" in first and "1/2 masa bitti" in second
    assert stamp(first) != stamp(second)
