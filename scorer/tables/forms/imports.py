"""Import a table: the board's JSON export, uploaded as a file or pasted."""

import json

from crispy_forms.bootstrap import StrictButton
from crispy_forms.helper import FormHelper
from crispy_forms.layout import Layout
from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorer.engine.errors import FieldError
from scorer.formkit.fields import NulFreeForm
from scorer.formkit.layout import snippet

MAX_IMPORT_BYTES = 256 * 1024
"""A 20-hand table of four players exports to about 15 KiB."""


class GameImportForm(NulFreeForm):
    # The size limit and its messages; the event import sets its own.
    max_bytes = MAX_IMPORT_BYTES
    file_too_large = gettext_lazy("The file is too large (at most 256 KiB).")
    text_too_long = gettext_lazy("The text is too long (at most 256 KiB).")
    """A file or pasted text (exactly one); ``document`` is the parsed JSON once valid."""

    file = forms.FileField(
        label=gettext_lazy("JSON file"),
        required=False,
        help_text=gettext_lazy("The board's “JSON” download (oyun.json)."),
        widget=forms.ClearableFileInput(attrs={"accept": "application/json,.json", "class": "form-control"}),
    )
    text = forms.CharField(
        label=gettext_lazy("Or paste its content"),
        required=False,
        strip=True,
        widget=forms.Textarea(
            attrs={"rows": 6, "class": "form-control font-monospace", "spellcheck": "false"}
        ),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper(self)
        self.helper.form_action = "scorer:game_import"
        self.helper.form_class = "game-import"
        self.helper.attrs = {"novalidate": True}
        self.helper.layout = Layout(
            snippet("scorer/crispy/import_file_again.html"),
            "file",
            "text",
            StrictButton(_("Import the table"), type="submit", css_class="btn-primary btn-lg w-100"),
        )

    def clean(self) -> dict:
        data = super().clean()
        upload, text = data.get("file"), data.get("text")
        if upload and text:
            raise forms.ValidationError(_("Give either a file or pasted text, not both."))
        if not upload and not text:
            self.add_error("file", _("Choose the table's JSON file, or paste its content below."))
            return data
        field = "file" if upload else "text"
        raw = self.read(upload) if upload else text
        if raw is not None:
            self.parse(field, raw)
        return data

    def read(self, upload) -> str | None:
        if upload.size > self.max_bytes:
            self.add_error("file", self.file_too_large)
            return None
        try:
            return upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            self.add_error("file", _("The file is not UTF-8 text."))
            return None

    def parse(self, field: str, raw: str) -> None:
        if len(raw.encode()) > self.max_bytes:
            self.add_error(field, self.text_too_long)
            return
        try:
            self.cleaned_data["document"] = json.loads(raw)
        except (ValueError, RecursionError) as exc:
            self.add_error(field, _("Not valid JSON: %(error)s") % {"error": exc})

    @property
    def source_field(self) -> str:
        return "file" if self.cleaned_data.get("file") else "text"

    def add_document_errors(self, errors: tuple[FieldError, ...]) -> None:
        """The engine's errors on the field the document came from, each naming its place in the JSON."""
        for error in errors:
            message = f"{error.path}: {error.message}" if error.path else error.message
            self.add_error(self.source_field, message)
