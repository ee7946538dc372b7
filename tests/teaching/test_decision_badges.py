"""Decision badges: only on lines whose amount depends on the decision, with a short
human title, translated ("Yorum: …" / "Note: …"); rules pages show okeycalc's own statements as such."""

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

BADGE = re.compile(r'<a class="badge[^"]*decision-link"[^>]*>([^<]*)</a>')


def badges(html: str) -> list[str]:
    return BADGE.findall(html)


def example_page(client, slug: str) -> str:
    return client.get(reverse("scorer:example", args=[slug])).content.decode()


def test_pairs_and_okey_finish_shows_the_d5_badge_with_its_title(client):
    html = example_page(client, "cezali-cift-okey")
    assert "Yorum: çift + okey bitişi ×4" in badges(html)
    assert "Yorum D5" not in " ".join(badges(html))  # a title, not a bare code


def test_an_okey_finish_shows_no_d5_badge_only_the_okey_in_hand_one(client):
    # Bora holds a real okey: its 101 line depends on D1; nothing here depends on D5
    assert badges(example_page(client, "cezali-okey-atarak")) == ["Yorum: elde kalan okey 101"]


def test_badges_are_translated(client):
    client.cookies["django_language"] = "en"
    html = example_page(client, "cezali-cift-okey")
    assert "Note: pairs + okey finish ×4" in badges(html)
    assert not any(b.startswith("Yorum") for b in badges(html))


def test_team_line_of_a_pairs_and_okey_finish_carries_the_d6_badge(client):
    html = example_page(client, "cezali-esli-sabit-taban")
    assert "Yorum: eşli çift + okey: 808 / 1600" not in badges(html)  # an okey elden finish: no D6
    assert "Okey ile elden bitiş" in html  # the team line says which finish made it


def test_rules_page_marks_okeycalcs_own_statements_and_titles_decisions(client):
    html = client.get(reverse("scorer:rules", args=["gkokay"])).content.decode()
    assert "Kaynak kurallar bu konuda bir şey söylemez" in html
    assert (
        "Yorum D10: GkOkay&#x27;de deste bitişi kuralı yok" in html
        or "Yorum D10: GkOkay'de deste bitişi kuralı yok" in html
    )


def test_cezali_rules_page_documents_the_combinations(client):
    html = client.get(reverse("scorer:rules", args=["loca-cezali"])).content.decode()
    for combo in ("cift-elden", "151-okey-elden", "esli-cift-bitis"):
        assert f'data-combination="{combo}"' in html
    assert "−505" in html
