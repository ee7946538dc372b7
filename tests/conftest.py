"""Shared test set-up: Chromium for Playwright, accessibility checks, screenshots, database guard.

Browser tests live under ``tests/browser/`` and get the ``browser`` marker automatically.
They use pytest-django's ``live_server`` and pytest-playwright's ``page``.
"""

import gc
import os
import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.support.depth import DEEP, examples

# Hypothesis' per-example deadline (200 ms) measures the machine, not the code: the suite runs in
# two processes (make test) on machines shared with other work, where one example can wait that
# long for a core. Speed is measured by bench/; a test that means to bound time sets its own.
hypothesis_settings.register_profile("okeycalc", deadline=None, max_examples=examples(100))
hypothesis_settings.load_profile("okeycalc")

# Playwright's sync API runs an event loop in the main thread, where live_server tests also
# touch the database; Django would refuse that as "async unsafe".
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
# A service worker's own requests reach context.route only with this (read when Playwright
# starts): the offline tests abort them, since context.set_offline does not cover them
# (Playwright issue #2311).
os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")

BASE_DIR = Path(__file__).resolve().parent.parent
BROWSER_TESTS_DIR = BASE_DIR / "tests" / "browser"
CHROMIUM = Path(os.environ.get("OKEYCALC_CHROMIUM", "/usr/bin/chromium-headless-shell"))
"""Debian's Chromium headless shell (``make chromium``), as Playwright itself runs headless: the
same engine as the full browser at half its CPU. ``OKEYCALC_CHROMIUM=/usr/bin/chromium`` runs the
suite in the full browser."""
AXE_JS = BASE_DIR / "static" / "vendor" / "axe.min.js"
AXE_URL = "/static/vendor/axe.min.js"
FULL_BOOTSTRAP = BASE_DIR / "node_modules" / "bootstrap" / "dist" / "css" / "bootstrap.min.css"
"""npm's Bootstrap, whose rules the served one (static/vendor/bootstrap.min.css) keeps only in part."""
SCREENSHOT_DIR = BASE_DIR / "test-artifacts" / "screenshots"
DOCS_SCREENSHOT_DIR = BASE_DIR / "test-artifacts" / "docs-screenshots"
"""The docs' pictures, as the tests take them (`make screenshots` copies them to docs/screenshots/)."""
SCREENSHOTS = DEEP or os.environ.get("OKEYCALC_SCREENSHOTS") == "1"
"""Whether the browser tests save their pictures: in a deep run and for `make screenshots`. A default
run walks the same pages and checks the same things without writing pictures of them (a tenth of
the browser's work there)."""
MOBILE_VIEWPORT = {"width": 375, "height": 812}
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


# --- static files: listed once per run ---------------------------------------------------


@pytest.fixture(scope="session", autouse=True)
def _static_files_listed_once():
    """Django's test client builds the middleware again for every test, and WhiteNoise, when
    built, lists and stats every static file the finders know (a few hundred, about a tenth of a
    second each time). The files do not change during a run: list them for the first client and
    hand the same listing to the others. What is served, and with which headers, is unchanged."""
    from whitenoise.middleware import WhiteNoiseMiddleware

    listing: dict = {}
    list_files = WhiteNoiseMiddleware.add_files_from_finders

    def add_files_from_finders(self) -> None:
        if not listing:
            list_files(self)
            listing.update(self.files)
        else:
            self.files.update(listing)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(WhiteNoiseMiddleware, "add_files_from_finders", add_files_from_finders)
        yield


# --- transactional tests: the flush puts back what migrating made --------------------------


