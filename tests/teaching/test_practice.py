"""Practice mode's logic, pure Python on the engine: hands dealt per level and seed, always
valid and on the level's theme; answers marked against the engine; the likely mistake named."""

from collections import Counter

import pytest
from django.utils import translation
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scorer.engine import get_ruleset, score_hand
from scorer.teaching import practice
from scorer.teaching.practice.streak import streak_after
from tests.support.depth import examples

SEEDS = range(400)


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def dealt(level: str) -> list[tuple[dict, object]]:
    return [(hand, score_hand(hand)) for hand in (practice.deal(level, seed) for seed in SEEDS)]


def right_answers(hand: dict) -> dict[str, int]:
    return {a.key: a.expected for a in practice.answers(hand, score_hand(hand))}


@pytest.mark.parametrize("level", [lv.slug for lv in practice.LEVELS])
def test_the_same_level_and_seed_deal_the_same_hand(level):
    assert practice.deal(level, 1234) == practice.deal(level, 1234)
    assert len({repr(practice.deal(level, seed)) for seed in range(40)}) > 30


def test_an_unknown_level_is_a_lookup_error():
    with pytest.raises(LookupError):
        practice.deal("nope", 1)


def test_level_one_is_klasik_with_a_normal_finish_and_no_pairs():
    for hand, result in dealt("klasik"):
        assert result.ruleset == "loca" and result.multiplier == 1
        assert all(p["opened"] != "pairs" for p in hand["players"])
        [finish] = [line for p in result.players for line in p.lines if line.code == "finish"]
        assert finish.points == -101


def test_level_two_always_has_pairs_and_reaches_every_klasik_finish():
    finishes = Counter()
    for hand, result in dealt("cift"):
        assert any(p["opened"] == "pairs" and not p.get("finished") for p in hand["players"])
        finishes.update(line.points for p in result.players for line in p.lines if line.code == "finish")
        assert any(line.code == "pairs_double" for p in result.players for line in p.lines) or all(
            (p.get("remaining") or {}) == {} for p in hand["players"] if p["opened"] == "pairs"
        )
    assert set(finishes) == {-101, -202, -404, -808}


def test_level_three_is_cezali_with_both_multipliers_and_the_larger_of_two_rule():
    results = [r for _h, r in dealt("cezali")]
    assert {r.ruleset for r in results} == {"loca-cezali"}
    assert {r.multiplier for r in results} == {1, 2, 4}
    codes = {line.code for r in results for p in r.players for line in p.lines}
    assert {"multiplier", "opening_reward", "side_tile_penalty"} <= codes
    assert any(line.rule == "loca-cezali.cift-carpan" for r in results for p in r.players for line in p.lines)


def test_level_four_is_partners_with_team_lines_and_exempt_partners():
    results = [r for _h, r in dealt("esli")]
    assert all(len(r.teams) == 2 for r in results)
    assert sum(1 for r in results if any(t.lines for t in r.teams)) > len(results) // 4
    assert all(any(line.code == "partner_exempt" for p in r.players for line in p.lines) for r in results)


def test_level_five_is_gkokay_and_kerizim_specials():
    results = [r for _h, r in dealt("ozel")]
    assert {r.ruleset for r in results} == {"gkokay", "kerizim"}
    assert any(r.ruleset == "kerizim" and r.multiplier == 4 for r in results)
    assert any(r.ruleset == "gkokay" and r.multiplier == 2 for r in results)
    codes = {line.code for r in results for p in r.players for line in p.lines}
    assert "fouls_waived" in codes


def test_an_okey_taken_from_the_discards_was_discarded_first():
    for level in ("cezali", "esli"):
        for hand, _result in dealt(level):
            for player in hand["players"]:
                if (player.get("fouls") or {}).get("okey_taken_from_discard"):
                    assert player["fouls"]["okey_discard"] == 1


@pytest.mark.parametrize("level", [lv.slug for lv in practice.LEVELS])
def test_the_right_answers_are_all_marked_right(level):
    for seed in range(60):
        hand = practice.deal(level, seed)
        marked = practice.mark(hand, right_answers(hand))
        assert all(m.correct and not m.hints for m in marked)


