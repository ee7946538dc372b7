"""A compact hand notation for table-driven engine tests.

Each player is one string of words, in turn order:

- ``none`` / ``sets`` / ``pairs``: how the player opened (first word, default ``none``);
- ``fin``: the finisher; ``+okey``, ``+elden``, ``+9p``: finish flags;
- a bare number: remaining ``points``; ``o1``: real okeys held; ``k1``: fake okeys held;
- ``okey_discard=1`` (any foul kind): foul counts;
- ``side7``: opened with the previous player's discarded 7;
- ``open156`` / ``pairs9``: first-opening size, ``#2``: its order.

>>> hand("loca", "sets fin", "sets 23 o1")["players"][1]
{'name': 'B', 'opened': 'sets', 'remaining': {'points': 23, 'okeys': 1}}
"""

import pytest

from scorer.engine import InvalidInput, score_hand

FLAGS = {"+okey": "okey_discard", "+elden": "elden", "+9p": "nine_pairs_run"}
NAMES = "ABCD"


def player(spec: str, name: str) -> dict:
    data: dict = {"name": name}
    words = spec.split()
    if words and words[0] in ("none", "sets", "pairs"):
        data["opened"] = words.pop(0)
    for word in words:
        apply_word(data, word)
    return data


def apply_word(data: dict, word: str) -> None:  # noqa: C901 - one branch per notation word
    if word == "fin":
        data["finished"] = True
    elif word in FLAGS:
        data.setdefault("finish", {})[FLAGS[word]] = True
    elif word.isdigit():
        data.setdefault("remaining", {})["points"] = int(word)
    elif word[0] in "ok" and word[1:].isdigit():
        data.setdefault("remaining", {})["okeys" if word[0] == "o" else "fake_okeys"] = int(word[1:])
    elif "=" in word:
        kind, count = word.split("=")
        data.setdefault("fouls", {})[kind] = int(count)
    elif word.startswith("side"):
        data["side_tile"] = {"value": int(word[4:])}
    elif word.startswith("open"):
        data.setdefault("first_opening", {})["points"] = int(word[4:])
    elif word.startswith("pairs"):
        data.setdefault("first_opening", {})["pairs"] = int(word[5:])
    elif word.startswith("#"):
        data.setdefault("first_opening", {})["order"] = int(word[1:])
    else:
        raise ValueError(f"unknown notation word {word!r}")


def hand(ruleset: str, *players: str, **options) -> dict:
    data = {"ruleset": ruleset, "players": [player(spec, NAMES[i]) for i, spec in enumerate(players)]}
    if options:
        data["options"] = options
    return data


def codes(result, index: int) -> list[tuple[str, int]]:
    """(code, points) of a player's lines."""
    return [(line.code, line.points) for line in result.players[index].lines]


def error_paths(data: dict) -> list[str]:
    """The field paths of the errors that scoring ``data`` raises (fails if it scores)."""
    with pytest.raises(InvalidInput) as info:
        score_hand(data)
    return [error.path for error in info.value.errors]
