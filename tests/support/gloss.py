"""Reads a rendered page the way a reader meets its words: the glossary words of each text node of
<main>, in order, and whether that occurrence sits inside a glossary link (independent of the
implementation in scorer/teaching/gloss.py, which works on the markup before it is parsed)."""

import re
from html.parser import HTMLParser

from scorer.teaching.gloss import FINDERS

VOID = frozenset(
    ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]
)
LEFT_ALONE = frozenset(
    [
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


class _Words(HTMLParser):
    def __init__(self, language: str) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool, str, str | None]] = []  # tag, left alone, lang, glossary slug
        self.language = language
        self.in_main = False
        self.words: list[tuple[str, str | None, str]] = []  # (slug, glossary link slug around it, text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "main":
            self.in_main = True
        if tag in VOID:
            return
        parent = self.stack[-1] if self.stack else ("", False, self.language, None)
        gloss = attrs.get("data-term") if "gloss-link" in (attrs.get("class") or "") else None
        alone = (
            parent[1] or tag in LEFT_ALONE or "data-no-gloss" in attrs or attrs.get("aria-hidden") == "true"
        )
        alone = alone or (tag == "a" and gloss is None)
        lang = (attrs.get("lang") or parent[2])[:2]
        self.stack.append((tag, alone, lang, gloss or parent[3]))

    def handle_endtag(self, tag):
        if tag == "main":
            self.in_main = False
        for k in range(len(self.stack) - 1, -1, -1):
            if self.stack[k][0] == tag:
                del self.stack[k:]
                return

    def handle_data(self, data):
        if not self.in_main or not self.stack or self.stack[-1][1]:
            return
        tag, _alone, lang, gloss = self.stack[-1]
        if tag == "a" and gloss:  # a glossary link: its word (found in context, "a draw") is its slug
            self.words.append((gloss, gloss, data))
            return
        for _start, _end, term in FINDERS.get(lang, FINDERS["tr"]).matches(data):
            self.words.append((term.slug, gloss, data))


def page_words(html: str, language: str) -> list[tuple[str, str | None, str]]:
    """``(term slug, slug of the glossary link around the word or None, text)`` in reading order."""
    parser = _Words(language)
    parser.feed(html)
    return parser.words


def unlinked_first_words(html: str, language: str) -> dict[str, str]:
    """The terms whose first appearance on the page is not a link to their glossary entry."""
    first: dict[str, tuple[str | None, str]] = {}
    for slug, gloss, text in page_words(html, language):
        first.setdefault(slug, (gloss, text))
    return {slug: text for slug, (gloss, text) in first.items() if gloss != slug}


def without_gloss_links(html: str) -> str:
    """The page as it reads without the glossary links (their words stay)."""
    return re.sub(r'<a class="gloss-link"[^>]*>(.*?)</a>', r"\1", html)
