"""HandForm: only the fields a rule set has, hand data that round-trips, engine errors on the right field."""

import copy

import pytest
from django import forms
from django.template.loader import render_to_string

from scorer.engine import get_ruleset, score_hand
from scorer.engine.errors import FieldError
from scorer.tables.forms import DECK, HandForm
from tests.support.factories import NAMES


def as_post(form: HandForm) -> dict[str, str]:
    """What a browser submits for an unbound form as rendered (its initial values)."""
    data = {}
    for name, field in form.fields.items():
        value = form[name].value()
        if isinstance(field.widget, forms.CheckboxInput):
            if value:
                data[name] = "on"
        elif value not in (None, ""):
            data[name] = str(value)
    return data


def bound(ruleset: str, options: dict, data: dict, names=NAMES) -> HandForm:
    return HandForm(ruleset, options, names, data=data)


# One hand per rule set (and option) that uses every field that rule set has.
HANDS = {
    ("loca", ()): [
        {"name": "Ayşe", "opened": "pairs", "finished": True, "finish": {"okey_discard": True}},
        {
            "name": "Bora",
            "opened": "sets",
            "remaining": {"points": 23, "okeys": 1, "fake_okeys": 1},
            "first_opening": {"points": 105, "order": 1},
        },
        {
            "name": "Cem",
            "opened": "pairs",
            "remaining": {"points": 10},
            "first_opening": {"pairs": 6, "order": 2},
        },
        {"name": "Deniz", "opened": "none", "fouls": {"okey_discard": 1, "islek_discard": 2, "take_back": 1}},
    ],
    ("loca", (("partners", True), ("katlama", "extra"))): [
        {"name": "Ayşe", "opened": "sets", "remaining": {"points": 7}},
        {"name": "Bora", "opened": "sets", "finished": True},
        {"name": "Cem", "opened": "none", "remaining": {"okeys": 2}},
        {"name": "Deniz", "opened": "pairs", "remaining": {"points": 12, "fake_okeys": 1}},
    ],
    ("loca-cezali", ()): [
        {
            "name": "Ayşe",
            "opened": "pairs",
            "finished": True,
            "finish": {"okey_discard": True, "elden": True, "nine_pairs_run": True},
            "first_opening": {"pairs": 9},
        },
        {
            "name": "Bora",
            "opened": "sets",
            "remaining": {"points": 31},
            "side_tile": {"value": 7},
            "first_opening": {"points": 156, "order": 1},
            "fouls": {"okey_taken_from_discard": 1, "okey_swapped": 1},
        },
        {"name": "Cem", "opened": "none", "fouls": {"islek_discard": 1, "take_back": 2, "okey_discard": 1}},
        {
            "name": "Deniz",
            "opened": "pairs",
            "remaining": {"points": 4, "okeys": 1},
            "side_tile": {"value": 13},
        },
    ],
    ("gkokay", ()): [
        {"name": "Ayşe", "opened": "sets", "finished": True, "finish": {"elden": True}},
        {"name": "Bora", "opened": "none", "remaining": {"okeys": 1}},
        {"name": "Cem", "opened": "sets", "remaining": {"points": 31}, "first_opening": {"points": 101}},
    ],
    ("gkokay", (("cezali", True), ("katlamali", True))): [
        {"name": "Ayşe", "opened": "pairs", "finished": True, "finish": {"okey_discard": True}},
        {
            "name": "Bora",
            "opened": "sets",
            "remaining": {"points": 9},
            "side_tile": {"value": 3},
            "fouls": {"below_threshold": 1, "side_tile_unused": 1},
        },
        {"name": "Cem", "opened": "none", "fouls": {"okey_discard": 1, "islek_discard": 1}},
        {"name": "Deniz", "opened": "none"},
    ],
    ("kerizim", ()): [
        {"name": "Ayşe", "opened": "none", "fouls": {"side_tile_unused": 1}},
        {"name": "Bora", "opened": "pairs", "finished": True, "first_opening": {"pairs": 5, "order": 1}},
    ],
    ("kerizim", (("partners", True),)): [
        {"name": "Ayşe", "opened": "sets", "remaining": {"points": 40, "fake_okeys": 2}},
        {"name": "Bora", "opened": "none", "fouls": {"okey_discard": 1, "islek_discard": 1}},
        {"name": "Cem", "opened": "sets", "remaining": {"points": 1}},
        {"name": "Deniz", "opened": "none", "remaining": {"points": 55}},
    ],
}
CASES = [
    pytest.param(rs, dict(opts), players, id=f"{rs}-{dict(opts)}") for (rs, opts), players in HANDS.items()
]


