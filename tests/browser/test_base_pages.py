"""The base layout in a real browser at 375px: accessibility, keyboard use, themes, no JavaScript."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests import conftest


def _home_url(live_server) -> str:
    return live_server.url + reverse("scorer:home")


def test_home_at_375px_has_no_axe_violations(page, live_server, axe_check, screenshot):
    page.goto(_home_url(live_server))

    expect(page.locator("html")).to_have_attribute("lang", "tr")
    expect(page.get_by_role("heading", level=1)).to_have_text("101 Okey puan hesaplayıcı")
    axe_check()
    screenshot("home")
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow == 0, "the page scrolls sideways at 375px"


def test_home_in_dark_mode_has_no_axe_violations(page, live_server, axe_check, screenshot):
    page.emulate_media(color_scheme="dark")
    page.goto(_home_url(live_server))

    expect(page.locator("html")).to_have_attribute("data-bs-theme", "dark")
    axe_check()
    screenshot("home-dark")


def test_language_switch_works_with_the_keyboard_only(page, live_server, screenshot):
    page.goto(_home_url(live_server))
    english = page.get_by_role("button", name="English")

    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Ana içeriğe geç")).to_be_focused()
    for _ in range(10):
        page.keyboard.press("Tab")
        if english.evaluate("button => button === document.activeElement"):
            break
    else:
        pytest.fail("Tab never reached the English button")
    with page.expect_navigation():
        page.keyboard.press("Enter")

    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("heading", level=1)).to_have_text("101 Okey scorekeeper")
    expect(page.get_by_role("button", name="English")).to_have_attribute("aria-current", "true")
    screenshot("home-en")


def test_not_found_page_has_no_axe_violations(page, live_server, axe_check, screenshot):
    response = page.goto(live_server.url + "/no-such-page/")

    assert response is not None and response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text("Sayfa bulunamadı")
    axe_check()
    screenshot("not-found")


@pytest.mark.parametrize("color_scheme", ["light", "dark"])
def test_without_javascript_the_page_follows_the_system_theme(browser, live_server, color_scheme):
    context = browser.new_context(
        java_script_enabled=False, color_scheme=color_scheme, viewport={"width": 375, "height": 812}
    )
    try:
        page = context.new_page()
        page.goto(_home_url(live_server))
        expect(page.locator("html")).not_to_have_attribute("data-bs-theme", "dark")
        background = page.locator("body").evaluate("body => getComputedStyle(body).backgroundColor")
    finally:
        context.close()

    expected = {"light": "rgb(255, 255, 255)", "dark": "rgb(33, 37, 41)"}[color_scheme]
    assert background == expected


def test_a_bootstrap_rule_the_purge_dropped_fails_the_style_check_where_it_is_used(
    page, live_server, monkeypatch
):
    """check_styles, which every axe check runs first: the served Bootstrap without ``.d-flex``,
    which the base layout's body uses, is caught and the rule named."""
    rule = ".d-flex{display:flex!important}"
    served = (conftest.BASE_DIR / "static" / "vendor" / "bootstrap.min.css").read_text()
    assert rule in served
    page.route(
        "**/vendor/bootstrap.min*.css",
        lambda route: route.fulfill(body=served.replace(rule, ""), content_type="text/css"),
    )
    monkeypatch.setattr(conftest, "_dropped_rules", {})  # worked out for this sheet alone
    page.goto(_home_url(live_server))

    with pytest.raises(
        AssertionError, match=r"uses Bootstrap rules the served CSS dropped .*:\n\s*\.d-flex \(<body"
    ):
        conftest.check_styles(page)
