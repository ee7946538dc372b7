"""The new-hand form's save guard: ``hands_before``, how many hands the board had when the form
was shown, read strictly.

Without it a save cannot tell a second phone's hand (or a double tap) from the next hand, so a
missing or unreadable count is a field error like any other, never a save without the check.
"""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from scorer.platform.numbers import parse_count

MSG_GUARD_MISSING = _(
    "Hands on the board (hands_before): this save did not say how many hands the board had when "
    "the form was opened, so it cannot tell whether another phone saved this hand meanwhile. "
    "Nothing was saved; the form below now carries the count: check the hand and save again."
)
MSG_GUARD_UNREADABLE = _(
    "Hands on the board (hands_before): “%(value)s” is not a count of hands, so this save cannot "
    "tell whether another phone saved this hand meanwhile. Nothing was saved; the form below now "
    "carries the count: check the hand and save again."
)
SHOWN_MAX = 40
"""At most this many characters of an unreadable value are said back (it may be 5,000 digits)."""


class CountField(forms.Field):
    """A hidden whole number in ``low..`` (ASCII digits only, :func:`parse_count`): "１", "1e0",
    "-1" and twelve digits are refused, where ``IntegerField`` would read some of them."""

    widget = forms.HiddenInput
    default_error_messages = {"invalid": _("“%(value)s” is not a count.")}

    def __init__(self, *, low: int = 0, **kwargs) -> None:
        super().__init__(**kwargs)
        self.low = low

    def to_python(self, value):
        if value in self.empty_values:
            return None
        number = parse_count(value, low=self.low)
        if number is None:
            shown = str(value)[:SHOWN_MAX]
            raise ValidationError(self.error_messages["invalid"], code="invalid", params={"value": shown})
        return number


class SaveGuardForm(forms.Form):
    """The hidden ``hands_before`` of a new hand's form."""

    hands_before = CountField(
        label=_("Hands on the board"),
        error_messages={"required": MSG_GUARD_MISSING, "invalid": MSG_GUARD_UNREADABLE},
    )

    def message(self) -> str:
        """The one error, for the hand form's error summary ("" when the guard is readable)."""
        return " ".join(self.errors.get("hands_before", []))
