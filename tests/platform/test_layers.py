"""The layer contracts (``[tool.importlinter]`` in pyproject.toml) hold, and each of them can fail.

``make lint`` runs ``lint-imports`` on the tree. Here ``scorer/`` is copied into a temporary folder,
one forbidden import is added to one module, and ``lint-imports`` must exit non-zero naming the
contract it breaks: a contract that no import can break would guard nothing.
"""

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
CONTRACTS = {
    contract["id"]: contract["name"]
    for contract in tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
}

BREAKS = [
    # contract id, module, the import added to it
    ("engine-pure", "scorer/engine/tiles.py", "from django.conf import settings"),
    ("engine-pure", "scorer/engine/results.py", "from scorer.models import Game"),
    # the circle this contract was written for (rulesets/base.py and scoring.py), even for types only
    (
        "engine-acyclic",
        "scorer/engine/rulesets/base.py",
        "import typing\nif typing.TYPE_CHECKING:\n    from ..scoring import make_context",
    ),
    ("engine-face", "scorer/engine/tiles.py", "from scorer.engine import score_hand"),
    ("rulesets-face", "scorer/engine/rulesets/kerizim.py", "from . import get_ruleset"),
    ("selectors-no-services", "scorer/tables/selectors.py", "from scorer.tables import services"),
    ("platform-no-domain", "scorer/platform/numbers.py", "from scorer.models import Game"),
    ("platform-no-domain", "scorer/platform/middleware.py", "from scorer.engine import score_hand"),
    ("views-apart", "scorer/events/views/organizer.py", "from scorer.tables.views.auth import edit_required"),
    ("views-apart", "scorer/teaching/views/compare.py", "from scorer.calculator.views import calculator"),
    ("shared-no-domain", "scorer/formkit/fields.py", "from scorer.tables.forms import HandForm"),
    ("shared-no-domain", "scorer/shell/errors.py", "from scorer.models import Game"),
    ("documents-no-database", "scorer/documents.py", "from scorer.tables.services.games import game_create"),
    ("documents-no-database", "scorer/documents.py", "from scorer.events.models import Event"),
    ("cache-through-platform", "scorer/clubs/selectors.py", "from django.core.cache import cache"),
    ("cache-through-platform", "scorer/shell/views/health.py", "from django.core.cache import caches"),
    (
        "cache-through-platform",
        "scorer/tables/views/board.py",
        "from django.core.cache.backends.base import BaseCache",
    ),
    ("cache-through-platform", "scorer/events/public.py", "import redis"),
    (
        "cache-through-platform",
        "scorer/templatetags/okey.py",
        "from django_redis import get_redis_connection",
    ),
    ("access-no-domain", "scorer/access/grants.py", "from scorer.models import Game"),
    ("access-no-domain", "scorer/access/decorators.py", "from scorer.tables.selectors import game_get"),
    ("access-no-domain", "scorer/access/services.py", "from scorer.clubs.models import ClubGrant"),
    ("access-face", "scorer/events/rights.py", "from scorer.access.grants import holds"),
    ("access-face", "scorer/tables/views/home.py", "from scorer.access.devices import device_of"),
    # a concern's models may name the grant base and the links, never the rights' writes
    ("access-face", "scorer/events/models.py", "from scorer.access.services import grant_give"),
    ("club-ratings-pure", "scorer/clubs/ratings.py", "from django.utils.translation import gettext"),
    ("club-ratings-pure", "scorer/clubs/ratings.py", "from scorer.documents import score_document"),
]


def lint_imports(root: Path, *args: str) -> subprocess.CompletedProcess:
    # Only ``root`` is on the path: the graph must be built from the copy, not from this checkout.
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--no-logo", *args],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_code_keeps_every_layer_contract():
    result = lint_imports(REPO)

    assert result.returncode == 0, result.stdout + result.stderr
    assert f"Contracts: {len(CONTRACTS)} kept, 0 broken." in result.stdout


def test_every_contract_has_an_import_that_breaks_it():
    assert {contract for contract, _module, _line in BREAKS} == set(CONTRACTS)


@pytest.fixture(scope="module")
def pristine(tmp_path_factory) -> Path:
    """A copy of scorer/ and pyproject.toml, without bytecode."""
    root = tmp_path_factory.mktemp("layers")
    shutil.copytree(REPO / "scorer", root / "scorer", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "pyproject.toml", root)
    return root


def test_the_copy_keeps_every_contract_before_an_import_is_added(pristine):
    assert lint_imports(pristine).returncode == 0


def with_import(pristine: Path, tmp_path: Path, module: str, line: str) -> Path:
    """A copy of the tree with ``line`` added to ``module``."""
    root = tmp_path / "tree"
    shutil.copytree(pristine, root)
    with (root / module).open("a", encoding="utf-8") as source:
        source.write(f"\n{line}  # added by tests/platform/test_layers.py\n")
    return root


@pytest.mark.parametrize(("contract", "module", "line"), BREAKS)
def test_a_forbidden_import_makes_lint_imports_fail(pristine, tmp_path, contract, module, line):
    result = lint_imports(with_import(pristine, tmp_path, module, line), "--contract", contract)

    assert result.returncode == 1, result.stdout + result.stderr
    assert f"{CONTRACTS[contract]} BROKEN" in result.stdout


def test_scorer_platform_may_reach_the_cache(pristine, tmp_path):
    """The cache contract forbids the cache to every package but one: scorer.platform."""
    root = with_import(
        pristine, tmp_path, "scorer/platform/numbers.py", "from django.core.cache import caches"
    )

    result = lint_imports(root, "--contract", "cache-through-platform")

    assert result.returncode == 0, result.stdout + result.stderr
