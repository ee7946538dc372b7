"""The event's public pages: live standings and the venue display, read-only for anybody with the
public id, polled like a table's board (204 unchanged, 286 once over), shared through the cache
(also when it is down), in a number of queries that does not grow with tables or hands."""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorer.events import public
from scorer.events.services.finish import event_finish
from scorer.events.services.rounds import round_start
from scorer.platform import cache as safe_cache
from tests.support.eventdb import new_event, play, play_round
from tests.support.events import NAMES

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()


def url(name, event, **query):
    address = reverse(f"scorer:event_{name}", args=[event.public_id])
    return address + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def etag_of(html: str) -> str:
    return re.search(r'data-etag="([^"]+)"', html)[1]


def rows(html: str) -> list[tuple[str, str, bool]]:
    """(place, entrant, shared) of each standings row."""
    found = re.findall(r'<tr data-entrant="([^"]*)" data-place="(\d+)"( data-shared)?', html)
    return [(place, name, bool(shared)) for name, place, shared in found]


def started(count=8, **kwargs):
    event, _secret = new_event(count, **kwargs)
    round_start(event=event)
    return event


def test_standings_show_places_points_totals_and_wins_and_every_tables_progress():
    event = started(8, hands=2)
    first = event.rounds.get().tables.order_by("number").first().games.get()
    play(first, (-101, 40, 12, 202))
    html = Client().get(url("standings", event)).content.decode()

    assert "Masa 1 · El 1/2" in html and "Masa 2 · El 0/2" in html
    assert "Tur 1 / 3" in html
    # Nothing is complete yet: all eight share the first place.
    assert [r[0] for r in rows(html)] == ["1"] * 8 and all(r[2] for r in rows(html))


def test_entrants_equal_on_everything_share_a_place_shown_with_an_equals_sign():
    event = started(8)
    play_round(event)  # tables 1 and 2 play the same hand, rotated: their winners tie
    html = Client().get(url("standings", event)).content.decode()
    shown = rows(html)
    assert shown[0][0] == shown[1][0] == "1" and shown[0][2] and shown[1][2]
    assert shown[2][0] == "3"
    assert "data-shared-note" in html and '<span aria-hidden="true">=</span>' in html


def test_the_page_works_in_english_and_needs_no_rights():
    event = started(4)
    english = Client()
    english.cookies["django_language"] = "en"
    response = english.get(url("standings", event))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Table 1 · Hand 0/1" in html and "Round 1 of 3" in html
    assert "form" not in html.split('id="standings-live"')[1].split("</section>")[0]


def test_an_unknown_event_is_404():
    response = Client().get("/turnuva/AAAAAAAAAAAAAAAA/siralama/")
    assert response.status_code == 404


@pytest.mark.parametrize("name", ["standings_live", "display_live"])
def test_a_poll_with_the_current_etag_is_204_and_a_hand_anywhere_changes_it(name):
    event = started(8)
    page = "standings" if name == "standings_live" else "display"
    etag = etag_of(Client().get(url(page, event)).content.decode())
    viewer = Client()
    assert viewer.get(url(name, event, v=etag), **HTMX).status_code == 204

    second = event.rounds.get().tables.get(number=2).games.get()
    play(second, (-101, 40, 12, 202))
    changed = viewer.get(url(name, event, v=etag), **HTMX)
    assert changed.status_code == 200
    assert etag_of(changed.content.decode()) != etag
    assert "Masa 2 · bitti" in changed.content.decode()


@pytest.mark.parametrize("name", ["standings_live", "display_live"])
def test_after_the_last_hand_the_pages_wait_for_the_organizer_and_stop_polling_once_finished(name):
    event, _ = new_event(4, rounds=1)
    round_start(event=event)
    play_round(event)
    waiting = Client().get(url(name, event, v="old"), **HTMX)
    assert waiting.status_code == 200  # still polled: a table can still be corrected
    assert "hx-get" in waiting.content.decode()
    assert "Bütün turlar oynandı: organizatörün turnuvayı bitirmesi bekleniyor." in waiting.content.decode()
    assert "Turnuva bitti." not in waiting.content.decode()
    event_finish(event=event)
    response = Client().get(url(name, event, v="old"), **HTMX)
    assert response.status_code == 286
    assert "hx-get" not in response.content.decode()
    assert "Turnuva bitti." in response.content.decode()


def test_viewers_share_one_rendering_per_event_stamp_and_language(monkeypatch):
    event = started(8)
    renders = []
    original = public.page_data
    monkeypatch.setattr(public, "page_data", lambda scored: renders.append(1) or original(scored))
    for _ in range(3):
        Client().get(url("standings_live", event), **HTMX)
    assert len(renders) == 1
    english = Client()
    english.cookies["django_language"] = "en"
    english.get(url("standings_live", event), **HTMX)
    assert len(renders) == 2


