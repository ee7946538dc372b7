"""Every URL pattern of the site, from the resolver: what the tests that must not forget a page walk
(tests/platform/test_every_page_without_redis.py, tests/live/test_fuzz.py)."""

from collections.abc import Iterator

from django.urls import URLPattern, URLResolver, get_resolver


def url_patterns(
    resolver: URLResolver | None = None, prefix: str = "", namespace: str = ""
) -> Iterator[tuple[str, str]]:
    """(name, route) of every URL pattern, included ones too; an unnamed one is named by its route."""
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from url_patterns(entry, route, inner)
        else:
            assert isinstance(entry, URLPattern)
            yield (f"{namespace}{entry.name}" if entry.name else route), route