@pytest.mark.parametrize(("ruleset", "options", "players"), CASES)
def test_from_hand_and_hand_data_round_trip_for_every_rule_set(ruleset, options, players):
    names = [p["name"] for p in players]
    hand = {"players": players}
    score_hand({"ruleset": ruleset, "options": options, **hand})  # the example itself is valid

    shown = HandForm.from_hand(ruleset, options, names, hand)
    form = bound(ruleset, options, as_post(shown), names)

    assert form.is_valid(), form.errors
    assert form.hand_data() == hand


@pytest.mark.parametrize(("ruleset", "options", "players"), CASES)
def test_a_hand_entered_in_the_form_is_accepted_by_the_engine(ruleset, options, players):
    names = [p["name"] for p in players]
    form = bound(
        ruleset, options, as_post(HandForm.from_hand(ruleset, options, names, {"players": players})), names
    )
    assert form.is_valid()

    result = score_hand({"ruleset": ruleset, "options": options, **form.hand_data()})

    assert len(result.players) == len(names)


def test_deck_out_is_a_hand_without_finisher():
    form = bound(
        "kerizim",
        {},
        {"finisher": DECK, "p0-opened": "sets", "p0-points": "12", "p1-opened": "none"},
        NAMES[:2],
    )

    assert form.is_valid(), form.errors
    assert form.hand_data() == {
        "players": [
            {"name": "Ayşe", "opened": "sets", "remaining": {"points": 12}},
            {"name": "Bora", "opened": "none"},
        ]
    }
    assert HandForm.from_hand("kerizim", {}, NAMES[:2], form.hand_data())["finisher"].value() == DECK


def test_empty_and_zero_values_are_left_out_of_the_hand_data():
    data = {"finisher": "1", "p0-opened": "", "p0-points": "", "p0-okeys": "0", "p1-opened": "sets"}

    form = bound("kerizim", {}, data, NAMES[:2])

    assert form.is_valid(), form.errors
    assert form.hand_data()["players"][0] == {"name": "Ayşe", "opened": "none"}


def test_a_tile_list_is_shown_as_its_points_and_okeys():
    hand = {
        "indicator": "red-5",
        "players": [
            {"name": "Ayşe", "opened": "sets", "finished": True},
            {"name": "Bora", "opened": "sets", "remaining": {"tiles": ["blue-3", "red-6", "fake"]}},
        ],
    }

    form = HandForm.from_hand("loca", {}, NAMES[:2], hand)

    assert form["p1-points"].value() == 3 + 6
    assert form["p1-okeys"].value() == 1
    assert form["p1-fake_okeys"].value() == 1


@pytest.mark.parametrize(
    ("ruleset", "options", "flags", "fouls", "side_tile"),
    [
        ("loca", {}, ["okey_discard"], ["okey_discard", "islek_discard", "take_back"], False),
        (
            "loca-cezali",
            {},
            ["okey_discard", "elden", "nine_pairs_run"],
            list(get_ruleset("loca-cezali").fouls),
            True,
        ),
        ("gkokay", {}, ["okey_discard", "elden"], [], False),
        (
            "gkokay",
            {"cezali": True},
            ["okey_discard", "elden"],
            ["below_threshold", "okey_discard", "islek_discard", "side_tile_unused"],
            True,
        ),
        ("kerizim", {}, [], ["okey_discard", "islek_discard", "side_tile_unused"], False),
    ],
)
def test_only_the_fields_the_rule_set_has(ruleset, options, flags, fouls, side_tile):
    form = HandForm(ruleset, options, NAMES)
    names = set(form.fields)

    assert {n.removeprefix("p0-") for n in names if n.startswith("p0-") and n[3:] in FLAGS} == set(flags)
    assert [n.removeprefix("p0-foul_") for n in form.fields if n.startswith("p0-foul_")] == fouls
    assert ("p0-side_tile" in names) is side_tile
    assert {"finisher", "p3-opened", "p3-points", "p3-okeys", "p3-fake_okeys", "p3-opening_size"} <= names


