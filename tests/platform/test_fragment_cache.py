"""Template parts kept by ``{% sharedpart %}`` (scorer/templatetags/parts.py) in the "fragments"
cache: keys that name everything a part shows, a hit that shows exactly what a fresh render shows,
and forms with typed values never from the cache."""

import importlib
import re
import sys

import pytest
from django.core.cache import caches
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from scorer.engine.results import HandResult, Line, PlayerResult
from scorer.tables.forms import HandForm
from scorer.tables.selectors import next_hand
from scorer.tables.services.hands import hand_update
from tests.support.factories import claim, finisher, new_table, url
from tests.support.posts import E2_CALC_SETUP

pytestmark = pytest.mark.django_db

NAMES = ["Ayşe", "Bora", "Cem", "Deniz"]


@pytest.fixture(autouse=True)
def fragments(monkeypatch):
    """The fragments cache, emptied, recording the keys each request reads and writes."""
    cache = caches["fragments"]
    cache.clear()
    cache.read, cache.written = [], []
    get, set_ = cache.get, cache.set

    def reading(key, *args, **kwargs):
        value = get(key, *args, **kwargs)
        cache.read.append((key, value is not None))
        return value

    def writing(key, *args, **kwargs):
        cache.written.append(key)
        return set_(key, *args, **kwargs)

    monkeypatch.setattr(cache, "get", reading)
    monkeypatch.setattr(cache, "set", writing)
    yield cache
    cache.clear()


def keys(cache, name: str) -> set[str]:
    """The keys of part ``name`` read during the requests so far."""
    return {key for key, _hit in cache.read if key.startswith(f"okeycalc:part:{name}:")}


def masked(html: str) -> str:
    return re.sub(r'(csrfmiddlewaretoken" value=|"X-CSRFToken": )"[^"]+"', r'\1"…"', html)


def hand_form_html(page: str) -> str:
    """The hand form's part of a page: from its first element to the preview."""
    start = page.rindex("<div", 0, page.index("data-hand-form"))
    return page[start : page.index('<section class="hand-preview-box', start)]


def test_the_fragments_cache_is_this_processs_memory_even_with_redis(monkeypatch):
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/9")
    settings_module = importlib.reload(sys.modules["okeycalc.settings"])
    try:
        assert settings_module.CACHES["default"]["BACKEND"].endswith("RedisCache")
        assert settings_module.CACHES["fragments"]["BACKEND"].endswith("LocMemCache")
    finally:
        monkeypatch.delenv("REDIS_URL")
        importlib.reload(sys.modules["okeycalc.settings"])


# --- the hand form ---------------------------------------------------------------------------------


def test_two_tables_two_versions_and_two_languages_never_share_a_hand_form_fragment(client, fragments):
    # the same rule set and names: were the keys shared, one table's form would show on the other
    first, first_secret = new_table("loca", hands=[finisher(0)])
    second, second_secret = new_table("loca", hands=[finisher(0)])
    claim(client, first, first_secret)
    claim(client, second, second_secret)
    seen = []
    for game in (first, second):
        client.get(url("hand_new", game))
        seen.append(keys(fragments, "hand_form"))
    hand_update(hand=first.hands.get(), data=finisher(1))  # a correction: version 3, still hand 2
    client.get(url("hand_new", first))
    seen.append(keys(fragments, "hand_form"))
    client.cookies["django_language"] = "en"
    client.get(url("hand_new", first))
    seen.append(keys(fragments, "hand_form"))

    found = [later - earlier for earlier, later in zip([set(), *seen], seen, strict=False)]
    assert all(len(new) == 1 for new in found), found  # each page read exactly one new key
    assert len(set().union(*found)) == 4


def test_the_next_hand_has_its_own_fragment(client, fragments):
    game, secret = new_table("loca", hands_planned=21)
    claim(client, game, secret)
    first = client.get(url("hand_new", game)).content.decode()
    client.post(url("hand_new", game), {"finisher": "0", "p0-opened": "sets", "hands_before": "0"})
    second = client.get(url("hand_new", game)).content.decode()

    assert len(keys(fragments, "hand_form")) == 2
    dealers = [
        re.findall(r'<legend class="player-head">(.*?)</legend>', page, re.S) for page in (first, second)
    ]
    assert ["dealer-badge" in head for head in dealers[0]] == [True, False, False, False]
    assert ["dealer-badge" in head for head in dealers[1]] == [False, True, False, False]