def test_with_the_cache_down_the_pages_are_rendered_afresh(settings, monkeypatch):
    redis = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": "redis://127.0.0.1:1/0"}
    settings.CACHES = {**settings.CACHES, "default": redis}
    monkeypatch.setattr(safe_cache, "_down_until", {})
    monkeypatch.setattr(safe_cache, "_logged_at", {})
    event = started(8)
    for name in ("standings", "standings_live", "display", "display_live"):
        response = Client().get(url(name, event), HTTP_ACCEPT_ENCODING="br")
        assert response.status_code == 200, name
        html = response.content.decode()
        assert all(entrant in html for entrant in NAMES[:8]), name  # the standings themselves


def queries(address: str) -> int:
    """Queries of a first view of ``address`` (nothing cached)."""
    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        assert Client().get(address).status_code == 200
    return len(captured)


@pytest.mark.parametrize("name", ["standings", "standings_live", "display", "display_live"])
def test_queries_do_not_grow_with_tables_or_hands(name):
    one_table = started(4, hands=11)
    four_tables = started(16, hands=11)
    game = one_table.rounds.get().tables.get().games.get()
    play(game, (-101, 40, 12, 202))
    counts = {"1 table, 1 hand": queries(url(name, one_table)), "4 tables": queries(url(name, four_tables))}
    play(game, *[(-101, 40, 12, 202)] * 10)
    counts["1 table, 11 hands"] = queries(url(name, one_table))
    assert len(set(counts.values())) == 1, counts
    assert counts["4 tables"] == 7, (
        counts
    )  # the event, its stamp, then its rows: entrants, rounds, tables, games, hands


def test_a_cached_poll_costs_two_queries(django_assert_num_queries):
    event = started(16)
    Client().get(url("standings_live", event), **HTMX)
    with django_assert_num_queries(2):  # the event, its stamp
        cached = Client().get(url("standings_live", event), **HTMX)
    with django_assert_num_queries(2):
        stale = Client().get(url("standings_live", event, v="x"), **HTMX)
    assert cached.status_code == stale.status_code == 200
    assert cached.content == stale.content  # the same shared copy…
    assert all(entrant in cached.content.decode() for entrant in NAMES[:16])  # …of the standings


def test_the_display_without_javascript_shows_server_pages_and_refreshes_to_the_next():
    event = started(64)
    play(event.rounds.get().tables.get(number=1).games.get(), (-101, 40, 12, 202))  # the round is under way
    html = Client().get(url("display", event, sn=5)).content.decode()
    visible = re.findall(r'<tr data-entrant="[^"]*" data-place="\d+"[^>]*data-pager-item>', html)
    assert len(visible) == public.DISPLAY_ROWS_PER_PAGE
    assert 'content="5; url=?sayfa=2&amp;sn=5&amp;dil=tr"' in html
    last = Client().get(url("display", event, sayfa=4)).content.decode()
    assert "url=?sayfa=1&amp;" in last  # 64 entrants: 4 pages, then the first again
    assert len(re.findall(r"data-entrant=", last)) == 64  # every entrant is in the page, for JavaScript


@pytest.mark.parametrize(
    ("query", "cookie", "lang", "text"),
    [
        ({"dil": "en"}, "tr", "en", "Round 1 of 3"),  # ?dil= wins over the cookie set elsewhere
        ({"dil": "tr"}, "en", "tr", "Tur 1 / 3"),
        ({"dil": "xx"}, "en", "en", "Round 1 of 3"),  # not a language it has: the cookie's
        ({}, "tr", "tr", "Tur 1 / 3"),
    ],
)
def test_the_display_takes_its_language_from_dil_and_keeps_it_in_its_polls_and_stream(
    settings, query, cookie, lang, text
):
    event = started(8)
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = cookie
    html = client.get(url("display", event, **query)).content.decode()
    assert f'<html lang="{lang}"' in html
    assert text in html
    assert html.count(f"dil={lang}") == 3  # the stream, the poll and the refresh without JavaScript
    poll = re.search(r'hx-get="([^"]+)"', html).group(1).replace("&amp;", "&")
    changed = poll.replace("?v=", "?v=stale")  # an etag the poll does not have: the part comes back
    live = client.get(changed, **HTMX)
    assert live.status_code == 200 and text in live.content.decode()


def test_knockout_standings_show_the_round_reached_and_who_goes_on():
    event, _ = new_event(8, kind="knockout")
    round_start(event=event)
    play_round(event)
    html = Client().get(url("standings", event)).content.decode()
    assert html.count('data-state="advanced"') == 4 and html.count('data-state="out"') == 4
    assert "tur atladı" in html and "elendi" in html
    assert "Tur 1" in html and "Masa 1 · bitti" in html
