"""The newcomer path, the glossary and practice mode in Chromium at 375 px: with and without
JavaScript, in Turkish and English, axe-clean; practice plays hands at every level, some right and some
wrong: 4 a level by default, 10 in a deep run (tests/support/depth.py)."""

import contextlib
import re

from django.urls import reverse
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from scorer.engine import score_hand
from scorer.teaching import practice
from tests.support.depth import examples

# Four hands give every level right answers and a wrong one: the streak grows, ends, and its best stays.
HANDS_PER_LEVEL = examples(10, quick=4)


def no_sideways_scroll(page: Page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow == 0, f"{page.url} scrolls sideways at 375px"


def english(page: Page, live_server) -> None:
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])


def test_the_newcomer_path_calculates_live_with_javascript(page, live_server, axe_check, screenshot):
    page.goto(live_server.url + reverse("scorer:learn"))
    expect(page.locator("h1")).to_have_text("101'de puan nasıl yazılır")
    axe_check()
    no_sideways_scroll(page)
    screenshot("learn")

    page.locator("#taslar").fill("13 13 1")
    expect(page.locator("#sonuc-1 [data-total]")).to_have_attribute("data-total", "27")
    page.select_option("#gosterge_renk", "black")
    page.select_option("#gosterge_sayi", "13")
    expect(page.locator("#sonuc-2 [data-okey]")).to_have_attribute("data-okey", "black-1")
    page.locator("#acilis_boyut").fill("94")
    expect(page.locator("#sonuc-3")).to_have_attribute("data-opens", "no")
    page.locator("#bitis-pairs_okey").check()
    expect(page.locator("#sonuc-4 [data-points]")).to_have_attribute("data-points", "-808")
    page.locator("#el_per").fill("30")
    expect(page.locator("#sonuc-5 .player-result [data-total]").nth(1)).to_have_attribute("data-total", "131")
    assert page.url.endswith(reverse("scorer:learn")) or "taslar" in page.url  # no full reload needed
    axe_check()

    english(page, live_server)
    page.goto(live_server.url + reverse("scorer:learn"))
    expect(page.locator("h1")).to_have_text("How to score 101")
    axe_check()
    no_sideways_scroll(page)


def test_the_newcomer_path_works_without_javascript(browser, live_server):
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": 375, "height": 812}, locale="tr-TR"
    )
    try:
        page = context.new_page()
        page.goto(live_server.url + reverse("scorer:learn"))
        page.locator("#taslar").fill("10 10")
        page.locator("#adim-1 button[type=submit]").click()
        expect(page.locator("#sonuc-1 [data-total]")).to_have_attribute("data-total", "20")
        assert page.url.endswith("#adim-1")
        expect(page.locator("#adim-1-title")).to_be_in_viewport()
        page.locator("#bitis-okey").check()
        page.locator("#adim-4 button[type=submit]").click()
        expect(page.locator("#sonuc-4 [data-points]")).to_have_attribute("data-points", "-404")
        expect(page.locator("#sonuc-1 [data-total]")).to_have_attribute("data-total", "20")  # kept
        page.locator("#taslar").fill("1 99")
        page.locator("#adim-1 button[type=submit]").click()
        expect(page.locator("[data-errors]")).to_contain_text("Taşlar")
        expect(page.locator("#taslar")).to_have_value("1 99")
    finally:
        context.close()


def test_the_glossary_and_its_links_in_both_languages(page, live_server, axe_check, screenshot):
    page.goto(live_server.url + reverse("scorer:rules", args=["loca"]))
    link = page.locator('a.gloss-link[data-term="elden"]')
    expect(link).to_have_count(1)
    link.click()
    expect(page).to_have_url(re.compile(r"/sozluk/#elden$"))
    expect(page.locator("#elden")).to_be_in_viewport()
    axe_check()
    no_sideways_scroll(page)
    screenshot("glossary")

    english(page, live_server)
    page.goto(live_server.url + reverse("scorer:glossary"))
    expect(page.locator("h1")).to_have_text("Glossary")
    expect(page.locator("#cift dfn")).to_have_text("pair (çift)")
    axe_check()
    page.goto(live_server.url + reverse("scorer:rules", args=["kerizim"]))
    axe_check()  # glossary links in running text pass the link-in-text-block rule
    no_sideways_scroll(page)


def expected_answers(level: str, seed: int) -> dict[str, int]:
    hand = practice.deal(level, seed)
    return {a.key: a.expected for a in practice.answers(hand, score_hand(hand))}


def seed_of(page: Page, level: str) -> int:
    match = re.search(rf"/alistirma/{level}/(\d+)/$", page.url)
    assert match, page.url
    return int(match.group(1))