def test_the_empty_fields_are_kept_across_the_tables_versions_for_each_dealer(client, fragments):
    game, secret = new_table("loca", hands_planned=21)
    claim(client, game, secret)
    pages = []
    for before in range(5):
        pages.append(client.get(url("hand_new", game)).content.decode())
        client.post(
            url("hand_new", game), {"finisher": "0", "p0-opened": "sets", "hands_before": str(before)}
        )

    assert len(keys(fragments, "hand_form")) == 5  # the page around them: one a version
    assert [hit for key, hit in fragments.read if ":hand_fields:" in key] == [False] * 4 + [True]
    assert hand_form_html(pages[4]) == hand_form_html(pages[0])  # the first dealer deals again
    assert hand_form_html(pages[1]) != hand_form_html(pages[0])


@pytest.mark.parametrize("language", ["tr", "en"])
@pytest.mark.parametrize(
    ("ruleset", "options", "players"),
    [
        ("loca", {}, 4),
        ("loca-cezali", {"partners": True}, 4),
        ("gkokay", {"cezali": True}, 3),
        ("kerizim", {}, 2),
    ],
)
def test_a_cached_hand_form_shows_exactly_what_a_fresh_render_shows(
    client, fragments, language, ruleset, options, players
):
    game, secret = new_table(
        ruleset, players=NAMES[:players], options=options, hands=[finisher(0, players=players)]
    )
    claim(client, game, secret)
    client.cookies["django_language"] = language

    miss = client.get(url("hand_new", game)).content.decode()
    hit = client.get(url("hand_new", game)).content.decode()

    assert [hit for _key, hit in fragments.read if "hand_form" in _key] == [False, True]
    assert masked(hit) == masked(miss)
    with translation.override(language):
        form = HandForm(game.ruleset, game.options, game.players, dealer=next_hand(game)[1])
        fresh = render_to_string("scorer/_hand_form.html", {"form": form, "game": game})
    assert hand_form_html(hit).strip() == fresh.strip()


def test_a_form_with_typed_values_or_errors_is_rendered_in_full(client, fragments):
    game, secret = new_table("loca", hands=[finisher(0)])
    claim(client, game, secret)
    client.get(url("hand_new", game))  # the empty form is now in the cache
    fragments.read.clear()

    refused = client.post(url("hand_new", game), {"finisher": "1", "p0-points": "abc", "p2-okeys": "7"})
    previewed = client.post(url("hand_preview", game), {"finisher": "2", "p1-points": "33"})
    correction = client.get(url("hand_edit", game, 1))

    assert not keys(fragments, "hand_form")
    assert 'value="abc"' in refused.content.decode() and 'aria-invalid="true"' in refused.content.decode()
    assert re.search(r'id="id_p1-points"\s+value="33"', previewed.content.decode())
    assert re.search(r'id="id_finisher_0" value="0"\s+checked', correction.content.decode())


# --- the calculator ---------------------------------------------------------------------------------


def test_the_calculator_as_it_opens_is_one_fragment_per_language(client, fragments):
    tr = client.get(reverse("scorer:calculator")).content.decode()
    tr_again = client.get(reverse("scorer:calculator")).content.decode()
    client.cookies["django_language"] = "en"
    en = client.get(reverse("scorer:calculator")).content.decode()

    assert len(keys(fragments, "calculator_body")) == 2
    assert [hit for key, hit in fragments.read if "calculator_body" in key] == [False, True, False]
    assert masked(tr_again) == masked(tr)
    assert "Oyuncu 1" in tr and "Player 1" in en and "Player 1" not in tr


def test_the_calculator_with_a_posted_or_shared_hand_is_rendered_in_full(client, fragments):
    client.get(reverse("scorer:calculator"))
    fragments.read.clear()
    data = E2_CALC_SETUP | {"setup-name_1": "Bülent", "finisher": "0", "p1-points": "x1"}

    posted = client.post(reverse("scorer:calculator"), data).content.decode()
    refreshed = client.post(reverse("scorer:calculator") + "?refresh=1", data, headers={"HX-Request": "true"})

    assert not keys(fragments, "calculator_body")
    assert 'value="Bülent"' in posted and 'value="x1"' in posted
    assert 'value="Bülent"' in refreshed.content.decode()


