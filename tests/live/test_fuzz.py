"""Hypothesis fuzz of the JSON API and of every form endpoint (issue 10): no 5xx, errors as documented.

Small example counts keep the suite fast; bench/fuzz.py runs 5,000 API bodies and 2,000 form
posts against gunicorn with the same generators (tests/live/fuzz.py).
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.live.fuzz import api_body, api_problems, form_post, form_problems
from tests.support.factories import claim, finisher_alone, new_table

pytestmark = pytest.mark.django_db

FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@FUZZ
@given(rng=st.randoms(use_true_random=False))
def test_fuzzed_api_bodies_never_5xx_and_errors_are_shaped_as_documented(client, rng):
    fuzzed = api_body(rng)

    response = client.post("/api/v1/score", data=fuzzed.body, content_type=fuzzed.content_type)

    assert api_problems(response.status_code, response["Content-Type"], response.content) == []


@pytest.fixture
def table(client):
    game, secret = new_table("loca-cezali", hands_planned=21, hands=[finisher_alone()])
    claim(client, game, secret)
    return game


@FUZZ
@given(rng=st.randoms(use_true_random=False))
def test_fuzzed_form_posts_never_5xx(client, table, rng):
    fuzzed = form_post(rng, table.public_id)
    headers = {"HX-Request": "true"} if fuzzed.htmx else {}

    if fuzzed.method == "GET":
        response = client.get(f"{fuzzed.path}?{fuzzed.body}", headers=headers)
    else:
        response = client.post(
            fuzzed.path, fuzzed.body, content_type="application/x-www-form-urlencoded", headers=headers
        )

    assert form_problems(response.status_code) == [], (fuzzed, response.content[:500])
