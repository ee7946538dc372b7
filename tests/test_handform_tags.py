"""The hand form's stepper tag writes exactly what ``scorer/_stepper.html`` writes."""

import re

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


# --- the whole hand form: {% hand_fields form %} against {% include "scorer/_hand_form.html" %} ---

FORM_INCLUDE = Template('{% include "scorer/_hand_form.html" %}')
FORM_TAG = Template("{% load handform %}{% hand_fields form %}")


def same_html(html: str) -> str:
    """The markup with whitespace runs made one space and none before a tag's ``>``: the same
    page to a browser (no ``<pre>`` or ``<textarea>`` here), whatever the template's indenting."""
    return re.sub(r"\s+>", ">", re.sub(r"\s+", " ", html)).strip()


def with_top_error() -> HandForm:
    """An engine error the form has no field for goes on top (``add_engine_errors``)."""
    form = HandForm("loca", {}, NAMES, data={"finisher": "0"})
    form.is_valid()
    form.add_error(None, "Two <b>finishers</b> & more")
    return form


HAND_FORMS = {
    "loca, an error on top": with_top_error,
    "loca, unbound, dealer": lambda: HandForm("loca", {}, NAMES, dealer=2),
    "loca, typed with errors": lambda: HandForm(
        "loca",
        {},
        NAMES,
        data={
            "finisher": "1",
            "p0-points": "abc",
            "p1-okey_discard": "on",
            "p2-okeys": "7",
            "p3-points": "40",
        },
    ),
    "loca, nothing chosen (form errors)": lambda: HandForm("loca", {}, NAMES, data={"p0-points": "12"}),
    "loca-cezali, partners, side tile and opening": lambda: HandForm(
        "loca-cezali",
        {"partners": True},
        NAMES,
        data={
            "finisher": "deck",
            "p0-opened": "pairs",
            "p0-opening_size": "5",
            "p0-opening_order": "2",
            "p1-side_tile": "7",
            "p2-foul_okey_swapped": "1",
            "p3-opening_size": "x",
            "p3-opening_order": "9",
            "p3-elden": "on",
        },
        dealer=0,
    ),
    "gkokay cezali, stored hand": lambda: HandForm.from_hand(
        "gkokay",
        {"cezali": True},
        NAMES,
        {
            "players": [
                {"name": NAMES[0], "opened": "sets", "finished": True, "finish": {"elden": True}},
                {"name": NAMES[1], "opened": "none", "remaining": {"points": 1000, "okeys": 1}},
                {"name": NAMES[2], "opened": "pairs", "first_opening": {"pairs": 6, "order": 1}},
                {
                    "name": NAMES[3],
                    "opened": "sets",
                    "side_tile": {"value": 13},
                    "fouls": {"okey_discard": 2},
                },
            ]
        },
    ),
    "kerizim, unbound": lambda: HandForm("kerizim", {}, NAMES[:3]),
}


@pytest.mark.parametrize("language", ["tr", "en"])
@pytest.mark.parametrize("kind", HAND_FORMS)
def test_the_hand_fields_tag_renders_the_hand_form_template(kind, language):
    with translation.override(language):
        form = HAND_FORMS[kind]()
        form.is_valid()
        expected = FORM_INCLUDE.render(Context({"form": form}))
        got = FORM_TAG.render(Context({"form": form}))
    got, expected = same_html(got), same_html(expected)
    at = next(
        (i for i, (a, b) in enumerate(zip(got, expected, strict=False)) if a != b),
        min(len(got), len(expected)),
    )
    assert got == expected, f"differs at {at}: {got[at - 80 : at + 80]!r} vs {expected[at - 80 : at + 80]!r}"
    assert len(re.findall(r"<input\b", got)) > 20


def test_the_hand_form_comparison_covers_every_branch():
    """The forms above reach the template's optional parts (or the comparison would prove less)."""
    html = ""
    for make in HAND_FORMS.values():
        form = make()
        form.is_valid()
        html += FORM_TAG.render(Context({"form": form}))
    for part in (
        "data-non-field-errors",
        'id="id_finisher_error"',
        "team-badge",
        "dealer-badge",
        "<select",
        " selected>",
        "form-text mt-0 mb-0",
        "span-all",
        "data-extras open",
        'data-unopened-okeys="count"',
        " checked",
        "_dropped",
    ):
        assert part in html, part


def test_same_html_keeps_what_a_browser_sees():
    assert same_html("<a  href='x'\n  >A  b</a> <b>") == "<a href='x'>A b</a> <b>"
    assert same_html("<i>a</i><i>b</i>") != same_html("<i>a</i> <i>b</i>")
