"""Event documents (EVENT_FORMAT.md) in a compact notation: tables of games whose totals are chosen.

A game is written as the totals its seats should get, with LOCA 101 hands: ``-101`` is the
finisher, a number from 0 to 286 is an opener left with that many points, ``202`` a player who
never opened. ``game(-101, 40, 12, 202)`` is one such hand; ``game((-101, 40, 12, 202), (...))``
several hands. With teams (eşli), a game is given per seat of the game (four players).
"""

import copy

NAMES = [
    "Ayşe", "Bora", "Cem", "Deniz", "Ece", "Fuat", "Gül", "Hale",
    "İpek", "Jale", "Kaan", "Leyla", "Mert", "Nur", "Oya", "Pınar",
    "Rıza", "Selin", "Tuna", "Ufuk", "Veli", "Yeşim", "Zeki", "Çağla",
]  # fmt: skip


def player(total: int) -> dict:
    if total == -101:
        return {"opened": "sets", "finished": True}
    if total == 202:
        return {}
    assert 0 <= total <= 286, total
    return {"opened": "sets", "remaining": {"points": total}}


def hand(*totals: int) -> dict:
    assert list(totals).count(-101) == 1, totals
    return {"players": [player(t) for t in totals]}


def game(*hands) -> dict:
    """``game(-101, 40, 12, 202)`` (one hand) or ``game((…), (…))`` (one hand per tuple)."""
    if hands and isinstance(hands[0], int):
        hands = (hands,)
    return {"hands": [hand(*h) for h in hands]}


def table(seats, *games, **extra) -> dict:
    return {"seats": list(seats), "games": list(games), **extra}


def event(entrants=8, *rounds, kind="points", hands=1, seed=1907, **fmt) -> dict:
    """An event of LOCA 101 with ``hands`` hands per game; ``entrants``: a count or names."""
    names = NAMES[:entrants] if isinstance(entrants, int) else list(entrants)
    if kind == "points":
        fmt = {"rounds": 3, **fmt}
    return {
        "name": "Test",
        "ruleset": "loca",
        "hands_per_game": hands,
        "entrants": names,
        "format": {"kind": kind, **fmt},
        "seed": seed,
        "rounds": [{"tables": list(tables)} for tables in rounds],
    }


def teams_event(count=4, *rounds, kind="points", hands=1, **fmt) -> dict:
    """An eşli event of ``count`` teams: team T1 is Ayşe & Bora, T2 Cem & Deniz, …"""
    document = event(2 * count, *rounds, kind=kind, hands=hands, **fmt)
    names = document["entrants"]
    document["options"] = {"partners": True}
    document["entrants"] = [
        {"name": f"T{k + 1}", "players": [names[2 * k], names[2 * k + 1]]} for k in range(count)
    ]
    return document


def edit(document: dict, **changes) -> dict:
    changed = copy.deepcopy(document)
    changed.update(changes)
    return changed
