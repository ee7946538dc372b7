"""The viewers' shared board, through the one shared-part cache (scorer/platform/sharedpart.py):
served from the cache, never stale.

Every write to a table, every language and the editor role must give a different copy; a cached
board is only ever the one for the table's current version.
"""

import re

import pytest
from django.conf import settings
from django.core.cache import cache, caches
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorer.access import DEVICE_COOKIE
from scorer.engine import score_game
from scorer.platform import sharedpart
from scorer.tables.selectors import game_document
from scorer.tables.services.facts import game_first_dealer_set, game_players_rename
from scorer.tables.services.hands import hand_delete, hand_record, hand_restore, hand_update
from scorer.tables.views import board as board_views
from tests.support.factories import claim, finisher, new_table, url

pytestmark = pytest.mark.django_db

VIEWER_QUERIES = 2
"""A viewer's live poll served from the cache: the table's row and this device's grant (none)."""
VIEWER_PAGE_QUERIES = 3
"""The whole board from the cache: the table, and the device's watch grant ("Masalarım")."""


def new_game(hands: int = 0, planned: int = 21):
    """A LOCA table of ``planned`` hands with ``hands`` of them played, the finisher going round."""
    return new_table("loca", hands_planned=planned, hands=[finisher(i % 4) for i in range(hands)])


def totals(html: str) -> list[int]:
    row = html.split('<tr class="totals">', 1)[1].split("</tr>", 1)[0]
    return [int(v) for v in re.findall(r'data-total="(-?\d+)"', row)]


def expected_totals(game) -> list[int]:
    game.refresh_from_db()
    return list(score_game(game_document(game)).totals)


def cached_parts(game) -> dict[str, bool]:
    game.refresh_from_db()
    return {
        part: cache.get(board_views.viewer_key(game, "tr", part)) is not None for part in ("page", "live")
    }


# --- served from the cache -------------------------------------------------------------------------


def test_second_viewer_gets_the_board_from_the_cache(client, django_assert_max_num_queries):
    game, _ = new_game(hands=3)
    first = client.get(url("game_board", game)).content.decode()
    assert cached_parts(game)["page"]

    with django_assert_max_num_queries(VIEWER_PAGE_QUERIES):
        second = client.get(url("game_board", game)).content.decode()

    assert totals(second) == totals(first) == expected_totals(game)
    assert "csrfmiddlewaretoken" in second  # the language switch: this request's own token, around the cache


def test_a_viewers_page_keeps_its_layout_with_the_board_but_renders_this_requests_own(client):
    game, _ = new_game(hands=3)
    board = url("game_board", game)
    pages = [client.get(board, {"from": name}).content.decode() for name in ("qr", "link")]

    tokens = [
        re.findall(r'csrfmiddlewaretoken" value="(\w+)"|"X-CSRFToken": "(\w+)"', page) for page in pages
    ]
    assert all(len(found) == 2 for found in tokens)
    assert tokens[0] != tokens[1]  # each response masks its own, as Django does
    assert f'name="next" value="{board}?from=qr"' in pages[0]
    assert f'name="next" value="{board}?from=link"' in pages[1]
    layout = [
        re.sub(r'(csrfmiddlewaretoken" value=|"X-CSRFToken": )"\w+"|\?from=\w+', "", page) for page in pages
    ]
    assert layout[0] == layout[1]
    page_part = board_views.viewer_key(game, "tr", "page")
    for part in ("page_head", "page_foot"):  # the layout around the board, kept with it
        key = sharedpart.part_key(part, page_part, "tr", "anyone", "html", templates=("base.html",))
        assert caches["fragments"].get(key) in layout[0]


def test_live_poll_200_comes_from_the_cache(client, django_assert_max_num_queries):
    game, _ = new_game(hands=3)
    live = url("board_live", game)
    client.get(live)

    with django_assert_max_num_queries(VIEWER_QUERIES):
        response = client.get(live)

    assert response.status_code == 200
    assert totals(response.content.decode()) == expected_totals(game)
    assert response["ETag"].strip('"') == f"{game.version}-tr-view"


def test_viewer_queries_do_not_grow_with_the_number_of_hands(client):
    short, _ = new_game(hands=1)
    long, _ = new_game(hands=11)
    counts = []
    for game in (short, long):
        client.get(url("game_board", game))  # the device's first visit makes its watch grant
        cache.clear()
        for name in ("game_board", "board_live"):
            with CaptureQueriesContext(connection) as cold:
                client.get(url(name, game))
            with CaptureQueriesContext(connection) as warm:
                client.get(url(name, game))
            counts.append((name, len(cold), len(warm)))
    assert counts[:2] == counts[2:]  # 1 hand or 11: the same
    assert all(cold > warm for _name, cold, warm in counts)  # the warm request came from the cache
    assert counts[0][2] <= VIEWER_PAGE_QUERIES and counts[1][2] == VIEWER_QUERIES


# --- never stale -------------------------------------------------------------------------------------


def write_record(game):
    hand_record(game=game, data=finisher(2, points=77))


def write_update(game):
    hand_update(hand=game.hands.live().first(), data=finisher(3, points=55))