def test_partners_answers_include_each_teams_total():
    hand = practice.deal("esli", 3)
    keys = [a.key for a in practice.answers(hand, score_hand(hand))]
    assert keys == ["p0", "p1", "p2", "p3", "t0", "t1"]


def pairs_hand() -> dict:
    return {
        "ruleset": "loca",
        "players": [
            {"name": "Ayşe", "opened": "sets", "finished": True},
            {"name": "Bora", "opened": "pairs", "remaining": {"points": 15}},
            {"name": "Cem", "opened": "none", "remaining": {"points": 40}, "fouls": {"okey_discard": 1}},
        ],
    }


def hints(hand: dict, key: str, given: int) -> tuple[str, ...]:
    answers = right_answers(hand) | {key: given}
    return next(m for m in practice.mark(hand, answers) if m.answer.key == key).hints


def test_an_undoubled_pairs_opener_is_named():
    found = hints(pairs_hand(), "p1", 15)
    assert "did not double the pairs opener" in found[0]  # rather than "left out the tiles", also 15


def test_a_counted_non_opener_and_a_forgotten_foul_are_named():
    assert any("never opened pays the fixed 202" in h for h in hints(pairs_hand(), "p2", 202 + 101 + 40))
    assert any("left out the foul" in h for h in hints(pairs_hand(), "p2", 202))


def test_a_reversed_sign_is_named():
    assert any("sign" in h for h in hints(pairs_hand(), "p0", 101))


def test_a_multiplied_foul_is_named():
    hand = {
        "ruleset": "loca-cezali",
        "players": [
            {"name": "Ayşe", "opened": "sets", "finished": True, "finish": {"okey_discard": True}},
            {"name": "Bora", "fouls": {"islek_discard": 1}},
        ],
    }
    assert any("never multiplied" in h for h in hints(hand, "p1", 808 + 404))


def test_cezali_stacking_and_another_rule_set_are_named():
    hand = {
        "ruleset": "loca-cezali",
        "players": [
            {"name": "Ayşe", "opened": "sets", "finished": True, "finish": {"okey_discard": True}},
            {"name": "Bora", "opened": "pairs", "remaining": {"points": 10}},
        ],
    }
    assert score_hand(hand).totals == (-404, 40)
    assert any("not multiplied together" in h for h in hints(hand, "p1", 80))
    assert any("LOCA 101" in h and "gives" in h for h in hints(hand, "p1", 20))  # scored as klasik


def test_kerizims_waived_fouls_are_named():
    hand = {
        "ruleset": "kerizim",
        "players": [
            {"name": "Ayşe", "opened": "sets", "finished": True, "fouls": {"islek_discard": 1}},
            {"name": "Bora", "opened": "sets", "remaining": {"points": 7}},
        ],
    }
    assert any("not written" in h for h in hints(hand, "p0", 0))


def test_an_unexplained_answer_gets_the_difference():
    [hint] = hints(pairs_hand(), "p1", 999)
    assert "999" in hint and "30" in hint


def test_the_streak_counts_each_hand_once_and_a_wrong_hand_breaks_it():
    state = streak_after(None, "klasik:1", True)
    state = streak_after(state, "klasik:2", True)
    assert (state["streak"], state["best"]) == (2, 2)
    assert streak_after(state, "klasik:2", False) == state  # answered before: counts once
    broken = streak_after(state, "cift:9", False)
    assert (broken["streak"], broken["best"]) == (0, 2)
    assert len(streak_after({"seen": [str(n) for n in range(30)]}, "x", True)["seen"]) == 30


def test_the_next_seed_is_fixed_and_in_range():
    assert practice.next_seed(5) == practice.next_seed(5)
    assert 0 <= practice.next_seed(practice.MAX_SEED) < practice.MAX_SEED


