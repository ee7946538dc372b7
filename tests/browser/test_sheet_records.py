"""The score sheet at 375 × 812, in Turkish and English, with and without JavaScript: the sheet records
who dealt and who finished each hand (and never rewrites it), the series of a rematch chain and the
game's length, and joining a table by its code."""

import csv
import io
from dataclasses import dataclass

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scorer.models import Game
from scorer.tables.services.games import game_rematch
from scorer.tables.services.hands import hand_delete, hand_record
from tests.conftest import SCREENSHOT_DIR, check_axe, shoot
from tests.support.factories import claim_in, finisher, new_table

WORDS = {
    "tr": {"dealer": "Dağıtan", "finisher": "Bitiren", "pairs": "çift", "elden": "elden"},
    "en": {"dealer": "Dealer", "finisher": "Finisher", "pairs": "pairs", "elden": "elden"},
}


@dataclass
class Phone:
    page: Page
    lang: str
    js: bool

    def words(self, key: str) -> str:
        return WORDS[self.lang][key]

    def axe(self) -> None:
        """axe-core on the page as it is (it needs JavaScript: the no-JS pages are the same markup)."""
        if not self.js:
            return
        check_axe(self.page)

    def shot(self, name: str) -> None:
        suffix = f"{self.lang}{'' if self.js else '-nojs'}"
        shoot(self.page, SCREENSHOT_DIR / f"{name}-{suffix}.png", full_page=True)


PHONES = [("tr", True), ("tr", False), ("en", True), ("en", False)]


@pytest.fixture(params=PHONES, ids=[f"{lang}-{'js' if js else 'nojs'}" for lang, js in PHONES])
def phone(request, browser, browser_context_args, live_server):
    lang, js = request.param
    context = browser.new_context(**browser_context_args, java_script_enabled=js)
    context.add_cookies([{"name": "django_language", "value": lang, "url": live_server.url}])
    yield Phone(context.new_page(), lang, js)
    context.close()


def board_url(live_server, game) -> str:
    return live_server.url + reverse("scorer:game_board", args=[game.public_id])


def facts(page: Page) -> list[str]:
    return [" ".join(text.split()) for text in page.locator("tbody tr.hand-facts").all_inner_texts()]


# --- the sheet records what happened ---------------------------------------------------------


def test_each_hand_shows_its_labelled_dealer_and_finisher_and_deleting_hand_1_changes_no_dealer(
    phone, live_server
):
    pairs_elden = {"opened": "pairs", "finished": True, "finish": {"elden": True}}
    opener = {"opened": "sets", "remaining": {"points": 12}}
    hands = [finisher(0), {"players": [opener, {}, pairs_elden, {}]}, finisher(3), finisher(1)]
    game, secret = new_table("loca-cezali", hands_planned=7, first_dealer=1, hands=hands)
    claim_in(phone.page.context, live_server, game, secret)
    page = phone.page
    dealer, fin = phone.words("dealer"), phone.words("finisher")

    page.goto(board_url(live_server, game))
    before = facts(page)
    assert before[1] == f"{dealer}: Cem · {fin}: Cem · {phone.words('pairs')} + {phone.words('elden')}"
    assert [line.split(" · ")[0] for line in before] == [
        f"{dealer}: {name}" for name in ("Bora", "Cem", "Deniz", "Ayşe")
    ]
    phone.axe()
    phone.shot("board-records")

    hand_delete(hand=game.hands.get(position=1))
    page.goto(board_url(live_server, game))
    expect(page.locator("tbody tr[data-number]")).to_have_count(3)
    assert facts(page) == before[1:]  # every later hand keeps its dealer (and finisher)
    expect(page.locator("[data-next-dealer]")).to_have_text("Bora")  # after Ayşe, not after the hand count

    response = page.context.request.get(live_server.url + reverse("scorer:export_csv", args=[game.public_id]))
    rows = list(csv.reader(io.StringIO(response.text().lstrip("\ufeff"))))
    assert [row[1] for row in rows[1:-1]] == ["Cem", "Deniz", "Ayşe"]
    assert [row[2] for row in rows[1:-1]] == ["Cem", "Deniz", "Bora"]

    page.goto(live_server.url + reverse("scorer:game_print", args=[game.public_id]))
    expect(page.locator("tbody [data-dealer]")).to_have_text(["Cem", "Deniz", "Ayşe"])
    expect(page.locator("tbody [data-finisher]").first).to_have_text(
        f"Cem · {phone.words('pairs')} + {phone.words('elden')}"
    )
    phone.axe()