def write_delete(game):
    hand_delete(hand=game.hands.live().last())


def write_restore(game):
    deleted = game.hands.live().last()
    hand_delete(hand=deleted)
    # the cache now holds the board without it: restoring must show it again
    return deleted


@pytest.mark.parametrize(
    "write", [write_record, write_update, write_delete], ids=["record", "update", "delete"]
)
@pytest.mark.parametrize("name", ["game_board", "board_live"])
def test_every_write_shows_at_once_on_the_cached_board(client, write, name):
    game, _ = new_game(hands=3)
    before = client.get(url(name, game)).content.decode()
    assert totals(before) == expected_totals(game)

    write(game)
    after = client.get(url(name, game)).content.decode()

    assert totals(after) == expected_totals(game)
    assert totals(after) != totals(before)


@pytest.mark.parametrize("name", ["game_board", "board_live"])
def test_restoring_a_deleted_hand_shows_at_once_on_the_cached_board(client, name):
    game, _ = new_game(hands=3)
    with_it = totals(client.get(url(name, game)).content.decode())
    deleted = write_restore(game)
    without_it = totals(client.get(url(name, game)).content.decode())

    hand_restore(hand=deleted)
    restored = totals(client.get(url(name, game)).content.decode())

    assert without_it != with_it
    assert restored == with_it == expected_totals(game)


def test_a_write_made_in_the_same_second_still_changes_the_key():
    game, _ = new_game(hands=1)
    before = board_views.viewer_key(game, "tr", "live")
    hand_record(game=game, data=finisher(1))
    game.refresh_from_db()
    assert board_views.viewer_key(game, "tr", "live") != before


def test_each_language_has_its_own_cached_board(client):
    game, _ = new_game(hands=2)
    turkish = client.get(url("game_board", game)).content.decode()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = client.get(url("game_board", game)).content.decode()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "tr"
    turkish_again = client.get(url("game_board", game)).content.decode()

    assert "Hands played" in english and "Hands played" not in turkish
    assert "Hands played" not in turkish_again


@pytest.mark.parametrize("name", ["game_board", "board_live"])
def test_editor_never_gets_the_viewers_copy_nor_the_viewer_the_editors(client, name):
    game, secret = new_game(hands=2)
    viewer_first = client.get(url(name, game)).content.decode()
    claim(client, game, secret)
    editor = client.get(url(name, game)).content.decode()
    client.cookies.pop(DEVICE_COOKIE)  # the same phone without its edit grant
    viewer_again = client.get(url(name, game)).content.decode()

    edit_link = url("hand_edit", game, game.hands.live().first().position)
    assert edit_link in editor and 'data-etag="' in editor and '-edit"' in editor
    assert edit_link not in viewer_first and edit_link not in viewer_again


def test_a_changed_board_template_makes_new_keys(monkeypatch):
    game, _ = new_game()
    before = board_views.viewer_key(game, "tr", "page")
    monkeypatch.setattr(sharedpart, "templates_digest", lambda names: "another-release")
    assert board_views.viewer_key(game, "tr", "page") != before


@pytest.mark.parametrize("name", ["hand_new", "hand_detail"])
def test_hand_pages_read_the_same_number_of_queries_for_1_or_11_hands(client, name):
    counts = []
    for hands in (1, 11):
        game, secret = new_game(hands=hands)
        claim(client, game, secret)
        args = (1,) if name == "hand_detail" else ()
        client.get(url(name, game, *args))  # the device's grant is made and touched
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url(name, game, *args)).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


# --- the board's rows, each kept by what it shows ---------------------------------------------------


def write_rename(game):
    game_players_rename(game=game, names=["Ayla", *game.players[1:]])


def write_first_dealer(game):
    game_first_dealer_set(game=game, first_dealer=2)


def tbody(html: str) -> str:
    return html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]


@pytest.mark.parametrize(
    "write",
    [write_record, write_update, write_delete, write_rename, write_first_dealer],
    ids=["record", "update", "delete", "rename", "first-dealer"],
)
@pytest.mark.parametrize("editor", [False, True], ids=["viewer", "editor"])
def test_after_any_write_the_kept_rows_are_the_rows_a_fresh_render_shows(client, write, editor):
    game, secret = new_game(hands=4)
    hand_update(hand=game.hands.live().first(), data=finisher(1, points=20))  # a corrected row too
    if editor:
        claim(client, game, secret)
    client.get(url("game_board", game))  # every row kept
    game.refresh_from_db()

    write(game)
    kept = tbody(client.get(url("game_board", game)).content.decode())
    caches["fragments"].clear()
    cache.clear()
    fresh = tbody(client.get(url("game_board", game)).content.decode())

    assert kept == fresh


def test_a_new_hand_renders_only_its_own_row(client):
    game, _ = new_game(hands=5)
    rows = caches["fragments"]
    rows.clear()
    client.get(url("board_live", game))
    before = {key for key in rows._cache if ":board_row:" in key}

    hand_record(game=game, data=finisher(1, points=30))
    client.get(url("board_live", game))

    after = {key for key in rows._cache if ":board_row:" in key}
    assert len(before) == 5 and len(after - before) == 1
