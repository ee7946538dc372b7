"""Guarded, reversible actions: delete and a new edit link ask first (a page without
JavaScript, a dialog fragment with htmx), the undo is a button, and a phone that lost its edit
rights is told why with what it typed kept."""

import re

import pytest
from django.test import Client

from scorer.models import Game, Hand
from tests.support.factories import claim, finisher, hand_href, new_table, url
from tests.support.markup import field_value
from tests.support.posts import E2_HAND

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table():
    return new_table("loca-cezali", hands_planned=5, hands=[finisher(0), finisher(1)])


@pytest.fixture
def keeper(table):
    game, secret = table
    return claim(Client(), game, secret)


def test_delete_asks_first_on_a_page_of_its_own_whose_form_deletes(keeper, table):
    game, _ = table
    page = keeper.get(url("hand_delete", game, 2))

    html = page.content.decode()
    assert page.status_code == 200 and "<!doctype html>" in html
    assert "<h1" in html and "El 2 silinsin mi?" in html
    assert f'action="{hand_href("hand_delete", game, 2)}"' in html and 'method="post"' in html
    assert f'href="{hand_href("hand_edit", game, 2)}" data-confirm-cancel' in html
    assert Hand.objects.live().count() == 2  # asking deletes nothing

    assert keeper.post(url("hand_delete", game, 2)).status_code == 302
    assert Hand.objects.live().count() == 1


def test_with_htmx_the_question_is_a_labelled_dialog_fragment(keeper, table):
    game, _ = table
    keeper.cookies["django_language"] = "en"
    response = keeper.get(url("hand_delete", game, 2), **HTMX)

    html = response.content.decode()
    assert "<!doctype" not in html.lower() and html.lstrip().startswith("<dialog")
    assert 'aria-labelledby="dialog-text-heading"' in html and 'id="dialog-text-heading"' in html
    assert "Delete hand 2?" in html and "Yes, delete hand 2" in html
    assert "csrfmiddlewaretoken" in html
    assert "HX-Request" in response["Vary"]


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        (
            "tr",
            "Elin puanları puan tablosundan çıkarılır ve ondan sonraki bütün toplamlar değişir. "
            "Bunu puan tablosundan geri alabilirsiniz; silme, elin geçmişinde kalır.",
        ),
        (
            "en",
            "Its points come off the scoreboard, and every total after it changes. "
            "You can undo this from the scoreboard; the deletion stays in the hand’s history.",
        ),
    ],
)
def test_the_delete_question_says_what_happens_in_the_apps_own_words(keeper, table, language, sentence):
    game, _ = table
    keeper.cookies["django_language"] = language
    for extra in ({}, HTMX):  # the page without JavaScript, the dialog with htmx
        html = keeper.get(url("hand_delete", game, 2), **extra).content.decode()
        text = html.split('-text">', 1)[1].split("</p>", 1)[0]
        assert re.sub(r"\s+", " ", text).strip() == sentence
        assert "skor tablosu" not in html.lower()


def test_a_new_edit_link_asks_first_and_only_the_posted_answer_makes_it(keeper, table):
    game, _ = table
    version = Game.objects.get(pk=game.pk).secret_version

    page = keeper.get(url("game_link_rotate", game)).content.decode()
    dialog = keeper.get(url("game_link_rotate", game), **HTMX).content.decode()

    assert "Yeni düzenleme bağlantısı yapılsın mı?" in page and "<h1" in page
    assert dialog.lstrip().startswith("<dialog") and "Evet, yeni düzenleme bağlantısı yap" in dialog
    assert Game.objects.get(pk=game.pk).secret_version == version
    assert keeper.post(url("game_link_rotate", game)).status_code == 302
    assert Game.objects.get(pk=game.pk).secret_version == version + 1


def test_the_delete_and_rotate_buttons_are_links_to_their_questions(keeper, table):
    game, _ = table
    entry = keeper.get(url("hand_edit", game, 1)).content.decode()
    board = keeper.get(url("game_board", game)).content.decode()

    delete = re.escape(hand_href("hand_delete", game, 1))
    assert re.search(rf'<a [^>]*href="{delete}" hx-get="{delete}" hx-target="#confirm-host"', entry)
    rotate = url("game_link_rotate", game)
    assert re.search(rf'<a [^>]*href="{rotate}" hx-get="{rotate}" hx-target="#confirm-host"', board)


