"""The layer contracts (``[tool.importlinter]`` in pyproject.toml) hold, and each of them can fail.

``make lint`` runs ``lint-imports`` on the tree. Here ``scorer/`` is copied into a temporary folder,
forbidden imports are added to it, and ``lint-imports`` must exit non-zero naming the contract each
breaks, and show the added import itself in that contract's report: a contract that no import can
break would guard nothing. The imports go in a few copies, not one copy each (each run of
``lint-imports`` reads the whole tree): a copy never holds two imports for one contract or one
module, and an import whose contract's report does not show it there is tried again in a copy of
its own.
"""

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
CONTRACT_TABLES = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
CONTRACTS = {contract["id"]: contract["name"] for contract in CONTRACT_TABLES}
ALONE = {contract["id"] for contract in CONTRACT_TABLES if contract["type"] == "acyclic_siblings"}
"""Contracts whose report names the cycle's packages, not the import that closed it: their import
is tried in a copy of its own, where nothing else can have broken them."""
MARK = "# added by tests/platform/test_layers.py"

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


def with_imports(pristine: Path, root: Path, breaks: list[tuple[str, str, str]]) -> dict[tuple, int]:
    """A copy of the tree at ``root`` with each break's import added to its module; the line number
    of each added import (the last line of what was added)."""
    shutil.copytree(pristine, root)
    lines = {}
    for brk in breaks:
        _contract, module, line = brk
        with (root / module).open("a", encoding="utf-8") as source:
            source.write(f"\n{line}  {MARK}\n")
        text = (root / module).read_text(encoding="utf-8").splitlines()
        lines[brk] = max(number for number, text_line in enumerate(text, 1) if text_line.endswith(MARK))
    return lines


def with_import(pristine: Path, tmp_path: Path, module: str, line: str) -> Path:
    """A copy of the tree with ``line`` added to ``module``."""
    root = tmp_path / "tree"
    with_imports(pristine, root, [("", module, line)])
    return root


def report_of(stdout: str, contract: str) -> str:
    """The part of lint-imports' report under ``contract``'s heading (empty if it is not broken)."""
    broken = stdout.partition("Broken contracts")[2]
    headings = {name: broken.find(f"\n{name}\n---") for name in CONTRACTS.values()}
    start = headings[CONTRACTS[contract]]
    if start < 0:
        return ""
    ends = [at for at in headings.values() if at > start]
    return broken[start : min(ends, default=len(broken))]


def shows_import(report: str, module: str, line_number: int) -> bool:
    """Whether ``report`` lists the import on line ``line_number`` of ``module`` as the first link of
    a chain (the added import is made inside the package the contract guards)."""
    importer = module.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
    link = rf"^\s*-\s+{re.escape(importer)} -> \S+ \((?:l\.\d+, )*l\.{line_number}[,)]"
    return re.search(link, report, re.MULTILINE) is not None


def copies(breaks: list) -> list[list]:
    """The breaks in as few copies as can hold them: never two for one contract or one module, and
    the contracts of :data:`ALONE` alone."""
    groups: list[list] = []
    for brk in breaks:
        contract, module, _line = brk
        fits = (
            group
            for group in groups
            if contract not in ALONE
            and not any(other in ALONE or other == contract or place == module for other, place, _ in group)
        )
        group = next(fits, None)
        if group is None:
            groups.append(group := [])
        group.append(brk)
    return groups


@pytest.fixture(scope="module")
def verdicts(pristine, tmp_path_factory) -> dict[tuple, tuple[bool, str]]:
    """For each break: whether lint-imports, on a copy holding its import, failed with its contract
    broken and its import in the contract's report; and the report."""
    results = {}
    pending = copies(BREAKS)
    retried = []
    for group in pending:
        lines = with_imports(pristine, root := tmp_path_factory.mktemp("layers-copy") / "tree", group)
        result = lint_imports(root)
        for brk in group:
            contract, module, _line = brk
            report = report_of(result.stdout, contract)
            broken = result.returncode == 1 and f"{CONTRACTS[contract]} BROKEN" in result.stdout
            shown = contract in ALONE or shows_import(report, module, lines[brk])
            if broken and shown:
                results[brk] = (True, report)
            elif len(group) > 1:
                retried.append(brk)
            else:
                results[brk] = (False, result.stdout + result.stderr)
    for brk in retried:
        lines = with_imports(pristine, root := tmp_path_factory.mktemp("layers-alone") / "tree", [brk])
        result = lint_imports(root, "--contract", brk[0])
        report = report_of(result.stdout, brk[0])
        ok = result.returncode == 1 and bool(report) and shows_import(report, brk[1], lines[brk])
        results[brk] = (ok, result.stdout + result.stderr)
    return results


def test_copies_keep_contracts_and_modules_apart():
    groups = copies(BREAKS)
    assert sorted(brk for group in groups for brk in group) == sorted(BREAKS)
    for group in groups:
        assert len({contract for contract, _m, _l in group}) == len(group)
        assert len({module for _c, module, _l in group}) == len(group)
        assert len(group) == 1 or not {contract for contract, _m, _l in group} & ALONE
    assert len(groups) < len(BREAKS) / 3


def test_a_report_is_read_per_contract_and_per_import():
    engine, platform = CONTRACTS["engine-pure"], CONTRACTS["platform-no-domain"]
    stdout = (
        f"{engine} BROKEN\n{platform} BROKEN\n\nBroken contracts\n----------------\n\n"
        f"{engine}\n{'-' * len(engine)}\n\nscorer.engine is not allowed to import django:\n\n"
        "-   scorer.engine.tiles -> django.conf (l.80)\n\n\n"
        f"{platform}\n{'-' * len(platform)}\n\n"
        "-   scorer.platform.numbers -> scorer.models (l.75, l.76)\n    scorer.models -> scorer.x (l.3)\n"
    )
    assert shows_import(report_of(stdout, "engine-pure"), "scorer/engine/tiles.py", 80)
    assert not shows_import(report_of(stdout, "engine-pure"), "scorer/engine/tiles.py", 8)
    assert not shows_import(report_of(stdout, "engine-pure"), "scorer/platform/numbers.py", 76)
    assert shows_import(report_of(stdout, "platform-no-domain"), "scorer/platform/numbers.py", 76)
    assert not shows_import(report_of(stdout, "platform-no-domain"), "scorer/models.py", 3)
    assert report_of(stdout, "views-apart") == ""


@pytest.mark.parametrize(("contract", "module", "line"), BREAKS)
def test_a_forbidden_import_makes_lint_imports_fail(verdicts, contract, module, line):
    ok, output = verdicts[(contract, module, line)]

    assert ok, output


def test_scorer_platform_may_reach_the_cache(pristine, tmp_path):
    """The cache contract forbids the cache to every package but one: scorer.platform."""
    root = with_import(
        pristine, tmp_path, "scorer/platform/numbers.py", "from django.core.cache import caches"
    )

    result = lint_imports(root, "--contract", "cache-through-platform")

    assert result.returncode == 0, result.stdout + result.stderr
