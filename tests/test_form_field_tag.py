"""``{% form_field %}`` writes what crispy's ``as_crispy_field`` writes: selects in Python, the rest by crispy."""

import re

import pytest
from django import forms
from django.template import Context, Template
from django.utils import translation

from scorer.calculator.forms import CalcSetupForm
from scorer.forms import GameForm
from scorer.templatetags.fields import crispy_is_stock, is_plain_select

CRISPY = Template(
    "{% load crispy_forms_tags %}{% for field in fields %}{{ field|as_crispy_field }}<hr>{% endfor %}"
)
TAG = Template("{% load fields %}{% for field in fields %}{% form_field field %}<hr>{% endfor %}")


def same_html(html: str) -> str:
    """Whitespace runs as one space, none before a tag's ``>`` or between tags: the same page to a
    browser for this markup (block elements and selects, no inline text between tags)."""
    html = re.sub(r"\s+>", ">", re.sub(r"\s+", " ", html))
    return re.sub(r">\s+<", "><", html).strip()


class Other(forms.Form):
    note = forms.CharField(label="Note <1>", help_text="Any text.")
    size = forms.ChoiceField(
        label="", choices=[("s", "S"), ("m", "M")], required=False, widget=forms.Select(attrs={"data-x": "1"})
    )
    plain = forms.ChoiceField(choices=[(1, "one")], widget=forms.Select)
    agree = forms.BooleanField(label="Agree")


def calc_fields(data=None):
    form = CalcSetupForm(data=data)
    form.is_valid()
    return [form["ruleset"], form["players"], *form.option_fields, *form.name_fields]


def game_fields(data=None):
    form = GameForm(data=data)
    form.is_valid()
    return [form["hands_planned"], form["first_dealer"], *form.player_fields]


def other_fields(data=None):
    form = Other(data=data)
    form.is_valid()
    return list(form)


FIELDS = {
    "calculator, unbound": lambda: calc_fields(),
    "calculator, LOCA Cezalı with options": lambda: calc_fields(
        {"setup-ruleset": "loca-cezali", "setup-players": "3", "setup-opt_katlama": "extra"}
    ),
    "calculator, bad choices": lambda: calc_fields(
        {"setup-ruleset": "<nope>", "setup-players": "9", "setup-opt_katlama": "x"}
    ),
    "new table, unbound": lambda: game_fields(),
    "new table, bad choices": lambda: game_fields({"hands_planned": "7", "first_dealer": "x"}),
    "other fields": lambda: other_fields(),
    "other fields, bound": lambda: other_fields({"size": "xl", "plain": "2"}),
}


@pytest.mark.parametrize("language", ["tr", "en"])
@pytest.mark.parametrize("kind", FIELDS)
def test_form_field_renders_what_crispy_renders(kind, language):
    with translation.override(language):
        fields = FIELDS[kind]()
        expected = CRISPY.render(Context({"fields": fields}))
        got = TAG.render(Context({"fields": fields}))
    assert same_html(got) == same_html(expected)


def test_the_comparison_reaches_the_python_path_and_its_branches():
    assert crispy_is_stock()
    fields = [f for make in FIELDS.values() for f in make()]
    selects = [f for f in fields if is_plain_select(f)]
    assert len(selects) >= 10 and len(selects) < len(fields)
    html = TAG.render(Context({"fields": selects}))
    for part in ("asteriskField", "is-invalid", "invalid-feedback", "form-text", 'data-x="1"', "selected"):
        assert part in html, part


def test_crispy_keeps_writing_into_the_widget_but_the_tag_does_not():
    form = CalcSetupForm(data={"setup-ruleset": "<nope>"})
    form.is_valid()
    TAG.render(Context({"fields": [form["ruleset"]]}))
    assert "is-invalid" not in form.fields["ruleset"].widget.attrs["class"]
    CRISPY.render(Context({"fields": [form["ruleset"]]}))
    assert "is-invalid" in form.fields["ruleset"].widget.attrs["class"]


def test_same_html_keeps_what_matters():
    assert same_html('<div  class="a"\n >\n <p>x</p></div>') == '<div class="a"><p>x</p></div>'
    assert same_html("<p>a b</p>") != same_html("<p>ab</p>")