@pytest.fixture(scope="session", autouse=True)
def _flush_puts_back_content_types():
    """A transactional test (every browser and live-server test) ends with ``flush``: it empties
    every table, then sends post_migrate again, whose receivers rebuild the content types and
    permissions model by model, most of the test's teardown. Nothing else listens to post_migrate
    here. The first flush rebuilds them so and keeps the rows; every later one puts the same rows
    back, ids and all, in two inserts."""
    from django.apps import apps
    from django.contrib.auth.models import Permission
    from django.contrib.contenttypes.models import ContentType
    from django.core.management.commands import flush
    from django.db.models.signals import post_migrate

    rebuilds = {"rename_permissions_after_model_rename", "create_permissions", "create_contenttypes"}
    for app in apps.get_app_configs():
        listeners = {receiver.__name__ for receiver in post_migrate._live_receivers(app)[0]}
        assert listeners <= rebuilds, f"post_migrate has new receivers to put back: {listeners - rebuilds}"
    rebuild = flush.emit_post_migrate_signal
    kept: dict[str, tuple[list, list]] = {}

    def put_back(verbosity, interactive, db, **kwargs) -> None:
        if db not in kept:
            rebuild(verbosity, interactive, db, **kwargs)
            kept[db] = list(ContentType.objects.using(db)), list(Permission.objects.using(db))
            return
        types, permissions = kept[db]
        ContentType.objects.using(db).bulk_create(types)
        Permission.objects.using(db).bulk_create(permissions)
        ContentType.objects.clear_cache()

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(flush, "emit_post_migrate_signal", put_back)
        yield


# --- the garbage collector: fewer full passes ------------------------------------------------


def pytest_configure(config: pytest.Config) -> None:
    """A test process holds Django, the app, the test modules and their data: a few hundred
    thousand objects that the collector's default thresholds go over again and again while each
    test makes its short-lived cycles (requests, responses, pages). Larger thresholds: the same
    garbage collected in fewer, larger passes; the collector's time halved in the view tests."""
    gc.set_threshold(20_000, 20, 20)


# --- passwords: a fast hasher ---------------------------------------------------------------


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hasher() -> None:
    """The admin's tests log an operator in; PBKDF2's deliberate cost measures nothing there.
    Django's own advice for tests: a fast hasher. The app servers the live tests start keep the
    real ones."""
    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


# --- rate limits: off, except in the tests about them ---------------------------------------


@pytest.fixture(scope="session", autouse=True)
def _rate_limits_off() -> None:
    """Tests post far faster than people; tests/platform/test_limits.py turns the limits back on."""
    from django.conf import settings

    settings.RATELIMIT_ENABLE = False


class RateClock:
    """django-ratelimit's clock in the tests: it stands still, so every request of a test falls in
    one rate window (a real clock crossing a window's end between two requests reset the count:
    a test counting 4 requests against 3 a minute then saw no 429). Each test starts a day after
    the previous one, so no two tests share a window; ``advance`` moves it on. The counts still
    expire in real time, the window's period plus a few seconds after they were made."""

    START = 1_800_000_000.0  # 2027-01-15: a fixed point, far from the real clock

    def __init__(self, day: int) -> None:
        self.now = self.START + 86_400 * day

    def time(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


_rate_clock_days = iter(range(1_000_000))


@pytest.fixture(autouse=True)
def rate_clock(monkeypatch) -> RateClock:
    """The frozen clock of the rate limits (django_ratelimit.core reads ``time.time()``)."""
    import django_ratelimit.core

    clock = RateClock(next(_rate_clock_days))
    monkeypatch.setattr(django_ratelimit.core, "time", clock)
    return clock


@pytest.fixture(autouse=True)
def _default_language_after_each_test():
    """A request in English leaves English active in its thread (the language middleware activates,
    it never deactivates): put the site's default back, so that no test depends on the order."""
    yield
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)


# --- browser tests: marker and Chromium ---------------------------------------------------


PAIRED_MODES = {("tr", True), ("en", False)}
"""A browser test run in both languages with and without JavaScript runs, by default, Turkish with
JavaScript and English without: each language and each mode once. A test whose cases (rule sets,
say) are each run in both languages runs each case, by default, in one language, alternately. ``make
test-deep`` runs them all (tests/support/depth.py); the others are reported as deselected, never
skipped silently."""

LANGUAGE_PARAMS = ("lang", "language")


def _params(item: pytest.Item) -> dict:
    return getattr(getattr(item, "callspec", None), "params", {})


def _language(params: dict) -> str | None:
    return next((params[name] for name in LANGUAGE_PARAMS if name in params), None)