def test_nobody_else_is_asked(table):
    game, _ = table
    viewer = Client()
    for action in (url("hand_delete", game, 1), url("game_link_rotate", game)):
        response = viewer.get(action)
        assert response.status_code == 403
        assert 'action="' + action + '"' not in response.content.decode()  # no form that would do it


# --- a phone that loses its rights ------------------------------------------------------------------


@pytest.fixture
def helper(table, keeper):
    """A second phone that opened the edit link, then lost it to a new one."""
    game, secret = table
    helper = claim(Client(), game, secret)
    assert keeper.post(url("game_link_rotate", game)).status_code == 302
    return helper


def test_a_revoked_phone_saving_a_hand_is_told_why_and_gets_what_it_typed_back(table, helper):
    game, _ = table
    typed = E2_HAND | {"p1-points": "23", "hands_before": "2"}

    response = helper.post(url("hand_new", game), typed)

    html = response.content.decode()
    assert response.status_code == 403
    assert "Bu masanın düzenleme bağlantısı değiştirildi; bu telefon artık yalnızca izleyebilir" in html
    assert field_value(html, "p1-points") == "23"  # the form, read only, with what was typed
    assert re.search(r"<fieldset disabled[^>]*data-revoked-form", html)
    text = re.search(r"<textarea[^>]*data-typed-text>(.*?)</textarea>", html, re.S)[1]
    assert "Bora: Per/Seri, Kalan sayı 23, Okey 1" in text
    assert Hand.objects.live().count() == 2


def test_in_english_the_revoked_phone_reads_it_in_english(table, helper):
    game, _ = table
    helper.cookies["django_language"] = "en"

    html = helper.post(url("hand_new", game), E2_HAND).content.decode()

    assert "The edit link of this table was changed; this phone can only watch now." in html
    assert "Copy what I typed" in html


def test_a_revoked_phones_live_preview_gets_the_notice_and_its_text_not_a_blank(table, helper):
    game, _ = table

    response = helper.post(url("hand_preview", game), E2_HAND, **HTMX)

    html = response.content.decode()
    assert response.status_code == 200  # htmx swaps it into the preview
    assert "<!doctype" not in html.lower()
    assert "data-revoked-notice" in html and "data-typed-text" in html
    assert "Ayşe" in html


def test_the_revoked_phones_board_says_why_and_its_poll_brings_the_notice(table, helper):
    game, _ = table

    board = helper.get(url("game_board", game)).content.decode()
    poll = helper.get(url("board_live", game) + "?v=stale", **HTMX).content.decode()

    assert "bu telefon artık yalnızca izleyebilir" in board
    assert 'id="rights-notice" hx-swap-oob="true"' in poll
    assert "data-add-hand" not in board
    viewer_board = Client().get(url("game_board", game)).content.decode()
    assert "data-revoked-notice" not in viewer_board  # a phone that never edited is not told


def test_a_revoked_phone_claiming_the_new_link_edits_again(table, keeper, helper):
    game, _ = table
    game.refresh_from_db()
    claim(helper, game, game.link_secret)

    response = helper.post(url("hand_new", game), E2_HAND | {"hands_before": "2"})

    assert response.status_code == 302 and response["Location"] == url("game_board", game)
    assert game.hands.live().count() == 3
    assert "data-add-hand" in helper.get(url("game_board", game)).content.decode()  # it edits again


def test_the_undo_after_a_delete_is_a_labelled_button(keeper, table):
    game, _ = table
    keeper.post(url("hand_delete", game, 2))

    board = keeper.get(url("game_board", game)).content.decode()

    button = re.search(
        r'<button type="submit" class="btn btn-primary btn-undo" data-restore="2">(.*?)</button>', board
    )
    assert button and "Geri al" in button[1] and "El 2 geri gelsin" in button[1]
