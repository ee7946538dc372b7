"""Glossary: every game word the app uses, with its rule-text source, on /sozluk/ in
Turkish and English; on every teaching page each word's first appearance links to its entry."""

import re
from collections import Counter

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from scorer.engine import clauses
from scorer.teaching.examples import EXAMPLES
from scorer.teaching.gloss import FINDERS
from scorer.teaching.glossary import TERMS, term, terms_in_order
from scorer.teaching.practice import LEVELS
from tests.support.gloss import page_words, unlinked_first_words
from tests.support.seeds import check_quote

REQUIRED = [
    "okey", "sahte-okey", "gosterge", "per", "seri", "cift", "islek", "elden", "katlamali", "esli",
    "iskarta", "deste", "masa-girisi", "el-acmak", "islemek", "yandan-almak", "tas", "cezali", "faul",
    "carpan", "berabere", "bitirmek", "katlamasiz", "extra-katlamali", "el-tabani", "acilis-odulu",
]  # fmt: skip
TEACHING_PAGES = (
    [reverse("scorer:rules_index")]
    + [reverse("scorer:rules", args=[rs]) for rs in clauses.RULESETS]
    + [reverse("scorer:examples")]
    + [reverse("scorer:example", args=[e.slug]) for e in EXAMPLES]
    + [reverse("scorer:compare") + f"?ornek={e.slug}" for e in EXAMPLES[:4]]
    + [reverse("scorer:learn"), reverse("scorer:practice")]
    + [reverse("scorer:practice_hand", args=[level.slug, 11]) for level in LEVELS]
)


@pytest.mark.parametrize("slug", REQUIRED)
def test_the_glossary_has_every_game_word_the_app_uses(slug):
    assert term(slug).text_tr and term(slug).text_en


@pytest.mark.parametrize("found", TERMS, ids=lambda t: t.slug)
def test_each_term_quotes_its_rule_text_verbatim_in_the_right_section(found):
    check_quote(found.quote, found.slug)
    assert clauses.clause(found.rule)


@pytest.mark.parametrize("found", TERMS, ids=lambda t: t.slug)
def test_each_term_is_found_in_its_own_words_and_its_quote(found):
    # the Turkish forms find the headword and the word in its own source passage
    assert [t.slug for _s, _e, t in FINDERS["tr"].matches(found.word_tr.split(" / ")[0])][:1] == [found.slug]
    assert found.slug in {t.slug for _s, _e, t in FINDERS["tr"].matches(found.quote.text_tr)}


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("Bora sahte okeyi attı", "tr", ["sahte-okey"]),
        ("Cem işlek taş attı, sonra işledi", "tr", ["islek", "tas", "islemek"]),
        ("101 Okey'de okey 101 sayılır", "tr", ["okey"]),
        ("açılış ödülü ve okey takası", "tr", ["acilis-odulu", "okey-takasi"]),
        ("the rule set of each hand; opened with sets", "en", ["el", "el-acmak", "per"]),
        ("the deck runs out; 9 pairs + 1 run", "en", ["deste", "cift", "seri"]),
        ("each player draws from the discards; the hand is a draw", "en", ["iskarta", "el", "berabere"]),
    ],
)
def test_word_forms_find_what_they_should_and_not_their_look_alikes(text, language, expected):
    assert [t.slug for _s, _e, t in FINDERS[language].matches(text)] == expected


@pytest.fixture(scope="module")
def rendered(django_db_blocker) -> dict[tuple[str, str], str]:
    with django_db_blocker.unblock():
        pages = {}
        for lang in ("tr", "en"):
            client = Client()
            client.cookies["django_language"] = lang
            for url in TEACHING_PAGES + [reverse("scorer:glossary")]:
                response = client.get(url)
                assert response.status_code == 200, url
                pages[url, lang] = response.content.decode()
        return pages


@pytest.mark.parametrize("lang", ["tr", "en"])
@pytest.mark.parametrize("url", TEACHING_PAGES)
def test_each_words_first_appearance_on_a_teaching_page_links_to_the_glossary(rendered, url, lang):
    html = rendered[url, lang]
    assert not unlinked_first_words(html, lang), url
    linked = Counter(re.findall(r'class="gloss-link" href="[^"]*" data-term="([^"]+)"', html))
    assert linked and max(linked.values()) == 1  # once per page, not at every occurrence
    for slug in linked:
        assert f'href="{reverse("scorer:glossary")}#{slug}"' in html


def test_the_rules_page_links_elden_on_every_rule_set_that_uses_it(rendered):
    # "elden" is defined on every rule set's page that uses it, not on one page only
    for rs in clauses.RULESETS:
        html = rendered[reverse("scorer:rules", args=[rs]), "tr"]
        if any(slug == "elden" for slug, _g, _t in page_words(html, "tr")):
            assert 'data-term="elden"' in html, rs


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_the_glossary_page_lists_every_term_with_its_source(rendered, lang):
    html = rendered[reverse("scorer:glossary"), lang]
    for found in TERMS:
        start = html.index(f'id="{found.slug}"')
        entry = html[start : html.index("</dd>", start)]
        assert escape(found.quote.text_tr.split()[0]) in entry and found.quote.source in entry
        assert escape((found.text_en if lang == "en" else found.text_tr).split()[0]) in entry
        if lang == "en":
            assert found.quote.section_en in entry and 'class="quote-translation' in entry
    assert "gloss-link" not in html  # the glossary itself links no word to itself


def test_terms_are_in_alphabetical_order_of_the_page_language():
    turkish = [t.word_tr for t in terms_in_order("tr")]
    assert turkish.index("çift") > turkish.index("cezalı") and turkish.index("ıskarta") < turkish.index(
        "işlek taş"
    )
    english = [t.word_en.lower() for t in terms_in_order("en")]
    assert english == sorted(english)