def answer(page: Page, values: dict[str, int]) -> None:
    for key, value in values.items():
        page.locator(f"#id_{key}").fill(str(value))
    page.get_by_role("button", name=re.compile("Puanlarımı değerlendir|Mark my scores")).click()


def test_practice_plays_hands_at_every_level_some_right_some_wrong(page, live_server, axe_check, screenshot):
    streak = best = 0
    for k, level in enumerate(practice.LEVELS):
        page.goto(live_server.url + reverse("scorer:practice_new", args=[level.slug]))
        for n in range(HANDS_PER_LEVEL):
            seed = seed_of(page, level.slug)
            right = expected_answers(level.slug, seed)
            wrong_key = None if (n + k) % 3 else sorted(right)[n % len(right)]
            given = right | ({wrong_key: right[wrong_key] + 101} if wrong_key else {})
            answer(page, given)
            marking = page.locator(".practice-marking")
            expect(marking).to_have_attribute("data-right", str(len(right) - (1 if wrong_key else 0)))
            expect(page.locator("#marking-heading")).to_be_in_viewport()
            if wrong_key:
                mark = page.locator(f'[data-answer="{wrong_key}"]')
                expect(mark).to_have_attribute("data-correct", "no")
                expect(mark.locator("[data-hint]").first).to_be_visible()
                expect(mark.locator(".practice-lines a").first).to_have_attribute(
                    "href", re.compile(r"^/kurallar/")
                )
            streak = 0 if wrong_key else streak + 1
            best = max(best, streak)
            expect(page.locator("#practice-streak")).to_have_attribute("data-streak", str(streak))
            expect(page.locator("#practice-streak")).to_have_attribute("data-best", str(best))
            if n == 0:
                axe_check()
                no_sideways_scroll(page)
                screenshot(f"practice-{level.slug}")
            page.locator('[data-action="next"]').click()
            expect(page).to_have_url(re.compile(rf"/alistirma/{level.slug}/{practice.next_seed(seed)}/$"))


def test_practice_works_without_javascript_and_in_english(browser, live_server):
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": 375, "height": 812}, locale="en-GB"
    )
    context.add_cookies([{"name": "django_language", "value": "en", "url": live_server.url}])
    try:
        page = context.new_page()
        for level in practice.LEVELS:
            page.goto(live_server.url + reverse("scorer:practice_new", args=[level.slug]))
            seed = seed_of(page, level.slug)
            right = expected_answers(level.slug, seed)
            answer(page, right | {"p0": right["p0"] - 1})
            expect(page.locator(".practice-marking")).to_have_attribute("data-right", str(len(right) - 1))
            expect(page.locator('[data-answer="p0"] [data-hint]').first).to_be_visible()
            page.locator("#id_p0").fill(str(right["p0"]))
            page.locator("button[type=submit]").last.click()
            expect(page.locator(".practice-marking")).to_have_attribute("data-right", str(len(right)))
            page.locator("#id_p1").fill("")
            page.locator("button[type=submit]").last.click()
            expect(page.locator("[data-form-errors]")).to_be_visible()
    finally:
        context.close()


