"""The scorekeeper's answer when a new hand's number was taken meanwhile by another phone's hand.

The page shows both hands side by side and three buttons (``choice``); the hidden fields say which
stored hand, at which version, and after how many hands the page showed it. A choice is acted on
only while that is still so: anything saved or corrected in between is shown again first.
"""

from django import forms

from .guard import CountField

KEEP = "keep"
"""Same hand: keep the other phone's; nothing is stored."""
REPLACE = "replace"
"""Same hand: correct the other phone's with the values typed here (recorded in its history)."""
ADD = "add"
"""A different hand: store it as the next hand (the dealer moves on)."""


class SavedMeanwhileChoiceForm(forms.Form):
    """One of :data:`KEEP`, :data:`REPLACE`, :data:`ADD`, and what the page showed when it was chosen."""

    choice = forms.ChoiceField(choices=[(KEEP, KEEP), (REPLACE, REPLACE), (ADD, ADD)])
    shown_hand = CountField(low=1)
    """The other phone's hand: its position."""
    shown_version = CountField(low=1)
    shown_hands = CountField()
    """How many hands the table had (the added hand's ``hands_before``)."""

    @classmethod
    def posted(cls, data) -> "SavedMeanwhileChoiceForm | None":
        """The valid choice in ``data``, or None (a plain save, or a post this page did not make)."""
        if "choice" not in data:
            return None
        form = cls(data=data)
        return form if form.is_valid() else None

    @property
    def follows(self) -> tuple[int, int]:
        return self.cleaned_data["shown_hand"], self.cleaned_data["shown_version"]