# --- series and game length ----------------------------------------------------------------------


def rematch_chain(length: int) -> list:
    """Kerizim tables of 3 hands, each the rematch of the one before; the last one has one hand."""
    game, secret = new_table("kerizim", hands_planned=3)
    games = [game]
    for _k in range(length - 1):
        for seat in (0, 1, 0):
            hand_record(game=games[-1], data=finisher(seat, points=30))
        games.append(game_rematch(game=Game.objects.get(pk=games[-1].pk))[0])
    hand_record(game=games[-1], data=finisher(2))
    return [Game.objects.get(pk=g.pk) for g in games], secret


SERIES = {
    "tr": {"heading": "Rövanş serisi", "games": "3 oyun", "won": "Kazandığı oyun"},
    "en": {"heading": "Rematch series", "games": "3 games", "won": "Games won"},
}


def test_the_board_and_the_sheet_of_a_rematch_show_the_series_tally(phone, live_server):
    games, _secret = rematch_chain(3)
    page, words = phone.page, SERIES[phone.lang]

    page.goto(board_url(live_server, games[-1]))
    tally = page.locator("[data-series-tally]")
    expect(tally).to_contain_text(words["heading"])
    expect(tally).to_contain_text(words["games"])
    expect(tally.locator("th").first).to_be_visible()
    wins = [int(v) for v in tally.locator("[data-wins]").evaluate_all("els => els.map(e => e.dataset.wins)")]
    assert sum(wins) == 2 and max(wins) == 2  # one player won both finished games
    totals = tally.locator("[data-series-total]").evaluate_all(
        "els => els.map(e => Number(e.dataset.seriesTotal))"
    )
    assert len(totals) == 4
    # the totals row of this game's board is still on the first screen
    assert page.locator(".totals").bounding_box()["y"] + 40 < 812
    phone.axe()
    phone.shot("board-series")

    page.goto(live_server.url + reverse("scorer:game_print", args=[games[-1].public_id]))
    expect(page.locator("[data-series-tally]")).to_contain_text(words["games"])
    phone.axe()


def test_the_scorekeeper_changes_the_planned_hands_and_a_stale_change_is_refused(phone, live_server):
    game, secret = new_table("gkokay", hands_planned=5, hands=[finisher(0), finisher(1)])
    claim_in(phone.page.context, live_server, game, secret)
    page = phone.page
    page.goto(board_url(live_server, game))
    expect(page.locator("[data-hands-planned]")).to_have_attribute("data-hands-planned", "5")

    box = page.locator("details[data-plan]")
    box.locator("summary").click()
    options = box.locator("select[name=hands_planned] option").evaluate_all("els => els.map(e => e.value)")
    assert options == ["2", "3", "5", "7", "11"]  # GkOkay's counts, none below the 2 hands played
    box.locator("select[name=hands_planned]").select_option("7")
    phone.axe()
    phone.shot("board-plan")
    box.locator("button[type=submit]").click()
    expect(page.locator("[data-hands-planned]")).to_have_attribute("data-hands-planned", "7")
    expect(page.locator("[data-plan-done], .alert-success").first).to_contain_text("7")
    assert Game.objects.get(pk=game.pk).hands_planned == 7

    # Another phone saves a hand while this one is choosing: the pushed board waits for the form
    # to be left (it would wipe the choice), so the choice is sent stale and refused, saying so.
    box = page.locator("details[data-plan]")
    if not box.evaluate("d => d.open"):
        box.locator("summary").click()
    box.locator("select[name=hands_planned]").select_option("3")
    box.locator("select[name=hands_planned]").focus()  # still choosing
    hand_record(game=game, data=finisher(2))
    if phone.js:
        expect(page.locator(".live-stream[data-behind]")).to_have_count(1)  # held back, not lost
    box.locator("button[type=submit]").click()
    stale = {"tr": "Masa bu arada değişti", "en": "The table changed meanwhile"}[phone.lang]
    expect(page.get_by_text(stale)).to_be_visible()
    assert Game.objects.get(pk=game.pk).hands_planned == 7
    phone.axe()


