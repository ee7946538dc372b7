"""Two phones holding the edit link enter the same hand 2, one with a typo (Bora 20 against 21).
The second save shows both hands side by side at 375 × 812, the typo marked, and the three
choices; each ends with the right hands on the board and the right dealer next, in Turkish and
English, with and without JavaScript."""

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scorer.models import Hand
from scorer.tables.services.hands import hand_delete
from tests.browser.test_corrections import axe
from tests.conftest import DOCS_SCREENSHOT_DIR, MOBILE_VIEWPORT, SCREENSHOT_DIR, shoot
from tests.support.factories import NAMES, claim_in, finisher, new_table

MODES = [
    pytest.param("tr", True, id="tr-js"),
    pytest.param("tr", False, id="tr-nojs"),
    pytest.param("en", True, id="en-js"),
    pytest.param("en", False, id="en-nojs"),
]
WORDS = {
    "tr": {"points": "Kalan sayı", "kept": "El 2, diğer telefonun kaydettiği gibi kaldı.", "add": "El 3"},
    "en": {"points": "Left in hand", "kept": "Hand 2 is kept as the other phone saved it.", "add": "hand 3"},
}
# What the board shows after each choice: its hands, and who deals next (hand 1 was Ayşe's deal).
AFTER = {"keep": (2, NAMES[2]), "replace": (2, NAMES[2]), "add": (3, NAMES[3])}


@pytest.fixture
def phones(browser, browser_context_args, live_server):
    """``phones(language, js)``: two phones (browser contexts) holding the table's edit link."""
    contexts = []

    def make(language: str, js: bool, game, secret) -> list[Page]:
        pages = []
        for _ in range(2):
            context = browser.new_context(
                **(browser_context_args | {"locale": "tr-TR" if language == "tr" else "en-GB"}),
                java_script_enabled=js,
            )
            context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
            context.okeycalc_js = js  # axe needs JavaScript (tests/browser/test_corrections.py)
            contexts.append(context)
            claim_in(context, live_server, game, secret)
            pages.append(context.new_page())
        return pages

    yield make
    for context in contexts:
        context.close()


def enter_hand_2(page: Page, bora: str) -> None:
    """Ayşe goes out, Bora opened with sets and holds ``bora``, Cem and Deniz never opened."""
    page.locator('label[for="id_finisher_0"]').click()
    page.locator('label[for="id_p0-opened_1"]').click()
    page.locator('label[for="id_p1-opened_1"]').click()
    page.locator("#id_p1-points").fill(bora)


def save(page: Page) -> None:
    with page.expect_navigation():
        page.locator("[data-save]").click()


