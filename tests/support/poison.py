"""Tables stored without the name check: names no page can show, written raw.

SQLite stores whatever JSON text it is given, lone surrogates and NUL included (the web import
stored them so); PostgreSQL's jsonb refuses both, but keeps other control characters.
"""

import json

from django.db import connection

from scorer.models import Game, Hand

POISON = {
    "sqlite": ["\\ud800", "Bo\\u0000ra", "Cem\\u0001"],
    "postgresql": ["Ali\\u0001", "Bo\\u001bra", "Cem"],
}
"""Three names as JSON text (escapes written out), per database."""
SHOWN = {"sqlite": ["\ufffd", "Bora", "Cem"], "postgresql": ["Ali", "Bora", "Cem"]}
"""What the pages show of them, and what ``repair_tables`` stores."""


def json_text(names: list[str]) -> str:
    return "[" + ", ".join(f'"{name}"' for name in names) + "]"


def write_raw(table: str, column: str, pk: int, text: str) -> None:
    value = "CAST(%s AS jsonb)" if connection.vendor == "postgresql" else "%s"
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {table} SET {column} = {value} WHERE id = %s", [text, pk])


PLACEHOLDER = "Name{k}"
"""A hand made for poisoning names its players Name0, Name1, …: replaced by the raw names."""


def poison(game: Game, names: list[str] | None = None) -> list[str]:
    """Store ``names`` (JSON text; by default this database's POISON) as the table's players, and
    in its hands where they are named ``Name0``, ``Name1``, …. Returns what the pages should show."""
    raw = names or POISON[connection.vendor]
    write_raw(Game._meta.db_table, "players", game.pk, json_text(raw))
    for hand in Hand.objects.filter(game=game):
        text = json.dumps(hand.data)
        for k, name in enumerate(raw):
            text = text.replace(f'"{PLACEHOLDER.format(k=k)}"', f'"{name}"')
        write_raw(Hand._meta.db_table, "data", hand.pk, text)
    return SHOWN[connection.vendor]
