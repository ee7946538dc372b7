"""Taş seçici: pick the indicator, tap each player's tiles; the engine counts points and okeys."""

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from scorer.calculator.handtarget import ARRIVAL, HandTarget, target_from
from scorer.calculator.tilepicker import (
    NUMBERS,
    apply_op,
    colour_name,
    error_fields,
    picker_from_data,
    picker_score,
    tile_name,
)
from scorer.engine import all_rulesets
from scorer.engine.tiles import COLOURS
from scorer.platform.http import HtmxHttpRequest
from scorer.platform.limits import limited

TEMPLATE = "scorer/tile_picker.html"


@require_http_methods(["GET", "HEAD", "POST"])
@limited("tile_picker")
def tile_picker(request: HtmxHttpRequest) -> HttpResponse:
    data = request.POST if request.method == "POST" else request.GET
    target = target_from(request.GET, data)
    picker, errors, raw = picker_from_data(data, **fixed_by(target, data))
    message = apply_op(picker, data.get("op", "")) if request.method == "POST" else ""
    outcome = picker_score(picker)
    for name, messages in error_fields(picker, outcome.errors).items():
        errors.setdefault(name, []).extend(messages)
    context = {
        "picker": picker,
        "outcome": outcome,
        "errors": errors,
        "error_links": error_links(picker, errors),
        "raw": raw,
        "message": message,
        "palette": palette(picker),
        "rack": [tile_info(tile) for tile in picker.tiles(picker.active)],
        "okey_tile": tile_info(str(picker.okey)) if picker.okey else None,
        "hidden": hidden_counts(picker),
        "tile_counts": [sum(counts.values()) for counts in picker.counts],
        "rulesets": all_rulesets(),
        "indicators": [
            (colour_name(colour), [(f"{colour}-{n}", tile_name(f"{colour}-{n}")) for n in NUMBERS])
            for colour in COLOURS
        ],
        "active_name": picker.names[picker.active],
        "active_totals": outcome.totals[picker.active],
        "target": target,
    }
    if target is not None:
        context["back_fields"] = target.fields_back(picker, outcome)
        context["counted"] = [(picker.names[i], outcome.totals[i]) for i in target.counted(picker, outcome)]
    template = f"{TEMPLATE}#htmx" if request.htmx else TEMPLATE
    return render(request, template, context)


def error_links(picker, errors: dict[str, list[str]]) -> list[dict]:
    """Each error for the page's summary (scorer/_error_summary.html) with the id of the control
    its link moves to ("" when none shows it): the indicator, the active player's count field,
    another player's tab. The messages name their tile or player: no label."""
    links = []
    for name, messages in errors.items():
        player, _sep, tile = name.partition("-")
        target = ""
        if name == "indicator":
            target = "picker-indicator"
        elif player == f"p{picker.active}" and tile != "tiles":
            target = f"count-{name}"
        elif player.startswith("p") and player[1:].isdigit() and int(player[1:]) < len(picker.names):
            target = f"player-{player[1:]}"
        links += [{"label": "", "message": m, "id": target} for m in messages]
    return links


def fixed_by(target: HandTarget | None, data) -> dict:
    """What a hand being entered fixes in the picker: its players; on arrival its rule set and player."""
    if target is None:
        return {}
    fixed: dict = {"names": target.names}
    if ARRIVAL in data:  # "Taşlardan say" was tapped on the hand form: start at that player
        fixed |= {"ruleset": target.ruleset, "active": target.player}
    return fixed


def tile_info(tile: str) -> dict:
    colour, _sep, number = tile.partition("-")
    return {
        "id": tile,
        "colour": colour,
        "colour_label": colour_name(colour) if number else tile_name(tile),
        "number": number,
        "name": tile_name(tile),
    }


def hidden_counts(picker) -> list[tuple[str, int]]:
    """The other players' counts, carried along as hidden fields."""
    return [
        (f"p{i}-{tile}", n)
        for i, counts in enumerate(picker.counts)
        if i != picker.active
        for tile, n in counts.items()
        if n
    ]


def palette(picker) -> list[dict]:
    """The tiles to tap, by colour, with the active player's count and whether both copies are used."""
    okey = str(picker.okey) if picker.okey else None
    copies = picker.copies()
    counts = picker.counts[picker.active]
    groups = []
    for colour in (*COLOURS, "fake"):
        tiles = [f"{colour}-{n}" for n in NUMBERS] if colour != "fake" else ["fake"]
        groups.append(
            {
                "colour": colour,
                "label": colour_name(colour) if colour != "fake" else tile_name("fake"),
                "tiles": [
                    tile_info(tile)
                    | {
                        "field": f"p{picker.active}-{tile}",
                        "mine": counts[tile],
                        "used": copies[tile],
                        "full": copies[tile] >= 2,
                        "okey": tile == okey,
                    }
                    for tile in tiles
                ],
            }
        )
    return groups
