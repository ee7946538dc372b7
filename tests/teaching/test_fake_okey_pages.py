"""Every teaching page that says what a fake okey left in hand costs says what the engine scores:
the okey's number, and in LOCA (klasik and Cezalı) 101 more per fake okey left with an opener
(SCORING_SPEC §3, D1); GkOkay and Kerizim count only the number."""

import re
from html import unescape

import pytest
from django.urls import reverse

from scorer.engine import score_hand
from scorer.teaching.examples import example_get

pytestmark = pytest.mark.django_db


def text_of(html: str) -> str:
    """The page's words as a reader sees them: no tags (glossary links sit inside sentences)."""
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", "", html)))


def page(client, url: str, lang: str, **params) -> str:
    client.cookies["django_language"] = lang
    return client.get(url, params).content.decode()


def held_fake(ruleset: str, indicator: str) -> int:
    hand = {
        "ruleset": ruleset,
        "indicator": indicator,
        "players": [
            {"name": "A", "opened": "sets", "finished": True},
            {"name": "B", "opened": "sets", "remaining": {"tiles": ["fake"]}},
        ],
    }
    return score_hand(hand).totals[1]


LOCA_PLUS_101 = {"loca": 101, "loca-cezali": 101, "gkokay": 0, "kerizim": 0}


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        (
            "tr",
            "sahte okey okeyin sayısı kadar, 7 sayılır ve LOCA'da (klasik ve Cezalı) açmış oyuncu onun için "
            "ayrıca 101 yazar.",
        ),
        (
            "en",
            "a fake okey counts the okey's number, 7, and in LOCA (klasik and Cezalı) the opener pays 101 more",
        ),
    ],
)
def test_the_learn_step_states_the_fake_okey_as_the_engine_scores_it(client, lang, sentence):
    html = page(client, reverse("scorer:learn"), lang, gosterge_renk="blue", gosterge_sayi="6")

    assert sentence in text_of(html)
    shown = dict(re.findall(r'data-fake-cost="([^"]+)" data-fake-total="(-?\d+)"', html))
    assert shown == {rs: str(7 + extra) for rs, extra in LOCA_PLUS_101.items()}
    for ruleset, extra in LOCA_PLUS_101.items():
        assert held_fake(ruleset, "blue-6") == 7 + extra
    assert "a fake okey counts the okey's number." not in text_of(html)  # the old, wrong sentence


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        ("tr", "okeyin sayısı kadar sayılır; LOCA'da (klasik ve Cezalı) ayrıca 101 yazılır, GkOkay ve Kerizim'de yalnız okeyin sayısı."),
        ("en", "it counts the okey's number; in LOCA (klasik and Cezalı) the opener pays 101 on top, in GkOkay and Kerizim only the number."),
    ],
)  # fmt: skip
def test_the_glossary_states_the_fake_okey_as_the_engine_scores_it(client, lang, sentence):
    html = page(client, reverse("scorer:glossary"), lang)
    entry = html[html.index('id="sahte-okey"') :]
    assert sentence in text_of(entry[: entry.index("</dd>") if "</dd>" in entry else 2000])
    for ruleset, extra in LOCA_PLUS_101.items():
        assert held_fake(ruleset, "red-12") == 13 + extra


@pytest.mark.parametrize(
    ("slug", "lang", "sentence"),
    [
        ("klasik-cift-okey-elden", "en", "in LOCA a fake okey left with an opener also costs 101"),
        ("klasik-cift-okey-elden", "tr", "LOCA'da açmış oyuncuda kalan sahte okey de 101 ek ceza yazar"),
        ("kerizim-taslarla", "en", "a fake okey (worth the okey's number, 6)"),
        ("kerizim-taslarla", "tr", "sahte okey (okeyin sayısı kadar, 6)"),
    ],
)
def test_the_worked_examples_state_the_fake_okey_as_the_engine_scores_it(client, slug, lang, sentence):
    html = page(client, reverse("scorer:example", args=[slug]), lang)
    assert sentence in text_of(html)

    bora = score_hand(example_get(slug).hand).players[1]
    if slug.startswith("klasik"):  # 31 with the fake okey at its number, and 101 more for it
        assert [(ln.code, ln.points) for ln in bora.lines] == [("tiles", 31), ("okey_in_hand", 101)]
    else:  # blue 3 + black 11 + the fake okey at 6; the 101 is the real okey's (red 6)
        assert [(ln.code, ln.points) for ln in bora.lines] == [("tiles", 20), ("okey_in_hand", 101)]
        assert "1 × 101" in bora.lines[1].detail
