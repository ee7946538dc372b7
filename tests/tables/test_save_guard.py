"""The new hand's save guard has no holes: a missing or unreadable ``hands_before`` is a field
error (the typed hand kept, the page shown again with the count), never a save without the check;
a replayed request id is answered with the stored hand's own number, deleted since or not, and
with where the values sent now differ from what is stored."""

import html as markup
import re

import pytest
from django.contrib.messages import get_messages

from scorer.models import Hand
from scorer.tables.forms.guard import MSG_GUARD_MISSING, MSG_GUARD_UNREADABLE
from scorer.tables.services.hands import hand_delete, hand_record
from tests.support.factories import claim, finisher, new_table, url
from tests.support.markup import field_value
from tests.support.posts import E2_HAND as HAND

pytestmark = pytest.mark.django_db

UNREADABLE = ["abc", "-1", "1e0", "１", "1" * 12, "²", " 1 1", "0x1"]
RID = "5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d"


@pytest.fixture
def table(client):
    """A LOCA Cezalı table of 8 hands this client may edit, in English."""
    game, secret = new_table("loca-cezali", hands_planned=8)
    claim(client, game, secret)
    client.cookies["django_language"] = "en"
    return game


def flashed(response) -> str:
    return " ".join(str(m) for m in get_messages(response.wsgi_request))


def text(html: str) -> str:
    """The page's words without tags, spaces collapsed."""
    return re.sub(r"\s+", " ", markup.unescape(re.sub(r"<[^>]+>", " ", str(html))))


def bora(hand: Hand) -> int:
    return hand.data["players"][1]["remaining"]["points"]


@pytest.mark.parametrize("value", ["", *UNREADABLE], ids=["empty", *UNREADABLE])
def test_an_unreadable_hand_count_is_a_field_error_and_two_identical_posts_store_nothing(
    client, table, value
):
    hand_record(game=table, data=finisher(0))

    pages = [client.post(url("hand_new", table), HAND | {"hands_before": value}) for _ in range(2)]

    assert Hand.objects.filter(game=table).count() == 1
    html = pages[-1].content.decode()
    assert pages[-1].status_code == 200 and "data-error-summary" in html
    shown = str(value)[:40]
    expected = str(MSG_GUARD_MISSING) if value == "" else str(MSG_GUARD_UNREADABLE) % {"value": shown}
    assert text(expected) in text(html)
    assert "hands_before" in text(html)  # the message names the field
    assert field_value(html, "p1-points") == "23"  # nothing typed is lost
    assert field_value(html, "hands_before") == "1"  # the page shown again carries the count


def test_a_missing_hand_count_is_a_field_error_too(client, table):
    response = client.post(url("hand_new", table), HAND)

    assert response.status_code == 200
    assert text(MSG_GUARD_MISSING) in text(response.content.decode())
    assert not Hand.objects.filter(game=table).exists()


def test_after_the_field_error_saving_again_stores_the_hand_once(client, table):
    page = client.post(url("hand_new", table), HAND | {"hands_before": "１"}).content.decode()
    again = HAND | {"hands_before": field_value(page, "hands_before")}

    first = client.post(url("hand_new", table), again)
    second = client.post(url("hand_new", table), again, follow=True)  # a double tap

    assert first.status_code == 302
    assert Hand.objects.filter(game=table).count() == 1
    assert "Hand 1 was already saved." in flashed(second)


def test_the_field_error_shows_with_the_hands_own_errors(client, table):
    response = client.post(url("hand_new", table), HAND | {"hands_before": "abc", "p1-points": "lots"})

    html = text(response.content.decode())
    assert "hands_before" in html and "“abc”" in html
    assert 'href="#id_p1-points"' in response.content.decode()
    assert not Hand.objects.filter(game=table).exists()


