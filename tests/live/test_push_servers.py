"""Pushed changes across two real app servers (``make serve``'s, bench/appserver.py), in Chromium:
on the embedded default (one SQLite file, no Redis: each process reads its open tables' versions)
and on PostgreSQL + Redis (pub/sub). A scorekeeper saves through the hand form on both servers;
a viewer phone on each sees every save by push. One server restarts while its viewer is
connected: the viewer's stream comes back by itself and misses nothing. The embedded way runs in
`make test`, PostgreSQL + Redis in `make test-postgres` (tests/live is among its folders)."""

import os
import re
import tempfile
import urllib.parse
from contextlib import ExitStack
from pathlib import Path

import pytest
from playwright.sync_api import expect

from bench.appserver import app_server
from tests.live.served import free_port
from tests.support.posts import NEW_TABLE
from tests.support.services import redis_url

PHONE = {"width": 375, "height": 812}
HANDS = 6


def postgres_url() -> str:
    url = os.environ.get("OKEYCALC_TEST_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/test")
    return url


def fresh_postgres(url: str) -> str:
    """A new database beside ``url``'s for this test, its URL."""
    import psycopg

    name = f"okeycalc_push_{os.getpid()}"
    try:
        with psycopg.connect(url, autocommit=True, connect_timeout=3) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            admin.execute(f'CREATE DATABASE "{name}"')
    except psycopg.OperationalError as exc:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL is not answering at {url}: CI has it ({exc})")
        pytest.skip(f"no PostgreSQL at {url} (CI runs this test)")
    return urllib.parse.urlunsplit(urllib.parse.urlsplit(url)._replace(path=f"/{name}"))


ON_POSTGRES = os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://"))
"""The suite's own database: the servers share the same kind (`make test` SQLite without Redis,
`make test-postgres` PostgreSQL + Redis), so that each way runs once in CI."""


@pytest.fixture(params=["postgresql+redis"] if ON_POSTGRES else ["sqlite"])
def backend(request, tmp_path) -> tuple[str, dict[str, str]]:
    """(database URL, the servers' extra environment) of each way processes learn of changes."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/push.sqlite3", {"REDIS_URL": ""}
    database = fresh_postgres(postgres_url())
    return database, {"REDIS_URL": redis_url()}


class Servers:
    """Two app servers on one database; either can be restarted on its port."""

    def __init__(self, database: str, env: dict[str, str], logs: Path) -> None:
        self.database, self.env, self.logs = database, env, logs
        self.ports = [free_port(), free_port()]
        self.running: dict[int, ExitStack] = {}
        self.migrated = False

    def start(self, k: int) -> str:
        stack = ExitStack()
        url = stack.enter_context(
            app_server(
                self.database,
                self.ports[k],
                workers=1,
                log=self.logs / f"server{k}.log",
                extra_env=self.env,
                migrated=self.migrated,
            )
        )
        self.migrated = True
        self.running[k] = stack
        return url

    def stop(self, k: int) -> None:
        self.running.pop(k).close()

    def stop_all(self) -> None:
        for k in list(self.running):
            self.stop(k)


def open_table(page, base: str) -> str:
    """A LOCA Cezalı table through the new-table form on ``base``; its board's path."""
    page.goto(f"{base}/masa/yeni/")
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    answer = page.request.post(
        f"{base}/masa/yeni/",
        form=NEW_TABLE | {"hands_planned": str(HANDS), "csrfmiddlewaretoken": token},
        max_redirects=0,
    )
    assert answer.status == 302, answer.text()[:300]
    return answer.headers["location"]


def save_hand(page, base: str, board: str, k: int) -> None:
    """Hand k through the hand form at ``base``: seat k % 4 finishes, the others never opened."""
    page.goto(f"{base}{board}el/yeni/")
    seat = k % 4
    page.locator(f'label[for="id_finisher_{seat}"]').click()
    for player in range(4):
        page.locator(f'label[for="id_p{player}-opened_{1 if player == seat else 0}"]').click()
    with page.expect_navigation():
        page.locator("[data-save]").click()
    assert page.url == f"{base}{board}", page.url


def hands_shown(page, count: int) -> None:
    expect(page.locator("#board-live [data-hands-played]")).to_have_attribute("data-hands-played", str(count))


def streaming(page) -> None:
    expect(page.locator("html[data-live=stream]")).to_have_count(1)


def test_two_servers_push_every_save_and_a_restarted_one_misses_nothing(browser, backend):
    database, env = backend
    with tempfile.TemporaryDirectory() as logs:
        servers = Servers(database, env, Path(logs))
        contexts = []
        try:
            bases = [servers.start(0), servers.start(1)]

            def phone():
                context = browser.new_context(viewport=PHONE, locale="tr-TR", service_workers="block")
                contexts.append(context)
                page = context.new_page()
                page.okeycalc_polls = []
                page.on("request", lambda r: "/canli/" in r.url and page.okeycalc_polls.append(r.url))
                return page

            keeper = phone()
            board = open_table(keeper, bases[0])
            assert re.fullmatch(r"/masa/[\w-]+/", board), board
            viewers = [phone(), phone()]
            for viewer, base in zip(viewers, bases, strict=True):
                viewer.goto(f"{base}{board}")
                streaming(viewer)

            for k in range(1, 3):  # saves on each server, seen on both
                save_hand(keeper, bases[k % 2], board, k)
                for viewer in viewers:
                    hands_shown(viewer, k)
            assert all(viewer.okeycalc_polls == [] for viewer in viewers)

            servers.stop(1)  # its viewer's stream ends; the page polls (and fails) meanwhile
            expect(viewers[1].locator("html[data-live=poll]")).to_have_count(1)
            for k in range(3, 5):
                save_hand(keeper, bases[0], board, k)
                hands_shown(viewers[0], k)
            servers.start(1)
            hands_shown(viewers[1], 4)  # what it missed, once its stream is back
            streaming(viewers[1])

            for k in range(5, HANDS + 1):
                save_hand(keeper, bases[k % 2], board, k)
                for viewer in viewers:
                    hands_shown(viewer, k)
            expect(viewers[1].locator(".winners-banner")).to_be_visible()
        finally:
            for context in contexts:
                context.close()
            servers.stop_all()
