"""101'de puan nasıl yazılır: seven steps, each with a mini-calculator that works without
JavaScript (one GET form) and, with htmx, answers only its own result; each links its rule clause."""

import re

import pytest
from django.urls import reverse

from scorer.engine import clauses
from scorer.teaching import learn

pytestmark = pytest.mark.django_db
URL = reverse("scorer:learn")


def get(client, lang="tr", htmx=False, **params):
    client.cookies["django_language"] = lang
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.get(URL, params, **headers)


STEPS = len(learn.STEPS)


def test_every_step_shows_its_result_for_the_defaults(client):
    html = get(client).content.decode()

    assert STEPS == 7
    for n in range(1, STEPS + 1):
        assert f'id="adim-{n}"' in html and f'data-result="{n}"' in html
    assert 'data-total="23"' in html and 'data-okey="red-6"' in html
    assert 'data-opens="yes"' in html and 'data-points="-101"' in html
    for total in (-101, 124, 20, 202):
        assert f'data-total="{total}"' in html


def test_each_step_links_the_rule_clauses_it_explains(client):
    html = get(client).content.decode()
    for step in (shown.step for shown in learn.shown_steps({})):
        start = html.index(f'id="adim-{step.number}"')
        end = html.index('id="next-heading"' if step.number == STEPS else f'id="adim-{step.number + 1}"')
        section = html[start:end]
        for rule in step.rules:
            url = f"{reverse('scorer:rules', args=[clauses.page_ruleset(rule)])}#{clauses.anchor(rule)}"
            assert f'href="{url}"' in section, (step.number, rule)


def test_without_javascript_one_form_keeps_every_steps_values(client):
    html = get(
        client, taslar="13 13", gosterge_renk="black", gosterge_sayi="13", bitis="pairs_okey"
    ).content.decode()

    assert 'data-total="26"' in html and 'data-okey="black-1"' in html and 'data-points="-808"' in html
    start = html.index('id="learn-form"')
    form = html[start : html.index("</form>", start)]
    assert (
        'method="get"' in html[html.index('<form id="learn-form"') - 5 : html.index('id="learn-form"') + 80]
    )
    assert form.count('type="submit"') == STEPS
    assert f'formaction="{URL}#adim-4"' in form
    assert 'value="13 13"' in form


def result_block(html: str, step: int) -> str:
    start = html.index(f'id="sonuc-{step}"')
    return html[start : html.index("</div>", start)]


def test_a_bad_value_is_named_kept_and_shown_in_place_of_its_steps_result(client):
    response = get(client, taslar="7 x 99", acilis_boyut="çok")
    html = response.content.decode()

    assert response.status_code == 200
    assert 'value="7 x 99"' in html and 'aria-invalid="true"' in html
    assert "Taşlar" in html and 'href="#taslar"' in html and 'href="#acilis_boyut"' in html
    for step, name in ((1, "taslar"), (3, "acilis_boyut")):
        block = result_block(html, step)
        assert f'id="{name}_error"' in block and "data-total" not in block and "data-opens" not in block
    assert 'aria-describedby="taslar_error"' in html


@pytest.mark.parametrize("lang", ["tr", "en"])
def test_with_htmx_a_bad_value_comes_back_as_the_steps_error_and_no_sum(client, lang):
    html = get(client, lang, htmx=True, adim="1", taslar="14 0 5").content.decode()

    assert html.strip().startswith('<div id="sonuc-1"')
    assert 'id="taslar_error"' in html and ("14, 0" in html)
    assert "data-total" not in html


@pytest.mark.parametrize("step", range(1, len(learn.STEPS) + 1))
def test_with_htmx_a_step_gets_only_its_own_result(client, step):
    html = get(client, htmx=True, adim=str(step), taslar="1 2").content.decode()

    assert html.strip().startswith(f'<div id="sonuc-{step}"')
    assert "<html" not in html and 'id="learn-form"' not in html


def test_the_page_is_in_english_too(client):
    html = get(client, "en").content.decode()
    assert "How to score 101" in html and "Scoring your first hand" in html
    assert "101'de puan nasıl yazılır" in get(client, "tr").content.decode()


def test_htmx_fields_keep_their_no_javascript_form(client):
    html = get(client).content.decode()
    for fieldset in re.findall(r"<fieldset[^>]*>", html):
        assert "hx-get" in fieldset and 'hx-include="#learn-form"' in fieldset


@pytest.mark.parametrize(
    ("lang", "multiplier", "team_line"),
    [("tr", "Cezalı: çarpanlar ve ödüller", "Eşli: takım satırları"), ("en", "Cezalı: multipliers and rewards", "Partners: team lines")],
)  # fmt: skip
def test_the_cezali_and_partners_steps_show_the_engines_numbers_in_both_languages(
    client, lang, multiplier, team_line
):
    html = get(client, lang, cz_bitis="elden", es_bitis="okey_elden").content.decode()
    shown = learn.shown_steps({"cz_bitis": "elden", "es_bitis": "okey_elden"})
    six, seven = shown[5].step, shown[6].step

    headings = re.sub(r"<[^>]+>", "", html)  # glossary links sit inside the headings
    assert f"6. {multiplier}" in headings and f"7. {team_line}" in headings
    block = html[html.index('id="sonuc-6"') : html.index('id="adim-7"')]
    assert f'data-multiplier="{six.values["m"]}"' in block and six.values["m"] == 2
    for total in six.values["result"].totals:
        assert f'data-total="{total}"' in block
    block = html[html.index('id="sonuc-7"') : html.index('id="next-heading"')]
    assert (
        f'data-team-line="{seven.values["team_line"].points}"' in block
        and 'data-code="team_fixed_base"' in block
    )
    assert f'data-total="{seven.values["team_total"]}"' in block and seven.values["team_total"] == 1600
