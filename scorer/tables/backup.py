"""Backup and restore of tables, and the web's "import a table" (services; no HTTP here).

A table travels as an *entry*: ``{"table": {...}, "game": {...}}``. ``game`` is exactly the
HAND_FORMAT.md game document of the board's JSON export (``manage.py score`` scores it);
``table`` keeps what a restore needs beyond the scores: the public id (viewer links keep working),
what the edit link is derived from (its version and per-table key, and a pre-version-1 table's
secret hash: on a server with the same ``SECRET_KEY`` the edit link keeps working), the first
dealer, hand positions and timestamps, and the deleted hands (the board's undo list).
Device grants are not exported: a device claims the table again with its edit link. An archive is one entry per line
(JSON lines). A bare game document (the board's ``oyun.json``) imports as a new table.

Every table is validated by the engine before anything is written, and written in one
transaction: a bad line stores nothing of that table.
"""

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from scorer.engine import InvalidInput, score_game
from scorer.engine.errors import FieldError
from scorer.models import Game, Hand
from scorer.tables.services import game_create, game_document, hand_validate

ENTRY_KEYS = frozenset({"table", "game"})
HAND_KEYS = ("players", "indicator")


@dataclass(frozen=True, slots=True)
class Imported:
    """One table read from a backup: the new row, or why it was skipped."""

    game: Game | None
    secret: str | None = None
    """A new edit secret, when the table was imported as a new one."""
    skipped: str = ""


# --- export ------------------------------------------------------------------------------------


