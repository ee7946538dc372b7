"""The fast form renderer writes exactly what Django's widget templates write."""

import pytest
from django import forms
from django.conf import settings
from django.forms.renderers import DjangoTemplates
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy
from hypothesis import given
from hypothesis import strategies as st

from scorer.platform.formrender import INPUT_TEMPLATES, FastInputRenderer

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
    assert settings.FORM_RENDERER == "scorer.platform.formrender.FastInputRenderer"


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
    widget = forms.RadioSelect(choices=[("a", "A"), ("b", "<B>")])
    assert widget.render("x", "b", renderer=FAST) == widget.render("x", "b", renderer=DJANGO)


def test_the_select_templates_are_djangos_own():
    assert FAST.fast_select


SELECTS = [
    forms.Select(choices=[("", "—"), *((n, str(n)) for n in range(1, 14))]),
    forms.Select(
        choices=[("loca", gettext_lazy("Rule set")), ("x", '<b>"&amp;"</b>'), ("s", mark_safe("<i>ok</i>"))]
    ),
    forms.Select(choices=[("Group <1>", [("a", "A"), ("b", "B")]), ("c", "C"), ("", [("d", 1000)])]),
    forms.Select(attrs={"class": "form-select is-invalid", "aria-describedby": "h", "disabled": True}),
    forms.SelectMultiple(choices=[(1, "one"), (2, "two"), (3, "three")]),
    forms.NullBooleanSelect(),
]


@pytest.mark.parametrize("widget", SELECTS, ids=lambda w: type(w).__name__)
@pytest.mark.parametrize("value", [None, "", 1, "2", [1, 3], "b", "loca", "unknown", True, False, "x"])
def test_selects_same_markup_as_djangos_templates(widget, value):
    with translation.override("tr"):
        try:
            expected = widget.render("setup-ruleset", value, attrs={"id": "id_r"}, renderer=DJANGO)
        except TypeError:  # NullBooleanSelect cannot take a list: neither renderer can
            with pytest.raises(TypeError):
                widget.render("setup-ruleset", value, attrs={"id": "id_r"}, renderer=FAST)
            return
        got = widget.render("setup-ruleset", value, attrs={"id": "id_r"}, renderer=FAST)
    assert got == expected
    assert got.startswith("<select")


@given(
    choices=st.lists(
        st.tuples(st.one_of(st.text(max_size=6), st.integers()), st.text(max_size=8)), max_size=5
    ),
    value=st.one_of(st.none(), st.text(max_size=6), st.integers()),
)
def test_selects_same_markup_for_any_choices(choices, value):
    widget = forms.Select(choices=choices)
    assert widget.render("n", value, renderer=FAST) == widget.render("n", value, renderer=DJANGO)


def test_a_select_with_its_own_option_template_uses_the_templates():
    class Custom(forms.Select):
        option_template_name = "django/forms/widgets/radio_option.html"

    widget = Custom(choices=[("a", "A")])
    got = widget.render("x", "a", renderer=FAST)
    assert got == widget.render("x", "a", renderer=DJANGO)
    assert "<label><input" in got
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
