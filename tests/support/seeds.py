"""The seed rule texts, for tests that check quotes verbatim and by section (decisions, glossary)."""

from pathlib import Path

import pytest

from scorer.engine.decisions import SECTIONS, Quote

REPO = Path(__file__).resolve().parents[2]
SEED_DIRS = (REPO.parent / "shared" / "seeds", REPO / "docs" / "seeds")


def seed_text(name: str) -> str:
    for folder in SEED_DIRS:
        if (folder / name).is_file():
            return (folder / name).read_text(encoding="utf-8")
    pytest.fail(f"Seed file {name} not found in any of: {', '.join(str(d) for d in SEED_DIRS)}")


def normalise(text: str) -> str:
    return " ".join(text.split())


def heading_positions(seed: str) -> list[tuple[int, str]]:
    """Where each listed section heading ends in the normalised seed, each a whole line of it."""
    raw = seed_text(seed)
    lines = [line.strip() for line in raw.splitlines()]
    found = []
    for heading in SECTIONS[seed]:
        assert heading in lines, f"{heading!r} is not a line of {seed}"
        # the normalised text up to the end of the heading's line is a prefix of the normalised seed
        found.append((len(normalise("\n".join(lines[: lines.index(heading) + 1]))), heading))
    return found


def check_quote(quote: Quote, what: str) -> None:
    """The quote is verbatim in its seed and stands in the section it is labelled with."""
    text = normalise(seed_text(quote.seed))
    at = text.find(normalise(quote.text_tr))
    assert at >= 0, f"{what}: not verbatim in {quote.seed}: {quote.text_tr!r}"
    before = [heading for pos, heading in heading_positions(quote.seed) if pos <= at]
    assert before and before[-1] == quote.section, (what, quote.section, before[-1:])
    assert quote.text_en and quote.section_en
