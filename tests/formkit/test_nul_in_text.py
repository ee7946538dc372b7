"""A NUL character (U+0000) in any text a page takes: refused on its field (or dropped), never
stored, never a 500. PostgreSQL cannot store a NUL in text at all (a DataError, the 500 the probe
found); SQLite stored it and a page then wrote a raw NUL. Run on both databases."""

import json

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core import serializers
from django.test import Client
from django.urls import reverse

from scorer.events.models import EventGame
from scorer.events.selectors.document import event_document
from scorer.events.services.rounds import round_start
from tests.events.test_organizer_views import NEW_EVENT
from tests.live.fuzz import CALCULATOR, TILE_PICKER
from tests.support.eventdb import new_event, play_round
from tests.support.factories import claim, finisher_alone, new_table
from tests.support.posts import E2_HAND, NEW_TABLE

pytestmark = pytest.mark.django_db

NUL = "\x00"


def stored_text() -> str:
    """Every row of every model, serialized: a NUL shows as ``\\u0000``."""
    return "".join(serializers.serialize("json", model.objects.all()) for model in apps.get_models())


def assert_nothing_holds_a_nul(response) -> None:
    assert response.status_code < 500
    assert NUL not in response.content.decode()
    assert "\\u0000" not in stored_text()


@pytest.fixture
def editor():
    game, secret = new_table("loca-cezali", hands_planned=21, hands=[finisher_alone()])
    client = Client()
    claim(client, game, secret)
    return client, game


def nul_in(data: dict, field: str, where: str = "end") -> dict:
    value = data.get(field, "")
    return data | {field: f"{value}{NUL}" if where == "end" else f"{NUL}{value}"}


@pytest.mark.parametrize("field", [f for f in NEW_TABLE if f.startswith("player_")] + ["hands_planned"])
def test_a_nul_in_the_new_table_form_is_refused_on_its_field(field):
    response = Client().post(reverse("scorer:game_new"), nul_in(NEW_TABLE, field))

    assert response.status_code == 200 and field in response.context["form"].errors
    assert_nothing_holds_a_nul(response)


@pytest.mark.parametrize("field", [f for f in E2_HAND if f != "finisher"] + ["finisher"])
def test_a_nul_in_any_field_of_the_hand_form_stores_nothing(editor, field):
    client, game = editor
    response = client.post(
        reverse("scorer:hand_new", args=[game.public_id]), nul_in(E2_HAND, field) | {"hands_before": "1"}
    )

    assert_nothing_holds_a_nul(response)


@pytest.mark.parametrize("field", [f for f in CALCULATOR if f.startswith("setup-name")])
def test_a_nul_in_a_calculator_name_is_refused_on_its_field(field):
    response = Client().post(reverse("scorer:calculator"), nul_in(CALCULATOR, field))

    assert response.status_code == 200
    assert NUL not in response.content.decode()


@pytest.mark.parametrize("field", list(TILE_PICKER))
def test_a_nul_in_the_tile_picker_is_never_a_500(field):
    response = Client().post("/tas-secici/", nul_in(TILE_PICKER, field))

    assert response.status_code < 500 and NUL not in response.content.decode()


@pytest.mark.parametrize("text", ['{"ruleset": "loca", "players": ["A\\u0000", "B"], "hands": []}', "{\x00}"])
def test_a_nul_in_a_table_import_is_refused(text):
    response = Client().post(reverse("scorer:game_import"), {"text": text})

    assert response.status_code == 200 and response.context["form"].errors
    assert_nothing_holds_a_nul(response)


@pytest.mark.parametrize("field", ["name", "entrants", "placement_points", "date"])
def test_a_nul_in_the_new_event_form_is_refused_on_its_field(field):
    response = Client().post(reverse("scorer:event_new"), nul_in(NEW_EVENT, field, where="start"))

    assert response.status_code == 200 and list(response.context["form"].errors) == [field]
    assert_nothing_holds_a_nul(response)