def _stamp(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def table_entry(game: Game) -> dict:
    """The backup entry of one table (see the module docstring)."""
    hands = list(game.hands.all())
    live = [hand for hand in hands if hand.deleted_at is None]
    deleted = [hand for hand in hands if hand.deleted_at is not None]
    table = {
        "public_id": game.public_id,
        "edit_secret_hash": game.edit_secret_hash,
        "secret_version": game.secret_version,
        "link_key": game.link_key,
        "first_dealer": game.first_dealer,
        "version": game.version,
        "created_at": _stamp(game.created_at),
        "updated_at": _stamp(game.updated_at),
        "hands": [_hand_meta(hand) for hand in live],
        "deleted_hands": [_hand_meta(hand) | {"data": hand.data} for hand in deleted],
    }
    return {"table": table, "game": game_document(game, live)}


def _hand_meta(hand: Hand) -> dict:
    return {
        "position": hand.position,
        "created_at": _stamp(hand.created_at),
        "updated_at": _stamp(hand.updated_at),
        "deleted_at": _stamp(hand.deleted_at),
    }


def tables_export(games: Iterable[Game] | None = None) -> Iterator[str]:
    """JSON lines, one table each, oldest first (what ``manage.py export_tables`` writes)."""
    games = Game.objects.order_by("created_at", "pk") if games is None else games
    for game in games:
        yield json.dumps(table_entry(game), ensure_ascii=False, sort_keys=True)


# --- import ------------------------------------------------------------------------------------


def split_entry(data: object) -> tuple[dict | None, object]:
    """``(table, game)`` of a backup entry; a bare game document has no ``table``."""
    if isinstance(data, Mapping) and "game" in data and ENTRY_KEYS.issuperset(data):
        table = data.get("table")
        return (dict(table) if isinstance(table, Mapping) else None), data["game"]
    return None, data


def _validate(document: object) -> None:
    """The engine's own checks, and a table needs its planned number of hands."""
    if isinstance(document, Mapping) and "hands_planned" not in document:
        raise InvalidInput([FieldError("hands_planned", _("Required: the number of hands the table plays."))])
    score_game(document)


def game_import(document: object) -> tuple[Game, str]:
    """A game document (the board's JSON export) as a new table; returns it and its edit secret."""
    _validate(document)
    hands = document.get("hands", [])
    with transaction.atomic():
        game, secret = game_create(
            ruleset=document["ruleset"],
            options=dict(document.get("options") or {}),
            players=list(document["players"]),
            hands_planned=document["hands_planned"],
        )
        _add_hands(game, hands, [{} for _ in hands])
    return game, secret


def table_restore(table: Mapping, document: object) -> Imported:
    """Restore one table of a backup with its public id and edit secret hash (skipped if present)."""
    _validate(document)
    public_id = str(table.get("public_id") or "")
    if not public_id:
        raise InvalidInput([FieldError("table.public_id", _("Required."))])
    if Game.objects.filter(public_id=public_id).exists():
        return Imported(None, skipped=_("A table with this id exists already."))
    hands = document.get("hands", [])
    metas = _metas(table.get("hands"), len(hands))
    with transaction.atomic():
        game = game_create(
            ruleset=document["ruleset"],
            options=dict(document.get("options") or {}),
            players=list(document["players"]),
            hands_planned=document["hands_planned"],
            first_dealer=_first_dealer(table, len(document["players"])),
        )[0]
        game.public_id = public_id
        game.edit_secret_hash = str(table.get("edit_secret_hash") or "")[:64]
        version = table.get("secret_version")
        game.secret_version = version if type(version) is int and version >= 0 else game.secret_version
        link_key = table.get("link_key")
        game.link_key = link_key[:32] if isinstance(link_key, str) and link_key else game.link_key
        game.version = _positive(table.get("version"), 1)
        game.created_at = _when(table.get("created_at")) or game.created_at
        game.updated_at = _when(table.get("updated_at")) or game.updated_at
        game.save()
        _add_hands(game, hands, metas)
        _add_deleted(game, table.get("deleted_hands"))
    return Imported(game)


def _metas(value: object, count: int) -> list[dict]:
    metas = [dict(m) for m in value if isinstance(m, Mapping)] if isinstance(value, list) else []
    return metas if len(metas) == count else [{} for _ in range(count)]


def _first_dealer(table: Mapping, players: int) -> int:
    value = table.get("first_dealer", 0)
    return value if type(value) is int and 0 <= value < players else 0


def _positive(value: object, default: int) -> int:
    return value if type(value) is int and value > 0 else default


def _when(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        return parse_datetime(value)
    except ValueError:
        return None


def _add_hands(game: Game, hands: list, metas: list[dict]) -> None:
    """Live hands in order; positions from the backup when they are increasing, else 1, 2, …"""
    positions = [meta.get("position") for meta in metas]
    valid = all(type(p) is int and p > 0 for p in positions) and positions == sorted(set(positions))
    rows = []
    for k, (raw, meta) in enumerate(zip(hands, metas, strict=True)):
        data = hand_validate(game=game, data=raw)
        now = timezone.now()
        rows.append(
            Hand(
                game=game,
                position=positions[k] if valid else k + 1,
                data=data,
                created_at=_when(meta.get("created_at")) or now,
                updated_at=_when(meta.get("updated_at")) or now,
            )
        )
    Hand.objects.bulk_create(rows)


def _add_deleted(game: Game, deleted: object) -> None:
    """Deleted hands come back deleted (the board's undo list), when they are still valid."""
    if not isinstance(deleted, list):
        return
    taken = set(game.hands.values_list("position", flat=True))
    for item in deleted:
        if (
            not isinstance(item, Mapping)
            or type(item.get("position")) is not int
            or item["position"] in taken
        ):
            continue
        try:
            data = hand_validate(game=game, data=item.get("data"))
        except (InvalidInput, AttributeError, TypeError):
            continue
        Hand.objects.create(
            game=game,
            position=item["position"],
            data={key: value for key, value in data.items() if key in HAND_KEYS},
            deleted_at=_when(item.get("deleted_at")) or timezone.now(),
            created_at=_when(item.get("created_at")) or timezone.now(),
            updated_at=_when(item.get("updated_at")) or timezone.now(),
        )
        taken.add(item["position"])


def entry_import(data: object, *, as_new: bool = False) -> Imported:
    """One backup entry or bare game document; ``as_new`` gives restored tables new ids and secrets."""
    table, document = split_entry(data)
    if table is None or as_new:
        game, secret = game_import(document)
        return Imported(game, secret)
    return table_restore(table, document)
