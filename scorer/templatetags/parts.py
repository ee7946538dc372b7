"""``{% sharedpart %}``: a part of a template kept in the one shared-part cache
(scorer/platform/sharedpart.py), in this process's memory.

    {% sharedpart "hand_form" game.public_id game.version number role="editor" %}…{% endsharedpart %}

The first argument names the kind of part, the values after it its version (everything the part
shows besides the language, which the key always holds, and the role, ``role="…"``, "anyone" by
default; a single value is given to ``shared_part`` as it is, bytes included, several joined). With ``kept_if=…`` the part is kept only when that value is true, and rendered afresh
otherwise: a layout's part around a page's blocks is kept for the pages that name a version of
their blocks (``page_part``), and rendered each time for the others. The key holds a digest of
the template the tag stands in and of every template it includes, like every shared part's. What only one request may show (a CSRF token, a path, a
form's typed values) stays outside the tag.
"""

from django import template
from django.template.loader_tags import BlockNode
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from scorer.platform import sharedpart

register = template.Library()

STORE = "fragments"
"""Always this process's memory, even with Redis: a network round trip would cost more than
rendering these parts saves (bench/parts.py), and a restart (a deploy) starts it empty."""


def _constant(expression: template.base.FilterExpression) -> str | None:
    """The value of a quoted word without filters (``"board"``), known when the template is parsed;
    None for anything resolved at each render."""
    return None if expression.is_var or expression.filters else str(expression.var)


class SharedPartNode(template.Node):
    def __init__(self, nodelist, kind, values, role, kept_if=None) -> None:
        self.nodelist, self.kind, self.values, self.role = nodelist, kind, values, role
        self.kept_if = kept_if
        self.kind_word, self.role_word = _constant(kind), _constant(role)
        if not nodelist.get_nodes_by_type(BlockNode):
            # {% extends %} looks for its parent's blocks through every node at every render: a
            # part without a block (the header's two) is not searched (what i18n's nodes do).
            self.child_nodelists = ()

    def render(self, context) -> str:
        if self.kept_if is not None and not self.kept_if.resolve(context):
            return self.nodelist.render(context)
        values = [value.resolve(context) for value in self.values]
        version = values[0] if len(values) == 1 else ":".join(map(str, values))  # one: as it is (bytes)
        kind = self.kind.resolve(context) if self.kind_word is None else self.kind_word
        role = self.role.resolve(context) if self.role_word is None else self.role_word
        html, _key = sharedpart.shared_part(
            kind, version, get_language(), role, "html", lambda: self.nodelist.render(context),
            templates=(self.origin.template_name,), alias=STORE,
        )  # fmt: skip
        return mark_safe(html)


@register.tag
def sharedpart_tag(parser, token) -> SharedPartNode:
    bits = token.split_contents()[1:]
    if not bits:
        raise template.TemplateSyntaxError("{% sharedpart %} needs the kind of part")
    role = parser.compile_filter('"anyone"')
    values, kept_if = [], None
    for bit in bits[1:]:
        if bit.startswith("role="):
            role = parser.compile_filter(bit.removeprefix("role="))
        elif bit.startswith("kept_if="):
            kept_if = parser.compile_filter(bit.removeprefix("kept_if="))
        else:
            values.append(parser.compile_filter(bit))
    nodelist = parser.parse(("endsharedpart",))
    parser.delete_first_token()
    return SharedPartNode(nodelist, parser.compile_filter(bits[0]), values, role, kept_if)


register.tag("sharedpart", sharedpart_tag)
