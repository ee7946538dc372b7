"""Small HTML readers for the view tests of the rules, examples, compare and calculator pages."""

from html.parser import HTMLParser


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))


def elements(html: str) -> list[tuple[str, dict[str, str | None]]]:
    """Every start tag of the page with its attributes, in document order."""
    parser = _Collector()
    parser.feed(html)
    return parser.elements


def element_ids(html: str) -> set[str]:
    return {attrs["id"] for _tag, attrs in elements(html) if attrs.get("id")}


def attr_values(html: str, name: str) -> list[str]:
    """The values of one attribute (``data-total``…) over the page, in document order."""
    return [attrs[name] for _tag, attrs in elements(html) if attrs.get(name) is not None]


def post_actions(html: str) -> set[str]:
    """The action of every POST form on the page."""
    return {
        attrs.get("action") or ""
        for tag, attrs in elements(html)
        if tag == "form" and (attrs.get("method") or "").lower() == "post"
    }


def field_value(html: str, name: str) -> str | None:
    """The value of the first ``<input name=...>`` of the page, or None if there is none."""
    for tag, attrs in elements(html):
        if tag == "input" and attrs.get("name") == name:
            return attrs.get("value")
    return None