def _browser_mode(item: pytest.Item) -> tuple[str, bool] | None:
    """(language, JavaScript) of a browser test parametrized over both (as two parameters or as
    one ``(language, js)`` pair), else None."""
    params = _params(item)
    language = _language(params)
    if language in {"tr", "en"} and isinstance(params.get("js"), bool):
        return language, params["js"]
    for value in params.values():
        if (
            isinstance(value, tuple)
            and len(value) == 2
            and value[0] in {"tr", "en"}
            and isinstance(value[1], bool)
        ):
            return value
    return None


def _alternate_languages(items: list[pytest.Item]) -> set[pytest.Item]:
    """The cases of a test parametrized over the languages and something else, each run in both
    languages: all but one language per case, Turkish for the first, English for the next, and so on."""
    cases: dict[object, dict[tuple, dict[str, pytest.Item]]] = {}
    for item in items:
        params = _params(item)
        language = _language(params)
        if language not in {"tr", "en"} or _browser_mode(item) is not None:
            continue
        rest = tuple((name, repr(value)) for name, value in params.items() if name not in LANGUAGE_PARAMS)
        cases.setdefault(item.function, {}).setdefault(rest, {})[language] = item
    dropped = set()
    for by_case in cases.values():
        if len(by_case) < 2 or any(len(languages) < 2 for languages in by_case.values()):
            continue
        for index, languages in enumerate(by_case.values()):
            dropped.add(languages["en" if index % 2 == 0 else "tr"])
    return dropped


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(BROWSER_TESTS_DIR):
            item.add_marker(pytest.mark.browser)
    if DEEP:
        return
    modes: dict[object, set] = {}
    for item in items:
        if (mode := _browser_mode(item)) is not None:
            modes.setdefault(item.function, set()).add(mode)
    crossed = {function for function, seen in modes.items() if len(seen) == 4}
    alternated = _alternate_languages([item for item in items if item.get_closest_marker("browser")])
    kept, deselected = [], []
    for item in items:
        paired = getattr(item, "function", None) in crossed and _browser_mode(item) not in PAIRED_MODES
        (deselected if paired or item in alternated else kept).append(item)
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = kept


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("browser") is None or CHROMIUM.exists():
        return
    message = f"Chromium is missing at {CHROMIUM} (install it with `make chromium`)"
    if os.environ.get("CI"):
        pytest.fail(f"{message}; CI must run the browser tests.", pytrace=False)
    pytest.skip(f"{message}; browser test skipped.")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    """A browser test that timed out says what the server was doing then: the stack of every
    other thread of this process (the live server's requests and streams) and, on PostgreSQL,
    the sessions that were busy or waiting for a lock."""
    report = yield
    timed_out = call.excinfo is not None and call.excinfo.errisinstance((TimeoutError, PlaywrightTimeout))
    if call.when == "call" and report.failed and timed_out and item.get_closest_marker("browser"):
        report.sections.append(("threads when the browser gave up", _threads_and_sessions()))
    return report


def _threads_and_sessions() -> str:
    names = {thread.ident: thread.name for thread in threading.enumerate()}
    lines = []
    for ident, frame in sys._current_frames().items():
        if ident == threading.get_ident():
            continue
        lines.append(f"--- {names.get(ident, ident)}")
        lines.extend(line.rstrip() for line in traceback.format_stack(frame)[-12:])
    try:
        from django.db import connection

        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT pid, state, wait_event_type, wait_event, now() - xact_start, left(query, 200)"
                    " FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
                lines += ["--- PostgreSQL sessions", *(repr(row) for row in cursor.fetchall())]
    except Exception as error:  # the report must not fail for want of a session list
        lines.append(f"(no session list: {error!r})")
    return "\n".join(lines)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            # A test's page lives for seconds: V8's compilers cost more than they save there (the
            # browser tests took 4 % less of Chromium's CPU without them, axe included). The same
            # JavaScript, interpreted.
            "--js-flags=--jitless",
            # The display compositor in the browser process instead of a GPU process of its own.
            "--in-process-gpu",
        ],
    }


