"""Input that used to answer 500 on the event pages: a superscript or a 5,000-digit placement
point, a seat list of the wrong type, a NUL character. Each is an error on its field, in the
user's language, with what was typed kept."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from scorer.events.models import Event
from scorer.events.selectors.document import event_document
from scorer.events.services.rounds import round_start
from tests.events.test_organizer_views import NEW_EVENT
from tests.support.eventdb import new_event, play_round

pytestmark = pytest.mark.django_db


def english() -> Client:
    client = Client()
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    return client


@pytest.mark.parametrize("typed", ["3, 2, ², 0", "3, " + "9" * 5000, "３, 2, 1, 0"])
@pytest.mark.parametrize(
    ("client", "message"),
    [
        (Client, "Virgülle ayrılmış tam sayılar yazın"),
        (english, "Write whole numbers separated by commas"),
    ],
)
def test_odd_digits_in_placement_points_are_a_field_error_keeping_what_was_typed(typed, client, message):
    response = client().post(reverse("scorer:event_new"), {**NEW_EVENT, "placement_points": typed})

    assert response.status_code == 200
    form = response.context["form"]
    assert list(form.errors) == ["placement_points"]
    assert message in form.errors["placement_points"][0]
    page = response.content.decode()
    assert typed[:40] in page and "Leyla" in page  # the entrants list is still there
    assert not Event.objects.exists()


@pytest.mark.parametrize("field", ["name", "entrants"])
def test_a_nul_character_in_the_new_event_form_is_refused_on_its_field(field):
    response = Client().post(reverse("scorer:event_new"), {**NEW_EVENT, field: NEW_EVENT[field] + "\x00"})

    assert response.status_code == 200
    assert list(response.context["form"].errors) == [field]
    assert not Event.objects.exists()


def played_document() -> dict:
    event, _secret = new_event(8)
    round_start(event=event)
    play_round(event)
    return event_document(event)


@pytest.mark.parametrize("seats", [1.5, True, 7, "Ayşe", {"Ayşe": 1}])
def test_an_import_with_seats_of_the_wrong_type_names_the_seats(seats):
    document = played_document()
    document["rounds"][0]["tables"][0]["seats"] = seats

    response = english().post(reverse("scorer:event_import"), {"text": json.dumps(document)})

    assert response.status_code == 200
    assert "rounds[0].tables[0].seats: A table seats 4 players, or 3." in response.content.decode()
    assert Event.objects.count() == 1


def test_an_import_with_a_nul_in_the_name_is_refused_naming_the_name_in_both_languages():
    document = played_document()
    document["name"] = "a\u0000b"
    text = json.dumps(document)

    turkish = Client().post(reverse("scorer:event_import"), {"text": text}).content.decode()
    answer = english().post(reverse("scorer:event_import"), {"text": text}).content.decode()

    assert "name: Metin NUL karakteri (U+0000) içeremez." in turkish
    assert "name: Text cannot hold the NUL character (U+0000)." in answer
    assert "\x00" not in turkish + answer
    assert Event.objects.count() == 1
