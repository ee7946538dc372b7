"""crispy-forms layout objects for the app's own groupings (their markup: ``templates/scorer/crispy/``).

crispy lays out the forms (``FormHelper`` in each form's ``__init__``, ``{% crispy form %}`` in the
page) and renders the plain fields with its own bootstrap5 templates. These objects add only what
its stock objects do not write: a fieldset whose legend carries a heading class, an ordered list
of fields, and a snippet template included where a form needs a line of its own. (The hand form,
the hot path, is laid out by one template of its own: ``templates/scorer/_hand_form.html``.)
"""

from crispy_forms.layout import HTML, Div, Fieldset


class Section(Fieldset):
    """A fieldset with a styled legend (crispy's writes a bare ``<legend>``)."""

    template = "scorer/crispy/section.html"

    def __init__(self, legend, *fields, legend_class: str = "h5", **kwargs) -> None:
        super().__init__(legend, *fields, **kwargs)
        self.legend_class = legend_class


class OrderedList(Div):
    """Fields in order (turn order of the players): an ``<ol>`` of ``Item``\\ s."""

    template = "scorer/crispy/ordered_list.html"


class Item(Div):
    """One entry of an :class:`OrderedList`."""

    template = "scorer/crispy/item.html"


def snippet(template_name: str) -> HTML:
    """A template of the app's, included in the layout with the page's context."""
    return HTML(f'{{% include "{template_name}" %}}')
