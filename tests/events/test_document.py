"""EVENT_FORMAT.md, "The event document" and "Errors": every bad field is named by its path."""

import pytest

from scorer.events.rules import InvalidInput, Kind, score_event
from scorer.events.rules.document import parse_event
from tests.support.events import NAMES, edit, event, game, table, teams_event

FOUR = NAMES[:4]
DONE = game(-101, 40, 12, 202)


def error_paths(document) -> list[str]:
    with pytest.raises(InvalidInput) as caught:
        score_event(document, next_round=True)
    assert all(error.message for error in caught.value.errors)
    return [error.path for error in caught.value.errors]


def one_round(*tables, **kw) -> dict:
    return event(8, list(tables), **kw)


ERRORS = [
    ("not_an_object", [], [""]),
    ("unknown_field", edit(event(), colour="red"), ["colour"]),
    ("name_missing", edit(event(), name=" "), ["name"]),
    ("date_not_iso", edit(event(), date="13.06.2025"), ["date"]),
    ("unknown_ruleset", edit(event(), ruleset="batak"), ["ruleset"]),
    ("unknown_option", edit(event(), options={"colour": 1}), ["options.colour"]),
    (
        "hands_per_game_not_allowed_by_ruleset",
        edit(event(), ruleset="kerizim", hands_per_game=5),
        ["hands_per_game"],
    ),
    ("too_few_entrants", event(["Ayşe", "Bora"]), ["entrants"]),
    ("entrant_name_empty", event(["Ayşe", "Bora", ""]), ["entrants[2]"]),
    ("entrant_names_unique_as_the_engine_compares", event(["Ayşe", "Bora", "AYŞE"]), ["entrants[2]"]),
    ("dotless_i_is_the_same_letter", event(["Ali", "Bora", "Cem", "Alı"]), ["entrants[3]"]),
    (
        "team_must_be_an_object",
        edit(teams_event(2), entrants=["Mavi", "Kırmızı"]),
        ["entrants[0]", "entrants[1]"],
    ),
    (
        "team_has_two_players",
        edit(
            teams_event(2), entrants=[{"name": "A", "players": ["x"]}, {"name": "B", "players": ["y", "z"]}]
        ),
        ["entrants[0].players"],
    ),
    (
        "player_in_one_team_only",
        edit(
            teams_event(2),
            entrants=[{"name": "A", "players": ["x", "y"]}, {"name": "B", "players": ["y", "z"]}],
        ),
        ["entrants[1].players[0]"],
    ),
    ("format_kind", edit(event(), format={"kind": "swiss"}), ["format.kind"]),
    ("format_unknown_field", edit(event(), format={"kind": "knockout", "rounds": 2}), ["format.rounds"]),
    ("points_rounds_required", edit(event(), format={"kind": "points"}), ["format.rounds"]),
    (
        "placement_points_whole_numbers",
        event(rounds=2, placement_points=[3, 1.5, 0]),
        ["format.placement_points"],
    ),
    (
        "placement_points_never_go_up",
        event(rounds=2, placement_points=[3, 2, 4, 0]),
        ["format.placement_points"],
    ),
    ("advance_less_than_a_table", event(kind="knockout", advance=4), ["format.advance"]),
    ("teams_advance_one", teams_event(4, kind="knockout", advance=2), ["format.advance"]),
    ("games_per_match_1_to_7", event(kind="knockout", games_per_match=0), ["format.games_per_match"]),
    ("seed_is_an_integer", edit(event(), seed="1907"), ["seed"]),
    ("withdrawn_unknown", edit(event(), withdrawn=["Zorro"]), ["withdrawn[0]"]),
    (
        "unknown_entrant_in_a_round",
        one_round(table(["Ayşe", "Bora", "Cem", "Zorro"])),
        ["rounds[0].tables[0].seats[3]"],
    ),
    (
        "repeated_entrant_in_a_round",
        one_round(table(FOUR), table(["Ece", "Fuat", "Gül", "Ayşe"])),
        ["rounds[0].tables[1].seats[3]"],
    ),
    ("table_of_the_wrong_size", one_round(table(["Ayşe", "Bora"])), ["rounds[0].tables[0].seats"]),
    (
        "team_table_seats_two_teams",
        teams_event(4, [table(["T1", "T2", "T3"])]),
        ["rounds[0].tables[0].seats"],
    ),
    ("round_without_tables", event(8, []), ["rounds[0].tables"]),
    (
        "game_with_more_hands_than_hands_per_game",
        one_round(table(FOUR, game((-101, 1, 2, 3), (-101, 4, 5, 6)))),
        ["rounds[0].tables[0].games[0].hands"],
    ),
    ("points_table_plays_one_game", one_round(table(FOUR, DONE, DONE)), ["rounds[0].tables[0].games"]),
    (
        "round_after_an_incomplete_one",
        event(8, [table(FOUR)], [table(FOUR)]),
        ["rounds[1]"],
    ),
    (
        "more_rounds_than_format_rounds",
        event(4, [table(FOUR, DONE)], [table(FOUR, DONE)], rounds=1),
        ["rounds[1]"],
    ),
    (
        "placement_points_shorter_than_a_table",
        event(4, [table(FOUR, DONE)], placement_points=[3, 2, 1]),
        ["format.placement_points"],
    ),
    (
        "placement_points_shorter_than_the_next_rounds_table",
        event(4, placement_points=[3, 2, 1]),
        ["format.placement_points"],
    ),
    (
        "knockout_round_seating_an_entrant_who_did_not_advance",
        event(
            8,
            [table(FOUR, DONE), table(NAMES[4:8], DONE)],
            [table(["Ayşe", "Cem", "Ece", "Bora"])],
            kind="knockout",
        ),
        ["rounds[1].tables[0].seats[3]"],
    ),
    (
        "game_error_with_its_path_inside_the_event",
        one_round(
            table(
                FOUR,
                {
                    "hands": [
                        {
                            "players": [
                                {"opened": "sets", "finished": True},
                                {},
                                {},
                                {"opened": "sets", "remaining": {"points": -1}},
                            ]
                        }
                    ]
                },
            )
        ),
        ["rounds[0].tables[0].games[0].hands[0].players[3].remaining.points"],
    ),
    (
        "game_ruleset_must_be_the_events",
        one_round(table(FOUR, {**DONE, "ruleset": "kerizim"})),
        ["rounds[0].tables[0].games[0].ruleset"],
    ),
    (
        "game_players_must_be_the_seats",
        one_round(table(FOUR, {**DONE, "players": ["Bora", "Ayşe", "Cem", "Deniz"]})),
        ["rounds[0].tables[0].games[0].players"],
    ),
    (
        "game_hands_planned_must_be_hands_per_game",
        one_round(table(FOUR, {**DONE, "hands_planned": 2})),
        ["rounds[0].tables[0].games[0].hands_planned"],
    ),
    (
        "a_match_game_starts_after_the_one_before_is_complete",
        event(4, [table(FOUR, {"hands": []}, DONE)], kind="knockout", games_per_match=3),
        ["rounds[0].tables[0].games[1]"],
    ),
    (
        "decided_only_in_knockout",
        one_round(table(FOUR, DONE, decided=["Ayşe"])),
        ["rounds[0].tables[0].decided"],
    ),
    (
        "decided_without_a_tie",
        event(8, [table(FOUR, DONE, decided=["Ayşe"]), table(NAMES[4:8], DONE)], kind="knockout"),
        ["rounds[0].tables[0].decided"],
    ),
    (
        "decided_not_seated_at_the_table",
        event(8, [table(FOUR, DONE, decided=["Ece"]), table(NAMES[4:8], DONE)], kind="knockout"),
        ["rounds[0].tables[0].decided[0]"],
    ),
    ("closed_is_a_boolean", one_round(table(FOUR, DONE, closed="yes")), ["rounds[0].tables[0].closed"]),
    (
        "final_is_the_last_round",
        event(4, [table(FOUR, DONE)], [table(FOUR, DONE)], kind="knockout", advance=3),
        ["rounds[1]"],
    ),
]


