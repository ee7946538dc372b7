"""What people see when a save meets another phone's change, or a rate limit, on a phone."""

import pytest
from django.core.cache import caches
from django.urls import reverse
from playwright.sync_api import expect

from scorer.models import Hand
from scorer.tables.services.hands import hand_update
from tests.conftest import SCREENSHOT_DIR, shoot
from tests.support.factories import claim_url, finisher_alone, new_table


@pytest.fixture
def table(live_server, page):
    game, secret = new_table("loca-cezali", hands_planned=5, hands=[finisher_alone()])
    page.goto(live_server.url + claim_url(game, secret))
    return game


def test_a_stale_correction_shows_the_other_change_and_keeps_what_was_typed(
    live_server, page, table, axe_check, screenshot
):
    page.goto(live_server.url + reverse("scorer:hand_edit", args=[table.public_id, 1]))
    hand_update(
        hand=Hand.objects.get(game=table),
        data={"players": [{}, {"opened": "sets", "finished": True}, {}, {}]},
    )
    page.locator("label[for=id_p2-opened_1]").click()
    page.locator("[name=p2-points]").fill("37")

    page.locator("[data-save]").click()

    notice = page.locator("[data-changed-meanwhile]")
    expect(notice).to_be_visible()
    expect(notice.locator("[data-other-change] [data-field]").first).to_be_visible()
    expect(page.locator("[name=p2-points]")).to_have_value("37")
    expect(page.locator("#hand-preview .hand-result")).to_be_visible()  # the preview still shows
    screenshot("stale-correction")
    axe_check()


def test_the_rate_limit_page_is_friendly_and_in_turkish(live_server, page, settings, axe_check, screenshot):
    settings.RATELIMIT_ENABLE = True
    settings.OKEYCALC_RATES = settings.OKEYCALC_RATES | {"compare": "1/m"}
    caches["limits"].clear()
    try:
        page.goto(live_server.url + "/karsilastir/")
        response = page.goto(live_server.url + "/karsilastir/")

        assert response.status == 429
        expect(page.locator("h1")).to_have_text("Çok fazla istek")
        screenshot("rate-limited")
        axe_check()
    finally:
        caches["limits"].clear()


def test_the_same_hand_saved_from_two_tabs_lands_on_the_board_saying_already_saved(live_server, page, table):
    url = live_server.url + reverse("scorer:hand_new", args=[table.public_id])
    tabs = [page, page.context.new_page()]
    for tab in tabs:
        tab.goto(url)
        tab.locator("[name=finisher][value='0']").check(force=True)
        tab.locator("[name=p0-opened][value=sets]").check(force=True)

    for tab in tabs:
        tab.locator("[data-save]").click()
        expect(tab).to_have_url(live_server.url + reverse("scorer:game_board", args=[table.public_id]))

    expect(tabs[1].locator("body")).to_contain_text("El 2 zaten kaydedilmişti.")
    assert Hand.objects.filter(game=table).count() == 2
    shoot(tabs[1], SCREENSHOT_DIR / "already-saved.png", full_page=True)