CONTEXT_DEFAULTS = {} if DEEP else {"service_workers": "block", "reduced_motion": "reduce"}
"""What every browser context of a default run has, unless a test asks otherwise.

- No service worker: the worker (static/js/serviceworker.js) installs in every new context and
  precaches the static files, and every request of the page then passes through it: about a sixth
  of the browser tests' CPU. tests/browser/test_offline.py tests what it does, with its own
  contexts that allow it; the other tests see the pages as a browser without one (or before it
  installed) does.
- Reduced motion: Bootstrap's transitions are off, so a control is measured at rest and Playwright
  does not wait for it to stop moving (axe is always run so, :func:`check_axe`).

A deep run (``make test-deep``) has neither, as on a phone."""


@pytest.fixture(scope="session")
def browser(browser):
    """pytest-playwright's browser, whose contexts start from :data:`CONTEXT_DEFAULTS`."""
    new_context = browser.new_context

    def with_defaults(**kwargs):
        return new_context(**{**CONTEXT_DEFAULTS, **kwargs})

    browser.new_context = with_defaults
    return browser


@pytest.fixture(autouse=True)
def _contexts_closed_after_each_test(request):
    """Every browser context a test opened is closed when it ends, whether the test closed it or
    not. A page left open goes on polling and following its stream for the rest of the session: it
    costs Chromium and the live server CPU in every later test, and its requests reach a database
    that the next test has reset."""
    if "browser" not in request.fixturenames:
        yield
        return
    browser = request.getfixturevalue("browser")
    before = set(browser.contexts)
    yield
    for context in browser.contexts:
        if context not in before:
            context.close()


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    # Mobile first; Turkish like the product's default, whatever the machine's locale.
    return {**browser_context_args, "viewport": MOBILE_VIEWPORT, "locale": "tr-TR"}


def check_axe(page, *, inline: bool = False) -> None:
    """Run axe-core on ``page`` as it is now; fail with a readable list of violations. axe comes
    from our own static files (the Content-Security-Policy refuses an inline script), or with
    ``inline`` is evaluated in the page (an offline phone cannot reach the server). The page is
    first checked by :func:`check_styles`."""
    if not AXE_JS.exists():
        pytest.fail(f"{AXE_JS} is missing: run `make static` first.", pytrace=False)
    check_styles(page)
    # Colours at rest (Bootstrap drops its transitions for reduced motion): a control swapped
    # in under the pointer is otherwise measured halfway through its hover transition.
    page.emulate_media(reduced_motion="reduce")
    if inline:
        page.evaluate(f"() => {{ {AXE_JS.read_text()}\n }}")
    else:
        page.add_script_tag(url=AXE_URL)
    violations = page.evaluate(
        """async (tags) => {
            // Only the violations are read: axe details the other results' nodes for nothing.
            const results = await axe.run(document, {
                runOnly: {type: "tag", values: tags}, resultTypes: ["violations"],
            });
            return results.violations.map((v) => ({
                id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
                nodes: v.nodes.map((n) => ({target: n.target.join(" "), summary: n.failureSummary})),
            }));
        }""",
        AXE_TAGS,
    )
    assert not violations, _format_axe_violations(page.url, violations)


@pytest.fixture
def axe_check(page) -> Callable[[], None]:
    """axe-core on the default page (:func:`check_axe`)."""
    return lambda: check_axe(page)


def _format_axe_violations(url: str, violations: list[dict]) -> str:
    lines = [f"axe-core found {len(violations)} accessibility violation(s) on {url}:"]
    for violation in violations:
        lines.append(
            f"- [{violation['impact']}] {violation['id']}: {violation['help']} ({violation['helpUrl']})"
        )
        for node in violation["nodes"]:
            lines.append(f"    at {node['target']}")
            lines.extend(f"      {text}" for text in (node["summary"] or "").splitlines())
    return "\n".join(lines)


