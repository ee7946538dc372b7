"""Two phones entered the same hand with a typo: the second save shows the first phone's hand
beside its own, the differing fields marked, and the scorekeeper's three posted choices (keep
theirs, replace theirs with mine, add it as the next hand), each refused when the table changed
since the page showed it."""

import copy
import re

import pytest

from scorer.models import Hand
from scorer.tables.services.hands import hand_update
from tests.support.factories import claim, new_table, url
from tests.support.markup import elements, field_value
from tests.support.posts import E2_HAND as HAND

pytestmark = pytest.mark.django_db

THEIRS = HAND | {"hands_before": "0"}
"""Phone A's hand 1 (Bora 23)."""
MINE = HAND | {"hands_before": "0", "p1-points": "24"}
"""Phone B's same hand, typed with Bora 24."""


@pytest.fixture
def table(client):
    game, secret = new_table("loca-cezali", hands_planned=4)
    claim(client, game, secret)
    return game


def bora_points(hand: Hand) -> int:
    return hand.data["players"][1]["remaining"]["points"]


def corrected_elsewhere(game, points: int) -> None:
    """Phone A corrects its hand 1 (Bora's points) while phone B's page shows version 1."""
    hand = Hand.objects.get(game=game)
    data = copy.deepcopy(hand.data)
    data["players"][1]["remaining"]["points"] = points
    hand_update(hand=hand, data=data, version=1)


def choice(page_html: str, kind: str) -> dict:
    """What the page posts with one of its choices: the form's fields as shown, and the button."""
    fields = {name: field_value(page_html, name) for name in ("shown_hand", "shown_version", "shown_hands")}
    return MINE | fields | {"choice": kind}


def conflict(client, table) -> str:
    client.post(url("hand_new", table), THEIRS)  # phone A
    page = client.post(url("hand_new", table), MINE)  # phone B
    assert page.status_code == 200
    return page.content.decode()


def submit_buttons(html: str) -> list[dict]:
    """The hand form's submit buttons in document order (the first is what Enter presses)."""
    form = html[
        html.index('<form id="hand-form"') : html.index("</form>", html.index('<form id="hand-form"'))
    ]
    return [attrs for tag, attrs in elements(form) if tag == "button" and attrs.get("type") == "submit"]


def test_the_second_phone_sees_both_hands_with_the_typo_marked(client, table):
    html = conflict(client, table)

    assert "data-saved-meanwhile" in html and "data-side-by-side" in html
    differing = re.findall(r"<tr data-field class=\"differs\" data-differs>(.*?)</tr>", html, re.S)
    assert len(differing) == 1
    assert "Kalan sayı" in differing[0] and "23" in differing[0] and "24" in differing[0]
    assert "≠" in differing[0]  # marked by a sign too, not by colour alone
    differing_players = re.findall(r"<tbody data-player-pair class=\"differs\" data-differs>", html)
    assert len(differing_players) == 1  # only Bora's hand differs
    assert 'id="hand-preview"' in html and "hand-result" in html  # the preview of mine stays
    assert field_value(html, "p1-points") == "24"  # everything typed stays
    assert field_value(html, "shown_hand") == "1" and field_value(html, "shown_version") == "1"
    assert field_value(html, "shown_hands") == "1" and field_value(html, "hands_before") == "0"


def test_adding_is_never_the_default_button(client, table):
    html = conflict(client, table)

    buttons = submit_buttons(html)
    add = next(b for b in buttons if b.get("value") == "add")
    assert buttons[0].get("name") is None and "hidden" in buttons[0]  # Enter: a plain save (or preview)
    assert "btn-primary" not in add["class"]
    primary = [b for b in buttons if b.get("name") == "choice" and "btn-primary" in b["class"]]
    assert [b["value"] for b in primary] == ["keep"]


def test_saving_again_without_a_choice_asks_again_and_stores_nothing(client, table):
    conflict(client, table)

    again = client.post(url("hand_new", table), MINE)

    assert again.status_code == 200 and "data-side-by-side" in again.content.decode()
    assert Hand.objects.filter(game=table).count() == 1


def test_keep_theirs_stores_nothing_and_goes_to_the_board(client, table):
    html = conflict(client, table)

    response = client.post(url("hand_new", table), choice(html, "keep"), follow=True)

    assert response.redirect_chain[-1][0] == url("game_board", table)
    assert [bora_points(h) for h in Hand.objects.filter(game=table)] == [23]
    assert "El 1, diğer telefonun kaydettiği gibi kaldı." in response.content.decode()


def test_replace_with_mine_corrects_their_hand_in_its_history(client, table):
    html = conflict(client, table)

    response = client.post(url("hand_new", table), choice(html, "replace"))

    assert response.status_code == 302 and response["Location"] == url("game_board", table)
    hand = Hand.objects.get(game=table)
    assert bora_points(hand) == 24 and hand.version == 2
    assert list(hand.changes.order_by("pk").values_list("kind", flat=True)) == ["create", "correct"]


def test_a_different_hand_is_added_as_the_next_and_the_dealer_moves_on(client, table):
    html = conflict(client, table)

    response = client.post(url("hand_new", table), choice(html, "add"))

    assert response.status_code == 302
    hands = list(Hand.objects.filter(game=table).order_by("position"))
    assert [bora_points(h) for h in hands] == [23, 24]
    assert [h.dealer for h in hands] == [0, 1]


def test_adding_after_a_third_phone_saved_meanwhile_shows_that_hand_instead(client, table):
    html = conflict(client, table)
    client.post(url("hand_new", table), HAND | {"hands_before": "1", "p2-points": "12"})  # phone C: hand 2

    stale = client.post(url("hand_new", table), choice(html, "add"))

    page = stale.content.decode()
    assert stale.status_code == 200 and "data-side-by-side" in page
    assert Hand.objects.filter(game=table).count() == 2
    assert field_value(page, "shown_hand") == "2" and field_value(page, "shown_hands") == "2"
    assert field_value(page, "hands_before") == "1"  # now compared with hand 2


def test_adding_after_theirs_was_corrected_meanwhile_shows_it_again(client, table):
    html = conflict(client, table)
    corrected_elsewhere(table, 24)

    stale = client.post(url("hand_new", table), choice(html, "add"))

    assert stale.status_code == 200
    assert field_value(stale.content.decode(), "shown_version") == "2"
    assert Hand.objects.filter(game=table).count() == 1


def test_replacing_after_theirs_was_corrected_meanwhile_shows_it_again(client, table):
    html = conflict(client, table)
    corrected_elsewhere(table, 25)

    stale = client.post(url("hand_new", table), choice(html, "replace"))

    assert stale.status_code == 200 and "data-side-by-side" in stale.content.decode()
    assert field_value(stale.content.decode(), "shown_version") == "2"
    assert bora_points(Hand.objects.get(game=table)) == 25


def test_a_preview_without_javascript_keeps_the_choice_and_the_number(client, table):
    conflict(client, table)

    page = client.post(url("hand_preview", table), MINE | {"preview": "1"})

    html = page.content.decode()
    assert "data-side-by-side" in html and field_value(html, "hands_before") == "0"


def test_theirs_the_last_planned_hand_can_be_kept_or_replaced_not_added(client):
    game, secret = new_table("loca-cezali", hands_planned=1)
    claim(client, game, secret)

    html = conflict(client, game)

    assert "data-side-by-side" in html and "data-no-add" in html
    assert not [b for b in submit_buttons(html) if b.get("value") == "add"]
    assert client.post(url("hand_new", game), choice(html, "replace")).status_code == 302
    assert bora_points(Hand.objects.get(game=game)) == 24
