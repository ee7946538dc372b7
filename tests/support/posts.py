"""Form POST data shared by the view, live and bench tests (plain data, no Django import)."""

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