def test_a_bad_tile_shows_its_error_and_no_stale_sum_with_javascript(page, live_server, axe_check):
    page.goto(live_server.url + reverse("scorer:learn"))
    expect(page.locator("#sonuc-1 [data-total]")).to_have_attribute("data-total", "23")

    field = page.locator("#taslar")
    field.fill("14 0 5")
    error = page.locator("#sonuc-1 #taslar_error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("Taş değil: 14, 0")
    expect(page.locator("#sonuc-1 [data-total]")).to_have_count(0)
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_have_attribute("aria-describedby", "taslar_error")
    expect(field).to_have_class(re.compile(r"\bis-invalid\b"))
    axe_check()

    field.fill("13 1")
    expect(page.locator("#sonuc-1 [data-total]")).to_have_attribute("data-total", "14")
    expect(page.locator("#taslar_error")).to_have_count(0)
    expect(field).not_to_have_attribute("aria-invalid", "true")
    expect(field).not_to_have_class(re.compile(r"\bis-invalid\b"))


def test_an_answer_overtaken_by_typing_is_dropped_so_the_sum_is_never_stale(page, live_server):
    # The answer to "14 0 5" is held on its way; "13 1" typed after it is answered. The held one
    # is aborted (hx-sync replace), so it can never land after the newer sum.
    page.goto(live_server.url + reverse("scorer:learn"))
    expect(page.locator("#sonuc-1 [data-total]")).to_have_attribute("data-total", "23")
    page.evaluate(
        "() => document.addEventListener('htmx:xhr:abort', () => { document.body.dataset.aborted = 'yes'; })"
    )
    held = []

    def hold_the_first(route):
        if "taslar=14" in route.request.url:
            held.append(route)
        else:
            route.continue_()

    page.route("**/puan-nasil-yazilir/?*", hold_the_first)
    field = page.locator("#taslar")
    with page.expect_request(lambda request: "taslar=14" in request.url):
        field.fill("14 0 5")
    field.fill("13 1")
    expect(page.locator("#sonuc-1 [data-total]")).to_have_attribute("data-total", "14")
    expect(page.locator("body")).to_have_attribute("data-aborted", "yes")
    assert held, "the first answer was not held"
    for route in held:
        with contextlib.suppress(PlaywrightError):  # the browser has dropped the aborted request
            route.continue_()
    expect(page.locator("#sonuc-1 [data-total]")).to_have_attribute("data-total", "14")


def test_a_field_marked_wrong_without_javascript_is_unmarked_once_fixed_with_it(page, live_server):
    # A link (or a page sent without JavaScript) with a bad value marks the field; typing a good
    # value with JavaScript swaps only the step's result, and the field follows it.
    page.goto(live_server.url + reverse("scorer:learn") + "?cz_per=999&es_cem=-1#adim-6")
    field = page.locator("#cz_per")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#sonuc-6 #cz_per_error")).to_be_visible()
    expect(page.locator('#error-summary a[href="#cz_per"]')).to_have_count(1)

    field.fill("23")
    expect(page.locator("#sonuc-6 [data-multiplier]")).to_be_visible()
    expect(page.locator("#cz_per_error")).to_have_count(0)
    expect(page.locator('#error-summary a[href="#cz_per"]')).to_have_count(0)
    expect(page.locator('#error-summary a[href="#es_cem"]')).to_have_count(1)  # still wrong

    page.locator("#es_cem").fill("15")
    expect(page.locator("#es_cem_error")).to_have_count(0)
    expect(page.locator("#error-summary")).to_have_count(0)
    expect(field).not_to_have_attribute("aria-invalid", "true")
    expect(field).not_to_have_class(re.compile(r"\bis-invalid\b"))


def test_the_cezali_and_partners_steps_calculate_live_and_without_javascript(
    page, live_server, axe_check, browser
):
    page.goto(live_server.url + reverse("scorer:learn") + "#adim-6")
    page.select_option("#cz_bitis", "elden")
    expect(page.locator("#sonuc-6 [data-multiplier]")).to_have_attribute("data-multiplier", "2")
    page.locator("#cz_per").fill("30")  # Bora: 30 × 2 − 101 + 7 × 20
    expect(page.locator("#sonuc-6 .player-result [data-total]").nth(1)).to_have_attribute("data-total", "99")
    page.select_option("#es_bitis", "okey_elden")
    expect(page.locator("#sonuc-7 [data-team-line]")).to_have_attribute("data-team-line", "1600")
    page.select_option("#es_bitis", "normal")
    expect(page.locator("#sonuc-7 [data-team-line]")).to_have_attribute("data-team-line", "0")
    page.locator("#es_deniz").fill("5000")
    expect(page.locator("#sonuc-7 #es_deniz_error")).to_be_visible()
    expect(page.locator("#sonuc-7 .team-result")).to_have_count(0)
    axe_check()
    english(page, live_server)
    page.goto(live_server.url + reverse("scorer:learn") + "?cz_yandan=99#adim-6")
    expect(page.locator("#sonuc-6 #cz_yandan_error")).to_be_visible()
    axe_check()
    no_sideways_scroll(page)

    context = browser.new_context(
        java_script_enabled=False, viewport={"width": 375, "height": 812}, locale="tr-TR"
    )
    try:
        nojs = context.new_page()
        nojs.goto(live_server.url + reverse("scorer:learn"))
        nojs.locator("#taslar").fill("14 0 5")
        nojs.locator("#adim-1 button[type=submit]").click()
        expect(nojs.locator("#sonuc-1 #taslar_error")).to_be_visible()
        expect(nojs.locator("#sonuc-1 [data-total]")).to_have_count(0)
        nojs.locator("#taslar").fill("7 7")
        nojs.select_option("#es_bitis", "elden")
        nojs.locator("#adim-7 button[type=submit]").click()
        expect(nojs.locator("#sonuc-7 [data-team-line]")).to_have_attribute("data-team-line", "808")
        assert nojs.url.endswith("#adim-7")
        nojs.select_option("#cz_bitis", "pairs")
        nojs.locator("#adim-6 button[type=submit]").click()
        expect(nojs.locator("#sonuc-6 [data-multiplier]")).to_have_attribute("data-multiplier", "2")
        expect(nojs.locator("#sonuc-1 [data-total]")).to_have_attribute("data-total", "14")
    finally:
        context.close()
