"""Corrections on a phone (375 × 812), in Turkish and English, with and without JavaScript: a hand's
history and the board's mark of a corrected hand, a stale correction beside the other phone's
values, delete and a new edit link asking first, the undo button, and a phone that lost its rights."""

import re
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scorer.models import Hand
from scorer.tables.services.hands import hand_record, hand_update
from tests.conftest import DOCS_SCREENSHOT_DIR, MOBILE_VIEWPORT, shoot
from tests.support.factories import claim_in, finisher, new_table

MODES = [
    pytest.param("tr", True, id="tr-js"),
    pytest.param("tr", False, id="tr-nojs"),
    pytest.param("en", True, id="en-js"),
    pytest.param("en", False, id="en-nojs"),
]
WORDS = {
    "tr": {
        "corrected": "düzeltildi",
        "late": "oyun bittikten sonra düzeltildi",
        "this phone": "bu telefon",
        "another phone": "başka bir telefon",
        "points": "Kalan sayı",
        "delete?": "El 2 silinsin mi?",
        "rotate?": "Yeni düzenleme bağlantısı yapılsın mı?",
        "revoked": "Bu masanın düzenleme bağlantısı değiştirildi; bu telefon artık yalnızca izleyebilir.",
        "deleted": "El 2 silindi; sonraki eller yeniden numaralandı: El 3 → El 2.",
        "undo": "Geri al",
        "restored": "El 2 geri getirildi",
    },
    "en": {
        "corrected": "corrected",
        "late": "corrected after the game ended",
        "this phone": "this phone",
        "another phone": "another phone",
        "points": "Left in hand",
        "delete?": "Delete hand 2?",
        "rotate?": "Make a new edit link?",
        "revoked": "The edit link of this table was changed; this phone can only watch now.",
        "deleted": "Hand 2 deleted; the later hands were renumbered: Hand 3 → Hand 2.",
        "undo": "Undo",
        "restored": "Hand 2 restored",
    },
}


@pytest.fixture
def phone(browser, browser_context_args, live_server):
    """``phone(language, js)``: a new phone (its own browser context) in that language."""
    contexts = []

    def make(language: str, js: bool = True):
        context = browser.new_context(
            **(browser_context_args | {"locale": "tr-TR" if language == "tr" else "en-GB"}),
            java_script_enabled=js,
        )
        context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
        context.okeycalc_js = js  # axe needs JavaScript (see axe())
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


def at(live_server, name: str, game, *args) -> str:
    return live_server.url + reverse(f"scorer:{name}", args=[game.public_id, *args])


def keep(page, name: str) -> Path:
    """A screenshot for the docs at 375 px (`make screenshots` puts it in docs/screenshots/): the
    suite itself changes no tracked file."""
    page.set_viewport_size(MOBILE_VIEWPORT)
    return shoot(page, DOCS_SCREENSHOT_DIR / f"{name}.png")


def axe(page) -> None:
    """axe-core on the page as it is now (the conftest's fixture is bound to the default page).
    With JavaScript off a script tag never loads and add_script_tag waits for ever; the same
    markup is checked in the JavaScript runs."""
    if not getattr(page.context, "okeycalc_js", True):
        return
    from tests.conftest import check_axe

    check_axe(page)


def correct_points(page, points: str, seat: int = 1) -> None:
    """On the correction page: the points left of the player in ``seat`` (Bora), then save."""
    page.locator(f"[name=p{seat}-points]").fill(points)
    page.locator("[data-save]").click()


# --- every hand has a history ---------------------------------------------------------------------


