"""101'de puan nasıl yazılır (issue 20): five steps, each with a mini-calculator that works without
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


def test_the_five_steps_show_their_results_for_the_defaults(client):
    html = get(client).content.decode()

    for n in range(1, 6):
        assert f'id="adim-{n}"' in html and f'data-result="{n}"' in html
    assert 'data-total="23"' in html and 'data-okey="red-6"' in html
    assert 'data-opens="yes"' in html and 'data-points="-101"' in html
    for total in (-101, 124, 20, 202):
        assert f'data-total="{total}"' in html


def test_each_step_links_the_rule_clauses_it_explains(client):
    html = get(client).content.decode()
    for step in learn.learn_steps({}):
        start = html.index(f'id="adim-{step.number}"')
        end = html.index('id="next-heading"' if step.number == 5 else f'id="adim-{step.number + 1}"')
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
    assert form.count('type="submit"') == 5
    assert f'formaction="{URL}#adim-4"' in form
    assert 'value="13 13"' in form


def test_a_bad_value_is_named_kept_and_replaced_by_the_default(client):
    response = get(client, taslar="7 x 99", acilis_boyut="çok")
    html = response.content.decode()

    assert response.status_code == 200
    assert 'value="7 x 99"' in html and 'aria-invalid="true"' in html
    assert "Taşlar" in html and 'href="#taslar"' in html and 'href="#acilis_boyut"' in html
    assert 'data-total="23"' in html


@pytest.mark.parametrize("step", [1, 2, 3, 4, 5])
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
