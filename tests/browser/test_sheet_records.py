"""Issue 17 at 375 × 812, in Turkish and English, with and without JavaScript: the sheet records
who dealt and who finished each hand (and never rewrites it), the series of a rematch chain and the
game's length, and joining a table by its code."""

import csv
import io
from dataclasses import dataclass

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scorer.tables.services import hand_delete
from tests.conftest import AXE_TAGS, AXE_URL, SCREENSHOT_DIR, _format_axe_violations
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
        self.page.add_script_tag(url=AXE_URL)
        violations = self.page.evaluate(
            """async (tags) => (await axe.run(document, {runOnly: {type: "tag", values: tags}})).violations
                .map((v) => ({id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
                              nodes: v.nodes.map((n) => ({target: n.target.join(" "), summary: n.failureSummary}))}))""",
            AXE_TAGS,
        )
        assert not violations, _format_axe_violations(self.page.url, violations)

    def shot(self, name: str) -> None:
        SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
        suffix = f"{self.lang}{'' if self.js else '-nojs'}"
        self.page.screenshot(path=str(SCREENSHOT_DIR / f"{name}-{suffix}.png"), full_page=True)


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
