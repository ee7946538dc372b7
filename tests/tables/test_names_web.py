"""Names at the web table: look-alike duplicates refused on their field, no bidi in the CSV."""

import pytest
from django.urls import reverse

from scorer.models import Game
from tests.live.fuzz import CALCULATOR
from tests.support.posts import NEW_TABLE

pytestmark = pytest.mark.django_db


def test_a_look_alike_duplicate_name_is_refused_on_its_field_keeping_what_was_typed(client):
    response = client.post(reverse("scorer:game_new"), NEW_TABLE | {"player_3": "Ayşe\u200b"})

    assert response.status_code == 200
    assert not Game.objects.exists()
    assert "player_3" in response.context["form"].errors
    assert 'value="Bora"' in response.content.decode()


def test_a_name_of_invisible_characters_is_refused_on_its_field(client):
    response = client.post(reverse("scorer:game_new"), NEW_TABLE | {"player_2": "\u200b\u202e"})

    assert response.status_code == 200
    assert "player_2" in response.context["form"].errors


def test_bidi_controls_never_reach_the_stored_names_or_the_csv_header(client):
    response = client.post(reverse("scorer:game_new"), NEW_TABLE | {"player_1": "\u202eAyşe\u2066"})
    game = Game.objects.get()

    csv = client.get(reverse("scorer:export_csv", args=[game.public_id])).content.decode("utf-8-sig")

    assert response.status_code == 302
    assert game.players[0] == "Ayşe"
    header = csv.splitlines()[0]
    assert "Ayşe" in header
    assert not any(
        ch in header for ch in "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f"
    )


# --- one name check for every way in ---------------------------------------------------------------


@pytest.mark.parametrize("bad", ["Ali\x01", "\x1b[2J", "Ali\x7f", "Bo\x85ra"])
def test_a_control_character_in_a_new_table_name_is_refused_on_its_field(client, bad):
    response = client.post(reverse("scorer:game_new"), NEW_TABLE | {"player_2": bad})

    assert response.status_code == 200
    assert not Game.objects.exists()
    assert "U+" in " ".join(response.context["form"].errors["player_2"])


def test_a_nul_in_a_new_table_name_is_refused_on_its_field(client):
    response = client.post(reverse("scorer:game_new"), NEW_TABLE | {"player_2": "Bo\x00ra"})

    assert response.status_code == 200
    assert not Game.objects.exists()
    assert "player_2" in response.context["form"].errors


def test_a_name_over_the_limit_is_refused_naming_the_limit_and_kept_as_typed(client):
    long = "Ayşe Nur Çiçekçioğlu Büyükşahin-Karaağaçlı"
    response = client.post(reverse("scorer:game_new"), NEW_TABLE | {"player_1": long})

    html = response.content.decode()
    assert response.status_code == 200 and not Game.objects.exists()
    assert "30" in " ".join(response.context["form"].errors["player_1"])
    assert f'value="{long}"' in html
    assert "maxlength" not in html  # a browser would have cut it silently


def test_joined_emoji_names_are_stored_as_typed(client):
    family = "Aile 👨\u200d👩\u200d👧\u200d👦"
    response = client.post(reverse("scorer:game_new"), NEW_TABLE | {"player_1": family})

    assert response.status_code == 302
    assert Game.objects.get().players[0] == family


def test_the_calculator_refuses_a_control_character_in_a_name_on_its_field(client):
    response = client.post(reverse("scorer:calculator"), CALCULATOR | {"setup-name_1": "Bo\x01ra"})

    assert response.status_code == 200
    errors = response.context["setup"].errors
    assert "U+0001" in " ".join(errors["name_1"])
