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
from functools import cached_property

from django.template.loader import get_template
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from scorer.teaching.glossary import TERMS, Term

WORD = re.compile(r"\w+")
WORD_START = re.compile(r"\w*")
LOOKAROUND = re.compile(r"\(\?<?[=!][^)]*\)|\\w\*|\\b")
"""What a form's length leaves out when forms are ordered: the longest literal word is tried first."""
SPLIT = re.compile(r"(<!--.*?-->|<[^>]*>)", re.S)
NAME = re.compile(r"</?([a-zA-Z][\w-]*)")
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
    """``html`` with the first unseen occurrence of each glossary word wrapped by ``link``.

    The markup is split into text and tags once (in C); only the tags move a small stack of open
    elements (is the text inside left alone, which language is it), only text is searched.
    """
    parts = SPLIT.split(html)
    stack: list[tuple[str, bool, str]] = [("", False, language[:2])]  # (tag, left alone, language)
    every = len(TERMS)
    for k in range(0, len(parts), 2):
        if k:
            opened(stack, parts[k - 1])
        text = parts[k]
        _tag, alone, lang = stack[-1]
        if not alone and text and not text.isspace():
            parts[k] = text_glossed(text, lang, seen, link)
            if len(seen) >= every:  # every word is linked already: the rest stays as it is
                break
    return "".join(parts)


def opened(stack: list[tuple[str, bool, str]], tag: str) -> None:
    """Move the stack of open elements past one tag (comments and unknown end tags change nothing)."""
    name = NAME.match(tag)
    if name is None:
        return
    name = name.group(1).lower()
    if tag[1] == "/":
        for k in range(len(stack) - 1, 0, -1):
            if stack[k][0] == name:
                del stack[k:]
                return
        return
    if name in VOID or tag.endswith("/>"):
        return
    parent = stack[-1]
    alone = parent[1] or name in EXCLUDED or "data-no-gloss" in tag or 'aria-hidden="true"' in tag
    lang = LANG.search(tag) if " lang=" in tag else None
    stack.append((name, alone, lang.group(1).lower()[:2] if lang else parent[2]))


def text_glossed(text: str, lang: str, seen: set[str], link) -> str:
    finder = FINDERS.get(lang, FINDERS["tr"])
    out, pos = [], 0
    entities = None
    for start, end, found in finder.matches(text, seen):
        if found.slug in seen:
            continue
        if "&" in text:
            entities = entities if entities is not None else [m.span() for m in ENTITY.finditer(text)]
            if any(a < end and start < b for a, b in entities):
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


class Finder:
    """Finds the glossary words in running text of one language: one regular expression of all forms,
    longest first (so "sahte okey" wins over "okey", "işlek" over "işle…")."""

    def __init__(self, language: str) -> None:
        self.language = language

    @cached_property
    def patterns(self) -> dict[str, tuple[frozenset[str], re.Pattern]]:
        """Per first two letters (lower case): the slugs of the terms with a form starting so, and one
        expression of those forms, longest literal first (so "sahte okey" wins over "okey", "işlek"
        over "işle…")."""
        groups: dict[str, list[tuple[int, str, str]]] = {}
        for k, term_ in enumerate(TERMS):
            for j, form in enumerate(term_.forms_en if self.language == "en" else term_.forms_tr):
                literal = WORD_START.match(LOOKAROUND.sub("", form)).group(0).lower()
                groups.setdefault(literal[:2], []).append(
                    (len(LOOKAROUND.sub("", form)), term_.slug, f"(?P<t{k}_{j}>{form})")
                )
        compiled = {}
        for start, forms in groups.items():
            forms.sort(key=lambda item: -item[0])
            # a word starts after a non-letter: "taş" in "yantaş" is no tile
            expression = re.compile(r"(?<!\w)(?:" + "|".join(f for _n, _s, f in forms) + ")", re.IGNORECASE)
            compiled[start] = (frozenset(slug for _n, slug, _f in forms), expression)
        return compiled

    def matches(self, text: str, seen: set[str] | frozenset[str] = frozenset()):
        """``(start, end, term)`` for each glossary word in ``text``, in order, leaving out words whose
        terms are all in ``seen``.

        Words are read with a plain word scan; only a word that starts like the form of a term not
        seen yet is matched, against the forms starting with the same two letters (trying every form
        at every position of a page was as slow as rendering the page)."""
        patterns, pos = self.patterns, 0
        for word in WORD.finditer(text):
            start = word.start()
            if start < pos:
                continue
            head = word.group(0)[:2]
            group = patterns.get(head.lower())
            if group is None and ("I" in head or "İ" in head):  # Turkish capitals: "İŞLEK", "ISKARTA"
                group = patterns.get(head.replace("İ", "i").replace("I", "ı").lower())
            if group is None or group[0] <= seen:
                continue
            match = group[1].match(text, start)
            if match:
                pos = match.end()
                yield start, pos, TERMS[int(match.lastgroup[1:].partition("_")[0])]


FINDERS = {"tr": Finder("tr"), "en": Finder("en")}