FLAGS = {"okey_discard", "elden", "nine_pairs_run"}


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("players[1].remaining.points", "p1-points"),
        ("players[1].remaining", "p1-points"),
        ("players[2].remaining.okeys", "p2-okeys"),
        ("players[2].remaining.fake_okeys", "p2-fake_okeys"),
        ("players[0].remaining.tiles[3]", "p0-points"),
        ("players[0].opened", "p0-opened"),
        ("players[3].finished", "finisher"),
        ("players[1].finish", "p1-okey_discard"),
        ("players[1].finish.elden", "p1-elden"),
        ("players[0].finish.nine_pairs_run", "p0-nine_pairs_run"),
        ("players[2].fouls.take_back", "p2-foul_take_back"),
        ("players[2].fouls", "p2-foul_okey_discard"),
        ("players[3].side_tile", "p3-side_tile"),
        ("players[3].side_tile.value", "p3-side_tile"),
        ("players[1].first_opening", "p1-opening_size"),
        ("players[1].first_opening.points", "p1-opening_size"),
        ("players[1].first_opening.pairs", "p1-opening_size"),
        ("players[1].first_opening.order", "p1-opening_order"),
        ("hands[4].players[1].remaining.points", "p1-points"),
    ],
)
def test_engine_error_paths_map_to_the_field(path, field):
    form = bound("loca-cezali", {}, {"finisher": "0", "p0-opened": "sets"})
    form.is_valid()

    form.add_engine_errors([FieldError(path, "bad")])

    assert form.errors[field] == ["bad"]


@pytest.mark.parametrize(
    "path", ["", "players", "players[1]", "players[1].name", "indicator", "players[0].fouls.okey_swapped"]
)
def test_engine_errors_without_a_field_go_on_top(path):
    form = bound("loca", {}, {"finisher": "0", "p0-opened": "sets"})
    form.is_valid()

    form.add_engine_errors([FieldError(path, "bad")])

    assert form.non_field_errors() == ["bad"]


def test_finish_flags_and_remaining_follow_the_finisher():
    # The page shows the chosen finisher's flags only, and no "tiles left" for the finisher:
    # boxes ticked or numbers typed under someone who then is not (or is) the finisher are not sent.
    data = {
        "finisher": "0",
        "p0-opened": "sets",
        "p0-elden": "on",
        "p0-points": "12",
        "p1-opened": "sets",
        "p1-elden": "on",
        "p1-points": "5",
    }
    form = bound("loca-cezali", {}, data)
    assert form.is_valid()

    players = form.hand_data()["players"]

    assert players[0] == {"name": "Ayşe", "opened": "sets", "finished": True, "finish": {"elden": True}}
    assert players[1] == {"name": "Bora", "opened": "sets", "remaining": {"points": 5}}
    score_hand({"ruleset": "loca-cezali", **form.hand_data()})


@pytest.mark.parametrize(
    "data",
    [
        {"finisher": "9"},
        {"finisher": "0", "p0-opened": "everything"},
        {"finisher": "0", "p1-points": "12abc"},
        {"finisher": "0", "p1-points": "9" * 5000},
        {"finisher": "0", "p1-okeys": "-1"},
        {"finisher": "0", "p1-foul_take_back": "21"},
        {"finisher": "0", "p1-side_tile": "14"},
        {"finisher": "0", "p1-opening_order": "x"},
        {},
    ],
)
def test_tampered_input_is_a_form_error_not_a_crash(data):
    form = bound("loca-cezali", {}, data)

    assert not form.is_valid()
    assert form.error_summary()


