"""The hand form's stepper tag writes exactly what ``scorer/_stepper.html`` writes."""

import pytest
from django.template import Context, Template
from django.utils import translation

from scorer.forms import HandForm

NAMES = ["Ayşe", "Bo<b>ra", 'Cem "&"', "Deniz"]
INCLUDE = Template(
    '{% for field in fields %}{% include "scorer/_stepper.html" with wide=wide %}|{% endfor %}'
)
TAG = Template("{% load handform %}{% for field in fields %}{% stepper field wide=wide %}|{% endfor %}")


def steppers(form: HandForm) -> list:
    return [f for p in form.players for f in (*p.fouls, p.okeys, p.fake_okeys)]


FORMS = {
    "unbound": lambda: HandForm("loca", {}, NAMES),
    "typed": lambda: HandForm(
        "loca", {}, NAMES, data={"finisher": "0", "p1-okeys": "1", "p2-fake_okeys": "x", "p3-okeys": "9"}
    ),
    "1,000 and spaces": lambda: HandForm("kerizim", {}, NAMES, data={"p0-okeys": " 2 ", "p1-okeys": "1000"}),
}


@pytest.mark.parametrize("language", ["tr", "en"])
@pytest.mark.parametrize("wide", [False, True])
@pytest.mark.parametrize("kind", FORMS)
def test_the_stepper_tag_renders_the_include_exactly(kind, wide, language):
    form = FORMS[kind]()
    form.is_valid()
    fields = steppers(form)
    assert fields
    with translation.override(language):
        context = {"fields": fields, "wide": wide}
        expected = INCLUDE.render(Context(context))
        got = TAG.render(Context(context))
    assert got == expected
    if kind == "typed":
        assert "aria-invalid" in got  # the errors branch was compared too
