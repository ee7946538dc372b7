"""Links the first place each glossary word appears on a page to its entry on the glossary page.

A teaching page wraps its content in ``{% glossed %}…{% endglossed %}``; that block is rendered as
usual, then this module walks the rendered HTML: text inside links, buttons, labels, form controls,
``<summary>``, ``<code>`` and anything marked ``data-no-gloss`` or ``aria-hidden`` is left alone; in
other text, the first match of each word not linked yet on this page (the request remembers which)
is wrapped in the link of ``scorer/_gloss_link.html``. Turkish text (``lang="tr"``, also the Turkish
quotes on an English page) is searched for the Turkish forms, English text for the English ones.

Only the words are found here; the link's markup lives in its template.
"""

import re
from collections.abc import Callable

from django.template.loader import get_template
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from scorer.teaching.glossary import FINDERS, Term

TAG = re.compile(r"<!--.*?-->|<(/?)([a-zA-Z][\w-]*)((?:\"[^\"]*\"|'[^']*'|[^>])*)>", re.S)
ENTITY = re.compile(r"&#?\w+;")
LANG = re.compile(r"""\slang=["']?([a-zA-Z]+)""")
VOID = frozenset(
    ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]
)
EXCLUDED = frozenset(
    [
        "a",
        "button",
        "label",
        "option",
        "select",
        "textarea",
        "summary",
        "title",
        "script",
        "style",
        "code",
        "pre",
        "svg",
    ]
)


def gloss(html: str, language: str, seen: set[str], link: Callable[[Term, str], str]) -> str:
    """``html`` with the first unseen occurrence of each glossary word wrapped by ``link``."""
    out: list[str] = []
    stack: list[tuple[str, bool, str]] = []  # (tag, text inside is left alone, language)
    pos = 0
    for tag in TAG.finditer(html):
        out.append(text_glossed(html[pos : tag.start()], stack, language, seen, link))
        out.append(tag.group(0))
        pos = tag.end()
        closing, name, attrs = tag.group(1), (tag.group(2) or "").lower(), tag.group(3) or ""
        if not name:  # a comment
            continue
        if closing:
            close(stack, name)
        elif name not in VOID and not attrs.rstrip().endswith("/"):
            stack.append((name, left_alone(stack, name, attrs), lang_of(stack, attrs, language)))
    out.append(text_glossed(html[pos:], stack, language, seen, link))
    return "".join(out)


def left_alone(stack, name: str, attrs: str) -> bool:
    inherited = bool(stack) and stack[-1][1]
    return inherited or name in EXCLUDED or "data-no-gloss" in attrs or 'aria-hidden="true"' in attrs


def lang_of(stack, attrs: str, language: str) -> str:
    found = LANG.search(attrs)
    if found:
        return found.group(1).lower()[:2]
    return stack[-1][2] if stack else language[:2]


def close(stack, name: str) -> None:
    """Pop up to the element this end tag closes (an end tag without its start tag changes nothing)."""
    for k in range(len(stack) - 1, -1, -1):
        if stack[k][0] == name:
            del stack[k:]
            return


def text_glossed(text: str, stack, language: str, seen: set[str], link) -> str:
    if not text.strip() or (stack and stack[-1][1]):
        return text
    finder = FINDERS.get(stack[-1][2] if stack else language[:2], FINDERS["tr"])
    entities = [m.span() for m in ENTITY.finditer(text)]
    out, pos = [], 0
    for start, end, found in finder.matches(text):
        if found.slug in seen or any(a < end and start < b for a, b in entities):
            continue
        seen.add(found.slug)
        out += [text[pos:start], link(found, text[start:end])]
        pos = end
    return "".join(out) + text[pos:] if out else text


def template_link(found: Term, text: str) -> str:
    """The link to the word's glossary entry, from ``scorer/_gloss_link.html``; ``text`` is already escaped."""
    url = f"{reverse('scorer:glossary')}#{found.slug}"
    return get_template("scorer/_gloss_link.html").render(
        {"url": url, "term": found, "text": mark_safe(text)}
    )


def gloss_page_html(html: str, language: str, seen: set[str]) -> SafeString:
    return mark_safe(gloss(html, language, seen, template_link))