def test_the_pairs_seed_names_only_the_undoubled_pairs_hand_never_the_tiles_it_holds():
    hand = practice.deal("cift", 1285283283)
    marked = {m.answer.key: m for m in practice.mark(hand, {"p0": 40, "p1": 19, "p2": -202, "p3": 20})}

    assert marked["p2"].correct
    for key in ("p0", "p1", "p3"):
        hints = marked[key].hints
        assert "did not double the pairs opener" in hints[0] and hints[0].rule == "loca.cift-kati"
        assert not any("left out the tiles" in h for h in hints), hints
        assert sum(line.points for h in hints for line in h.lines) in (
            0,
            marked[key].answer.expected - marked[key].given,
        )


def cezali_okey_elden(points: int) -> dict:
    return {
        "ruleset": "loca-cezali",
        "players": [
            {
                "name": "Ayşe",
                "opened": "sets",
                "finished": True,
                "finish": {"okey_discard": True, "elden": True},
            },
            {"name": "Bora", "opened": "sets", "remaining": {"points": points}},
        ],
    }


@pytest.mark.parametrize(
    ("given", "says"),
    [
        (18, ["This finish is ×4", "The ×2 of “Elden finish” does not stack"]),
        (72, ["×4, not ×8", "do not stack"]),
        (9, ["multiplies every other player's hand base by 4"]),
    ],
)
def test_a_multiplier_mistake_names_the_multiplier_and_its_clause_not_the_arithmetic(given, says):
    [first, *_rest] = hints(cezali_okey_elden(9), "p1", given)  # the engine: 9 × 4 = 36
    for words in says:
        assert words in first
    assert first.rule == "loca-cezali.bitisler" and not first.lines
    assert "add up to" not in first


LEVEL_SLUGS = [lv.slug for lv in practice.LEVELS]
BASE = {"tiles", "okey_in_hand", "not_opened"}
FACTORS = {"pairs_double", "multiplier"}


def dealt_answer(data):
    level = data.draw(st.sampled_from(LEVEL_SLUGS), label="level")
    hand = practice.deal(level, data.draw(st.integers(0, 10**6), label="seed"))
    found = practice.answers(hand, score_hand(hand))
    return hand, data.draw(st.sampled_from(found), label="answer")


def hints_for(hand, answer, given):
    answers = right_answers(hand) | {answer.key: given}
    return next(m for m in practice.mark(hand, answers) if m.answer.key == answer.key).hints


def assert_consistent(hints, difference):
    """The lines the hints name add up to what is missing: none of them is already in the number."""
    assert sum(1 for h in hints if h.explains) <= 1, hints
    named = [line for h in hints for line in h.lines]
    assert not named or sum(line.points for line in named) == difference, hints


@settings(max_examples=examples(60), deadline=None)
@given(st.data())
def test_a_hint_never_names_a_line_the_answer_already_holds(data):
    hand, answer = dealt_answer(data)
    lines = [line for line in answer.lines if line.points]
    assume(lines)
    kept = data.draw(st.lists(st.booleans(), min_size=len(lines), max_size=len(lines)), label="kept")
    given = sum(line.points for line, keep in zip(lines, kept, strict=True) if keep)
    assume(given != answer.expected)

    assert_consistent(hints_for(hand, answer, given), answer.expected - given)


@settings(max_examples=examples(60), deadline=None)
@given(st.data(), st.sampled_from([1, 2, 4, 8]))
def test_a_hand_base_at_another_multiplier_is_named_as_the_multiplier(data, k):
    hand, answer = dealt_answer(data)
    value = sum(line.points for line in answer.lines if line.code in BASE)
    base = value + sum(line.points for line in answer.lines if line.code in FACTORS)
    fours = any(row.m == 4 for row in get_ruleset(hand["ruleset"]).finish_table)
    assume(k < 8 or fours)  # ×8 is a mistake only where a ×4 can be stacked on a ×2
    assume(value and base % value == 0 and base // value != k)
    given = answer.expected - base + value * k
    assume(given != answer.expected)

    hints = hints_for(hand, answer, given)
    assert_consistent(hints, answer.expected - given)
    [explaining] = [h for h in hints if h.explains]
    assert not explaining.lines or explaining.lines[0].code in FACTORS, hints  # "you did not double"
    assert f"×{k}" in explaining or k == 1 or "not multiplied together" in explaining, hints
