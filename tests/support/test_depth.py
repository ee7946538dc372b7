"""The default run's sample of the browser tests' languages and modes (tests/conftest.py): every
language and mode, and every case of a test, still runs once; ``make test-deep`` runs them all."""

from dataclasses import dataclass, field
from types import SimpleNamespace

from tests.conftest import _alternate_languages, _browser_mode


@dataclass(eq=False)
class Item:
    """What the selection reads of a pytest item."""

    function: str
    callspec: SimpleNamespace = field(default_factory=SimpleNamespace)


def fake(function, **params):
    return Item(function, SimpleNamespace(params=params))


def test_a_mode_is_read_from_two_parameters_or_one_pair():
    assert _browser_mode(fake("f", lang="en", js=False)) == ("en", False)
    assert _browser_mode(fake("f", phone=("tr", True))) == ("tr", True)
    assert _browser_mode(fake("f", lang="tr")) is None
    assert _browser_mode(fake("f")) is None


def test_cases_in_both_languages_alternate_and_each_case_and_language_keeps_one_run():
    cases = [
        fake("fits", ruleset=ruleset, lang=lang)
        for ruleset in ("loca", "gkokay", "kerizim")
        for lang in ("tr", "en")
    ]
    dropped = _alternate_languages(cases)
    kept = [item for item in cases if item not in dropped]
    assert [(item.callspec.params["ruleset"], item.callspec.params["lang"]) for item in kept] == [
        ("loca", "tr"),
        ("gkokay", "en"),
        ("kerizim", "tr"),
    ]


def test_a_test_whose_only_axis_is_the_language_keeps_both():
    assert not _alternate_languages([fake("only", lang="tr"), fake("only", lang="en")])


def test_a_case_in_one_language_only_keeps_the_whole_test():
    cases = [
        fake("t", ruleset="loca", lang="tr"),
        fake("t", ruleset="loca", lang="en"),
        fake("t", ruleset="gkokay", lang="tr"),
    ]
    assert not _alternate_languages(cases)
