"""The practice answer form: one whole number per player (and per team with partners)."""

from django import forms
from django.utils.translation import gettext as _

from scorer.teaching.practice import Answer

LIMIT = 20_000


class ScoreField(forms.IntegerField):
    """A score: also takes the typographic minus (−101) a learner may paste from the page."""

    def to_python(self, value):
        if isinstance(value, str):
            value = value.strip().replace("\u2212", "-")
        return super().to_python(value)


class PracticeForm(forms.Form):
    def __init__(self, answers: list[Answer], *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for answer in answers:
            label = (
                _("{name}: score").format(name=answer.label)
                if answer.player is not None
                else _("Team {names}: total").format(names=answer.label)
            )
            self.fields[answer.key] = ScoreField(
                label=label,
                min_value=-LIMIT,
                max_value=LIMIT,
                error_messages={
                    "required": _("Write a score for {name}.").format(name=answer.label),
                    "invalid": _("{name}: write a whole number, such as 124 or −101.").format(
                        name=answer.label
                    ),
                    "min_value": _("{name}: no score is below −20000.").format(name=answer.label),
                    "max_value": _("{name}: no score is above 20000.").format(name=answer.label),
                },
            )
            self.fields[answer.key].widget.attrs.update(
                {"inputmode": "numeric", "autocomplete": "off", "class": "form-control"}
            )
