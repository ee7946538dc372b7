"""A hand's history and two versions of a hand side by side, field by field.

What a change did is worked out from the inputs it kept (``HandChange.before`` and ``after``, the
hand format) when it is shown: the fields that differ, in the words of the hand page, and each
player's total before and after, scored by the engine. The same comparison shows a stale
correction's typed values beside the other phone's, and a new hand whose number another phone
took beside that phone's whole hand (:func:`side_by_side`). Nothing here touches the request or
renders.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scorer.engine import FLAG_LABELS, FOUL_LABELS, TILE_WORDS, InvalidInput, tile_words
from scorer.models import Game, HandChange
from scorer.tables.forms.handfields import OPENED_CHOICES
from scorer.tables.services.hands import hand_score

OPENED = dict(OPENED_CHOICES)
REMAINING_LABELS = {
    "points": gettext_noop("Left in hand"),
    "okeys": gettext_noop("Okeys"),
    "fake_okeys": gettext_noop("Fake okeys"),
    "tiles": gettext_noop("Tiles left"),
}
OPENING_LABELS = {
    "points": gettext_noop("Opening size, in points"),
    "pairs": gettext_noop("Opening size, in pairs"),
}
"""The field labels of the hand page, marked here for translation and translated where shown."""


@dataclass(frozen=True, slots=True)
class FieldChange:
    """One field that differs between two versions of a hand: whose, which, and both values."""

    player: str
    label: str
    before: str
    after: str


@dataclass(frozen=True, slots=True)
class TotalChange:
    """A player's total of the hand before and after a change (None: no such version, or one the
    engine no longer scores)."""

    player: str
    before: int | None
    after: int | None

    @property
    def changed(self) -> bool:
        return self.before != self.after


@dataclass(frozen=True, slots=True)
class Entry:
    """One change of a hand as its page shows it."""

    kind: str
    at: datetime
    this_device: bool
    after_game_end: bool
    fields: tuple[FieldChange, ...]
    totals: tuple[TotalChange, ...]


# --- one hand's input, field by field ------------------------------------------------------------


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return _("Yes") if value else _("No")
    if isinstance(value, list):
        return ", ".join(map(_tile, value))
    return str(value)


def _tile(tile: object) -> str:
    """A stored tile in the page's words ("kırmızı 7", "sahte okey"); anything else as stored."""
    text = str(tile)
    return tile_words(text) if text.partition("-")[0] in TILE_WORDS else text


def _player_fields(player: Mapping) -> dict[str, tuple[str, str]]:
    """A player's input as ``{key: (label, shown value)}``, defaults included, in the page's order."""
    fields = {"opened": (_("Opened"), str(OPENED.get(player.get("opened") or "none", player.get("opened"))))}
    fields["finished"] = (_("Finished the hand"), _shown(bool(player.get("finished"))))
    for flag, value in sorted((player.get("finish") or {}).items()):
        fields[f"finish.{flag}"] = (_(FLAG_LABELS.get(flag, flag)), _shown(bool(value)))
    remaining = player.get("remaining") or {}
    for key in ("points", "okeys", "fake_okeys"):
        fields[f"remaining.{key}"] = (_(REMAINING_LABELS[key]), _shown(remaining.get(key) or 0))
    if remaining.get("tiles"):
        fields["remaining.tiles"] = (_(REMAINING_LABELS["tiles"]), _shown(remaining["tiles"]))
    for kind, count in sorted((player.get("fouls") or {}).items()):
        fields[f"fouls.{kind}"] = (_(FOUL_LABELS.get(kind, kind)), _shown(count))
    if (player.get("side_tile") or {}).get("value"):
        fields["side_tile"] = (_("Opened with the side tile of value"), _shown(player["side_tile"]["value"]))
    opening = player.get("first_opening") or {}
    for key in ("points", "pairs"):
        if opening.get(key) is not None:
            fields[f"first_opening.{key}"] = (_(OPENING_LABELS[key]), _shown(opening[key]))
    if opening.get("order") is not None:
        fields["first_opening.order"] = (_("Order of opening"), _shown(opening["order"]))
    return fields


def _defaults(fields: Mapping[str, tuple[str, str]]) -> dict[str, tuple[str, str]]:
    """What each field reads in a version of the hand that does not have it (the hand format's
    defaults: not opened, not finished, nothing left, no foul)."""
    empty = _player_fields({})

    def default(key: str) -> str:
        if key.startswith("finish."):
            return _shown(False)
        if key.startswith("fouls."):
            return "0"
        return empty[key][1] if key in empty else "—"

    return {key: (label, default(key)) for key, (label, _value) in fields.items()}