MY_TABLES = {
    "tr": {"progress": "El 1/3", "rematch": "Rövanş 2", "winner": "Kazanan"},
    "en": {"progress": "Hand 1/3", "rematch": "Rematch 2", "winner": "Winner"},
}


def test_my_tables_tells_identical_titles_apart(phone, live_server):
    games, secret = rematch_chain(3)
    page, words = phone.page, MY_TABLES[phone.lang]
    for game in games:  # this phone watched every game of the chain
        page.goto(board_url(live_server, game))

    page.goto(live_server.url + reverse("scorer:my_tables"))
    rows = page.locator("[data-my-tables] [data-table]")
    expect(rows).to_have_count(3)
    newest = rows.nth(0)
    expect(newest).to_contain_text(words["progress"])
    expect(newest).to_contain_text(words["rematch"])
    expect(newest).to_contain_text("Kerizim")
    expect(newest.locator("time")).to_have_count(1)
    expect(rows.nth(2)).to_contain_text(words["winner"])
    expect(rows.nth(2).locator("[data-rematch-order]")).to_have_count(0)  # the first game
    phone.axe()
    phone.shot("my-tables")


# --- join by code ----------------------------------------------------------------------------------


JOIN = {
    "tr": {"label": "Masa kodu", "button": "Masayı aç", "unknown": "Bu kodla bir masa yok"},
    "en": {"label": "Table code", "button": "Open the table", "unknown": "No table has this code"},
}


def test_typing_the_code_on_the_home_page_opens_the_board_to_watch(phone, live_server):
    game, _secret = new_table(hands=[finisher(0)])
    page, words = phone.page, JOIN[phone.lang]
    Game.objects.filter(code="ZZZZZZ").delete()

    page.goto(live_server.url + reverse("scorer:home"))
    field = page.get_by_label(words["label"], exact=True)
    field.fill("zzz zzz")
    page.get_by_role("button", name=words["button"]).click()
    expect(page.locator("#join-code_error")).to_contain_text(words["unknown"])
    expect(page.get_by_label(words["label"], exact=True)).to_have_value("zzz zzz")
    expect(page.get_by_label(words["label"], exact=True)).to_have_attribute("aria-invalid", "true")
    button = page.get_by_role("button", name=words["button"]).bounding_box()
    assert button["x"] + button["width"] <= 375 - 12, button  # on screen, inside the page margin
    assert page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth") == 0
    phone.axe()
    phone.shot("home-join-error")

    typed = f"{game.code[:3].lower()}-{game.code[3:].lower()}"
    page.get_by_label(words["label"], exact=True).fill(typed)
    page.get_by_role("button", name=words["button"]).click()
    expect(page).to_have_url(board_url(live_server, game))
    expect(page.locator("[data-join-code]")).to_contain_text(f"{game.code[:3]}-{game.code[3:]}")
    expect(page.locator("[data-add-hand]")).to_have_count(0)  # watching only
    assert page.locator("form[method=post]:not(.lang-switch)").count() == 0
    phone.axe()
