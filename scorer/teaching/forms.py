"""The practice answer form: one whole number per player (and per team with partners)."""

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Column, Field, Layout, Row
from django import forms
from django.utils.translation import gettext as _

from scorer.formkit.fields import MarkedBoundField, NulFreeForm, error_items
from scorer.teaching.practice import Answer

LIMIT = 20_000


class ScoreField(forms.IntegerField):
    """A score: also takes the typographic minus (−101) a learner may paste from the page."""

    bound_field_class = MarkedBoundField

    def to_python(self, value):
        if isinstance(value, str):
            value = value.strip().replace("\u2212", "-")
        return super().to_python(value)


class PracticeForm(NulFreeForm):
    """One score per answer, two to a row; the page's form tag (with its htmx wiring) wraps it."""

    def __init__(self, answers: list[Answer], *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for answer in answers:
            self.fields[answer.key] = score_field(answer)
        self.helper = FormHelper(self)
        self.helper.form_tag = False  # practice.html's form posts with htmx to the answer part
        self.helper.disable_csrf = True
        self.helper.layout = Layout(
            Row(
                *(
                    Column(Field(key, template="scorer/crispy/score.html"), css_class="col-6")
                    for key in self.fields
                ),
                css_class="g-2",
            )
        )

    def error_summary(self) -> list[dict]:
        """The summary's links are the messages themselves: each already names its player."""
        return error_items(self, lambda _name, _bound: "")


def score_field(answer: Answer) -> ScoreField:
    label = (
        _("{name}: score").format(name=answer.label)
        if answer.player is not None
        else _("Team {names}: total").format(names=answer.label)
    )
    return ScoreField(
        label=label,
        min_value=-LIMIT,
        max_value=LIMIT,
        widget=forms.NumberInput(
            attrs={"step": "1", "inputmode": "numeric", "autocomplete": "off", "class": "form-control"}
        ),
        error_messages={
            "required": _("Write a score for {name}.").format(name=answer.label),
            "invalid": _("{name}: write a whole number, such as 124 or −101.").format(name=answer.label),
            "min_value": _("{name}: no score is below −20000.").format(name=answer.label),
            "max_value": _("{name}: no score is above 20000.").format(name=answer.label),
        },
    )