DROPPED_JS = r"""([href, full]) => {
    const served = [...document.styleSheets].find((sheet) => sheet.href === href);
    if (!served) throw new Error(`${href} has not loaded`);
    const whole = new CSSStyleSheet();
    whole.replaceSync(full);
    // A selector list split at its top-level commas.
    const split = (text) => {
        const parts = [];
        let depth = 0, start = 0;
        for (let k = 0; k < text.length; k++) {
            if ("([".includes(text[k])) depth++;
            else if (")]".includes(text[k])) depth--;
            else if (text[k] === "," && depth === 0) { parts.push(text.slice(start, k).trim()); start = k + 1; }
        }
        return [...parts, text.slice(start).trim()];
    };
    const selectors = (rules, context, into) => {
        for (const rule of rules) {
            if (rule instanceof CSSStyleRule) split(rule.selectorText).forEach((one) => into.set(`${context}|${one}`, one));
            else if (rule.cssRules) selectors(rule.cssRules, `${context}@${rule.conditionText ?? rule.name ?? ""}`, into);
        }
        return into;
    };
    const kept = selectors(served.cssRules, "", new Map());
    // Any state and part of an element: a rule dropped for :hover or ::before still needed the
    // element's classes, and any media: the page at another width or in print.
    const broaden = (selector) => selector
        .replace(/::[a-z-]+(\([^)]*\))?/gi, "")
        .replace(/:(-[a-z]+-[a-z-]+|hover|focus|focus-visible|focus-within|active|checked|disabled|enabled|valid|invalid|indeterminate|placeholder-shown|autofill|read-only|read-write|visited|link|any-link|target|default|required|optional|open|modal|popover-open|user-valid|user-invalid|in-range|out-of-range)(?![\w-])/gi, "")
        .replace(/:not\(\s*\)/g, "")
        .replace(/([>+~]\s*|^\s*)$/, "$1*");
    const dropped = new Map();
    for (const [entry, selector] of selectors(whole.cssRules, "", new Map())) {
        if (kept.has(entry)) continue;
        const broad = broaden(selector);
        document.querySelector(broad);  // throws on a selector it cannot read: the check fails loudly
        if (!dropped.has(broad)) dropped.set(broad, selector);
    }
    return [...dropped];
}"""

MATCHED_JS = """(dropped) => dropped.filter(([broad]) => document.querySelector(broad))
    .map(([broad, selector]) => `${selector} (${document.querySelector(broad).outerHTML.slice(0, 120)})`)"""

_dropped_rules: dict[str, tuple[str, list]] = {}
"""The served Bootstrap's address → the whole one's selectors it lacks, broadened: as one selector
list, and each with the selector it came from (:func:`check_styles`)."""


def check_styles(page) -> None:
    """Fail when a rule of npm's whole Bootstrap that the served one lacks (``make static`` drops
    the rules of classes nothing names: purgecss.config.mjs) applies to an element of the page as
    it is now, in any state (:hover, :checked, …), either of its ``::before``/``::after`` and at any
    width: such a class is in use but was put together where PurgeCSS could not read it. The
    selectors dropped are worked out once per process, in the page."""
    href = page.evaluate(
        """() => { const link = [...document.querySelectorAll('link[rel="stylesheet"]')]
            .find((l) => /\\/vendor\\/bootstrap\\.min(\\.[0-9a-f]+)?\\.css$/.test(new URL(l.href).pathname));
            return link ? link.href : null; }"""
    )
    if href is None:
        return
    if href not in _dropped_rules:
        if not FULL_BOOTSTRAP.exists():
            pytest.fail(f"{FULL_BOOTSTRAP} is missing: run `make static` first.", pytrace=False)
        dropped = page.evaluate(DROPPED_JS, [href, FULL_BOOTSTRAP.read_text()])
        _dropped_rules[href] = (", ".join(broad for broad, _ in dropped), dropped)
    any_of, dropped = _dropped_rules[href]
    if not page.evaluate("(selectors) => document.querySelector(selectors) !== null", any_of):
        return
    used = page.evaluate(MATCHED_JS, dropped)
    assert not used, (
        f"{page.url} uses Bootstrap rules the served CSS dropped (a class put together from parts: "
        "write it whole in the template or script, or add it to purgecss.config.mjs's safelist):\n"
        + "\n".join(used[:10])
    )


