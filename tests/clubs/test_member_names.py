"""A member's name is checked as a player's name at a table is (the engine's check: at most 30
characters as people see them, 120 code points in all, no control character), so that every name a
club stores fits its columns on PostgreSQL too: a name too long is the members field's error, in the
user's language, never a 500. A guest at a club's table whose name is long in code points (a
joined emoji) is rated like any player."""

import pytest
from django.test import Client
from django.urls import reverse

from scorer.clubs.models import Club, ClubRating, Member
from scorer.tables.services.hands import hand_record
from tests.clubs.test_club_pages import club_url, open_club, open_table
from tests.support.factories import finisher

pytestmark = pytest.mark.django_db

TOO_LONG = {"tr": "en çok 30 karakter", "en": "at most 30 characters"}
LONG_NAMES = [
    "A" * 41,  # longer than the column was
    "A" * 31,  # longer than any table's player
    "e" + "\u0301" * 45,  # one letter under 45 accents: 46 code points however it is seen
    "\u0958" * 40,  # 40 characters typed, 80 once normalised (NFC splits each in two)
]
FAMILY = "👨\u200d👩\u200d👧\u200d👦"
"""One emoji of seven code points: a name of eight of them is 8 characters as people see it, 63 code
points in all."""


def new_club(client, lang: str, members: str):
    client.cookies["django_language"] = lang
    data = {"name": "Çarşamba", "ruleset": "loca", "option_katlama": "none", "members": members}
    return client.post(reverse("scorer:club_new"), data)


@pytest.mark.parametrize("lang", ["tr", "en"])
@pytest.mark.parametrize("name", LONG_NAMES)
def test_a_new_club_with_a_member_name_too_long_names_the_members_field(client, lang, name):
    response = new_club(client, lang, f"Ayşe\n{name}\nBora")

    assert response.status_code == 200 and not Club.objects.exists()
    (message,) = response.context["form"].errors["members"]
    assert TOO_LONG[lang].lower() in message.lower() and name[:10] in message


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_a_member_name_with_a_control_character_names_the_members_field(client, lang):
    response = new_club(client, lang, "Ayşe\nBo\x1bra")
    assert response.status_code == 200 and "members" in response.context["form"].errors


def test_two_spellings_of_one_name_are_one_member(client):
    response = new_club(client, "tr", "Ali\nAli\u200b\nBora")
    assert response.status_code == 302
    assert sorted(Member.objects.values_list("name", flat=True)) == ["Ali", "Bora"]


def test_names_as_long_as_a_tables_are_stored_whole(client):
    names = [FAMILY * 8, "Ç" * 30, "e\u0301" * 30]
    response = new_club(client, "tr", "\n".join(names))
    assert response.status_code == 302
    assert len(Member.objects.get(name=FAMILY * 8).name) == 8 * len(FAMILY)


@pytest.mark.parametrize("lang", ["tr", "en"])
@pytest.mark.parametrize("name", LONG_NAMES)
def test_adding_a_member_name_too_long_says_so_and_stores_nothing(client, lang, name):
    club = open_club(client)
    client.cookies["django_language"] = lang
    response = client.post(club_url(club, "club_member_add"), {"uye-name": name}, follow=True)

    assert response.status_code == 200 and Member.objects.count() == 6
    assert TOO_LONG[lang].lower() in response.content.decode().lower()


def test_a_member_name_as_long_as_a_tables_is_added(client):
    club = open_club(client)
    response = client.post(club_url(club, "club_member_add"), {"uye-name": FAMILY * 8})
    assert response.status_code == 302 and club.members.filter(name=FAMILY * 8).exists()


def test_a_guest_whose_name_is_long_in_code_points_is_rated(client, django_capture_on_commit_callbacks):
    club = open_club(client)
    guest = FAMILY * 8
    game = open_table(client, club, ["Ayşe", "Bora", "Cem", guest])
    with django_capture_on_commit_callbacks(execute=True):
        hand_record(game=game, data=finisher(3))

    assert ClubRating.objects.get(club=club, player=guest).games == 1
    assert Client().get(club_url(club)).status_code == 200
