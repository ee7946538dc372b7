"""Worked-example pages: the side-tile example charges every penalty the source gives,
the page shows the table's options, a story never says "the same hand" without naming it, and
no multiplier badge appears where nothing was multiplied."""

import re

import pytest
from django.urls import reverse

from scorer.engine import get_ruleset, score_hand
from scorer.teaching.examples import EXAMPLES, example_get

pytestmark = pytest.mark.django_db


def page(client, slug: str, lang: str = "tr") -> str:
    client.cookies["django_language"] = lang
    return client.get(reverse("scorer:example", args=[slug]), HTTP_ACCEPT_LANGUAGE=lang).content.decode()


def test_cem_pays_for_discarding_the_real_okey_and_again_for_its_being_taken():
    # LOCA Cezalı: "Attığın gerçek okey ıskartadan alınırsa ayrıca +101 sen ödersin" comes on top of
    # "Bilerek gerçek okey atmak: +101": the example discards the okey knowingly, so Cem pays both.
    example = example_get("cezali-yandan-ceza")
    cem = score_hand(example.hand).players[2]

    assert cem.name == "Cem"
    assert cem.total == 327
    codes = [(line.code, line.points) for line in cem.lines]
    assert ("foul_okey_discard", 101) in codes and ("foul_okey_taken_from_discard", 101) in codes
    assert "bilerek" in example.story_tr and "ayrıca" in example.story_tr
    assert "knowingly" in example.story_en and "further" in example.story_en
    assert "süre aşımında" in example.story_tr.lower() and "timeout" in example.story_en


def test_the_side_tile_page_shows_cems_327(client):
    html = page(client, "cezali-yandan-ceza")
    assert 'data-total="327"' in html


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.slug)
def test_an_example_page_shows_every_option_of_its_table(client, example):
    html = page(client, example.slug, "en")
    rs = get_ruleset(example.ruleset)
    options = rs.normalize_options(example.hand.get("options"))
    shown = re.findall(r'data-option="([^"]+)"', html)
    for spec in rs.options:
        if spec.kind == "choice" or options[spec.name]:
            assert spec.name in shown, (example.slug, spec.name)
        else:
            assert spec.name not in shown


def test_gkokay_cezali_and_klasik_katlamali_examples_name_the_option(client):
    assert "Cezalı" in re.findall(r'data-option="cezali"[^>]*>([^<]+)<', page(client, "gkokay-elden-404"))[0]
    klasik = page(client, "klasik-cift-okey-elden")
    assert re.findall(r'data-option="katlama"[^>]*>([^<]+)<', klasik)[0].strip() == "Katlamalı"


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.slug)
def test_no_story_opens_with_the_same_hand_without_naming_it(example):
    for story in (example.story_tr, example.story_en):
        assert not re.match(r"(Aynı el|The same hand)", story), example.slug
    if example.based_on:
        base = example_get(example.based_on)
        assert base.title_tr in example.story_tr and base.title_en in example.story_en


def test_the_cezali_okey_example_links_the_hand_it_repeats(client):
    html = page(client, "cezali-okey-atarak")
    assert example_get("cezali-okey-atarak").based_on == "klasik-normal-bitis"
    assert f'href="{reverse("scorer:example", args=["klasik-normal-bitis"])}"' in html


def test_no_multiplier_badge_where_a_fixed_team_line_replaces_the_hand_bases(client):
    example = example_get("cezali-esli-sabit-taban")
    result = score_hand(example.hand)
    assert result.multiplier == 4 and not any(
        ln.code == "multiplier" for p in result.players for ln in p.lines
    )

    html = page(client, example.slug)
    assert "Çarpan ×4" not in html and 'data-badge="multiplier"' not in html


def test_a_multiplier_badge_still_shows_where_bases_are_multiplied(client):
    html = page(client, "cezali-okey-atarak")
    assert 'data-badge="multiplier"' in html
