"""A club from a phone (375 × 812), in Turkish with JavaScript and in English without: open a club
of 6, play three games (one eşli) at tables opened in it with the seats chosen from the members,
correct a hand, then see the leaderboard (its ratings are openskill's own on the same games), a
member's page with its statistics and chart, and the season table on the venue display at
1920 × 1080. axe clean."""

import datetime
import re

import pytest
from django.urls import reverse
from openskill.models import PlackettLuce
from playwright.sync_api import Page, expect

from scorer.clubs.models import Club
from scorer.clubs.selectors import club_document
from scorer.engine import score_game
from scorer.models import Game
from scorer.tables.services.hands import hand_record
from tests.conftest import DOCS_SCREENSHOT_DIR, MOBILE_VIEWPORT, check_axe, shoot
from tests.support.factories import finisher

MEMBERS = ["Ayşe", "Bora", "Cem", "Deniz", "Ece", "Filiz"]
TV = {"width": 1920, "height": 1080}
TEXT = {
    "tr": {
        "club_name": "Kulübün adı", "members": "Üyeler", "open_club": "Kulübü aç",
        "open_in_club": "Kulüpte masa aç", "open_table": "Masayı aç", "season": "Sezonun adı",
        "add_season": "Sezonu ekle", "leaderboard": "Sıralama", "provisional": "Geçici (5 oyundan az)",
        "stats": "İstatistikler",
    },
    "en": {
        "club_name": "Club name", "members": "Members", "open_club": "Open the club",
        "open_in_club": "Open a table in the club", "open_table": "Open the table", "season": "Season name",
        "add_season": "Add the season", "leaderboard": "Leaderboard", "provisional": "Provisional (fewer than 5 games)",
        "stats": "Statistics",
    },
}  # fmt: skip


@pytest.fixture
def phone(browser, live_server):
    contexts = []

    def make(language: str, js: bool, viewport=MOBILE_VIEWPORT) -> Page:
        context = browser.new_context(java_script_enabled=js, viewport=viewport, locale="tr-TR")
        context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


def axe(page: Page, js: bool) -> None:
    """axe needs JavaScript; the same markup is checked in the run with it."""
    if js:
        check_axe(page)


def open_table(page: Page, text: dict, players: list[str], *, js: bool, partners: bool = False) -> Game:
    page.get_by_role("link", name=text["open_in_club"]).click()
    for seat in range(1, 5):
        expect(page.locator(f"#id_player_{seat}")).to_have_attribute("list", "club-members")
    expect(page.locator("datalist#club-members option")).to_have_count(len(MEMBERS))
    if partners:
        page.locator("#id_option_partners").check()
        if not js:  # without JavaScript the eşli seats come with the options' button
            page.locator("button[name=refresh]").click()
        expect(page.locator(".teams")).to_be_visible()
        expect(page.locator("#id_player_1")).to_have_attribute("list", "club-members")
    page.locator("#id_hands_planned").select_option("1")
    for seat, name in enumerate(players, start=1):
        page.locator(f"#id_player_{seat}").fill(name)
    page.get_by_role("button", name=text["open_table"]).click()
    expect(page).to_have_url(re.compile(r"/masa/[A-Za-z0-9_-]+/$"))
    return Game.objects.get(public_id=page.url.rstrip("/").rsplit("/", 1)[1])


def play_three_games_and_correct_one(
    page: Page, live_server, text: dict, club_page: str, *, js: bool
) -> None:
    """Three tables opened in the club, one eşli; each hand through the services (the hand form
    has its own tests), then a correction through the correction page."""
    first = open_table(page, text, MEMBERS[:4], js=js)
    hand_record(game=first, data=finisher(0, points=30))
    page.goto(club_page)
    second = open_table(page, text, ["Cem", "Ece", "Filiz", "Ayşe"], js=js)
    hand_record(game=second, data=finisher(2, points=40))
    page.goto(club_page)
    axe(page, js)
    eşli = open_table(page, text, ["Ayşe", "Bora", "Ece", "Filiz"], js=js, partners=True)
    assert eşli.options["partners"] is True
    hand_record(game=eşli, data=finisher(1, points=12))

    # A correction in the first game: Bora (who opened) held 75, not 30.
    page.goto(live_server.url + reverse("scorer:hand_edit", args=[first.public_id, 1]))
    page.locator("[name=p1-points]").fill("75")
    page.locator("[data-save]").click()
    expect(page).to_have_url(re.compile(re.escape(reverse("scorer:game_board", args=[first.public_id]))))
    assert first.hands.get().data["players"][1]["remaining"]["points"] == 75


