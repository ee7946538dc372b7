"""The board's "change the number of hands": the count chosen, based on the table's version shown.

The count is read strictly (:class:`~scorer.tables.forms.guard.CountField`) and offered among the
numbers the table may change to; whether it still may (the hands played, a rematch, an event) is
the service's check, whose refusal goes on the field (:meth:`PlanForm.refused`).
"""

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Field, Layout
from django import forms
from django.utils.translation import gettext_lazy

from scorer.formkit.fields import NulFreeForm
from scorer.models import Game
from scorer.tables.forms.guard import CountField
from scorer.tables.services.games import MSG_PLAN_COUNT


class PlanForm(NulFreeForm):
    """How many hands ``game`` plays, among ``choices``; ``version``: the table's, as shown."""

    button_label = gettext_lazy("Change")
    button_class = "btn-theme-outline"
    announce_errors = True
    """Its refusal comes with the board's live part, swapped in by htmx: read out."""

    version = CountField(required=False)
    hands_planned = CountField(
        low=1,
        widget=forms.Select(attrs={"class": "form-select"}),
        label=gettext_lazy("Hands to play"),
        help_text=gettext_lazy("The numbers this rule set allows, none below the hands played."),
        error_messages={"required": gettext_lazy(MSG_PLAN_COUNT), "invalid": gettext_lazy(MSG_PLAN_COUNT)},
    )

    def __init__(self, data=None, *, game: Game, choices: tuple[int, ...] = (), **kwargs) -> None:
        initial = {"version": game.version, "hands_planned": game.hands_planned}
        super().__init__(data, initial=initial, auto_id="plan-%s", **kwargs)
        self.fields["hands_planned"].widget.choices = [(n, n) for n in choices]
        self.helper = FormHelper()
        self.helper.form_tag = False
        self.helper.disable_csrf = True
        self.helper.layout = Layout(
            "version", Field("hands_planned", template="scorer/crispy/with_button.html")
        )

    @classmethod
    def refused(cls, *, game: Game, choices: tuple[int, ...], problem: str) -> "PlanForm":
        """The form as the table is now (its version and count), with why the change was refused."""
        data = {"version": str(game.version), "hands_planned": str(game.hands_planned)}
        form = cls(data, game=game, choices=choices)
        form.is_valid()
        form.add_error("hands_planned", problem)
        return form
