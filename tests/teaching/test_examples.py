"""Worked examples: stored hand JSON, scored live; every finish, multiplier and penalty family covered."""

import re
from urllib.parse import parse_qs, urlparse

import pytest
from django.urls import reverse
from django.utils.html import escape

from scorer.calculator.share import share_load
from scorer.engine import get_ruleset, parse_hand, score_hand
from scorer.engine.codes import LineCode
from scorer.teaching.examples import EXAMPLES, example_get
from tests.support.gloss import without_gloss_links
from tests.support.markup import attr_values, elements

pytestmark = pytest.mark.django_db

RESULTS = {example.slug: score_hand(example.hand) for example in EXAMPLES}


def finish_key(hand: dict) -> str | None:
    parsed = parse_hand(hand)
    if parsed.finisher is None:
        return None
    return get_ruleset(parsed.ruleset).finish_row(parsed.players[parsed.finisher]).key


def all_lines():
    for result in RESULTS.values():
        for player in result.players:
            yield from player.lines
        for team in result.teams:
            yield from team.lines


def test_there_are_at_least_twelve_examples_with_unique_slugs_and_both_languages():
    assert len(EXAMPLES) >= 12
    assert len({e.slug for e in EXAMPLES}) == len(EXAMPLES)
    for example in EXAMPLES:
        assert example.title_tr and example.title_en and example.story_tr and example.story_en


def test_examples_cover_every_line_code_outcome_and_rule_set():
    assert {line.code for line in all_lines()} == {code.value for code in LineCode}
    assert {r.outcome for r in RESULTS.values()} == {"finished", "deck_out", "draw"}
    assert {e.ruleset for e in EXAMPLES} == {"loca", "loca-cezali", "gkokay", "kerizim"}


def test_examples_cover_every_finish_kind():
    keys = {finish_key(e.hand) for e in EXAMPLES}

    assert {"normal", "pairs", "okey", "pairs_okey", "elden", "nine_pairs_run"} <= keys


def test_examples_cover_the_special_multipliers_and_penalties():
    by_ruleset = {}
    for example in EXAMPLES:
        by_ruleset.setdefault(example.ruleset, []).append(RESULTS[example.slug])
    assert 4 in {r.multiplier for r in by_ruleset["kerizim"]}
    assert 4 in {r.multiplier for r in by_ruleset["loca-cezali"]}
    gkokay_non_openers = [
        p.total for r in by_ruleset["gkokay"] for p in r.players if p.lines[0].code == "not_opened"
    ]
    assert any(total >= 404 for total in gkokay_non_openers)
    team_lines = [line.points for r in by_ruleset["loca-cezali"] for t in r.teams for line in t.lines]
    assert 1600 in team_lines
    assert any(r.teams for r in by_ruleset["loca"]) and any(r.teams for r in by_ruleset["kerizim"])
    loca_fake = [
        line
        for e in EXAMPLES
        if e.ruleset == "loca"
        for p, raw in zip(RESULTS[e.slug].players, e.hand["players"], strict=True)
        if (raw.get("remaining") or {}).get("fake_okeys")
        for line in p.lines
        if line.code == "okey_in_hand"
    ]
    assert loca_fake, "a LOCA example charges a fake okey left in hand"
    assert any(e.hand.get("indicator") for e in EXAMPLES), "an example uses the tile form"


@pytest.mark.parametrize("slug", [e.slug for e in EXAMPLES])
def test_example_page_shows_exactly_the_engines_totals(client, slug):
    result = RESULTS[slug]

    html = client.get(reverse("scorer:example", args=[slug])).content.decode()

    expected = [p.total for p in result.players] + [t.total for t in result.teams]
    assert [int(v) for v in attr_values(html, "data-total")] == expected
    assert attr_values(html, "data-code") == [line.code for p in result.players for line in p.lines] + [
        line.code for t in result.teams for line in t.lines
    ]


@pytest.mark.parametrize("slug", [e.slug for e in EXAMPLES])
def test_example_page_opens_the_calculator_and_the_comparison_with_that_hand(client, slug):
    html = client.get(reverse("scorer:example", args=[slug])).content.decode()

    links = {
        a.get("data-action"): a["href"] for tag, a in elements(html) if tag == "a" and a.get("data-action")
    }
    token = re.fullmatch(r"/hesap/paylas/([^/]+)/", links["open-calculator"]).group(1)
    assert share_load(token) == example_get(slug).hand
    compare = urlparse(links["compare"])
    assert compare.path == reverse("scorer:compare")
    assert share_load(parse_qs(compare.query)["el"][0]) == example_get(slug).hand


def test_examples_list_links_every_example(client):
    html = client.get(reverse("scorer:examples")).content.decode()

    for example in EXAMPLES:
        assert f'href="{reverse("scorer:example", args=[example.slug])}"' in html


def test_unknown_example_is_404(client):
    assert client.get(reverse("scorer:example", args=["yok-boyle-bir-el"])).status_code == 404


def test_example_story_follows_the_language(client):
    example = EXAMPLES[0]
    url = reverse("scorer:example", args=[example.slug])

    turkish = without_gloss_links(client.get(url).content.decode())
    client.cookies["django_language"] = "en"
    english = without_gloss_links(client.get(url).content.decode())

    assert escape(example.story_tr) in turkish and escape(example.story_en) not in turkish
    assert escape(example.story_en) in english
