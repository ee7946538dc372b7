"""The forms of an event's public side: a table card's code typed in, and the standings' seat search."""

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Field, Layout
from django import forms
from django.utils.translation import gettext_lazy, pgettext_lazy

from scorer.formkit.fields import NulFreeForm
from scorer.tables.forms.code import CodeForm


class CardCodeForm(CodeForm):
    """A table card's code typed in: the same as scanning the card."""

    msg_not_a_code = gettext_lazy(
        "A card code has 6 letters and digits, as the table card shows it (for example K7M-Q2P)."
    )
    msg_no_such_code = gettext_lazy(
        "No table card has this code. Check it on the card, or ask the organizer."
    )
    field_id = "card-code"
    button_label = gettext_lazy("Open the table")

    def __init__(self, data=None, **kwargs) -> None:
        super().__init__(data, **kwargs)
        self.fields["kod"].label = gettext_lazy("Card code")
        self.fields["kod"].help_text = gettext_lazy("6 letters and digits, for example K7M-Q2P.")


SEARCH_MAX = 80
"""At most this many characters of a seat search are read (the longest team name fits)."""


class SearchField(forms.CharField):
    """What is searched for, shown again as it is read: trimmed, at most :data:`SEARCH_MAX`."""

    def prepare_value(self, value):
        return value.strip()[:SEARCH_MAX] if isinstance(value, str) else value

    def clean(self, value) -> str:
        return super().clean(value)[:SEARCH_MAX]


class SeatSearchForm(NulFreeForm):
    """The public standings' "find your seat" (without JavaScript): a name, or part of one."""

    button_label = gettext_lazy("Search")
    button_class = "btn-theme-outline"
    label_class = "fw-semibold"
    joined = True
    announce_errors = False

    ara = SearchField(
        required=False,
        label=pgettext_lazy("event", "Find your seat"),
        help_text=pgettext_lazy("event", "Type your name: your table and seat show."),
        widget=forms.SearchInput(attrs={"class": "form-control", "autocomplete": "off"}),
    )

    def __init__(self, data=None, **kwargs) -> None:
        super().__init__(data, auto_id="seat-%s", **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
        self.helper.layout = Layout(Field("ara", template="scorer/crispy/with_button.html"))

    def query(self) -> str:
        """What to look for ("" when nothing, or nothing readable, was typed)."""
        return self.cleaned_data["ara"] if self.is_valid() else ""
