"""Rules pages: decision quotes labelled by source and translated, only the page's own
decisions, the corrected translations, and the seed rules the pages include."""

import html as htmllib
import re

import pytest
from django.test import Client
from django.urls import reverse

from scorer.engine import clauses
from scorer.engine.decisions import DECISIONS

RULESETS = list(clauses.RULESETS)


@pytest.fixture(scope="module")
def pages(django_db_blocker) -> dict[tuple[str, str], str]:
    with django_db_blocker.unblock():
        found = {}
        for lang in ("tr", "en"):
            client = Client()
            client.cookies["django_language"] = lang
            for rs in RULESETS:
                response = client.get(reverse("scorer:rules", args=[rs]), HTTP_ACCEPT_LANGUAGE=lang)
                found[rs, lang] = response.content.decode()
        return found


def article(page: str, anchor: str) -> str:
    """The <article> with this id, as text (tags dropped, entities decoded, spaces collapsed)."""
    start = page.index(f'id="{anchor}"')
    raw = page[start : page.index("</article>", start)]
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", raw)).split())


def raw_article(page: str, anchor: str) -> str:
    start = page.index(f'id="{anchor}"')
    return page[start : page.index("</article>", start)]


def figures(block: str) -> list[str]:
    return re.findall(r"<figure[^>]*>.*?</figure>", block, flags=re.S)


def test_gkokay_d9_labels_the_kerizim_sentence_with_its_own_text(pages):
    d9 = raw_article(pages["gkokay", "tr"], "D9")

    kerizim = [f for f in figures(d9) if "Eli bitiren oyuncunun o eldeki faulleri" in f]
    assert len(kerizim) == 1
    assert 'data-source="Kerizim 101"' in kerizim[0]
    assert "Kerizim 101" in htmllib.unescape(re.sub(r"<[^>]+>", " ", kerizim[0]))
    assert " … " not in article(pages["gkokay", "tr"], "D9")  # no more passages of two texts run together


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_decision_quote_is_labelled_with_its_text_and_section(pages, ruleset):
    page = pages[ruleset, "tr"]
    for found in clauses.decisions_for(ruleset):
        shown = figures(raw_article(page, found.id))
        assert len(shown) == len(found.quotes), found.id
        for quote, figure in zip(found.quotes, shown, strict=True):
            text = " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", figure)).split())
            assert " ".join(quote.text_tr.split()) in text
            assert quote.source in text and quote.section in text, (found.id, quote.section)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_english_pages_give_the_english_beside_every_turkish_quote(pages, ruleset):
    page = pages[ruleset, "en"]
    for found in clauses.decisions_for(ruleset):
        text = article(page, found.id)
        for quote in found.quotes:
            turkish, english = " ".join(quote.text_tr.split()), " ".join(quote.text_en.split())
            assert turkish in text and english in text, (found.id, english)
            assert text.index(turkish) < text.index(english)
            assert quote.section_en in text
    assert 'class="quote-translation' in page


def test_turkish_pages_show_no_english_quote_translation(pages):
    assert 'class="quote-translation' not in pages["loca", "tr"]


@pytest.mark.parametrize(("ruleset", "absent"), [("gkokay", "D5"), ("loca", "D9"), ("kerizim", "D16")])
def test_a_decision_about_another_rule_set_is_not_on_the_page(pages, ruleset, absent):
    assert f'id="{absent}"' not in pages[ruleset, "tr"]


def test_d16_is_on_both_loca_pages_and_d15_on_kerizim(pages):
    for rs in ("loca", "loca-cezali"):
        assert 'id="D16"' in pages[rs, "tr"]
        assert "Çiftle bitişte taş atılmaz" in article(pages[rs, "tr"], "D16")
    assert 'id="D15"' in pages["kerizim", "tr"]


def test_payment_table_rows_carry_the_decisions_of_their_finish(pages):
    def row_of(page: str, label: str) -> str:
        table = page[page.index("payments-table") : page.index("</table>", page.index("payments-table"))]
        return next(r for r in table.split("<tr") if label in r)

    assert 'href="#D16"' in row_of(pages["loca", "tr"], "Hem çiftle hem okey atarak bitiş")
    assert 'href="#D15"' in row_of(pages["kerizim", "tr"], "Çift dizle bitiş")


