"""The hand forms' guard: a double save lands on the board as "already saved", a stale
correction is refused showing the other change with the typed values kept, odd numbers never 500."""

import re

import pytest
from django.contrib.messages import get_messages

from scorer.models import Hand
from tests.support.factories import claim, new_table, url
from tests.support.markup import field_value
from tests.support.posts import E2_HAND as HAND

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(client):
    """A LOCA Cezalı table this client may edit (it opened the edit link)."""
    game, secret = new_table("loca-cezali")
    claim(client, game, secret)
    return game


ODD_NUMBERS = ["²", "٣", "1" * 5000, "-1", "0x1", " ", "1.0", "１"]
HIDDEN_ODD = ["²", "1" * 5000, "-1", "１"]


def test_a_second_identical_save_redirects_to_the_board_saying_already_saved(client, table):
    client.post(url("hand_new", table), HAND | {"hands_before": "0"})

    again = client.post(url("hand_new", table), HAND | {"hands_before": "0"}, follow=True)

    assert again.redirect_chain[-1][0] == url("game_board", table)
    shown = [str(m) for m in get_messages(again.wsgi_request)] + [again.content.decode()]
    assert any("1" in text and ("already" in text or "zaten" in text) for text in shown)
    assert Hand.objects.filter(game=table).count() == 1


def test_the_correction_form_carries_the_hands_version(client, table):
    client.post(url("hand_new", table), HAND | {"hands_before": "0"})

    html = client.get(url("hand_edit", table, 1)).content.decode()

    assert field_value(html, "version") == "1"
    assert field_value(html, "editing") == "1"


def test_a_stale_correction_is_refused_showing_the_other_change_and_keeping_the_typed_values(client, table):
    client.post(url("hand_new", table), HAND | {"hands_before": "0"})
    client.post(url("hand_edit", table, 1), HAND | {"p1-points": "30", "version": "1"})  # phone A

    stale = client.post(url("hand_edit", table, 1), HAND | {"p1-points": "40", "version": "1"})  # phone B

    html = stale.content.decode()
    assert stale.status_code == 200
    assert "data-changed-meanwhile" in html
    assert "data-other-change" in html
    assert field_value(html, "p1-points") == "40"  # what B typed is kept
    assert "data-preview-empty" not in html and 'class="hand-result"' in html  # the preview still shows B's
    assert Hand.objects.get(game=table).data["players"][1]["remaining"]["points"] == 30


def test_the_refused_correction_shows_each_differing_field_theirs_beside_yours(client, table):
    client.post(url("hand_new", table), HAND | {"hands_before": "0"})
    client.post(url("hand_edit", table, 1), HAND | {"p1-points": "30", "version": "1"})  # phone A

    html = client.post(
        url("hand_edit", table, 1), HAND | {"p1-points": "40", "p2-points": "12", "version": "1"}
    ).content.decode()

    rows = re.findall(
        r'<tr data-field>\s*<th scope="row">(.*?)</th>\s*<td data-theirs>(.*?)</td>\s*<td data-yours[^>]*>(.*?)</td>',
        html,
    )
    assert rows == [("Bora · Kalan sayı", "30", "40"), ("Cem · Kalan sayı", "10", "12")]


def test_saving_again_is_refused_again_and_replacing_is_its_own_button_with_the_version_seen(client, table):
    client.post(url("hand_new", table), HAND | {"hands_before": "0"})
    client.post(url("hand_edit", table, 1), HAND | {"p1-points": "30", "version": "1"})  # phone A
    html = client.post(
        url("hand_edit", table, 1), HAND | {"p1-points": "40", "version": "1"}
    ).content.decode()
    assert field_value(html, "version") == "1"  # still the version B's correction was based on
    button = re.search(
        r'<button type="submit" form="hand-form"[^>]*name="overwrite" value="(\d+)"[^>]*data-overwrite>', html
    )
    assert button and button[1] == "2"

    again = client.post(url("hand_edit", table, 1), HAND | {"p1-points": "40", "version": "1"})
    assert again.status_code == 200 and "data-changed-meanwhile" in again.content.decode()
    assert Hand.objects.get(game=table).data["players"][1]["remaining"]["points"] == 30

    replaced = client.post(
        url("hand_edit", table, 1), HAND | {"p1-points": "40", "version": "1", "overwrite": "2"}
    )
    assert replaced.status_code == 302
    assert Hand.objects.get(game=table).data["players"][1]["remaining"]["points"] == 40


def test_a_third_change_meanwhile_is_shown_not_overwritten_by_the_replace_button(client, table):
    client.post(url("hand_new", table), HAND | {"hands_before": "0"})
    client.post(url("hand_edit", table, 1), HAND | {"p1-points": "30", "version": "1"})  # phone A
    client.post(
        url("hand_edit", table, 1), HAND | {"p1-points": "35", "version": "2"}
    )  # phone C, after B saw A's

    late = client.post(
        url("hand_edit", table, 1), HAND | {"p1-points": "40", "version": "1", "overwrite": "2"}
    )

    assert "data-changed-meanwhile" in late.content.decode()
    assert Hand.objects.get(game=table).data["players"][1]["remaining"]["points"] == 35


