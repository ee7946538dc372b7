"""How many examples the expensive generated tests try: a few by default (``make test``), the full
count with ``OKEYCALC_TEST_DEEP=1`` (``make test-deep``).

A property that held over its full count once is checked again on every run with a sample of it;
Hypothesis keeps the failing examples it finds, and the generated-loop tests vary their seed in
deep runs, so the deep run still explores beyond what the default run repeats.
"""

import os

DEEP = os.environ.get("OKEYCALC_TEST_DEEP") == "1"
QUICK = 20
"""Examples a generated test tries by default."""


def examples(full: int, quick: int = QUICK) -> int:
    """``full`` in a deep run, else at most ``quick``."""
    return full if DEEP else min(full, quick)
