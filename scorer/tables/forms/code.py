"""A code typed to open something: a table's join code on the home page (:class:`JoinCodeForm`),
and the base of a table card's code (``scorer.events.forms.public.CardCodeForm``).

The form reads the code as people type it (:func:`scorer.tables.joincode.normalized`); whether a
table or a card has it is the view's look-up, whose miss goes on the field (:meth:`not_found`).
crispy lays the field and its button out on one line (``templates/scorer/crispy/with_button.html``)
inside the page's own form element, which keeps its method and address.
"""

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Field, Layout
from django import forms
from django.forms.boundfield import BoundField
from django.utils.translation import gettext_lazy

from scorer.formkit.fields import NulFreeForm
from scorer.tables import joincode


class CodeBoundField(BoundField):
    """The code's control: the id its page names (``field_id``), focused when the code is wrong,
    so that the page opens at it."""

    @property
    def auto_id(self) -> str:
        return self.form.field_id

    def build_widget_attrs(self, attrs, widget=None) -> dict:
        attrs = super().build_widget_attrs(attrs, widget)
        return attrs | {"autofocus": True} if self.errors else attrs


class CodeField(forms.CharField):
    """What was typed, shown again as :func:`~scorer.tables.joincode.typed_back` has it."""

    bound_field_class = CodeBoundField
    widget = forms.TextInput(
        attrs={
            "class": "form-control join-code-input",
            "maxlength": str(joincode.MAX_TYPED),
            "autocomplete": "off",
            "autocapitalize": "characters",
            "spellcheck": "false",
        }
    )

    def prepare_value(self, value):
        return joincode.typed_back(value) if isinstance(value, str) else value


class CodeForm(NulFreeForm):
    """One code field (``kod``) and its button; a subclass names the words and the field's id."""

    msg_not_a_code = ""
    msg_no_such_code = ""
    field_id = ""
    button_label = ""
    button_class = "btn-primary"
    announce_errors = False

    kod = CodeField(required=False, strip=False)

    def __init__(self, data=None, **kwargs) -> None:
        super().__init__(data, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
        self.helper.layout = Layout(Field("kod", template="scorer/crispy/with_button.html"))

    def clean_kod(self) -> str:
        code = joincode.normalized(self.cleaned_data["kod"])
        if code is None:
            raise forms.ValidationError(self.msg_not_a_code, code="not_a_code")
        return code

    def not_found(self) -> None:
        """No table (or card) has the code: said on the field."""
        self.add_error("kod", forms.ValidationError(self.msg_no_such_code, code="no_such_code"))


class JoinCodeForm(CodeForm):
    """The home page's "table code": the board of the table that has it, to watch."""

    msg_not_a_code = gettext_lazy(
        "A table code has 6 letters and digits, as the board shows it (for example K7M-Q2P)."
    )
    msg_no_such_code = gettext_lazy("No table has this code. Check it on the scorekeeper's board.")
    field_id = "join-code"
    button_label = gettext_lazy("Open the table")
    button_class = "btn-theme-outline"

    def __init__(self, data=None, **kwargs) -> None:
        super().__init__(data, **kwargs)
        self.fields["kod"].label = gettext_lazy("Table code")
        self.fields["kod"].help_text = gettext_lazy(
            "The 6 characters under “Scoreboard” on the scorekeeper's phone, for example K7M-Q2P. "
            "It opens the board to watch; only the edit link lets a phone enter hands."
        )
