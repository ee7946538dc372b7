"""Masayı içe aktar: the board's JSON export, uploaded or pasted, opens as a new table this device edits."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from scorer.models import Game
from scorer.tables import selectors
from scorer.tables.views.auth import can_edit
from tests.support.factories import new_table

pytestmark = pytest.mark.django_db

URL = reverse("scorer:game_import")


def hand(finisher: int, points: int) -> dict:
    players = [{"opened": "sets", "remaining": {"points": points + k}} for k in range(4)]
    players[finisher] = {"opened": "sets", "finished": True, "finish": {"okey_discard": True}}
    players[(finisher + 2) % 4] = {"opened": "none", "fouls": {"okey_discard": 1}}
    return {"players": players}


@pytest.fixture
def exported(client: Client) -> tuple[Game, bytes]:
    game, _secret = new_table(
        "loca-cezali", hands_planned=5, first_dealer=2, hands=[hand(0, 10), hand(1, 31)]
    )
    body = client.get(reverse("scorer:export_json", args=[game.public_id])).content
    return game, body


def imported_table(before: set[int]) -> Game:
    (game,) = Game.objects.exclude(pk__in=before)
    return game


def test_the_page_offers_a_file_and_a_text_field(client):
    html = client.get(URL).content.decode()
    assert 'type="file"' in html and 'name="text"' in html and 'enctype="multipart/form-data"' in html
    assert URL in client.get(reverse("scorer:home")).content.decode()


def test_an_uploaded_export_opens_as_a_new_table_with_the_same_totals_and_edit_rights(exported):
    original, body = exported
    client = Client()
    before = set(Game.objects.values_list("pk", flat=True))
    response = client.post(URL, {"file": SimpleUploadedFile("oyun.json", body, "application/json")})
    game = imported_table(before)
    assert response.status_code == 302 and response["Location"] == reverse(
        "scorer:game_board", args=[game.public_id]
    )
    assert game.public_id != original.public_id
    assert selectors.game_board(game).result.totals == selectors.game_board(original).result.totals
    request = client.get(response["Location"]).wsgi_request
    assert can_edit(request, game)
    assert not can_edit(request, original)
    board = client.get(response["Location"]).content.decode()
    assert (
        "/anahtar/" in client.get(reverse("scorer:game_board", args=[game.public_id])).content.decode()
        or board
    )


def test_pasted_text_works_the_same(exported):
    original, body = exported
    client = Client()
    before = set(Game.objects.values_list("pk", flat=True))
    response = client.post(URL, {"text": body.decode()})
    assert response.status_code == 302
    game = imported_table(before)
    assert game.players == original.players and game.hands.live().count() == 2
    assert client.post(reverse("scorer:hand_new", args=[game.public_id]), {}).status_code != 403


def test_errors_name_the_field_of_the_document_and_keep_what_was_typed(exported):
    _original, body = exported
    document = json.loads(body)
    document["hands"][1]["players"][2]["remaining"] = {"points": "çok"}
    document["hands_planned"] = 99
    text = json.dumps(document, ensure_ascii=False)
    count = Game.objects.count()
    response = Client().post(URL, {"text": text})
    html = response.content.decode()
    assert response.status_code == 200
    assert Game.objects.count() == count
    assert "hands_planned:" in html
    assert "çok" in html  # the pasted text is still there
    assert 'aria-invalid="true"' in html or "is-invalid" in html


def test_not_json_nothing_given_and_both_given_are_clear_errors(exported):
    _original, body = exported
    client = Client()
    html = client.post(URL, {"text": "{oops"}).content.decode()
    assert "Not valid JSON" in html or "Geçerli JSON değil" in html
    assert client.post(URL, {}).status_code == 200
    both = client.post(URL, {"text": body.decode(), "file": SimpleUploadedFile("oyun.json", body)})
    assert both.status_code == 200 and Game.objects.count() == 1


def test_an_english_page_speaks_english(exported):
    client = Client(headers={"accept-language": "en"})
    client.cookies["django_language"] = "en"
    html = client.post(URL, {}).content.decode()
    assert "Choose the table" in html


def test_a_null_number_of_hands_is_a_field_error_not_a_500(exported):
    """The web import refuses ``"hands_planned": null`` (a NOT NULL column), never a 500."""
    _original, body = exported
    document = json.loads(body) | {"hands_planned": None}
    count = Game.objects.count()
    response = Client().post(URL, {"text": json.dumps(document)})
    assert response.status_code == 200
    assert "hands_planned:" in response.content.decode()
    assert Game.objects.count() == count


@pytest.mark.parametrize(
    ("escaped", "field"),
    [("\\ud800", "players[0]"), ("Bo\\u0000ra", "players[0]"), ("\\u001b[2J", "players[0]")],
)
def test_a_name_no_page_could_show_is_refused_on_its_field_and_nothing_is_stored(escaped, field):
    """Refused on its field on SQLite and PostgreSQL alike: never stored, never a 500."""
    text = f'{{"ruleset":"loca","hands_planned":5,"players":["{escaped}","B"],"hands":[]}}'
    response = Client().post(URL, {"text": text})
    assert response.status_code == 200
    assert f"{field}: " in response.content.decode("utf-8")
    assert not Game.objects.exists()


def test_a_lone_surrogate_in_a_key_is_refused_with_a_printable_path():
    text = '{"ruleset":"loca","hands_planned":5,"players":["A","B"],"hands":[{"players":[{"\\udfff":1},{}]}]}'
    response = Client().post(URL, {"text": text})
    assert response.status_code == 200
    assert "hands[0].players[0].\\udfff: " in response.content.decode("utf-8")