def differences(game: Game, before: Mapping | None, after: Mapping | None) -> tuple[FieldChange, ...]:
    """The fields in which two versions of a hand differ, player by player (``None``: no version,
    as before a creation: every field that is not at its default then)."""
    old_players = list((before or {}).get("players") or [])
    new_players = list((after or {}).get("players") or [])
    changes = []
    for i, name in enumerate(game.players):
        old = _player_fields(old_players[i]) if i < len(old_players) else {}
        new = _player_fields(new_players[i]) if i < len(new_players) else {}
        old, new = _defaults(new) | old, _defaults(old) | new
        for key, (label, value) in new.items():
            if old[key][1] != value:
                changes.append(FieldChange(name, label, old[key][1], value))
    old_indicator, new_indicator = ((d or {}).get("indicator") for d in (before, after))
    if old_indicator != new_indicator:
        shown = (_tile(value) if value else "—" for value in (old_indicator, new_indicator))
        changes.append(FieldChange("", _("Indicator"), *shown))
    return tuple(changes)


def player_totals(game: Game, data: Mapping | None) -> tuple[int, ...] | None:
    """Each player's total of a version of the hand, scored by the engine (None if it does not score)."""
    if data is None:
        return None
    try:
        return hand_score(game=game, data=dict(data)).totals
    except (InvalidInput, TypeError, AttributeError):
        return None


def total_changes(game: Game, before: Mapping | None, after: Mapping | None) -> tuple[TotalChange, ...]:
    old, new = player_totals(game, before), player_totals(game, after)
    return tuple(
        TotalChange(name, old[i] if old else None, new[i] if new else None)
        for i, name in enumerate(game.players)
    )


@dataclass(frozen=True, slots=True)
class FieldPair:
    """One field of two hands entered for the same number: the other phone's value and this one's."""

    label: str
    theirs: str
    yours: str

    @property
    def differs(self) -> bool:
        return self.theirs != self.yours


@dataclass(frozen=True, slots=True)
class PlayerPair:
    """A player's fields in both hands (those set in either, and always how they opened) and their
    total of each (None: a hand the engine does not score)."""

    name: str
    fields: tuple[FieldPair, ...]
    total: TotalChange

    @property
    def differs(self) -> bool:
        return self.total.changed or any(field.differs for field in self.fields)


def _pairs(theirs: Mapping, yours: Mapping) -> tuple[FieldPair, ...]:
    old, new = _player_fields(theirs), _player_fields(yours)
    old, new = _defaults(new) | old, _defaults(old) | new
    unset = _defaults(old | new)
    return tuple(
        FieldPair(label, old[key][1], value)
        for key, (label, value) in new.items()
        if key == "opened" or value != unset[key][1] or old[key][1] != unset[key][1]
    )


def side_by_side(game: Game, theirs: Mapping, yours: Mapping) -> tuple[PlayerPair, ...]:
    """Two hands entered for the same number, player by player, every field set in either marked
    where they differ (the indicator, when either has one, as a last row without a player)."""
    old_players = list(theirs.get("players") or [])
    new_players = list(yours.get("players") or [])
    totals = total_changes(game, theirs, yours)
    players = tuple(
        PlayerPair(
            name,
            _pairs(
                old_players[i] if i < len(old_players) else {}, new_players[i] if i < len(new_players) else {}
            ),
            totals[i],
        )
        for i, name in enumerate(game.players)
    )
    indicators = theirs.get("indicator"), yours.get("indicator")
    if any(indicators):
        shown = tuple(_tile(value) if value else "—" for value in indicators)
        players += (PlayerPair("", (FieldPair(_("Indicator"), *shown),), TotalChange("", None, None)),)
    return players


# --- a hand's history ---------------------------------------------------------------------------------


def entries(game: Game, changes: Iterable[HandChange], device_id: int | None) -> list[Entry]:
    """The hand's changes, oldest first, as its page shows them; ``device_id``: the viewer's device,
    whose own changes read "this phone"."""
    shown = []
    for change in changes:
        fields = () if change.kind in (HandChange.DELETE, HandChange.RESTORE) else None
        shown.append(
            Entry(
                kind=change.kind,
                at=change.at,
                this_device=device_id is not None and change.device_id == device_id,
                after_game_end=change.after_game_end,
                fields=differences(game, change.before, change.after) if fields is None else fields,
                totals=total_changes(game, change.before, change.after),
            )
        )
    return shown
