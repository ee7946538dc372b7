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
