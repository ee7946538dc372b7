"""Names at the web table (issue 10): look-alike duplicates refused on their field, no bidi in the CSV."""

import pytest
from django.urls import reverse

from scorer.models import Game
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
