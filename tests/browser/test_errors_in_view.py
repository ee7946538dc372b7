"""Errors in view at 375 × 812, in Turkish and English, with JavaScript and without:
a refused form opens at its error summary, and each of its links moves focus to the field."""

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scorer.models import Game
from scorer.teaching import practice
from tests.support.posts import NEW_TABLE

LANGS = ["tr", "en"]
JS = pytest.mark.parametrize("js", [True, False], ids=["js", "nojs"])


def opens_at_the_summary_and_links_to(page: Page, field_id: str) -> None:
    summary = page.locator("#error-summary")
    expect(summary).to_be_in_viewport()
    expect(summary).to_be_focused()
    summary.locator(f'a[href="#{field_id}"]').click()
    expect(page.locator(f"#{field_id}")).to_be_focused()
    expect(page.locator(f"#{field_id}")).to_be_in_viewport()


@pytest.mark.parametrize("lang", LANGS)
@JS
def test_the_new_table_form_with_two_same_names_shows_its_error_in_view(
    phone, live_server, lang, js, request
):
    page = phone(lang, js=js)
    page.goto(live_server.url + reverse("scorer:game_new"))
    for i in range(1, 5):
        page.locator(f"#id_player_{i}").fill(NEW_TABLE[f"player_{i}"])
    page.locator("#id_player_4").fill("Ayşe")
    with page.expect_navigation():
        page.locator('#game-new-form [type="submit"]:not([name="refresh"])').last.click()

    assert not Game.objects.exists()
    heading = "Masa açılmadı" if lang == "tr" else "The table was not opened"
    expect(page.locator("#error-summary")).to_contain_text(heading)
    if js:
        request.getfixturevalue("screenshot")(f"new-table-error-{lang}")
        request.getfixturevalue("axe_check")()
    opens_at_the_summary_and_links_to(page, "id_player_4")


@pytest.mark.parametrize("lang", LANGS)
@JS
def test_the_import_form_given_nothing_opens_at_its_summary(phone, live_server, lang, js, request):
    page = phone(lang, js=js)
    page.goto(live_server.url + reverse("scorer:game_import"))
    with page.expect_navigation():
        page.locator('form.game-import [type="submit"]').click()
    opens_at_the_summary_and_links_to(page, "id_file")
    if js:
        request.getfixturevalue("axe_check")()


@pytest.mark.parametrize("lang", LANGS)
@JS
def test_a_practice_answer_left_empty_opens_at_its_summary(phone, live_server, lang, js, request):
    page = phone(lang, js=js)
    page.goto(live_server.url + reverse("scorer:practice_hand", args=["klasik", 3]))
    players = len(practice.deal("klasik", 3)["players"])
    for i in range(1, players):
        page.locator(f"#id_p{i}").fill("0")
    submit = page.locator('form.practice-form [type="submit"]')
    if js:
        submit.click()
    else:
        with page.expect_navigation():
            submit.click()
    opens_at_the_summary_and_links_to(page, "id_p0")
    if js:
        request.getfixturevalue("axe_check")()


@pytest.mark.parametrize("lang", LANGS)
@JS
def test_the_calculator_with_two_same_names_opens_at_its_summary(phone, live_server, lang, js):
    page = phone(lang, js=js)
    page.goto(live_server.url + reverse("scorer:calculator"))
    if js:  # htmx listens once the page's script has run
        expect(page.locator("[data-hand-form].js-ready")).to_be_attached()
    page.locator("#id_setup-name_0").fill("Ali")
    page.locator("#id_setup-name_1").fill("Ali")
    page.locator("#id_setup-name_1").press("Tab")
    if js:  # the live result comes from the server (late answers: tests/browser/test_slow_answers.py)
        expect(page.locator('#calc-result a[href="#id_setup-name_1"]')).to_be_visible()
        return  # with JavaScript the live result names it as you type (tests/browser/test_calc.py)
    with page.expect_navigation():
        page.locator('button[name="refresh"]').click()
    opens_at_the_summary_and_links_to(page, "id_setup-name_1")