# --- the player fields, built once and shared --------------------------------------------------


def field_state(form: HandForm) -> dict:
    """Everything each field and its widget hold, copied (the field's widget: by what it holds)."""
    fields = {
        name: ({k: v for k, v in vars(f).items() if k != "widget"}, vars(f.widget))
        for name, f in form.fields.items()
    }
    return copy.deepcopy(fields)


def test_forms_of_one_table_share_their_widgets_and_nothing_of_their_data():
    fresh = HandForm("loca", {}, NAMES)
    before = field_state(fresh)
    typed = HandForm("loca", {}, NAMES, data={"finisher": "0", "p1-points": "abc", "p2-okeys": "1"})
    assert not typed.is_valid()
    typed.error_summary()
    rendered = render_to_string("scorer/_hand_form.html", {"form": typed})  # every field, its errors
    assert 'aria-invalid="true"' in rendered

    assert fresh.fields["p1-points"] is not typed.fields["p1-points"]
    assert fresh.fields["p1-points"].widget is typed.fields["p1-points"].widget
    assert field_state(fresh) == before, "validating and rendering a form changed a shared widget"
    assert fresh["p1-points"].value() is None and not fresh["p1-points"].errors
    assert fresh["p2-okeys"].value() == 0
    assert typed["p1-points"].errors


def test_the_fields_follow_rule_set_options_player_count_and_language():
    from django.utils import translation

    base = HandForm("loca-cezali", {}, NAMES).fields
    assert HandForm("loca-cezali", {"partners": True}, NAMES).fields["p0-opened"] is not base["p0-opened"]
    assert "p2-opening_order" in HandForm("loca-cezali", {}, NAMES[:3]).fields
    assert HandForm("loca-cezali", {}, NAMES[:3]).fields["p0-opening_order"].choices[-1] == (3, "3")
    assert base["p0-opening_order"].choices[-1] == (4, "4")
    with translation.override("en"):
        english = HandForm("loca-cezali", {}, NAMES).fields
    with translation.override("tr"):
        turkish = HandForm("loca-cezali", {}, NAMES).fields
    assert english["p0-okeys"].label == "Okeys"
    assert turkish["p0-okeys"].label != "Okeys"


def test_a_field_of_its_own_clean_method_or_disabled_is_cleaned_by_djangos_own_path():
    """The hand form cleans its fields without a BoundField each; a subclass that adds a
    ``clean_<field>`` or disables a field gets Django's whole path, which runs the one and keeps the
    other's initial value."""

    class WithItsOwnCheck(HandForm):
        def clean_finisher(self):
            raise forms.ValidationError("checked by its own method")

    data = {"finisher": "0", "p1-points": "12"}
    own = WithItsOwnCheck("loca", {}, NAMES, data=data)
    assert not own.is_valid()
    assert own.errors["finisher"] == ["checked by its own method"]

    disabled = HandForm("loca", {}, NAMES, data=data, initial={"finisher": DECK})
    disabled.fields["finisher"].disabled = True
    disabled.is_valid()
    assert disabled.cleaned_data["finisher"] == DECK


def test_a_form_that_changes_its_own_field_leaves_the_next_forms_of_its_layout_alone():
    """Each form copies the kept fields: one form's ``disabled`` or ``required`` (what a Django form
    may set on its fields) reaches no later form of the same names and rule set."""
    changed = HandForm("loca", {}, NAMES)
    required = changed.fields["p0-points"].required
    changed.fields["finisher"].disabled = True
    changed.fields["p0-points"].required = not required
    later = HandForm("loca", {}, NAMES, data={"finisher": "0", "p1-points": "12"})
    assert not later.fields["finisher"].disabled
    assert later.fields["p0-points"].required == required
