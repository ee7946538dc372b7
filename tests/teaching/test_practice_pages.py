"""Alıştırma pages: levels, a permalink per hand, answers marked with the lines and the likely
mistake, a streak in the session, bad answers named without losing what was typed; no JavaScript needed."""

import re

import pytest
from django.core.cache import caches
from django.urls import reverse

from scorer.engine import score_hand
from scorer.teaching import practice

pytestmark = pytest.mark.django_db


def hand_url(level: str, seed: int) -> str:
    return reverse("scorer:practice_hand", args=[level, seed])


def right(level: str, seed: int) -> dict[str, str]:
    hand = practice.deal(level, seed)
    return {a.key: str(a.expected) for a in practice.answers(hand, score_hand(hand))}


def test_the_index_lists_the_five_levels(client):
    html = client.get(reverse("scorer:practice")).content.decode()
    assert re.findall(r'data-level="([^"]+)"', html) == ["klasik", "cift", "cezali", "esli", "ozel"]
    for level in practice.LEVELS:
        assert f'href="{reverse("scorer:practice_new", args=[level.slug])}"' in html


def test_a_new_hand_redirects_to_its_permalink(client):
    response = client.get(reverse("scorer:practice_new", args=["cift"]))
    assert response.status_code == 302
    assert re.fullmatch(r"/alistirma/cift/\d+/", response["Location"])


@pytest.mark.parametrize("url", ["/alistirma/yok/", "/alistirma/yok/5/", f"/alistirma/klasik/{2**31}/"])
def test_unknown_levels_and_seeds_are_404(client, url):
    assert client.get(url).status_code == 404


def test_a_permalink_shows_the_same_hand_and_a_field_per_answer(client):
    first = client.get(hand_url("esli", 77)).content.decode()
    again = client.get(hand_url("esli", 77)).content.decode()
    hand = practice.deal("esli", 77)

    assert re.findall(r'data-player="\d"', first) == re.findall(r'data-player="\d"', again)
    for player in hand["players"]:
        assert player["name"] in first
    assert re.findall(r'name="(p\d|t\d)"', first) == ["p0", "p1", "p2", "p3", "t0", "t1"]
    assert f'href="{hand_url("esli", 77)}" data-permalink' in first


def test_right_answers_are_marked_right_and_grow_the_streak_once(client):
    response = client.post(hand_url("klasik", 5), right("klasik", 5))
    html = response.content.decode()

    assert response.status_code == 200
    assert html.count('data-correct="yes"') == 4 and 'data-correct="no"' not in html
    assert 'data-streak="1"' in html
    assert client.session["practice"]["streak"] == 1
    client.post(hand_url("klasik", 5), right("klasik", 5))  # the same hand again: counted once
    assert client.session["practice"]["streak"] == 1
    client.post(hand_url("klasik", 6), right("klasik", 6))
    assert client.session["practice"]["streak"] == 2
    nxt = hand_url("klasik", practice.next_seed(7))
    assert (
        f'href="{nxt}" data-action="next"'
        in client.post(hand_url("klasik", 7), right("klasik", 7)).content.decode()
    )


def find_seed(level: str, test) -> int:
    return next(seed for seed in range(500) if test(practice.deal(level, seed)))


def test_a_wrong_answer_shows_the_lines_with_rules_and_what_was_missed(client):
    seed = find_seed(
        "cift",
        lambda h: any(
            p["opened"] == "pairs" and (p.get("remaining") or {}).get("points")
            for p in h["players"]
            if not p.get("finished")
        ),
    )
    hand = practice.deal("cift", seed)
    result = score_hand(hand)
    k = next(i for i, p in enumerate(result.players) if any(ln.code == "pairs_double" for ln in p.lines))
    doubled = next(ln.points for ln in result.players[k].lines if ln.code == "pairs_double")
    answers = right("cift", seed) | {f"p{k}": str(result.players[k].total - doubled)}
    client.post(hand_url("klasik", 1), right("klasik", 1))

    html = client.post(hand_url("cift", seed), answers).content.decode()

    mark = html[
        html.index(f'data-answer="p{k}"') : html.index("</article>", html.index(f'data-answer="p{k}"'))
    ]
    assert 'data-correct="no"' in mark
    assert "çift" in mark.lower() and "iki katına" in mark  # "you did not double the pairs opener"
    assert 'href="/kurallar/loca/#cift-kati"' in mark
    assert client.session["practice"]["streak"] == 0 and client.session["practice"]["best"] == 1


def test_a_bad_answer_is_named_and_what_was_typed_stays(client):
    answers = right("klasik", 3) | {"p1": "çok", "p2": ""}
    html = client.post(hand_url("klasik", 3), answers).content.decode()
    hand = practice.deal("klasik", 3)

    assert "data-form-errors" in html and "data-correct" not in html
    assert hand["players"][1]["name"] in html and 'href="#id_p1"' in html and 'href="#id_p2"' in html
    assert f'value="{answers["p0"]}"' in html and 'value="çok"' in html


def test_a_typographic_minus_is_accepted(client):
    answers = {k: v.replace("-", "\u2212") for k, v in right("klasik", 8).items()}
    html = client.post(hand_url("klasik", 8), answers).content.decode()
    assert 'data-correct="no"' not in html and "data-form-errors" not in html


def test_with_htmx_only_the_answer_block_and_the_streak_come_back(client):
    html = client.post(hand_url("ozel", 4), right("ozel", 4), HTTP_HX_REQUEST="true").content.decode()
    assert html.strip().startswith('<div id="practice-answer">')
    assert 'hx-swap-oob="true"' in html and "<html" not in html


def test_the_pages_are_in_english_too(client):
    client.cookies["django_language"] = "en"
    assert "Partners: team lines" in client.get(reverse("scorer:practice")).content.decode()
    html = client.post(hand_url("esli", 2), right("esli", 2)).content.decode()
    assert "Next hand" in html and "right" in html


def test_marking_is_rate_limited(client, settings):
    settings.RATELIMIT_ENABLE = True
    settings.OKEYCALC_RATES = settings.OKEYCALC_RATES | {"practice": "3/m"}
    caches["limits"].clear()
    statuses = [client.post(hand_url("klasik", 2), right("klasik", 2)).status_code for _ in range(4)]
    caches["limits"].clear()
    assert statuses[-1] == 429 and statuses[0] == 200


@pytest.mark.parametrize(("lang", "doubled"), [("en", "did not double"), ("tr", "iki katına")])
def test_the_pairs_seeds_hints_name_the_doubling_with_its_clause_and_no_left_out_tiles(client, lang, doubled):
    client.cookies["django_language"] = lang
    html = client.post(
        hand_url("cift", 1285283283), {"p0": "40", "p1": "19", "p2": "-202", "p3": "20"}
    ).content.decode()

    for key in ("p0", "p1", "p3"):
        start = html.index(f'data-answer="{key}"')
        mark = html[start : html.index("</article>", start)]
        hints = re.findall(r"<li data-hint>(.*?)</li>", mark, re.S)
        assert doubled in hints[0] and 'data-hint-rule="loca.cift-kati"' in hints[0]
        assert 'href="/kurallar/loca/#cift-kati"' in hints[0]
        assert not any("(+40)" in h or "(+19)" in h or "(+20)" in h for h in hints), hints