def openskill_direct(documents: list[dict]) -> dict:
    model, ratings = PlackettLuce(), {}
    for document in documents:
        result, names = score_game(document), document["players"]
        if result.team_totals:
            teams, totals = [[names[0], names[2]], [names[1], names[3]]], result.team_totals
        else:
            teams, totals = [[name] for name in names], result.totals
        current = [[ratings.get(n) or model.rating(name=n) for n in team] for team in teams]
        for team, new in zip(teams, model.rate(current, scores=[-t for t in totals]), strict=True):
            ratings.update(zip(team, new, strict=True))
    return ratings


def keep(page: Page, name: str) -> None:
    """A screenshot for the docs (`make screenshots` copies it into docs/screenshots/)."""
    shoot(page, DOCS_SCREENSHOT_DIR / f"{name}.png", full_page=True)


@pytest.mark.parametrize(
    "language, js", [pytest.param("tr", True, id="tr-js"), pytest.param("en", False, id="en-nojs")]
)
def test_a_club_of_six_from_its_tables_to_the_season_display(phone, live_server, language, js):
    text = TEXT[language]
    page = phone(language, js)
    page.goto(live_server.url + reverse("scorer:club_new"))
    page.get_by_label(text["club_name"]).fill("Çarşamba Okey")
    page.locator("#id_members").fill("Ayşe\nBora\nCem & Deniz\nEce\nFiliz")
    axe(page, js)
    page.get_by_role("button", name=text["open_club"]).click()
    expect(page.get_by_role("heading", name="Çarşamba Okey")).to_be_visible()
    club = Club.objects.get()
    axe(page, js)  # the club page with its admin part

    club_page = live_server.url + reverse("scorer:club", args=[club.public_id])
    play_three_games_and_correct_one(page, live_server, text, club_page, js=js)

    page.goto(club_page)
    expect(page.get_by_role("heading", name=re.compile(text["leaderboard"]))).to_be_visible()
    rows = page.locator("[data-provisional] tbody tr")
    expect(rows).to_have_count(6)
    expected = openskill_direct(club_document(club)["games"])
    for row in rows.all():
        name, ordinal = row.get_attribute("data-player"), float(row.get_attribute("data-ordinal"))
        assert ordinal == pytest.approx(expected[name].ordinal(), abs=1e-9), name
    axe(page, js)
    if js:
        keep(page, "club-leaderboard")

    page.get_by_role("link", name="Ayşe", exact=True).first.click()
    expect(page.get_by_role("heading", name=text["stats"])).to_be_visible()
    expect(page.locator("[data-stat=games]")).to_have_text("3")
    expect(page.locator("[data-rating-chart] path")).to_have_attribute("d", re.compile(r"^M[\d.]+ [\d.]+ L"))
    expect(page.locator("[data-head-to-head] [data-rival=Bora]")).to_be_visible()
    axe(page, js)
    if js:
        keep(page, "club-member")

    today = datetime.date.today()
    page.goto(club_page)
    page.get_by_label(text["season"]).fill("Aralık")
    page.locator("#id_sezon-starts").fill((today - datetime.timedelta(days=1)).isoformat())
    page.locator("#id_sezon-ends").fill((today + datetime.timedelta(days=30)).isoformat())
    page.get_by_role("button", name=text["add_season"]).click()
    expect(page).to_have_url(re.compile(r"\?sezon=\d+"))
    season = club.seasons.get()

    tv = phone(language, js, viewport=TV)
    tv.goto(live_server.url + reverse("scorer:club_display", args=[club.public_id]) + f"?sezon={season.pk}")
    expect(tv.locator(".display-title")).to_have_text("Çarşamba Okey")
    expect(tv.locator("[data-provisional]")).to_contain_text("Ayşe")
    assert tv.evaluate("document.documentElement.scrollHeight") <= TV["height"] if js else True
    axe(tv, js)