def test_a_choice_with_an_unreadable_hand_count_is_refused_as_well(client, table):
    theirs(client, table, 0)  # another phone's hand 1
    add = HAND | {
        "p1-points": "24",
        "choice": "add",
        "shown_hand": "1",
        "shown_version": "1",
        "shown_hands": "1",
    }

    response = client.post(url("hand_new", table), add | {"hands_before": "1e0"})

    assert response.status_code == 200 and "hands_before" in text(response.content.decode())
    assert Hand.objects.filter(game=table).count() == 1


@pytest.mark.parametrize("field", ["shown_hand", "shown_version", "shown_hands"])
@pytest.mark.parametrize("value", ["１", "1e0", "1" * 12])
def test_an_unreadable_count_in_a_choice_is_no_choice_and_the_hands_are_compared_again(
    client, table, field, value
):
    theirs(client, table, 0)
    add = HAND | {"hands_before": "0", "p1-points": "24", "choice": "add"}
    add |= {"shown_hand": "1", "shown_version": "1", "shown_hands": "1"} | {field: value}

    response = client.post(url("hand_new", table), add)

    assert response.status_code == 200 and "data-side-by-side" in response.content.decode()
    assert Hand.objects.filter(game=table).count() == 1


def theirs(client, table, hands_before: int) -> None:
    """Another phone's hand (Bora 23), saved through the form."""
    assert client.post(url("hand_new", table), HAND | {"hands_before": str(hands_before)}).status_code == 302


# --- replayed request ids ----------------------------------------------------------------------


def saved_with_request_id(client, table, hands_before: int, data: dict = HAND) -> None:
    response = client.post(
        url("hand_new", table), data | {"hands_before": str(hands_before), "request_id": RID}
    )
    assert response.status_code == 302


def test_a_replay_of_a_hand_deleted_meanwhile_names_that_hand_and_says_it_was_deleted(client, table):
    for _ in range(5):
        hand_record(game=table, data=finisher(0))
    saved_with_request_id(client, table, 5)  # hand 6
    hand_delete(hand=Hand.objects.get(game=table, request_id=RID))

    replay = client.post(url("hand_new", table), HAND | {"hands_before": "5", "request_id": RID}, follow=True)

    said = text(flashed(replay))
    assert "Hand 6 was already saved from this form, and has been deleted since." in said
    assert "Hand 5" not in said
    assert 'data-restore="6"' in flashed(replay)  # the undo is a tap away
    assert (
        Hand.objects.filter(game=table).count() == 6 and Hand.objects.live().filter(game=table).count() == 5
    )


def test_a_replay_names_the_hand_by_its_number_now_when_an_earlier_one_was_deleted(client, table):
    hand_record(game=table, data=finisher(0))
    saved_with_request_id(client, table, 1)  # hand 2
    hand_delete(hand=Hand.objects.get(game=table, position=1))

    replay = client.post(url("hand_new", table), HAND | {"hands_before": "1", "request_id": RID}, follow=True)

    said = text(flashed(replay))
    assert "Hand 1 was already saved." in said and "deleted" not in said


def test_a_replay_with_the_same_values_just_says_already_saved(client, table):
    saved_with_request_id(client, table, 0)

    replay = client.post(url("hand_new", table), HAND | {"hands_before": "0", "request_id": RID}, follow=True)

    said = flashed(replay)
    assert "Hand 1 was already saved." in said and "data-differs-from-stored" not in said


def test_a_replay_with_other_values_says_they_differ_and_were_not_saved(client, table):
    saved_with_request_id(client, table, 0)

    replay = client.post(
        url("hand_new", table),
        HAND | {"hands_before": "0", "request_id": RID, "p1-points": "24"},
        follow=True,
    )

    said = text(flashed(replay))
    assert "Hand 1 was already saved." in said
    assert "The values sent now differ from those stored for hand 1, and were not saved" in said
    assert "Bora · Left in hand: 23 ≠ 24" in said
    assert url("hand_edit", table, 1) in flashed(replay)  # correcting it is a tap away
    assert [bora(h) for h in Hand.objects.filter(game=table)] == [23]