# --- the header ------------------------------------------------------------------------------------


def test_the_menu_is_one_fragment_per_language_and_current_page(client, fragments):
    pages = [reverse("scorer:calculator"), reverse("scorer:rules_index"), reverse("scorer:calculator")]
    html = [client.get(page).content.decode() for page in pages]
    client.cookies["django_language"] = "en"
    html.append(client.get(pages[1]).content.decode())

    assert len(keys(fragments, "site_menu")) == 3
    active = [
        re.findall(r'class="nav-link active" href="([^"]+)" aria-current="page">([^<]+)<', page)
        for page in html
    ]
    assert active == [
        [(pages[0], "Hesap makinesi")],
        [(pages[1], "Kurallar")],
        [(pages[0], "Hesap makinesi")],
        [(pages[1], "Rules")],
    ]
    assert len(keys(fragments, "site_top")) == 2  # the skip link and the name: the language only


def test_the_header_keeps_this_requests_csrf_token_and_path_outside_the_cache(client):
    first = client.get(reverse("scorer:rules_index"), {"x": "1"}).content.decode()
    other = client.get(reverse("scorer:rules_index"), {"x": "2"}).content.decode()

    assert 'name="next" value="/kurallar/?x=1"' in first
    assert 'name="next" value="/kurallar/?x=2"' in other
    tokens = [
        re.search(r'lang-switch.*?csrfmiddlewaretoken" value="(\w+)"', page, re.S)[1]
        for page in (first, other)
    ]
    assert tokens[0] != tokens[1]  # masked afresh for each response, as Django does


# --- the itemised result: a player's card -------------------------------------------------------------


def cards(html: str) -> list[str]:
    return re.findall(
        r'<div class="col">\s*<section class="card h-100 player-result".*?</section>\s*</div>', html, re.S
    )


def test_a_live_preview_renders_only_the_card_of_the_player_typed_into(client, fragments):
    game, secret = new_table("loca")
    claim(client, game, secret)
    typed = {"finisher": "0", "p0-opened": "sets", "p1-opened": "sets", "p1-points": "23", "p3-okeys": "1"}
    htmx = {"HX-Request": "true"}
    first = client.post(url("hand_preview", game), typed, headers=htmx).content.decode()
    fragments.read.clear()
    typed["p1-points"] = "24"  # the next keystroke, in Bora's field
    second = client.post(url("hand_preview", game), typed, headers=htmx).content.decode()

    assert [hit for key, hit in fragments.read if "result_player" in key] == [True, False, True, True]
    assert [a == b for a, b in zip(cards(first), cards(second), strict=True)] == [True, False, True, True]
    fragments.clear()
    assert client.post(url("hand_preview", game), typed, headers=htmx).content.decode() == second


def test_a_players_card_is_keyed_by_all_it_shows(fragments):
    line = Line(code="not_opened", points=250, label="Hiç açamadı", detail="250", rule="house.not_opened")
    result = HandResult(
        ruleset="loca", outcome="finished", multiplier=1, players=(PlayerResult.of("Ayşe", (line,)),)
    )
    pages = [
        {"result": result},
        {"result": result, "where": "step 2"},
        {"result": result, "house_url": "/ev-kurallari/ABCDEF/1/"},
        {"result": result, "house_url": "/ev-kurallari/ABCDEF/2/"},
        {"result": result._replace(ruleset="kerizim")},
    ]
    html = [render_to_string("scorer/_hand_result.html", page) for page in pages]
    again = [render_to_string("scorer/_hand_result.html", page) for page in pages]
    with translation.override("en"):
        render_to_string("scorer/_hand_result.html", pages[0])  # its own key

    assert len(keys(fragments, "result_player")) == 6
    assert again == html
    assert "(step 2)" in html[1] and "(step 2)" not in html[0]
    assert 'href="/ev-kurallari/ABCDEF/1/#not_opened"' in html[2]
    assert 'href="/ev-kurallari/ABCDEF/2/#not_opened"' in html[3]
