"""``{% glossed %}…{% endglossed %}``: the first place each game word appears on a page links to the glossary."""

from django import template
from django.utils.translation import get_language

from scorer.teaching.gloss import gloss_page_html

register = template.Library()


class GlossedNode(template.Node):
    def __init__(self, nodelist: template.NodeList) -> None:
        self.nodelist = nodelist

    def render(self, context) -> str:
        html = self.nodelist.render(context)
        request = context.get("request")
        # One page, one set of words already linked, however many glossed blocks it has.
        seen = getattr(request, "glossary_seen", None) if request is not None else None
        if seen is None:
            seen = set()
            if request is not None:
                request.glossary_seen = seen
        return gloss_page_html(html, get_language() or "tr", seen)


@register.tag
def glossed(parser, token) -> GlossedNode:
    nodelist = parser.parse(("endglossed",))
    parser.delete_first_token()
    return GlossedNode(nodelist)
