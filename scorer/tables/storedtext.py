"""Stored names holding control characters or lone surrogates, which the engine refuses.

Such a name cannot be shown: a lone surrogate has no UTF-8 form (every page, export and backup
holding it failed), and control characters have no business on a page or in a CSV. Tables read
from the database are shown with :func:`shown_names` and :func:`shown_hand` (``Game.from_db``,
``Hand.from_db``), so that no page fails meanwhile; ``manage.py repair_tables`` stores the same
repair (scorer/tables/repair.py). Names without such characters are never touched.
"""

from django.utils.translation import gettext as _

from scorer.engine.namecheck import name_problem
from scorer.engine.names import clean_name, name_key
from scorer.engine.text import forbidden_character, repair_text


def is_bad(name: object) -> bool:
    """A stored name that needs repair."""
    return isinstance(name, str) and forbidden_character(name) is not None


def repaired_names(players: list) -> list:
    """The table's names, each bad one repaired: control characters out, a lone surrogate as
    U+FFFD; a name that is then empty, too long or another player's is "Oyuncu N" instead."""
    if not any(is_bad(name) for name in players):
        return players
    keys = {name_key(name) for name in players if isinstance(name, str) and not is_bad(name)}
    names = []
    for k, name in enumerate(players):
        if is_bad(name):
            text = clean_name(repair_text(name))
            if name_problem(text) is not None or name_key(text) in keys:
                text = _default(k, keys)
            keys.add(name_key(text))
            name = text
        names.append(name)
    return names


def _default(index: int, taken: set[str]) -> str:
    name, extra = _("Player {n}").format(n=index + 1), 1
    while name_key(name) in taken:
        extra += 1
        name = f"{_('Player {n}').format(n=index + 1)} ({extra})"
    return name


def shown_names(players: object) -> object:
    return repaired_names(players) if isinstance(players, list) else players


def shown_hand(data: object, names: list | None = None) -> object:
    """A stored hand without the names that need repair (inside a game a hand's names may be left
    out: the table's apply). With the table's repaired ``names``, a name that no longer matches
    its seat is left out too."""
    players = data.get("players") if isinstance(data, dict) else None
    if not isinstance(players, list):
        return data

    def keep(k: int, player: object) -> bool:
        name = player.get("name") if isinstance(player, dict) else None
        if name is None:
            return True
        if is_bad(name):
            return False
        seat = names[k] if names is not None and k < len(names) else None
        return seat is None or not isinstance(name, str) or clean_name(name) == clean_name(seat)

    if all(keep(k, player) for k, player in enumerate(players)):
        return data
    fixed = [
        player if keep(k, player) else {key: v for key, v in player.items() if key != "name"}
        for k, player in enumerate(players)
    ]
    return data | {"players": fixed}