@pytest.fixture
def screenshot(page) -> Callable[[str], Path]:
    """A full-page PNG at 375px width as test-artifacts/screenshots/<name>.png (:func:`shoot`)."""

    def take(name: str) -> Path:
        viewport = page.viewport_size or MOBILE_VIEWPORT
        if viewport["width"] != MOBILE_VIEWPORT["width"]:
            page.set_viewport_size({"width": MOBILE_VIEWPORT["width"], "height": viewport["height"]})
        return shoot(page, SCREENSHOT_DIR / f"{name}.png", full_page=True)

    return take


def shoot(target, path: Path, **options) -> Path:
    """``target.screenshot`` (a page, a locator) to ``path`` when the run takes pictures
    (:data:`SCREENSHOTS`); the path either way."""
    if SCREENSHOTS:
        path.parent.mkdir(parents=True, exist_ok=True)
        target.screenshot(path=str(path), **options)
    return path


@pytest.fixture
def phone(request, browser, browser_context_args, live_server):
    """A 375 × 812 phone in a language, with or without JavaScript: ``phone(lang, js=True)`` gives a
    page whose language cookie is set. With JavaScript it is pytest-playwright's ``page`` (which
    ``axe_check`` and ``screenshot`` look at), opened only then; without, a page of a new context
    closed afterwards."""
    from django.conf import settings as django_settings

    contexts = []

    def make(lang: str, js: bool = True):
        if js:
            page = request.getfixturevalue("page")
        else:
            contexts.append(browser.new_context(**browser_context_args, java_script_enabled=False))
            page = contexts[-1].new_page()
        cookie = {"name": django_settings.LANGUAGE_COOKIE_NAME, "value": lang, "url": live_server.url}
        page.context.add_cookies([cookie])
        return page

    yield make
    for context in contexts:
        context.close()


# --- the PostgreSQL run of .ci/run ----------------------------------------------------------


def _postgres_required() -> bool:
    return os.environ.get("OKEYCALC_REQUIRE_POSTGRES") == "1"


def pytest_sessionstart(session: pytest.Session) -> None:
    """With OKEYCALC_REQUIRE_POSTGRES=1, refuse to run on anything but PostgreSQL."""
    if not _postgres_required():
        return
    from django.conf import settings

    engine = settings.DATABASES["default"]["ENGINE"]
    if engine != "django.db.backends.postgresql":
        raise pytest.UsageError(
            f"OKEYCALC_REQUIRE_POSTGRES=1 but the database engine is {engine!r}; "
            "set DATABASE_URL=postgres://... (the suite never falls back to SQLite here)."
        )


@pytest.fixture(scope="session", autouse=True)
def _require_postgres(request: pytest.FixtureRequest) -> None:
    """With OKEYCALC_REQUIRE_POSTGRES=1, the test database must really be PostgreSQL and answer."""
    if not _postgres_required():
        return
    from django.db import DatabaseError, connection

    try:
        request.getfixturevalue("django_db_setup")
    except Exception as exc:  # any failure to create the test database stops the run here
        pytest.fail(
            f"OKEYCALC_REQUIRE_POSTGRES=1 but the PostgreSQL test database failed: {exc}", pytrace=False
        )
    with request.getfixturevalue("django_db_blocker").unblock():
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
        except DatabaseError as exc:
            pytest.fail(f"OKEYCALC_REQUIRE_POSTGRES=1 but PostgreSQL is unreachable: {exc}", pytrace=False)
        if connection.vendor != "postgresql":
            pytest.fail(f"OKEYCALC_REQUIRE_POSTGRES=1 but the test database is {connection.vendor}.")


# --- pushed changes (scorer/platform/push/) -----------------------------------------------


@pytest.fixture(scope="session", autouse=True)
def _push_hub_stops(request: pytest.FixtureRequest):
    """The hub's threads stop before the test database goes (a PostgreSQL listener holds a
    connection to it); requested after django_db_setup, so torn down before it."""
    request.getfixturevalue("django_db_setup")
    yield
    from scorer.platform import push

    push.shutdown(wait=True)


@pytest.fixture(autouse=True)
def _streams_end_with_their_test():
    """A test's open streams end with it (the test server's threads that serve a browser test's
    would otherwise wait for their next heartbeat with the test's data gone), and the next test
    starts with a hub of its own."""
    yield
    from scorer.platform import push

    push.shutdown()