def test_a_double_tap_on_add_with_other_values_says_so(client, table):
    theirs(client, table, 0)  # another phone's hand 1
    add = HAND | {"hands_before": "0", "request_id": RID, "choice": "add"}
    add |= {"shown_hand": "1", "shown_version": "1", "shown_hands": "1", "p1-points": "24"}
    client.post(url("hand_new", table), add)

    again = client.post(url("hand_new", table), add | {"p1-points": "25"}, follow=True)

    said = text(flashed(again))
    assert "Hand 2 was already saved." in said and "Bora · Left in hand: 24 ≠ 25" in said
    assert [bora(h) for h in Hand.objects.filter(game=table)] == [23, 24]


# --- keep theirs names their hand ---------------------------------------------------------------


def keep(table, points: str = "24") -> dict:
    return (
        HAND
        | {"hands_before": "1", "p1-points": points, "choice": "keep"}
        | {
            "shown_hand": "2",
            "shown_version": "1",
            "shown_hands": "2",
        }
    )


def test_keeping_theirs_names_their_hand_by_its_number_now(client, table):
    hand_record(game=table, data=finisher(0))
    theirs(client, table, 1)  # theirs: hand 2
    hand_delete(hand=Hand.objects.get(game=table, position=1))  # meanwhile: hand 2 is hand 1 now

    response = client.post(url("hand_new", table), keep(table), follow=True)

    assert "Hand 1 is kept as the other phone saved it." in flashed(response)
    assert Hand.objects.live().filter(game=table).count() == 1


def test_keeping_theirs_after_it_was_deleted_shows_the_form_again_with_what_was_typed(client, table):
    hand_record(game=table, data=finisher(0))
    theirs(client, table, 1)
    hand_delete(hand=Hand.objects.get(game=table, position=2))

    response = client.post(url("hand_new", table), keep(table))

    html = response.content.decode()
    assert response.status_code == 200 and "data-saved-meanwhile" in html
    assert field_value(html, "p1-points") == "24"
    assert Hand.objects.live().filter(game=table).count() == 1


def test_in_turkish_the_field_error_and_the_replay_say_the_same(client, table):
    client.cookies["django_language"] = "tr"
    refused = text(client.post(url("hand_new", table), HAND | {"hands_before": "1e0"}).content.decode())
    saved_with_request_id(client, table, 0)
    hand_delete(hand=Hand.objects.get(game=table, request_id=RID))

    replay = client.post(
        url("hand_new", table),
        HAND | {"hands_before": "0", "request_id": RID, "p1-points": "24"},
        follow=True,
    )

    assert "Tablodaki el sayısı (hands_before): “1e0” bir el sayısı değil" in refused
    said = text(flashed(replay))
    assert "El 1 bu formdan zaten kaydedilmişti ve o zamandan beri silindi." in said
    assert "kaydedilmedi (kayıtlı ≠ gönderilen)" in said and "Bora · Kalan sayı: 23 ≠ 24" in said


@pytest.mark.parametrize("seen", ["2", "9"])
def test_a_form_that_saw_more_hands_than_the_board_has_says_a_hand_was_deleted_and_never_hand_0(
    client, table, seen
):
    if seen == "2":  # the form for hand 3 was opened, then hand 2 was deleted on another phone
        hand_record(game=table, data=finisher(0))
        hand_record(game=table, data=finisher(1))
        hand_delete(hand=Hand.objects.get(game=table, position=2))
    live = Hand.objects.live().filter(game=table).count()

    page = client.post(url("hand_new", table), HAND | {"hands_before": seen})

    html = page.content.decode()
    assert page.status_code == 200 and "data-fewer-hands" in html
    assert "a hand was deleted meanwhile" in text(html) and "Hand 0" not in text(html)
    assert field_value(html, "hands_before") == str(live) and field_value(html, "p1-points") == "23"
    assert Hand.objects.live().filter(game=table).count() == live
    assert client.post(url("hand_new", table), HAND | {"hands_before": str(live)}).status_code == 302