@pytest.mark.parametrize("language, js", MODES)
def test_a_corrected_hand_is_marked_on_the_board_and_its_page_shows_its_history(
    phone, live_server, language, js
):
    words = WORDS[language]
    game, secret = new_table("loca-cezali", hands_planned=5)
    hand_record(game=game, data=finisher(0, points=20))
    hand_update(
        hand=Hand.objects.get(game=game, position=1), data=finisher(0, points=9), version=1
    )  # another phone
    for seat in range(1, 5):
        hand_record(game=game, data=finisher(seat % 4, points=20 + seat))
    context = phone(language, js)
    claim_in(context, live_server, game, secret)
    page = context.new_page()

    page.goto(at(live_server, "hand_edit", game, 2))
    correct_points(page, "44", seat=2)  # Cem's, after the fifth and last hand

    board = page.locator("#board-live")
    expect(board.locator("[data-facts='1'] [data-corrected]:not([data-late])")).to_contain_text(
        words["corrected"]
    )
    expect(board.locator("[data-facts='2'] [data-corrected][data-late]")).to_contain_text(words["late"])
    expect(board.locator("[data-facts='3'] [data-corrected]")).to_have_count(0)
    link = page.get_by_role("link", name=re.compile(rf"^2\W+{words['late']}")).first  # the hand's own link
    expect(link).to_be_visible()
    axe(page)
    if (language, js) == ("tr", True):
        board.locator("tr[data-number='2']").scroll_into_view_if_needed()
        page.evaluate("window.scrollTo(0, document.querySelector('.board-wrap').offsetTop - 8)")
        keep(page, "board-corrected-hands")

    board.locator("[data-facts='2'] [data-corrected]").click()

    history = page.locator("[data-history]")
    expect(history.locator("[data-change]")).to_have_count(2)  # entered, corrected
    corrected = history.locator("[data-change=correct]")
    expect(corrected.locator("[data-device]")).to_have_text(words["this phone"])
    expect(history.locator("[data-change=create] [data-device]")).to_have_text(words["another phone"])
    expect(corrected.locator("[data-late-mark]")).to_be_visible()
    expect(corrected.locator(".history-fields li")).to_contain_text(words["points"])
    expect(corrected.locator(".history-fields li")).to_contain_text("44")
    expect(corrected.locator("tr.changed")).to_have_count(1)  # Cem's total moved, nobody else's
    axe(page)
    if (language, js) == ("tr", True):
        page.evaluate("document.querySelector('[data-history]').scrollIntoView()")
        keep(page, "hand-history")


# --- a stale edit shows the other phone's values beside yours ----------------------------------------


@pytest.mark.parametrize("language, js", MODES)
def test_a_stale_correction_shows_theirs_beside_mine_and_replacing_is_a_second_step(
    phone, live_server, language, js
):
    game, secret = new_table("loca-cezali", hands_planned=5, hands=[finisher(0, points=20)])
    context = phone(language, js)
    claim_in(context, live_server, game, secret)
    page = context.new_page()
    page.goto(at(live_server, "hand_edit", game, 1))
    hand_update(hand=Hand.objects.get(game=game), data=finisher(0, points=30), version=1)  # the other phone

    correct_points(page, "40")

    notice = page.locator("[data-changed-meanwhile]")
    expect(notice).to_be_visible()
    row = notice.locator("[data-field]")
    expect(row).to_have_count(1)
    expect(row.locator("[data-theirs]")).to_have_text("30")
    expect(row.locator("[data-yours]")).to_have_text("40")
    expect(row.locator("th")).to_contain_text(WORDS[language]["points"])
    expect(page.locator("[name=p1-points]")).to_have_value("40")
    expect(page.locator("#hand-preview .hand-result")).to_be_visible()
    axe(page)

    page.locator("[data-save]").click()  # saving again is refused again
    expect(page.locator("[data-changed-meanwhile]")).to_be_visible()
    assert Hand.objects.get(game=game).data["players"][1]["remaining"]["points"] == 30

    page.locator("[data-overwrite]").click()
    expect(page).to_have_url(at(live_server, "game_board", game))
    assert Hand.objects.get(game=game).data["players"][1]["remaining"]["points"] == 40


# --- guarded, reversible actions -------------------------------------------------------------------


