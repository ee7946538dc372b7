"""The one cache of rendered parts (scorer/platform/sharedpart.py): a key that names everything a
part depends on, a hit that does not render, templates followed into what they include, and an
outage that renders afresh instead of failing."""

import os

import pytest
from django.core.cache import cache

from scorer.platform import cache as safe_cache
from scorer.platform import sharedpart

PART = ("board", "t1:5:1700000000.0", "tr", "viewer", "live")


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def test_every_thing_a_part_depends_on_makes_its_own_key():
    base = sharedpart.part_key(*PART, templates=("scorer/board.html",), revision=1)
    others = [
        sharedpart.part_key("event", *PART[1:], templates=("scorer/board.html",)),
        sharedpart.part_key("board", "t1:6:1700000000.0", *PART[2:], templates=("scorer/board.html",)),
        sharedpart.part_key(*PART[:2], "en", *PART[3:], templates=("scorer/board.html",)),
        sharedpart.part_key(*PART[:3], "editor", "live", templates=("scorer/board.html",)),
        sharedpart.part_key(*PART[:4], "page", templates=("scorer/board.html",)),
        sharedpart.part_key(*PART, templates=("scorer/board.html",), revision=2),
        sharedpart.part_key(*PART, templates=("scorer/events/display.html",)),
    ]
    assert len({base, *others}) == 1 + len(others)


def test_a_version_with_names_or_spaces_is_keyed_by_its_digest():
    key = sharedpart.part_key("calculator_body", ("loca", ("Ayşe Yılmaz", "B")), "tr", "anyone", "html")
    other = sharedpart.part_key("calculator_body", ("loca", ("Ayşe Yılmaz", "C")), "tr", "anyone", "html")
    assert key != other
    assert " " not in key and "Ayşe" not in key and len(key) < 120


def test_a_hit_is_not_rendered_again_and_a_miss_is_stored():
    renders = []

    def render() -> tuple[str, bool]:
        renders.append(1)
        return ("<p>board</p>", False)

    first, key = sharedpart.shared_part(*PART, render)
    again, same_key = sharedpart.shared_part(*PART, render)

    assert first == again == ("<p>board</p>", False) and key == same_key
    assert len(renders) == 1
    assert cache.get(key) == ("<p>board</p>", False)


def test_with_the_cache_down_every_request_renders_and_none_fails(monkeypatch):
    class Down:
        def get(self, *args, **kwargs):
            raise ConnectionError("redis: connection refused")

        set = add = delete = get

    monkeypatch.setattr(safe_cache, "caches", {"default": Down()})
    monkeypatch.setattr(safe_cache, "_down_until", {})
    renders = []

    for _ in range(3):
        value, _key = sharedpart.shared_part(*PART, lambda: renders.append(1) or "<p>fresh</p>")
        assert value == "<p>fresh</p>"
    assert len(renders) == 3


def test_a_change_to_an_included_template_changes_the_digest(tmp_path, monkeypatch):
    page, part = tmp_path / "page.html", tmp_path / "_part.html"
    page.write_text('<main>{% include "_part.html" %}</main>')
    part.write_text("<p>one</p>")
    monkeypatch.setattr(sharedpart, "_path", lambda name: str(tmp_path / name))
    monkeypatch.setattr(sharedpart, "CHECK_SECONDS", 0.0)  # the files looked at on every call
    before = sharedpart.templates_digest(["page.html"])

    part.write_text("<p>two</p>")  # a deploy changed only the included template
    os.utime(part, ns=(1, os.stat(page).st_mtime_ns + 1_000_000))

    assert sharedpart.templates_digest(["page.html"]) != before


def test_the_real_templates_digest_follows_their_includes():
    board = sharedpart.templates_digest(["scorer/board.html"])
    assert board == sharedpart.templates_digest(["scorer/board.html"])  # stable while nothing changes
    assert set(sharedpart._read(sharedpart._path("scorer/board.html"), 0)[1]) >= {"scorer/_series.html"}
