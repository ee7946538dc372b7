"""Our stylesheets are well formed: a lost closing brace (as a merge once left one) makes the
browser swallow every rule after it, which no page test names as the cause."""

import re
from pathlib import Path

import pytest

CSS_DIR = Path(__file__).resolve().parents[2] / "static" / "css"
STYLESHEETS = sorted(CSS_DIR.glob("*.css"))
GROUPING = re.compile(r"@(media|supports|layer|container|document)\b")


def rule_nesting_errors(text: str) -> list[str]:
    """Where a rule opens inside a rule that is not an @media-like group, or braces do not balance."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group().count("\n"), text, flags=re.S)
    errors, stack, start = [], [], 0
    for match in re.finditer(r"[{}]", text):
        line = text.count("\n", 0, match.start()) + 1
        if match.group() == "{":
            prelude = text[start : match.start()].strip()
            if stack and not stack[-1]:
                errors.append(f"line {line}: {prelude!r} opens inside a rule that was never closed")
            stack.append(bool(GROUPING.match(prelude)))
        elif not stack:
            errors.append(f"line {line}: a closing brace without an opening one")
        else:
            stack.pop()
        start = match.end()
    if stack:
        errors.append(f"{len(stack)} rule(s) still open at the end of the file")
    return errors


def test_there_are_stylesheets_to_check():
    assert {p.name for p in STYLESHEETS} >= {"okeycalc.css"}


@pytest.mark.parametrize("path", STYLESHEETS, ids=lambda p: p.name)
def test_every_rule_is_closed_before_the_next_opens(path):
    assert rule_nesting_errors(path.read_text()) == []


def test_the_check_finds_a_lost_brace():
    lost = ".a {\n  color: red;\n\n.b {\n  color: blue;\n}\n"
    assert rule_nesting_errors(lost)
    assert rule_nesting_errors("@media print {\n.a { color: red; }\n}\n") == []
