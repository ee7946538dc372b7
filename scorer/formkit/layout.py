"""crispy-forms layout objects for the app's own groupings (their markup: ``templates/scorer/crispy/``).

crispy lays out the forms (``FormHelper`` in each form's ``__init__``, ``{% crispy form %}`` in the
page) and renders the plain fields with its own bootstrap5 templates. These objects add only what
its stock objects do not write: a fieldset whose legend carries a heading class, an ordered list
of fields, a part of one player of the hand form, and a snippet template included where a form
needs a line of its own.
"""

from crispy_forms.layout import HTML, Div, Fieldset
from crispy_forms.utils import TEMPLATE_PACK
from django.template.loader import render_to_string


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


class PlayerPart(Div):
    """A part of one player's block of the hand form (``scorer/crispy/hand_*.html``): its template
    sees the player (``HandForm.players[index]``: name, team, dealer, what does not count) and the
    page's context beside the fields it holds."""

    def __init__(self, index: int, *fields, template: str, **kwargs) -> None:
        super().__init__(*fields, template=template, **kwargs)
        self.index = index

    def render(self, form, context, template_pack=TEMPLATE_PACK, **kwargs):
        player = form.players[self.index]
        with context.push(player=player):  # the fields' templates see the player too
            fields = self.get_rendered_fields(form, context, template_pack, **kwargs)
            return render_to_string(self.template, context.flatten() | {"div": self, "fields": fields})
