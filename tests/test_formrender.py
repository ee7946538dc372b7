"""The fast form renderer writes exactly what Django's widget templates write."""

import pytest
from django import forms
from django.conf import settings
from django.forms.renderers import DjangoTemplates
from django.utils.safestring import mark_safe
from hypothesis import given
from hypothesis import strategies as st

from scorer.formrender import INPUT_TEMPLATES, FastInputRenderer

DJANGO = DjangoTemplates()
FAST = FastInputRenderer()

WIDGETS = [
    forms.TextInput,
    forms.NumberInput,
    forms.EmailInput,
    forms.URLInput,
    forms.PasswordInput,
    forms.HiddenInput,
    forms.CheckboxInput,
    forms.SearchInput,
    forms.TelInput,
    forms.DateInput,
    forms.TimeInput,
    forms.ColorInput,
]
ATTRS = [
    {},
    {"class": "form-control", "min": 0, "max": 13, "inputmode": "numeric"},
    {"required": True, "disabled": False, "data-x": 'a"b<c>&d', "aria-describedby": "id_x_error"},
    {"data-n": 0, "data-none": None, "autofocus": True},
]
VALUES = [
    None,
    "",
    0,
    7,
    "12",
    'x" onmouseover="alert(1)',
    "<b>&amp;</b>",
    mark_safe("<i>safe</i>"),
    True,
    False,
]


def test_the_app_uses_the_fast_renderer():
    assert settings.FORM_RENDERER == "scorer.formrender.FastInputRenderer"


def test_every_fast_template_is_djangos_own():
    assert FAST.fast_templates == INPUT_TEMPLATES


@pytest.mark.parametrize("widget_class", WIDGETS)
def test_same_markup_as_djangos_templates(widget_class):
    for attrs in ATTRS:
        for value in VALUES:
            widget = widget_class(attrs=dict(attrs))
            expected = widget.render("okeys_1", value, attrs={"id": "id_okeys_1"}, renderer=DJANGO)
            got = widget.render("okeys_1", value, attrs={"id": "id_okeys_1"}, renderer=FAST)
            assert got == expected, (attrs, value)


@given(
    name=st.text(max_size=12),
    value=st.one_of(st.none(), st.text(max_size=20), st.integers()),
    attr=st.text(max_size=12),
)
def test_same_markup_for_any_text(name, value, attr):
    widget = forms.NumberInput(attrs={"data-label": attr, "aria-label": attr})
    assert widget.render(name, value, renderer=FAST) == widget.render(name, value, renderer=DJANGO)


def test_other_widgets_still_use_the_templates():
    widget = forms.Select(choices=[("a", "A"), ("b", "<B>")])
    assert widget.render("x", "b", renderer=FAST) == widget.render("x", "b", renderer=DJANGO)
    radio = forms.RadioSelect(choices=[("a", "A")])
    assert radio.render("x", "a", renderer=FAST) == radio.render("x", "a", renderer=DJANGO)


def test_a_bound_form_renders_the_same_whole():
    class Form(forms.Form):
        points = forms.IntegerField(min_value=0, label="Points <left>")
        okeys = forms.IntegerField(required=False)
        finished = forms.BooleanField(required=False)
        name = forms.CharField(max_length=5)

    data = {"points": "-3", "okeys": "x", "finished": "on", "name": '"long name"'}
    fast, django = Form(data=data, renderer=FAST), Form(data=data, renderer=DJANGO)
    assert str(fast) == str(django)
