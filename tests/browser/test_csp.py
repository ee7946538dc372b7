"""The Content-Security-Policy holds on every page: no violation in the browser, with htmx at work.

Each page is opened in real Chromium under the policy the server sends (SECURE_CSP). A violation
shows twice: as a ``securitypolicyviolation`` event (recorded by an init script, which the policy
does not govern) and as a console error; either fails the test, naming the page.
"""

import pytest
from django.contrib.auth.models import User
from django.test import override_settings
from django.urls import include, path, reverse
from playwright.sync_api import Page, expect

from scorer.engine import clauses
from scorer.teaching.examples import EXAMPLES
from tests.support.factories import claim_in, finisher, new_table

RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile}:${e.lineNumber})`);
});
"""


def boom(request):
    raise RuntimeError("a server error for the 500 page's policy check")


urlpatterns = [path("csp-test-500/", boom), path("", include("okeycalc.urls"))]


SETTLED = """() => document.readyState === "complete" && !document.querySelector(".htmx-request")"""
NEXT_TASK = "() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))"


def settled(page: Page) -> None:
    """The page has loaded, htmx has no request out, and the tasks queued meanwhile (a violation is
    reported as one) have run."""
    page.wait_for_function(SETTLED)
    page.evaluate(NEXT_TASK)


class Violations:
    """CSP violations seen by one page: console errors and securitypolicyviolation events."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.found: list[str] = []
        page.add_init_script(RECORD_VIOLATIONS)
        page.on("console", self._console)

    def _console(self, message) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            self.found.append(f"{self.page.url}: console: {message.text}")

    def collect(self) -> None:
        events = self.page.evaluate("window.__cspViolations || []")
        self.found.extend(f"{self.page.url}: {event}" for event in events)

    def visit(self, url: str, *, status: int = 200) -> None:
        self.collect()
        response = self.page.goto(url)
        assert response is not None and response.status == status, f"{url}: {response and response.status}"
        assert "Content-Security-Policy" in response.headers or "content-security-policy" in response.headers
        settled(self.page)
        self.collect()


@pytest.fixture
def table(transactional_db):
    return new_table(hands=[finisher(0)])


def test_the_policy_header_allows_no_inline_script_and_no_eval(client):
    policy = client.get(reverse("scorer:home")).headers["Content-Security-Policy"]
    script_src = next(part for part in policy.split(";") if part.strip().startswith("script-src"))
    assert "'self'" in script_src
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert "object-src 'none'" in policy and "frame-ancestors 'none'" in policy


@pytest.fixture
def seen(page: Page, live_server, transactional_db):
    """The violations this test's pages cause; none may be found once it has visited them."""
    violations = Violations(page)
    yield violations
    violations.collect()
    assert not violations.found, "Content-Security-Policy violations:\n" + "\n".join(violations.found)


def at(live_server, name: str, *args) -> str:
    return live_server.url + reverse(f"scorer:{name}", args=args)


def test_the_teaching_pages_keep_the_policy(seen: Violations, live_server):
    seen.visit(at(live_server, "home"))
    seen.visit(at(live_server, "rules_index"))
    for ruleset in clauses.RULESETS:
        seen.visit(at(live_server, "rules", ruleset))
    seen.visit(at(live_server, "examples"))
    for example in EXAMPLES:
        seen.visit(at(live_server, "example", example.slug))
    seen.visit(at(live_server, "compare"))
    seen.visit(at(live_server, "tile_picker"))
    seen.visit(at(live_server, "calculator"))


def test_the_table_pages_keep_the_policy(seen: Violations, page: Page, live_server, table):
    game, secret = table
    seen.visit(at(live_server, "game_import"))
    seen.visit(at(live_server, "game_new"))
    page.locator(
        'label[for="' + page.locator('input[name="ruleset"][value="loca"]').get_attribute("id") + '"]'
    ).click()
    expect(page.locator('#game-options[data-ruleset="loca"]')).to_be_visible()

    seen.visit(at(live_server, "game_board", game.public_id))
    expect(page.locator("html[data-live=stream]")).to_have_count(1)
    claim_in(page.context, live_server, game, secret)
    seen.visit(at(live_server, "game_board", game.public_id))
    seen.visit(at(live_server, "hand_new", game.public_id))
    page.evaluate(
        "() => { window.__swapped = false;"
        " document.body.addEventListener('htmx:afterSettle', () => { window.__swapped = true; }, { once: true }); }"
    )
    with page.expect_response(lambda response: "/el/onizleme/" in response.url):
        page.locator('label[for="id_finisher_0"]').click()  # a change: htmx asks for the live preview
    page.wait_for_function("() => window.__swapped === true")  # and swaps its answer in
    seen.visit(at(live_server, "hand_edit", game.public_id, 1))
    seen.visit(at(live_server, "hand_detail", game.public_id, 1))
    seen.visit(at(live_server, "game_print", game.public_id))
    seen.visit(at(live_server, "my_tables"))


def test_the_admin_pages_keep_the_policy(seen: Violations, page: Page, live_server, table):
    game, _secret = table
    User.objects.create_superuser("operator", password="a-long-test-password-1")
    seen.visit(live_server.url + "/yonetim/login/")
    page.fill("#id_username", "operator")
    page.fill("#id_password", "a-long-test-password-1")
    with page.expect_navigation():
        page.locator("input[type=submit]").click()
    settled(page)
    seen.visit(live_server.url + "/yonetim/")
    seen.visit(live_server.url + f"/yonetim/scorer/game/{game.pk}/change/")
    seen.visit(live_server.url + "/yonetim/scorer/hand/")


@override_settings(ROOT_URLCONF=__name__)
def test_the_error_pages_keep_the_policy(seen: Violations, page: Page, live_server, table, screenshot):
    """404, 403 (a wrong edit link), 500 (self-contained, its style allowed by hash)."""
    game, _secret = table
    seen.visit(live_server.url + "/yok-boyle-bir-sayfa/", status=404)
    seen.visit(at(live_server, "game_claim", game.public_id, "wrong-secret"), status=403)
    seen.visit(live_server.url + "/csp-test-500/", status=500)
    expect(page.locator("h1")).to_be_visible()
    screenshot("csp-500-page")
