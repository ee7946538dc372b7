"""The docs in the repo are checked: their examples score as shown, the generated pages are up to
date, the worked examples are hand files the command scores, and links point at files in the repo
(Markdown links, and the paths and Markdown files a page names in its text)."""

import io
import json
import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import translation

from scorer.documents import score_document
from scorer.teaching import docgen
from scorer.teaching.examples import EXAMPLES, EXAMPLES_DIR, SPEC_EXAMPLES

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs"
BLOCK = re.compile(r"<!-- checked: (input|output) -->\n```json\n(.*?)\n```", re.S)


def checked_pairs(text: str) -> list[tuple[dict, dict]]:
    blocks = [(kind, json.loads(body)) for kind, body in BLOCK.findall(text)]
    kinds = [kind for kind, _body in blocks]
    assert kinds == ["input", "output"] * (len(kinds) // 2), kinds
    return [(blocks[i][1], blocks[i + 1][1]) for i in range(0, len(blocks), 2)]


def test_hand_format_examples_score_exactly_as_shown():
    pairs = checked_pairs((DOCS / "hand-format.md").read_text(encoding="utf-8"))
    assert len(pairs) == 4  # hand, partners hand, game, errors
    with translation.override("en"):
        for document, shown in pairs:
            ok, result = score_document(document)
            assert result == shown
            assert ok == ("errors" not in shown)


def test_house_rules_examples_score_exactly_as_shown():
    pairs = checked_pairs((DOCS / "house-rules.md").read_text(encoding="utf-8"))
    assert len(pairs) == 4  # a café's hand, a colour hand, a game, errors
    with translation.override("en"):
        for document, shown in pairs:
            ok, result = score_document(document)
            assert result == shown
            assert ok == ("errors" not in shown)


def test_the_check_would_catch_a_wrong_number():
    document, shown = checked_pairs((DOCS / "hand-format.md").read_text(encoding="utf-8"))[0]
    shown = json.loads(json.dumps(shown))
    shown["players"][0]["total"] += 1
    with translation.override("en"):
        assert score_document(document)[1] != shown


@pytest.mark.parametrize("name", sorted(docgen.PAGES))
def test_generated_pages_are_up_to_date(name):
    with translation.override("en"):
        expected = docgen.PAGES[name]()
    assert (DOCS / name).read_text(encoding="utf-8") == expected, (
        "run: .venv/bin/python -m scorer.teaching.docgen"
    )


def test_every_worked_example_is_a_hand_file_and_every_file_an_example():
    files = {path.stem for path in EXAMPLES_DIR.glob("*.json")}
    assert files == {example.slug for example in EXAMPLES}
    for example in EXAMPLES:
        on_disk = json.loads((EXAMPLES_DIR / f"{example.slug}.json").read_text(encoding="utf-8"))
        assert on_disk == example.hand


SPEC_TOTALS = {
    "e1-loca-normal-bitis": [-101, 124, 20, 303],
    "e2-cezali-okey-atarak": [-404, 496, 40, 909],
    "e3-kerizim-dort-kat": [-202, 808, 808, 909],
    "e4a-cezali-yandan-seri": [202 + 70, 12, -101, 202],
    "e4b-cezali-yandan-cift": [202 + 140, 24, -101, 202],
    "e5-gkokay-cezali-elden": [0, 505, 31, 404],
    "e6-loca-berabere": [0, 101, 0, 0],
}


def run_command(path: Path) -> dict:
    out = io.StringIO()
    call_command("score", str(path), "--lang", "en", stdout=out)
    return json.loads(out.getvalue())


@pytest.mark.parametrize("name", sorted(SPEC_TOTALS))
def test_spec_example_files_give_the_spec_totals_through_the_command(name):
    assert set(SPEC_EXAMPLES) == set(SPEC_TOTALS)
    result = run_command(SPEC_EXAMPLES[name])
    assert [player["total"] for player in result["players"]] == SPEC_TOTALS[name]


@pytest.mark.parametrize("slug", [example.slug for example in EXAMPLES])
def test_command_scores_each_example_file_as_the_pages_do(slug):
    with translation.override("en"):
        ok, expected = score_document(next(e.hand for e in EXAMPLES if e.slug == slug))
    assert ok
    assert run_command(EXAMPLES_DIR / f"{slug}.json") == expected


LINK = re.compile(r"\]\(([^)\s]+)\)")
CODE_SPAN = re.compile(r"`([^`\s]+)`")
MARKDOWN_NAME = re.compile(r"(?<![\w/.-])([\w-]+\.md)\b")
SOURCE_ROOTS = (
    ".ci",
    "bench",
    "docs",
    "locale",
    "okeycalc",
    "scorer",
    "static",
    "templates",
    "tests",
    "tools",
)
"""Top-level folders of the repository: a code span starting with one of them names a file or folder."""
PLACEHOLDER = re.compile(r"[<>*{}$…|]")
DOC_PAGES = ["README.md", *sorted(p.relative_to(REPO).as_posix() for p in DOCS.glob("*.md"))]


def local_links(path: Path) -> list[str]:
    return [target for target in LINK.findall(path.read_text(encoding="utf-8")) if "://" not in target]


def repo_paths(text: str) -> list[str]:
    """The repository paths a page names in code spans (``scorer/tables/rights.py``, ``tests/support/``)."""
    paths = []
    for span in CODE_SPAN.findall(text):
        path = span.split("#", 1)[0].split(":", 1)[0].rstrip("/.,")
        if "/" in path and path.split("/", 1)[0] in SOURCE_ROOTS and not PLACEHOLDER.search(path):
            paths.append(path)
    return paths


@pytest.mark.parametrize("doc", DOC_PAGES)
def test_links_point_at_files_in_the_repo(doc):
    path = REPO / doc
    for target in local_links(path):
        file_part = target.split("#", 1)[0]
        if not file_part:
            continue  # an anchor on the same page
        resolved = (path.parent / file_part).resolve()
        assert resolved.is_relative_to(REPO), f"{doc}: {target} leaves the repository"
        assert resolved.exists(), f"{doc}: {target} does not exist"


@pytest.mark.parametrize("doc", DOC_PAGES)
def test_the_files_a_page_names_are_in_the_repo(doc):
    text = (REPO / doc).read_text(encoding="utf-8")
    missing = sorted({path for path in repo_paths(text) if not (REPO / path).exists()})
    assert not missing, f"{doc} names files the repository does not have: {missing}"
    pages = {p.name for p in (REPO, DOCS) for p in p.glob("*.md")}
    unknown = sorted(set(MARKDOWN_NAME.findall(text)) - pages)
    assert not unknown, f"{doc} names Markdown files the repository does not have: {unknown}"


def test_the_file_check_would_catch_a_stale_path():
    text = "see `scorer/tables/rights.py`, `tests/support/`, `scorer/services.py` and `/masa/<id>/`"
    assert repo_paths(text) == ["scorer/tables/rights.py", "tests/support", "scorer/services.py"]
    assert not (REPO / "scorer/services.py").exists()
    assert MARKDOWN_NAME.findall("as STYLE.md asks; [format](hand-format.md); docs/deploy.md") == [
        "STYLE.md",
        "hand-format.md",
    ]


def test_readme_links_the_docs():
    targets = local_links(REPO / "README.md")
    for doc in ("docs/hand-format.md", "docs/rulesets.md", "docs/architecture.md", "docs/examples.md"):
        assert doc in targets
    assert not any("shared" in target for target in targets)


def test_readme_is_short_and_links_the_guide_and_the_benchmarks():
    text = (REPO / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 200
    targets = local_links(REPO / "README.md")
    assert "docs/guide.md" in targets
    assert "docs/benchmarks.md" in targets


ISSUE_NUMBER = re.compile(r"\bissues?[ -]?#?\d", re.I)


@pytest.mark.parametrize("doc", DOC_PAGES)
def test_the_docs_describe_the_product_not_its_issues(doc):
    text = (REPO / doc).read_text(encoding="utf-8")
    assert not ISSUE_NUMBER.findall(text), f"{doc} names an issue number"


def test_the_issue_check_would_catch_one():
    assert ISSUE_NUMBER.findall("## Hardening (issue 18)") and ISSUE_NUMBER.findall("see issue-16")
    assert not ISSUE_NUMBER.findall("a known issue with 2 phones")
