"""Form POST data shared by the view, live and bench tests (plain data, no Django import)."""

from tests.support.events import NAMES

# Example E2 of the spec (LOCA Cezalı): Ayşe finishes by discarding the okey; Bora opened with
# sets and holds 23 and an okey; Cem opened with pairs and holds 10; Deniz never opened and
# discarded an okey once.
E2_HAND = {
    "finisher": "0",
    "p0-opened": "sets",
    "p0-okey_discard": "on",
    "p1-opened": "sets",
    "p1-points": "23",
    "p1-okeys": "1",
    "p2-opened": "pairs",
    "p2-points": "10",
    "p3-opened": "none",
    "p3-foul_okey_discard": "1",
}
E2_TOTALS = [-404, 496, 40, 909]

# The calculator's table for E2: LOCA Cezalı, four players with their own names.
E2_CALC_SETUP = {
    "setup-ruleset": "loca-cezali",
    "setup-players": "4",
    "setup-opt_katlama": "none",
    "setup-name_0": "Ayşe",
    "setup-name_1": "Bora",
    "setup-name_2": "Cem",
    "setup-name_3": "Deniz",
}

# A new LOCA Cezalı table of four, as the new-table form posts it.
NEW_TABLE = {
    "ruleset": "loca-cezali",
    "option_katlama": "none",
    "hands_planned": "5",
    "player_1": "Ayşe",
    "player_2": "Bora",
    "player_3": "Cem",
    "player_4": "Deniz",
    "first_dealer": "1",
}

# The new-event form as a phone posts it (/turnuva/yeni/): 16 entrants, points, 3 rounds.
NEW_EVENT = {
    "name": "Cuma turnuvası",
    "date": "2026-12-04",
    "ruleset": "loca",
    "options_for": "loca",
    "option_katlama": "none",
    "hands_per_game": "1",
    "kind": "points",
    "rounds": "3",
    "placement_points": "3, 2, 1, 0",
    "advance": "2",
    "games_per_match": "1",
    "entrants": "\n".join(NAMES[:16]),
    "seed": "1907",
}
