"""Counting tiles for a hand being entered: where the tile picker sends its counts back.

"Taşlardan say" on a table's hand form (or the calculator's) posts everything typed so far to the
tile picker, with the table (``?masa=<id>``) or the calculator (``?hesap=1``) and the player
(``&oyuncu=<i>``) in the address. The picker keeps the typed fields as they came, hidden, through
every tap; its "write into the hand" form posts them back — to the table's preview page or to the
calculator — with the points, okeys and fake okeys of each player whose tiles were picked put in
their place. No JavaScript needed, and nothing typed is lost on the way.
"""

import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.datastructures import MultiValueDict

from scorer.calculator.forms import CalcSetupForm
from scorer.calculator.tilepicker import ALL_TILES, Outcome, Picker
from scorer.platform.numbers import parse_count
from scorer.tables.selectors import game_find

CARRIED = re.compile(
    r"(?:finisher|hands_before|version|editing|request_id|dropped_seen|gosterge"
    r"|p[0-3]-[a-z_]{1,40}|setup-[a-z_0-9]{1,40}|tiles-[0-3])"
)
"""The names a hand form posts (tables' and the calculator's); nothing else is carried."""
MAX_CARRIED = 120
MAX_VALUE = 400
PICKER_OWN = frozenset(f"p{i}-{tile}" for i in range(4) for tile in ALL_TILES)
REMAINING = ("points", "okeys", "fake_okeys")
ARRIVAL = "count_for"
"""The name of the hand form's "Taşlardan say" button: the picker opens for that player afresh."""


@dataclass(frozen=True, slots=True)
class HandTarget:
    """The hand the picker counts for: its players, rule set, where it goes back, what was typed."""

    query: str
    player: int
    names: tuple[str, ...]
    ruleset: str
    back_url: str
    carried: tuple[tuple[str, str], ...]
    keeps_tiles: bool
    """The calculator keeps the picked tiles (and the indicator); a table's hand keeps the numbers."""
    takes_colour: bool = False
    """The table's house multiplies each hand by its gösterge's colour: the picked indicator's colour
    goes back as the hand form's gösterge."""

    @property
    def finisher(self) -> str:
        return next((value for name, value in self.carried if name == "finisher"), "")

    def counted(self, picker: Picker, outcome: Outcome) -> list[int]:
        """The players whose tiles were picked (the finisher holds none): their numbers go back."""
        if not picker.indicator:
            return []
        return [
            i
            for i, totals in enumerate(outcome.totals)
            if totals is not None and picker.tiles(i) and str(i) != self.finisher
        ]

    def fields_back(self, picker: Picker, outcome: Outcome) -> list[tuple[str, str]]:
        """The hand form's fields as typed, with each counted player's remaining numbers replaced."""
        counted = self.counted(picker, outcome)
        replaced = {f"p{i}-{key}" for i in counted for key in REMAINING}
        if self.keeps_tiles and counted:
            replaced |= {f"tiles-{i}" for i in counted} | {"indicator"}
        fields = [(name, value) for name, value in self.carried if name not in replaced]
        for i in counted:
            totals = outcome.totals[i]
            fields += [
                (f"p{i}-points", str(totals.points)),
                (f"p{i}-okeys", str(totals.okeys)),
                (f"p{i}-fake_okeys", str(totals.fake_okeys)),
            ]
            if self.keeps_tiles:
                fields.append((f"tiles-{i}", " ".join(picker.tiles(i))))
        if self.keeps_tiles and counted:
            fields.append(("indicator", picker.indicator))
        if self.takes_colour and picker.indicator:
            fields = [(name, value) for name, value in fields if name != "gosterge"]
            fields.append(("gosterge", picker.indicator.partition("-")[0]))
        return fields


def carried_fields(data: MultiValueDict) -> tuple[tuple[str, str], ...]:
    """The hand form's fields in ``data``, as posted (a field posted twice is kept twice)."""
    fields = []
    for name, values in data.lists():
        if CARRIED.fullmatch(name) and name not in PICKER_OWN:
            fields += [(name, str(value)[:MAX_VALUE]) for value in values]
    return tuple(fields[:MAX_CARRIED])


def target_from(query: Mapping, data: MultiValueDict) -> HandTarget | None:
    """The hand named by the address (``masa=<id>`` or ``hesap=1``, and ``oyuncu=<i>``), or None."""
    carried = carried_fields(data)
    if query.get("masa"):
        game = game_find(str(query["masa"]))
        if game is None:
            return None
        names, ruleset = tuple(game.players), game.ruleset
        colours = game.house is not None and game.rules.colours is not None
        back_url, source = reverse("scorer:hand_preview", args=[game.public_id]), {"masa": game.public_id}
    elif query.get("hesap"):
        setup = CalcSetupForm(data=MultiValueDict({k: [v] for k, v in carried if k.startswith("setup-")}))
        rs, _options, names = setup.setup()
        names, ruleset = tuple(names), rs.id
        colours = False
        back_url, source = reverse("scorer:calculator"), {"hesap": "1"}
    else:
        return None
    player = parse_count(query.get("oyuncu"), high=len(names) - 1)
    if player is None:
        return None
    query_string = urlencode(source | {"oyuncu": player})
    return HandTarget(query_string, player, names, ruleset, back_url, carried, "hesap" in source, colours)