@pytest.mark.parametrize(
    ("document", "paths"), [case[1:] for case in ERRORS], ids=[case[0] for case in ERRORS]
)
def test_invalid_event_names_every_bad_field(document, paths):
    assert error_paths(document) == paths


def test_all_errors_of_a_document_are_reported_together():
    document = edit(event(["Ayşe", "Bora", "Ayşe"]), seed=None, name="", hands_per_game=99)
    assert error_paths(document) == ["name", "hands_per_game", "entrants[2]", "seed"]


def test_defaults_individuals_3_2_1_0_and_2_advance_one_game_per_match():
    points = parse_event(event(8)).format
    knockout = parse_event(event(8, kind="knockout")).format
    assert (points.kind, points.placement_points) == (Kind.POINTS, (3, 2, 1, 0))
    assert (knockout.kind, knockout.advance, knockout.games_per_match) == (Kind.KNOCKOUT, 2, 1)


def test_defaults_teams_2_0_and_1_advances():
    assert parse_event(teams_event(4)).format.placement_points == (2, 0)
    assert parse_event(teams_event(4, kind="knockout")).format.advance == 1


def test_games_may_repeat_the_events_settings_when_they_agree():
    full = {**DONE, "ruleset": "loca", "options": {"katlama": "none"}, "hands_planned": 1, "players": FOUR}
    result = score_event(event(4, [table(FOUR, full)]))
    assert result.rounds[0].tables[0].totals == (-101, 40, 12, 202)


def test_seats_and_names_match_as_the_engine_compares_names():
    result = score_event(event(4, [table(["AYŞE", "bora", "Cem", "Deniz "], DONE)]))
    assert result.rounds[0].tables[0].seats == (0, 1, 2, 3)


def test_team_players_sit_opposite_team_one_first_two_first_one_second_two_second():
    document = teams_event(2, [table(["T2", "T1"], game(-101, 10, 20, 30))])
    parsed = parse_event(document)
    assert parsed.game_players(parsed.rounds[0].tables[0].seats) == ["Cem", "Ayşe", "Deniz", "Bora"]