def played_document() -> dict:
    event, _secret = new_event(8)
    round_start(event=event)
    play_round(event)
    return event_document(event)


@pytest.mark.parametrize(
    "where",
    [
        ("name",),
        ("entrants", 0),
        ("rounds", 0, "tables", 0, "seats", 0),
        ("rounds", 0, "tables", 0, "games", 0, "hands", 0, "players", 0, "opened"),
        ("withdrawn",),
    ],
)
def test_a_nul_in_an_event_import_is_refused_naming_its_path(where):
    document = played_document()
    parent = document
    for step in where[:-1]:
        parent = parent[step]
    if where == ("withdrawn",):
        document["withdrawn"] = [f"Ay{NUL}şe"]
    else:
        parent[where[-1]] = f"{parent[where[-1]]}{NUL}"

    response = Client().post(reverse("scorer:event_import"), {"text": json.dumps(document)})

    assert response.status_code == 200 and response.context["form"].errors
    assert_nothing_holds_a_nul(response)


@pytest.fixture
def organizer_of_a_running_event():
    event, secret = new_event(8)
    round_start(event=event)
    client = Client()
    assert client.get(reverse("scorer:event_claim", args=[event.public_id, secret])).status_code == 302
    return client, event


def test_a_nul_in_a_late_arrivals_name_or_note_is_never_stored(organizer_of_a_running_event):
    client, event = organizer_of_a_running_event
    late = reverse("scorer:event_late", args=[event.public_id])

    named = client.post(late, {"name": f"Ze{NUL}ynep", "version": str(event.version)}, follow=True)
    noted = client.post(
        late, {"name": "Zeynep", "note": f"geç{NUL}", "version": str(event.version)}, follow=True
    )

    assert_nothing_holds_a_nul(named)
    assert_nothing_holds_a_nul(noted)


@pytest.mark.parametrize("action", ["event_table_close", "event_decide"])
def test_a_nul_in_a_tables_note_is_never_stored(organizer_of_a_running_event, action):
    client, event = organizer_of_a_running_event
    link = EventGame.objects.filter(table__round__event=event).order_by("table__number").first()
    url = reverse(f"scorer:{action}", args=[event.public_id, 1, link.table.number])
    event.refresh_from_db()

    response = client.post(url, {"note": f"kapandı{NUL}", "version": str(event.version)}, follow=True)

    assert_nothing_holds_a_nul(response)


def test_a_nul_in_a_withdrawals_note_is_never_stored(organizer_of_a_running_event):
    client, event = organizer_of_a_running_event
    entrant = event.entrants.first()
    url = reverse("scorer:event_withdraw", args=[event.public_id])

    response = client.post(
        url, {"entrant": str(entrant.pk), "note": f"hasta{NUL}", "version": str(event.version)}, follow=True
    )

    assert_nothing_holds_a_nul(response)


@pytest.mark.parametrize(
    ("method", "path", "data"),
    [
        ("get", "/katil/", {"kod": f"K7M{NUL}Q2P"}),
        ("post", "/turnuva/kart/", {"kod": f"K7M{NUL}Q2P"}),
        ("post", "/yonetim/login/", {"username": f"op{NUL}", "password": "x"}),
        ("post", "/yonetim/login/", {"username": "op", "password": f"x{NUL}"}),
    ],
)
def test_a_nul_in_a_code_or_a_login_is_never_a_500(method, path, data):
    response = getattr(Client(), method)(path, data)

    assert_nothing_holds_a_nul(response)


def test_a_nul_in_the_admins_search_is_never_a_500():
    get_user_model().objects.create_superuser("op", "op@example.com", "a-long-passphrase")
    client = Client()
    client.force_login(get_user_model().objects.get())

    response = client.get("/yonetim/scorer/game/", {"q": f"Ali{NUL}"})

    assert response.status_code == 200
    assert response.context["cl"].result_count == 0  # searched, found nothing
    assert NUL not in response.content.decode()