def test_gkokay_multiplier_column_says_it_reaches_only_the_202(pages):
    page = pages["gkokay", "tr"]
    scopes = re.findall(
        r'data-multiplier="(\d+)"[^>]*>[^<]*<a[^>]*data-multiplier-scope="never-opened"', page
    )
    assert scopes and set(scopes) == {"2"}
    start = page.index('id="multiplier-scope"')
    note = page[start : page.index("</p>", start)]
    assert 'href="#D7"' in note and "gkokay/#ozel-bitis" in note
    assert "data-multiplier-scope" not in pages["loca-cezali", "tr"]


# --- translations (defect 2) ---------------------------------------------------------------------


def test_loca_pairs_doubling_translation_says_single_value_not_written_once(pages):
    text = article(pages["loca", "en"], "cift-kati")
    assert "single value (not doubled)" in text
    assert "written once" not in text


@pytest.mark.parametrize("anchor", ["duvar", "cift-kati"])
def test_kerizim_translation_does_not_send_the_reader_below_to_the_multipliers(pages, anchor):
    page = pages["kerizim", "en"]
    text = article(page, anchor)
    english = clauses.clause(f"kerizim.{anchor}").text_en
    assert "below" not in english
    assert "Multipliers" in text
    assert page.index('id="katlar"') < page.index(f'id="{anchor}"')  # the multipliers clause is above
    assert "above" in article(page, anchor) and "yukarıdaki Katlar" in article(pages["kerizim", "tr"], anchor)


def test_d6_quotes_the_source_capitals(pages):
    assert "“Okey ile ELDEN bitiş”" in article(pages["loca-cezali", "tr"], "D6")
    assert "okey ile elden bitiş”" not in article(pages["loca-cezali", "tr"], "D6")


# --- the seed rules the pages omitted (defect 6) ---------------------------------------------------


def test_the_timeout_exemption_is_a_clause_on_both_loca_pages(pages):
    assert "Süre aşımında oyun senin yerine taş attıysa hiçbir ceza yazılmaz." in article(
        pages["loca", "tr"], "sure-asimi"
    )
    cezali = article(pages["loca-cezali", "tr"], "sure-asimi")
    assert "Süre aşımında oyunun attığı taş bütün bu kalemlerden muaftır." in cezali
    assert "girilmez" in cezali  # tells the table not to enter them
    assert "enter no penalty" in article(pages["loca", "en"], "sure-asimi").lower()


@pytest.mark.parametrize("ruleset", ["loca", "gkokay"])
def test_tile_values_and_the_okey_following_the_indicator_are_on_the_page(pages, ruleset):
    page = pages[ruleset, "tr"]
    text = article(page, "taslar") + " " + (article(page, "gosterge") if ruleset == "loca" else "")
    assert ("1 taşı 1 puandır" in text) or ("taş, üzerindeki sayı kadar sayılır" in article(page, "el-acma"))
    assert "Göstergenin aynı renkte bir büyüğü okeydir" in text or "OKEY, göstergenin bir üstündeki" in text


@pytest.mark.parametrize(
    ("ruleset", "opening", "pairs_opener"),
    [
        ("loca", "en az 5 çift indirirsen puan aranmaz", "Çiftle açan oyuncu aynı elde per/seri AÇAMAZ"),
        ("gkokay", "en az 5 çiftle açılabilir", "Çiftle açan oyuncu yalnızca çift ekleyebilir"),
    ],
)
def test_the_opening_rules_are_clauses_of_their_own(pages, ruleset, opening, pairs_opener):
    page = pages[ruleset, "tr"]
    assert opening in article(page, "el-acma")
    assert "101" in article(page, "el-acma")
    assert pairs_opener in article(page, "cift-acan")


def test_loca_page_says_katlama_never_changes_points_and_x8_is_a_stake_multiplier(pages):
    tr, en = article(pages["loca", "tr"], "katlama"), article(pages["loca", "en"], "katlama")
    assert "puanları hiç değiştirmez" in tr and "masa girişinin (bahsin) çarpanıdır" in tr
    assert "never change points" in en and "the stake" in en


def test_gkokay_katlama_clause_says_why_an_elden_finisher_is_not_exempt(pages):
    text = article(pages["gkokay", "en"], "katlama")
    assert "no exception for an elden finish" in text
    assert 'href="#D13"' in raw_article(pages["gkokay", "en"], "katlama-cift")
    assert 'href="#D13"' not in raw_article(pages["gkokay", "en"], "katlama")


def test_no_decision_quote_is_left_unlabelled_anywhere():
    for found in DECISIONS.values():
        for quote in found.quotes:
            assert quote.source and quote.section and quote.text_en
