"""Handing over a table in a real browser at 375 × 812: copy, share and QR of the board's links,
a new edit link, "Masalarım", and the same panel without JavaScript."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from scorer.models import Game
from scorer.tables.services.hands import hand_record
from tests.conftest import SCREENSHOT_DIR, shoot
from tests.support.factories import claim_url, new_table

FAKE_SHARE = "navigator.share = (data) => { window.sharedData = data; return Promise.resolve(); };"
NO_CLIPBOARD = "Object.defineProperty(navigator, 'clipboard', {value: undefined});"


def loca_table() -> tuple[Game, str]:
    return new_table("loca", hands_planned=7)


def claim(page, live_server, game: Game, secret: str) -> str:
    """Open the edit link on this phone; returns the link."""
    link = live_server.url + claim_url(game, secret)
    page.goto(link)
    return link


def open_edit_link(page) -> None:
    page.get_by_text("Düzenleme bağlantısını göster").click()
    expect(page.locator("#edit-link")).to_be_visible()


def qr_loaded(page, selector: str) -> bool:
    return page.eval_on_selector(selector, "img => img.complete && img.naturalWidth > 0")


@pytest.fixture
def other_phone(browser, browser_context_args):
    context = browser.new_context(**browser_context_args)
    yield context.new_page()
    context.close()


def test_copy_share_and_qr_of_the_edit_link_on_a_phone(page, live_server, axe_check, screenshot):
    game, secret = loca_table()
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server.url)
    page.add_init_script(FAKE_SHARE)
    link = claim(page, live_server, game, secret)
    assert page.url.endswith(reverse("scorer:game_board", args=[game.public_id]))  # secret gone

    panel = page.locator("[data-share-panel]")
    expect(panel).to_have_attribute("open", "")  # a new table shows it: hand it round now
    open_edit_link(page)
    expect(page.locator("#edit-link")).to_have_value(link)
    page.locator("[data-copy=edit-link]").click()
    expect(page.locator("[data-share-status]")).to_have_text("Kopyalandı.")
    assert page.evaluate("navigator.clipboard.readText()") == link

    page.locator("[data-copy=viewer-link]").click()
    viewer_link = live_server.url + reverse("scorer:game_board", args=[game.public_id])
    # the status already reads "Kopyalandı.": wait for the clipboard itself to change
    page.wait_for_function("async (v) => (await navigator.clipboard.readText()) === v", arg=viewer_link)

    page.locator("[data-share=edit-link]").click()
    expect(page.locator("[data-share-status]")).to_have_text("Paylaşıldı.")
    assert page.evaluate("window.sharedData.url") == link

    page.locator(".edit-qr").scroll_into_view_if_needed()
    page.wait_for_function("document.querySelector('.edit-qr').complete")
    assert qr_loaded(page, ".edit-qr") and qr_loaded(page, ".viewer-qr")
    for button in page.locator("[data-share-panel] .btn").all():
        box = button.bounding_box()
        assert box["height"] >= 44, button.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    axe_check()
    shoot(panel, screenshot("share-panel").with_name("share-panel-closeup.png"))


def test_without_the_clipboard_api_copy_selects_the_link(page, live_server):
    game, secret = loca_table()
    page.add_init_script(NO_CLIPBOARD)
    link = claim(page, live_server, game, secret)
    open_edit_link(page)

    page.locator("[data-copy=edit-link]").click()

    selected = page.evaluate(
        "(() => { const i = document.getElementById('edit-link');"
        " return document.activeElement === i && i.value.slice(i.selectionStart, i.selectionEnd); })()"
    )
    assert selected == link
    expect(page.locator("[data-share-status]")).not_to_be_empty()
    expect(page.locator("[data-share=edit-link]")).to_be_hidden()  # no Web Share API here


def test_handing_over_with_the_qr_link_then_a_new_link_locks_the_other_phone_out(
    page, other_phone, live_server, screenshot
):
    game, secret = loca_table()
    link = claim(page, live_server, game, secret)
    other_phone.goto(link)  # what scanning the QR code opens
    expect(other_phone.locator("[data-add-hand]")).to_be_visible()

    open_edit_link(page)
    page.locator("[data-rotate]").click()
    page.locator("dialog[data-confirm-dialog] [data-confirm-yes]").click()  # it asks first

    expect(page.locator("#edit-link")).to_be_visible()  # the panel opens on the new link
    new_link = page.locator("#edit-link").input_value()
    assert new_link != link
    screenshot("share-panel-new-link")
    other_phone.reload()
    expect(other_phone.locator("[data-add-hand]")).to_have_count(0)
    expect(other_phone.locator("[data-share-panel]")).to_have_count(0)
    expect(other_phone.locator("[data-revoked-notice]")).to_contain_text(
        "bu telefon artık yalnızca izleyebilir"
    )
    other_phone.goto(link)
    expect(other_phone.locator("h1")).to_have_text("Bu düzenleme bağlantısı değiştirildi")


def test_the_share_panel_without_javascript(browser, browser_context_args, live_server):
    context = browser.new_context(**browser_context_args, java_script_enabled=False)
    page = context.new_page()
    game, secret = loca_table()
    link = claim(page, live_server, game, secret)

    page.get_by_text("Düzenleme bağlantısını göster").click()

    expect(page.locator("#edit-link")).to_have_value(link)
    expect(page.locator("[data-copy]")).to_have_count(2)
    for button in page.locator("[data-copy], [data-share]").all():
        expect(button).to_be_hidden()
    page.locator("#edit-link").select_text()  # selectable by hand
    page.wait_for_function("document.querySelector('.edit-qr').complete")
    assert qr_loaded(page, ".edit-qr")
    shoot(page, SCREENSHOT_DIR / "share-panel-nojs.png", full_page=True)  # this page, not `page`
    context.close()


def test_my_tables_on_the_home_page(page, live_server, axe_check, screenshot):
    mine, secret = loca_table()
    hand_record(
        game=mine,
        data={
            "players": [
                {"opened": "sets", "finished": True},
                {"opened": "sets", "remaining": {"points": 30}},
                {"opened": "pairs", "remaining": {"points": 10}},
                {"opened": "none"},
            ]
        },
    )
    watched, _ = new_table(options={"partners": True})
    claim(page, live_server, mine, secret)
    page.goto(live_server.url + reverse("scorer:game_board", args=[watched.public_id]))

    page.goto(live_server.url + reverse("scorer:home"))

    rows = page.locator("[data-my-tables] [data-table]")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_have_attribute("data-table", watched.public_id)
    expect(rows.nth(1)).to_contain_text("El 1/7")
    axe_check()
    screenshot("home-my-tables")