@pytest.mark.parametrize("language, js", MODES)
def test_delete_asks_first_then_the_undo_button_brings_the_hand_back(phone, live_server, language, js):
    words = WORDS[language]
    game, secret = new_table("loca-cezali", hands_planned=5, hands=[finisher(0), finisher(1), finisher(2)])
    context = phone(language, js)
    claim_in(context, live_server, game, secret)
    page = context.new_page()
    page.goto(at(live_server, "hand_edit", game, 2))

    delete = page.locator("[data-delete]")
    delete.click()
    if js:
        dialog = page.locator("dialog[data-confirm-dialog]")
        expect(dialog).to_be_visible()
        expect(page.get_by_role("dialog", name=words["delete?"])).to_be_visible()
        expect(dialog.locator("[data-confirm-cancel]")).to_be_focused()
        axe(page)
        if language == "tr":
            keep(page, "delete-hand-dialog")
        page.keyboard.press("Escape")
        expect(dialog).to_have_count(0)
        expect(delete).to_be_focused()  # focus back where it was
        delete.click()
        page.locator("dialog[data-confirm-dialog] [data-confirm-yes]").click()
    else:
        expect(page).to_have_url(at(live_server, "hand_delete", game, 2) + "?s=2")
        expect(page.locator("h1")).to_have_text(words["delete?"])
        axe(page)
        if language == "tr":
            keep(page, "delete-hand-question")
        page.locator("[data-confirm-yes]").click()

    expect(page).to_have_url(at(live_server, "game_board", game))
    assert Hand.objects.live().filter(game=game).count() == 2
    expect(page.locator(".messages")).to_contain_text(words["deleted"])
    undo = page.get_by_role("button", name=words["undo"], exact=False).first
    expect(undo).to_be_visible()
    assert undo.evaluate("b => b.tabIndex >= 0 && !b.disabled")
    undo.focus()
    page.keyboard.press("Enter")  # by keyboard
    expect(page.locator(".messages")).to_contain_text(words["restored"])
    assert Hand.objects.live().filter(game=game).count() == 3


@pytest.mark.parametrize("language, js", MODES)
def test_a_new_edit_link_asks_first_and_the_locked_out_phone_keeps_what_it_typed(
    phone, live_server, language, js
):
    words = WORDS[language]
    game, secret = new_table("loca-cezali", hands_planned=5)
    keeper, helper = phone(language, True), phone(language, js)
    claim_in(keeper, live_server, game, secret)
    claim_in(helper, live_server, game, secret)
    other = helper.new_page()
    other.goto(at(live_server, "hand_new", game))
    other.locator("label[for=id_finisher_0]").click()
    other.locator("label[for=id_p1-opened_1]").click()
    other.locator("[name=p1-points]").fill("23")

    page = keeper.new_page()
    page.goto(at(live_server, "game_board", game))
    expect(page.locator("#paylas")).to_have_attribute("open", "")  # no hands yet: the panel is open
    page.locator("#duzenleme-baglantisi summary").click()
    page.locator("[data-rotate]").click()
    page.get_by_role("dialog", name=words["rotate?"]).get_by_role("button").click()
    expect(page.locator("#edit-link")).to_be_visible()

    if js:  # the phone's next request is its live preview as it types on
        other.locator("[name=p2-points]").fill("7")
        expect(other.locator("#hand-preview [data-revoked-notice]")).to_contain_text(words["revoked"])
        expect(other.locator("#hand-preview [data-typed-text]")).to_contain_text("23")
    other.locator("[data-save]").click()

    expect(other.locator("[data-revoked-notice]").first).to_contain_text(words["revoked"])
    expect(other.locator("[data-revoked-form] [name=p1-points]")).to_have_value("23")
    expect(other.locator("[data-revoked-form] [name=p1-points]")).to_be_disabled()
    expect(other.locator("[data-typed-text]").first).to_contain_text("23")
    if js:
        copy = other.locator("[data-copy-text]").first
        expect(copy).to_be_visible()
        copy.click()
        expect(other.locator("#typed-status").first).not_to_be_empty()
    axe(other)
    assert Hand.objects.filter(game=game).count() == 0


@pytest.mark.parametrize("language", ["tr", "en"])
def test_without_javascript_the_new_link_question_is_a_page_of_its_own(phone, live_server, language):
    game, secret = new_table("loca-cezali", hands_planned=5)
    context = phone(language, False)
    claim_in(context, live_server, game, secret)
    page = context.new_page()
    page.goto(at(live_server, "game_board", game))
    version = game.secret_version

    page.locator("#duzenleme-baglantisi summary").click()
    page.locator("[data-rotate]").click()

    expect(page).to_have_url(at(live_server, "game_link_rotate", game))
    expect(page.locator("h1")).to_have_text(WORDS[language]["rotate?"])
    axe(page)
    game.refresh_from_db()
    assert game.secret_version == version
    page.locator("[data-confirm-yes]").click()
    game.refresh_from_db()
    assert game.secret_version == version + 1