def test_a_correction_that_fails_validation_keeps_the_version_it_was_based_on(client, table):
    client.post(url("hand_new", table), HAND | {"hands_before": "0"})
    client.post(url("hand_edit", table, 1), HAND | {"p1-points": "30", "version": "1"})

    invalid = client.post(url("hand_edit", table, 1), HAND | {"p1-points": "lots", "version": "1"})

    assert field_value(invalid.content.decode(), "version") == "1"  # not silently the newest one


@pytest.mark.parametrize("value", HIDDEN_ODD)
@pytest.mark.parametrize("name", ["hands_before", "editing", "version"])
def test_odd_numbers_in_hidden_fields_never_crash(client, table, name, value):
    client.post(url("hand_new", table), HAND | {"hands_before": "0"})
    stored = Hand.objects.get(game=table)

    new = client.post(url("hand_new", table), HAND | {name: value})
    preview = client.post(url("hand_preview", table), HAND | {name: value})
    edit = client.post(url("hand_edit", table, 1), HAND | {name: value})

    assert new.status_code == 200 and "data-error-summary" in new.content.decode()  # nothing saved blind
    assert preview.status_code == 200 and 'data-total="-404"' in preview.content.decode()  # still scored
    assert edit.status_code == 302 and edit["Location"] == url("game_board", table)
    assert [(hand.pk, hand.data) for hand in Hand.objects.filter(game=table)] == [(stored.pk, stored.data)]


@pytest.mark.parametrize("value", ODD_NUMBERS)
def test_odd_numbers_in_the_tile_picker_never_crash(client, value):
    responses = [client.get(f"/tas-secici/?{query}") for query in (f"players={value}", f"active={value}")]
    for op in (f"add:{value}:red-1", f"remove:{value}:red-1", f"player:{value}"):
        responses.append(client.post("/tas-secici/", {"op": op, "players": value, "active": value}))
    for response in responses:  # the default picker: four players, the first one's tiles, none counted
        assert response.status_code == 200
        picker = response.context["picker"]
        assert (len(picker.names), picker.active) == (4, 0)
        assert sum(sum(counts.values()) for counts in picker.counts) == 0
        assert 'id="picker-body"' in response.content.decode()


def test_superscript_two_in_the_picker_url_is_the_default_player_count(client):
    response = client.get("/tas-secici/?players=%C2%B2")

    assert response.status_code == 200
    assert len(response.context["picker"].names) == 4


# --- the request id the page's script makes (hands kept offline, static/js/offline.js) ------------

RID = "5d2c1b0a-9e8f-4a7b-8c6d-5e4f3a2b1c0d"


def test_the_new_hand_form_has_an_empty_request_id_for_the_script_to_fill(client, table):
    html = client.get(url("hand_new", table)).content.decode()

    assert field_value(html, "request_id") == ""


def test_a_hand_sent_again_with_its_request_id_after_another_hand_is_already_saved(client, table):
    client.post(url("hand_new", table), HAND | {"hands_before": "0", "request_id": RID})
    other = HAND | {"p1-points": "7"}
    client.post(url("hand_new", table), other | {"hands_before": "1"})

    again = client.post(url("hand_new", table), HAND | {"hands_before": "0", "request_id": RID}, follow=True)

    assert again.redirect_chain[-1][0] == url("game_board", table)
    assert Hand.objects.filter(game=table).count() == 2
    assert Hand.objects.filter(game=table, request_id=RID).count() == 1


def test_the_saved_meanwhile_page_keeps_the_request_id_so_adding_it_stores_it_once(client, table):
    client.post(url("hand_new", table), HAND | {"hands_before": "0"})  # another phone
    other = HAND | {"p1-points": "7"}

    page = client.post(url("hand_new", table), other | {"hands_before": "0", "request_id": RID})

    html = page.content.decode()
    assert "data-saved-meanwhile" in html
    assert field_value(html, "request_id") == RID and field_value(html, "hands_before") == "0"
    add = other | {"hands_before": "0", "request_id": RID, "choice": "add"}
    add |= {"shown_hand": "1", "shown_version": "1", "shown_hands": "1"}
    client.post(url("hand_new", table), add)
    client.post(url("hand_new", table), add)  # a double tap
    assert Hand.objects.filter(game=table).count() == 2


@pytest.mark.parametrize("value", ["short", "x" * 65, "a b c d e f g h i j", "<script>", "²" * 20])
def test_a_malformed_request_id_is_ignored_and_never_shown_back(client, table, value):
    page = client.post(url("hand_new", table), HAND | {"hands_before": "9", "request_id": value})

    assert page.status_code == 200
    assert field_value(page.content.decode(), "request_id") == ""
    assert not Hand.objects.filter(game=table).exclude(request_id="").exists()
