"""What the forms of every package build on, and nothing of any one concern.

``fields``: Bootstrap classes on widgets, the katlama option labels, the engine's errors put back
on a form's fields, the error summary's items. ``layout``: crispy-forms layout objects for the
app's groupings. The forms themselves live with their concern (``scorer/tables/forms/``,
``scorer/events/forms/``, ``scorer/calculator/forms.py``, ``scorer/teaching/forms.py``).
"""
