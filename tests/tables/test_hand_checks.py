"""Nothing counts that nobody typed: the server refuses, with a field error in the page's
language, a finisher left "Açmadı", two finishers and an opener whose "Kalan sayı" is empty —
on a table's hand form and on the calculator, which shares it."""

import pytest
from django.conf import settings
from django.urls import reverse

from scorer.models import Hand
from tests.support.factories import claim, new_table, post_hand, url
from tests.support.markup import elements
from tests.support.posts import E2_CALC_SETUP, E2_HAND

pytestmark = pytest.mark.django_db

FINISHER_OPENED = {
    "en": "The finisher has opened: choose Sets or Pairs.",
    "tr": "Eli bitiren açmıştır: Per/Seri veya Çift seçin.",
}
POINTS_EMPTY = {"en": "Left in hand is empty: if it is 0, type 0.", "tr": "Kalan sayı boş: 0 ise 0 yazın."}
ONE_FINISHER = {"en": "Only one player can finish a hand.", "tr": "Bir eli yalnız bir oyuncu bitirebilir."}


@pytest.fixture(params=["tr", "en"])
def lang(request, client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = request.param
    return request.param


@pytest.fixture
def table(client):
    game, secret = new_table("loca-cezali")
    claim(client, game, secret)
    return game


def attrs_of(html: str, **wanted: str) -> dict:
    found = [a for _t, a in elements(html) if all(a.get(k) == v for k, v in wanted.items())]
    assert len(found) == 1, (wanted, found)
    return found[0]


def refused(response, field_id: str, message: str) -> str:
    """The page that refused the hand: the message at the field, and in the summary a link to it."""
    assert response.status_code == 200
    html = response.content.decode()
    assert message in html
    error = attrs_of(html, id=f"{field_id}_error")
    assert error, "the message sits at the field"
    assert 'id="error-summary"' in html
    return html


def form_post(client, path: str, pairs: list[tuple[str, str]]):
    from urllib.parse import urlencode

    return client.post(path, urlencode(pairs), content_type="application/x-www-form-urlencoded")


# --- a table's hand ----------------------------------------------------------------------------------


@pytest.mark.parametrize("opened", [{"p0-opened": "none"}, {"p0-opened": ""}, {}])
def test_a_finisher_left_not_opened_is_refused_at_their_opening(client, table, lang, opened):
    data = {k: v for k, v in E2_HAND.items() if k != "p0-opened"} | opened

    html = refused(post_hand(client, table, data), "id_p0-opened", FINISHER_OPENED[lang])

    assert not Hand.objects.exists()
    assert 'href="#id_p0-opened_0"' in html, "the summary's link moves to Ayşe's opening"


def test_a_finisher_left_not_opened_is_refused_on_a_correction_too(client, table, lang):
    post_hand(client, table, E2_HAND)
    hand = Hand.objects.get()

    response = client.post(
        url("hand_edit", table, hand.position), E2_HAND | {"p0-opened": "none", "version": "1"}
    )

    refused(response, "id_p0-opened", FINISHER_OPENED[lang])
    hand.refresh_from_db()
    assert hand.data["players"][0]["opened"] == "sets"


def test_a_preview_without_javascript_shows_the_finisher_as_posted_and_names_the_problem(client, table, lang):
    html = client.post(url("hand_preview", table), E2_HAND | {"p0-opened": "none"}).content.decode()

    assert "checked" in attrs_of(html, name="p0-opened", value="none"), "not changed behind the user's back"
    assert FINISHER_OPENED[lang] in html


def test_two_finishers_are_a_field_error_not_the_last_one_wins(client, table, lang):
    pairs = [*E2_HAND.items(), ("finisher", "2")]

    refused(form_post(client, url("hand_new", table), pairs), "id_finisher", ONE_FINISHER[lang])

    assert not Hand.objects.exists()


@pytest.mark.parametrize("player,opened", [("p1", "sets"), ("p2", "pairs")])
def test_an_opener_with_empty_points_is_refused_never_a_silent_zero(client, table, lang, player, opened):
    data = E2_HAND | {f"{player}-opened": opened, f"{player}-points": ""}

    html = refused(post_hand(client, table, data), f"id_{player}-points", POINTS_EMPTY[lang])

    assert not Hand.objects.exists()
    described = attrs_of(html, name=f"{player}-points")["aria-describedby"].split()
    assert f"id_{player}-points_error" in described
    assert f'href="#id_{player}-points"' in html


def test_the_finisher_and_a_never_opened_player_need_no_points(client, table):
    response = post_hand(client, table, E2_HAND)  # Ayşe finished, Deniz never opened

    assert response.status_code == 302
    ayse, _bora, _cem, deniz = Hand.objects.get().data["players"]
    assert ayse["finished"] and "remaining" not in ayse
    assert deniz["opened"] == "none" and "remaining" not in deniz


def test_zero_typed_is_saved_as_zero(client, table):
    response = post_hand(client, table, E2_HAND | {"p1-points": "0", "p1-okeys": "0"})

    assert response.status_code == 302
    assert "remaining" not in Hand.objects.get().data["players"][1]


def test_a_correction_shows_a_stored_zero_as_0_so_it_saves_again_unchanged(client, table):
    post_hand(client, table, E2_HAND | {"p1-points": "0", "p1-okeys": "0"})
    hand = Hand.objects.get()

    html = client.get(url("hand_edit", table, hand.position)).content.decode()

    assert attrs_of(html, name="p1-points")["value"] == "0"
    assert attrs_of(html, name="p3-points")["value"] == "", "a never-opened player's field stays empty"
    assert attrs_of(html, name="p0-points")["value"] == "", "and so does the finisher's"


# --- the calculator -----------------------------------------------------------------------------------


def calc(client, data: dict, **headers):
    return client.post(reverse("scorer:calculator"), E2_CALC_SETUP | data, **headers)


def test_the_calculator_refuses_an_opener_with_empty_points(client, lang):
    html = calc(client, E2_HAND | {"p1-points": ""}).content.decode()

    assert POINTS_EMPTY[lang] in html
    assert attrs_of(html, id="id_p1-points_error")
    assert 'data-code="finish"' not in html, "no score from a guess"


def test_the_calculator_refuses_a_finisher_left_not_opened(client, lang):
    html = calc(client, E2_HAND | {"p0-opened": "none"}).content.decode()

    assert FINISHER_OPENED[lang] in html
    assert attrs_of(html, id="id_p0-opened_error")


def test_the_calculator_refuses_two_finishers(client, lang):
    pairs = [*E2_CALC_SETUP.items(), *E2_HAND.items(), ("finisher", "1")]

    html = form_post(client, reverse("scorer:calculator"), pairs).content.decode()

    assert ONE_FINISHER[lang] in html
    assert attrs_of(html, id="id_finisher_error")


def test_the_calculators_live_result_names_the_empty_points(client, lang):
    html = calc(client, E2_HAND | {"p1-points": ""}, HTTP_HX_REQUEST="true").content.decode()

    assert POINTS_EMPTY[lang] in html
    assert 'href="#id_p1-points"' in html