@pytest.mark.parametrize("decision", ["keep", "replace", "add"])
@pytest.mark.parametrize("language, js", MODES)
def test_the_same_hand_from_two_phones_is_shown_side_by_side_and_stored_as_chosen(
    phones, live_server, language, js, decision
):
    words = WORDS[language]
    game, secret = new_table("loca-cezali", hands_planned=5, hands=[finisher(0, points=30)])
    first, second = phones(language, js, game, secret)
    hand_page = live_server.url + reverse("scorer:hand_new", args=[game.public_id])
    board = live_server.url + reverse("scorer:game_board", args=[game.public_id])
    for page in (first, second):
        page.goto(hand_page)
    enter_hand_2(first, "20")
    enter_hand_2(second, "21")  # the typo

    save(first)
    save(second)

    notice = second.locator("[data-saved-meanwhile]")
    expect(notice).to_be_visible()
    differing = notice.locator("tr[data-field][data-differs]")
    expect(differing).to_have_count(1)
    expect(differing.locator("th")).to_contain_text(words["points"])
    expect(differing.locator("th")).to_contain_text("≠")
    expect(differing.locator("[data-theirs]")).to_have_text("20")
    expect(differing.locator("[data-yours]")).to_have_text("21")
    expect(notice.locator("[data-player-pair][data-differs]")).to_have_count(1)
    expect(notice.locator("[data-player-pair][data-differs] th[scope=rowgroup]")).to_contain_text("Bora")
    expect(notice.locator("[data-differs-summary] li")).to_have_text(f"Bora · {words['points']}: 20 ≠ 21")
    expect(second.locator("#id_p1-points")).to_have_value("21")  # everything typed stays
    expect(second.locator("#hand-preview .hand-result")).to_be_visible()  # the preview too
    expect(notice.locator("[data-choice=add]")).to_contain_text(words["add"])
    for button in notice.locator("[data-choice]").all():
        assert button.bounding_box()["height"] >= 44  # big touch targets
    assert Hand.objects.filter(game=game).count() == 2
    axe(second)
    if decision == "keep" and js:
        second.set_viewport_size(MOBILE_VIEWPORT)
        shoot(notice, SCREENSHOT_DIR / f"saved-meanwhile-side-by-side-{language}.png")
        if language == "tr":  # the docs' picture (`make screenshots` copies it to docs/screenshots/)
            bar = second.locator("[data-hand-bar]")  # fixed at the bottom: it would cover the table
            bar.evaluate("el => { el.style.visibility = 'hidden'; }")
            shoot(notice, DOCS_SCREENSHOT_DIR / "saved-meanwhile-side-by-side.png")
            bar.evaluate("el => { el.style.visibility = ''; }")

    with second.expect_navigation():
        notice.locator(f"[data-choice={decision}]").click()

    expect(second).to_have_url(board)
    hands, dealer = AFTER[decision]
    expect(second.locator("tbody tr[data-position]")).to_have_count(hands)
    expect(second.locator("[data-next-dealer]")).to_have_text(dealer)
    bora = [
        h.data["players"][1]["remaining"]["points"]
        for h in Hand.objects.filter(game=game).order_by("position")
    ]
    assert bora == {"keep": [30, 20], "replace": [30, 21], "add": [30, 20, 21]}[decision]
    if decision == "keep":
        expect(second.locator(".messages")).to_contain_text(words["kept"])


REPLAY = {
    "tr": ("El 2 bu formdan zaten kaydedilmişti ve o zamandan beri silindi.", "Bora · Kalan sayı: 20 ≠ 21"),
    "en": (
        "Hand 2 was already saved from this form, and has been deleted since.",
        "Bora · Left in hand: 20 ≠ 21",
    ),
}


@pytest.mark.parametrize("language", ["tr", "en"])
def test_a_hand_resent_with_its_request_id_after_it_was_deleted_names_it_and_what_differs(
    phones, live_server, language
):
    game, secret = new_table("loca-cezali", hands_planned=5, hands=[finisher(0, points=30)])
    (page, _other) = phones(language, True, game, secret)
    page.goto(live_server.url + reverse("scorer:hand_new", args=[game.public_id]))
    enter_hand_2(page, "20")
    request_id = page.locator("input[name=request_id]").input_value()
    assert request_id  # made by the page's script
    save(page)
    hand_delete(hand=Hand.objects.get(game=game, request_id=request_id))
    # The same form sent again (its answer lost), with Bora's typo corrected to 21 meanwhile.
    page.goto(live_server.url + reverse("scorer:hand_new", args=[game.public_id]))
    enter_hand_2(page, "21")
    page.locator("input[name=request_id]").evaluate("(el, id) => { el.value = id; }", request_id)
    page.locator("input[name=hands_before]").evaluate("el => { el.value = '1'; }")
    save(page)

    message = page.locator("[data-already-saved='2']")
    said, differs = REPLAY[language]
    expect(message).to_contain_text(said)
    expect(message.locator("[data-differs]")).to_have_text(differs)
    restore = message.locator("[data-restore]")
    assert restore.bounding_box()["height"] >= 44
    axe(page)
    assert Hand.objects.filter(game=game).count() == 2 and Hand.objects.live().filter(game=game).count() == 1

    with page.expect_navigation():
        restore.click()
    expect(page.locator("tbody tr[data-position]")).to_have_count(2)
